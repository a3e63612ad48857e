//! The shared table of layout-algebra cases with CuTe C++'s answers
//! (tests/data/layout_cases.tsv, written by tests/cute/cute_diff.py); the C, Python and
//! Julia tests read the same file.
use flydsl::{tuple, IntTuple, Layout, Result};

fn run(op: &str, args: &[&str]) -> Result<String> {
    let lay = |i: usize| Layout::parse(args[i]);
    let tup = |i: usize| IntTuple::parse(args[i]);
    let num = |i: usize| args[i].parse::<i64>().expect("an integer argument");
    let l = |r: Result<Layout>| r.map(|x| x.to_string());
    let t = |r: Result<IntTuple>| r.map(|x| x.to_string());
    let i = |r: Result<i64>| r.map(|x| x.to_string());
    match op {
        "coalesce" => l(lay(0)?.coalesce()),
        "filter" => l(lay(0)?.filter()),
        "filter_zeros" => l(lay(0)?.filter_zeros()),
        "complement" => l(lay(0)?.complement()),
        "right_inverse" => l(lay(0)?.right_inverse()),
        "left_inverse" => l(lay(0)?.left_inverse()),
        "flatten" => l(lay(0)?.flatten()),
        "size" => i(lay(0)?.size()),
        "cosize" => i(lay(0)?.cosize()),
        "complement_to" => l(lay(0)?.complement_to_shape(&tup(1)?)),
        "coalesce_profile" => l(lay(0)?.coalesce_profile(&tup(1)?)),
        "filter_profile" => l(lay(0)?.filter_profile(&tup(1)?)),
        "composition" => l(lay(0)?.composition(&lay(1)?)),
        "composition_tiler" => l(lay(0)?.composition_tiler(args[1])),
        "logical_divide" => l(lay(0)?.logical_divide(args[1])),
        "zipped_divide" => l(lay(0)?.zipped_divide(args[1])),
        "tiled_divide" => l(lay(0)?.tiled_divide(args[1])),
        "flat_divide" => l(lay(0)?.flat_divide(args[1])),
        "logical_product" => l(lay(0)?.logical_product(args[1])),
        "zipped_product" => l(lay(0)?.zipped_product(args[1])),
        "tiled_product" => l(lay(0)?.tiled_product(args[1])),
        "flat_product" => l(lay(0)?.flat_product(args[1])),
        "blocked_product" => l(lay(0)?.blocked_product(&lay(1)?)),
        "raked_product" => l(lay(0)?.raked_product(&lay(1)?)),
        "max_common_vector" => i(lay(0)?.max_common_vector(&lay(1)?)),
        "tile_to_shape" => l(lay(0)?.tile_to_shape(&tup(1)?, None)),
        "make_layout" => l(Layout::new(&tup(0)?, None)),
        "make_ordered_layout" => l(Layout::ordered(&tup(0)?, &tup(1)?)),
        "crd2idx" => i(lay(1)?.call(&tup(0)?)),
        "idx2crd" => t(tuple::idx2crd(&tup(0)?, &tup(1)?)),
        "idx2crd_stride" => t(tuple::idx2crd_stride(&tup(0)?, &tup(1)?, &tup(2)?)),
        "crd2crd" => t(tuple::crd2crd(&tup(0)?, &tup(1)?, &tup(2)?)),
        "shape_div" => t(tuple::shape_div(&tup(0)?, &tup(1)?)),
        "ceil_div" => t(tuple::ceil_div(&tup(0)?, &tup(1)?)),
        "elem_scale" => t(tuple::elem_scale(&tup(0)?, &tup(1)?)),
        "product_each" => t(tuple::product_each(&tup(0)?)),
        "compact_col_major" => t(tuple::compact_col_major(&tup(0)?, &IntTuple::Int(1))),
        "recast_layout" => l(lay(0)?.recast(num(1), num(2))),
        _ => panic!("unknown op {op}"),
    }
}

#[test]
fn every_case_agrees_with_cute() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../tests/data/layout_cases.tsv"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/layout_cases.tsv");
    let mut count = 0;
    let mut wrong = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (op, args, want) = (cols[0], &cols[1..cols.len() - 1], cols[cols.len() - 1]);
        let got = match run(op, args) {
            Ok(text) => text,
            Err(_) => "error".to_string(),
        };
        if got != want {
            wrong.push(format!("{line}  -> got {got}"));
        }
        count += 1;
    }
    assert!(count > 300, "only {count} cases");
    assert!(
        wrong.is_empty(),
        "{} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
