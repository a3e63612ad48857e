use flydsl::{IntTuple, Layout, Status};

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
    assert_eq!(Layout::parse("(2,3").unwrap_err().status, Status::Parse);
    assert_eq!(
        Layout::parse("(2,0):(1,2)").unwrap_err().status,
        Status::InvalidArgument
    );
    assert_eq!(
        Layout::parse("(2,3):(1)").unwrap_err().status,
        Status::RankMismatch
    );
    assert_eq!(
        Layout::parse("a\0b").unwrap_err().status,
        Status::InvalidArgument
    );
    let e = l("(4,6):(1,5)").composition(&l("6:1")).unwrap_err();
    assert_eq!(e.status, Status::Divisibility);
    assert!(e.message.contains("divisibility"));
    let big = l("(4294967296,4294967296):(1,4294967296)");
    assert_eq!(big.size().unwrap_err().status, Status::Overflow);
    assert_eq!(
        l("(4,8):(8,1)")
            .logical_divide("(2,2,2)")
            .unwrap_err()
            .status,
        Status::RankMismatch
    );
    assert_eq!(l("8:1").coalesce().unwrap().to_string(), "8:1");
}

fn t(text: &str) -> IntTuple {
    IntTuple::parse(text).unwrap()
}

#[test]
fn constructions_and_mode_operations() {
    assert_eq!(
        Layout::ordered(&t("(2,3,4)"), &t("(1,0,2)"))
            .unwrap()
            .to_string(),
        "(2,3,4):(3,1,6)"
    );
    let id = Layout::identity(&t("(2,3)")).unwrap();
    assert_eq!(id.to_string(), "(2,3):(1@0,1@1)");
    assert_eq!(id.evaluate(&t("(1,2)")).unwrap(), t("(1,2)"));
    let (tiler, tv) = Layout::tv(&l("(4,2):(2,1)"), &l("(2,2):(1,2)")).unwrap();
    assert_eq!(tiler, t("(8,4)"));
    assert_eq!(tv.size().unwrap(), 32);
    let sw = Layout::composed(3, 4, 3, 0, &l("(8,64):(64,1)")).unwrap();
    assert_eq!(sw.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    assert_eq!(sw.call(&t("(2,0)")).unwrap(), 128 ^ 16);

    let a = l("((2,4),8):((1,16),2)");
    assert_eq!(a.depth().unwrap(), 2);
    assert_eq!(a.get(&[0, 1]).unwrap().to_string(), "4:16");
    assert_eq!(a.idx2crd(5).unwrap(), t("((1,2),0)"));
    assert_eq!(
        a.slice(&t("(_,3)")).unwrap().to_string(),
        "((2,4)):((1,16))"
    );
    assert_eq!(a.dice(&t("(_,3)")).unwrap().to_string(), "(8):(2)");
    let (s, off) = a.slice_and_offset(&t("(_,3)")).unwrap();
    assert_eq!((s.to_string(), off), ("((2,4)):((1,16))".to_string(), 6));
    assert_eq!(a.flatten().unwrap().to_string(), "(2,4,8):(1,16,2)");
    assert_eq!(
        l("((2,2),4):((1,16),64)")
            .make_fragment_like()
            .unwrap()
            .to_string(),
        "((2,2),(4)):((1,2),(4))"
    );
    // FlyDSL's coordinates of an index: through the strides, per mode, as a 1-D index.
    let rows = l("(4,8):(8,1)");
    assert_eq!(rows.hier_coord(&t("5")).unwrap(), t("(0,5)"));
    assert_eq!(rows.coord_1d(&t("5")).unwrap(), t("20"));
    assert_eq!(
        l("((2,2),4):((1,2),4)").flat_coord(&t("3")).unwrap(),
        t("(3,0)")
    );
    assert_eq!(
        l("(4,8):(16,2)").make_layout_like().unwrap().to_string(),
        "(4,8):(8,1)"
    );
    assert!(l("Sw<1,1,1> o 0 o 8:1").hier_coord(&t("3")).is_err());
    assert_eq!(a.coshape().unwrap(), t("64"));
    let identity = l("(4,8):(1@0,1@1)");
    assert_eq!(identity.coshape().unwrap(), t("(4,8)"));
    assert_eq!(identity.coprofile().unwrap(), t("(0,0)"));

    let b = l("(2,3,4):(1,2,6)");
    assert_eq!(b.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
    assert_eq!(b.group(0, 2).unwrap().to_string(), "((2,3),4):((1,2),6)");
    assert_eq!(b.select(&[2, 0]).unwrap().to_string(), "(4,2):(6,1)");
    assert_eq!(
        l("4:1").append(&l("2:4")).unwrap().to_string(),
        "(4,2):(1,4)"
    );
    assert_eq!(
        l("4:1").prepend(&l("2:4")).unwrap().to_string(),
        "(2,4):(4,1)"
    );
    assert_eq!(
        l("(2,(1,6)):(1,(6,2))")
            .coalesce_profile(&t("(1,1)"))
            .unwrap()
            .to_string(),
        "(2,6):(1,2)"
    );
    assert_eq!(
        l("(2,3):(0,1)").filter_zeros().unwrap().to_string(),
        "(1,3):(0,1)"
    );
    assert_eq!(
        l("(4,8):(1,4)").recast(16, 32).unwrap().to_string(),
        "(2,8):(1,2)"
    );
    assert_eq!(
        l("(2,2):(1,2)")
            .tile_to_shape(&t("(4,6)"), None)
            .unwrap()
            .to_string(),
        "((2,2),(2,3)):((1,4),(2,8))"
    );
    assert_eq!(l("(4,8):(1,4)").max_common_vector(&l("32:1")).unwrap(), 32);
    assert_eq!(
        l("(4,8):(1,4)")
            .max_common_layout(&l("(4,8):(8,1)"))
            .unwrap()
            .to_string(),
        "1:0"
    );
}

#[test]
fn bad_inputs_of_the_other_operations() {
    let a = l("(4,8):(1,4)");
    assert_eq!(a.get(&[5]).unwrap_err().status, Status::InvalidArgument);
    assert_eq!(
        a.slice(&t("(_,1,2)")).unwrap_err().status,
        Status::RankMismatch
    );
    assert_eq!(a.take(1, 5).unwrap_err().status, Status::InvalidArgument);
    assert_eq!(a.recast(16, 24).unwrap_err().status, Status::Divisibility);
    assert!(Layout::composed(3, 4, 2, 0, &a).is_err());
    assert_eq!(
        Layout::ordered(&t("(2,3)"), &t("(0,1,2)"))
            .unwrap_err()
            .status,
        Status::RankMismatch
    );
    assert!(a.tile_to_shape(&t("(6,8)"), None).is_err());
}

#[test]
fn errors_print_the_c_status_name() {
    let e = Layout::parse("(2,3").unwrap_err();
    assert_eq!(e.status_name(), "FLY_ERROR_PARSE");
    assert!(e.to_string().starts_with("FLY_ERROR_PARSE: "));
}

#[test]
fn token_values_are_not_leaves() {
    use flydsl::{IntTuple, Layout};
    for v in [i64::MIN, i64::MIN + 3, i64::MIN + 15] {
        let shape = IntTuple::Tuple(vec![IntTuple::Int(v), IntTuple::Int(2)]);
        let err = Layout::new(&shape, None).unwrap_err();
        assert!(err.message.contains("reserved"), "{}", err.message);
    }
}

#[test]
fn flydsl_int_tuple_arithmetic() {
    use flydsl::tuple;
    let (a, b) = (t("(1,(2,3),9)"), t("(10,(20,30))"));
    assert_eq!(tuple::int_tuple_add(&a, &b).unwrap(), t("(11,(22,33),9)"));
    assert_eq!(tuple::int_tuple_sub(&b, &a).unwrap(), t("(9,(18,27),9)"));
    assert_eq!(tuple::int_tuple_mul(&a, &b).unwrap(), t("(10,(40,90),9)"));
    assert_eq!(
        tuple::int_tuple_div(&t("(-7,8)"), &t("(2,3)")).unwrap(),
        t("(-4,2)")
    );
    assert_eq!(
        tuple::int_tuple_mod(&t("(-7,8)"), &t("(2,3)")).unwrap(),
        t("(1,2)")
    );
    assert_eq!(
        tuple::int_tuple_product_like(&t("(2,(3,4))"), &t("(0,0)")).unwrap(),
        t("(2,12)")
    );
    assert_eq!(
        tuple::int_tuple_mul(&a, &t("3")).unwrap_err().status,
        Status::RankMismatch
    );
}
