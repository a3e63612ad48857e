use flydsl::{IntTuple, Layout};

fn l(text: &str) -> Layout {
    Layout::parse(text).unwrap()
}

#[test]
fn documented_examples() {
    let cases: &[(Layout, &str)] = &[
        (l("(2,(1,6)):(1,(6,2))").coalesce().unwrap(), "12:1"),
        (
            l("(6,2):(8,2)").composition(&l("(4,3):(3,1)")).unwrap(),
            "((2,2),3):((24,2),8)",
        ),
        (
            l("(12,(4,8)):(59,(13,1))")
                .composition_tiler("(3:4,8:2)")
                .unwrap(),
            "(3,(2,4)):(236,(26,1))",
        ),
        (l("4:2").complement_to(24).unwrap(), "(2,3):(1,8)"),
        (
            l("(4,2,3):(2,1,8)").logical_divide("4:2").unwrap(),
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            l("(9,(4,8)):(59,(13,1))")
                .zipped_divide("(3:3,(2,4):(1,8))")
                .unwrap(),
            "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
        ),
        (
            l("(2,5):(5,1)").blocked_product(&l("(3,4):(1,3)")).unwrap(),
            "((2,3),(5,4)):((5,10),(1,30))",
        ),
        (
            l("(2,5):(5,1)").raked_product(&l("(3,4):(1,3)")).unwrap(),
            "((3,2),(4,5)):((10,5),(30,1))",
        ),
        (
            l("((2,4),(2,2)):((8,1),(4,16))").right_inverse().unwrap(),
            "(8,2,2):(2,1,16)",
        ),
        (
            l("1000:1").logical_divide("128").unwrap(),
            "(128,8):(1,128)",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got.to_string(), *want);
    }
}

#[test]
fn values_and_queries() {
    let a = Layout::new(&IntTuple::from([4, 8]), Some(&IntTuple::from([8, 1]))).unwrap();
    assert_eq!(a, l("(4,8):(8,1)"));
    assert_ne!(a, l("(4,8):(1,4)"));
    assert_eq!(a.call(&IntTuple::from([1, 2])).unwrap(), 10);
    assert_eq!(a.size().unwrap(), 32);
    assert_eq!(a.shape().unwrap(), IntTuple::parse("(4,8)").unwrap());
    let m = Layout::from_modes(&[&l("3:1")]).unwrap();
    assert_eq!(m.to_string(), "(3):(1)");
}

#[test]
fn bad_inputs_are_errors() {
    assert_eq!(Layout::parse("(2,3").unwrap_err().status, "FLY_ERROR_PARSE");
    assert_eq!(
        Layout::parse("(2,0):(1,2)").unwrap_err().status,
        "FLY_ERROR_INVALID_ARGUMENT"
    );
    assert_eq!(
        Layout::parse("(2,3):(1)").unwrap_err().status,
        "FLY_ERROR_RANK_MISMATCH"
    );
    assert_eq!(
        Layout::parse("a\0b").unwrap_err().status,
        "FLY_ERROR_INVALID_ARGUMENT"
    );
    let e = l("(4,6):(1,5)").composition(&l("6:1")).unwrap_err();
    assert_eq!(e.status, "FLY_ERROR_DIVISIBILITY");
    assert!(e.message.contains("divides"));
    let big = l("(4294967296,4294967296):(1,4294967296)");
    assert_eq!(big.size().unwrap_err().status, "FLY_ERROR_OVERFLOW");
    assert_eq!(
        l("(4,8):(8,1)")
            .logical_divide("(2,2,2)")
            .unwrap_err()
            .status,
        "FLY_ERROR_RANK_MISMATCH"
    );
    assert_eq!(l("8:1").coalesce().unwrap().to_string(), "8:1");
}
