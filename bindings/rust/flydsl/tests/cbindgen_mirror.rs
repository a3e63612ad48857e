//! The crate's `#[repr(C)]` mirrors of C types go through cbindgen and must match
//! `include/flydsl/flydsl.h` exactly: a value or variant changed on either side fails here.
use std::collections::BTreeMap;
use std::path::Path;

/// `NAME = value` pairs of the C enum `name` in `text`, with `prefix` removed from names.
fn enum_values(text: &str, name: &str, prefixes: &[&str]) -> BTreeMap<String, i64> {
    let start = text
        .find(&format!("enum {name}"))
        .unwrap_or_else(|| panic!("no enum {name} in:\n{text}"));
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    body.lines()
        .map(|line| {
            line.split("/*")
                .next()
                .unwrap()
                .trim()
                .trim_end_matches(',')
        })
        // Skip blank lines and the bodies of doc comments (` * text`, ` */`).
        .filter(|line| !line.is_empty() && !line.starts_with('*'))
        .map(|line| {
            let (n, v) = line.split_once('=').expect("every variant has a value");
            let mut n = n.trim();
            for p in prefixes {
                n = n.strip_prefix(p).unwrap_or(n);
            }
            (n.to_string(), v.trim().parse().expect("an integer value"))
        })
        .collect()
}

#[test]
fn status_mirror_matches_the_c_header() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config {
        language: cbindgen::Language::C,
        ..Default::default()
    };
    config.enumeration.rename_variants = cbindgen::RenameRule::ScreamingSnakeCase;
    // No extern "C" function uses the mirror, so it is exported by name.
    config.export.include = vec!["Status".into()];
    let generated = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/status.rs"))
        .generate()
        .expect("cbindgen reads src/status.rs");
    let mut c_from_rust = Vec::new();
    generated.write(&mut c_from_rust);
    let c_from_rust = String::from_utf8(c_from_rust).unwrap();

    let header = std::fs::read_to_string(root.join("../../../include/flydsl/flydsl.h")).unwrap();
    let from_rust = enum_values(&c_from_rust, "Status", &[]);
    let from_header = enum_values(&header, "fly_status", &["FLY_ERROR_", "FLY_"]);
    assert_eq!(from_rust.len(), 13, "cbindgen output:\n{c_from_rust}");
    assert_eq!(from_rust, from_header);
}
