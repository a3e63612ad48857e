// Finds libflydsl: FLYDSL_LIB_DIR if set; else pkg-config (`flydsl.pc`, installed by
// `meson install`); else build/ of this source checkout. The folder is passed on to the crates
// that depend on this one (DEP_FLYDSL_LIBDIR), so that their programs find the library at run
// time too.
use std::env;
use std::path::PathBuf;

fn link_dir(dir: PathBuf) {
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=flydsl");
    println!("cargo:libdir={}", dir.display());
}

fn main() {
    println!("cargo:rerun-if-env-changed=FLYDSL_LIB_DIR");
    if let Ok(dir) = env::var("FLYDSL_LIB_DIR") {
        return link_dir(PathBuf::from(dir));
    }
    if let Ok(lib) = pkg_config::Config::new()
        .atleast_version("0.1")
        .probe("flydsl")
    {
        if let Some(dir) = lib.link_paths.first() {
            println!("cargo:libdir={}", dir.display());
        }
        return;
    }
    let checkout = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../../build");
    link_dir(checkout);
}
