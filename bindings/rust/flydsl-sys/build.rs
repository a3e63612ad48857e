// Finds libflydsl: FLYDSL_LIB_DIR if set; else pkg-config (`flydsl.pc`, installed by
// `meson install`); else build/ of this source checkout. The library is then linked from a
// folder of links in OUT_DIR: Cargo puts such folders, inside its target directory, on the
// loader's path when it runs any binary or test that depends on this crate, so dependents
// run with `cargo run` / `cargo test` wherever the library lies, as with other -sys crates.
// The real folder is passed on to the crates that depend on this one (DEP_FLYDSL_LIBDIR).
use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Links in `out` to the library files of `dir` (libflydsl.so and its versioned names).
fn link_folder(dir: &Path, out: &Path) -> PathBuf {
    let folder = out.join("libflydsl");
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).expect("cannot create a folder in OUT_DIR");
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with("libflydsl.so") {
            let target = entry.path().canonicalize().unwrap_or(entry.path());
            std::os::unix::fs::symlink(target, folder.join(&name))
                .expect("cannot link the library into OUT_DIR");
        }
    }
    folder
}

fn use_dir(dir: PathBuf, link: bool) {
    let dir = dir.canonicalize().unwrap_or(dir);
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let folder = link_folder(&dir, &out);
    println!("cargo:rustc-link-search=native={}", folder.display());
    if link {
        println!("cargo:rustc-link-lib=dylib=flydsl");
    }
    println!("cargo:libdir={}", dir.display());
    println!(
        "cargo:rerun-if-changed={}",
        dir.join("libflydsl.so").display()
    );
}

fn main() {
    println!("cargo:rerun-if-env-changed=FLYDSL_LIB_DIR");
    if let Ok(dir) = env::var("FLYDSL_LIB_DIR") {
        return use_dir(PathBuf::from(dir), true);
    }
    if let Ok(lib) = pkg_config::Config::new()
        .atleast_version("0.1")
        .probe("flydsl")
    {
        // pkg-config printed the link line; the links put the folder on the loader's path.
        if let Some(dir) = lib.link_paths.first() {
            use_dir(dir.clone(), false);
        }
        return;
    }
    let checkout = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../../build");
    use_dir(checkout, true);
}
