// Links libflydsl.so from FLYDSL_LIB_DIR, or from build/ of this checkout.
use std::env;
use std::path::PathBuf;

fn main() {
    let dir = env::var("FLYDSL_LIB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../build")
        });
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=flydsl");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:rerun-if-env-changed=FLYDSL_LIB_DIR");
}
