// Programs of this crate (tests, examples, dependents' binaries) find libflydsl where
// flydsl-sys found it to link.
fn main() {
    if let Ok(dir) = std::env::var("DEP_FLYDSL_LIBDIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
