//! Layouts inside kernels from Rust: the tiled-copy example runs and checks itself; a tile the
//! algebra rejects and a copy atom wider than the layout allows are Errs from finish().
use flydsl::kernel::{AtomicOp, CopyOp, DType, Module, TilerOp};
use flydsl::Status;
use std::process::Command;

#[test]
fn tiled_copy_example_runs_and_checks_itself() {
    let out = Command::new(env!("CARGO"))
        .args(["run", "-q", "--example", "tiled_copy"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("((4,2),2,3):((1,4),480,8)"), "{stdout}");
    assert!(stdout.trim_end().ends_with("ok"), "{stdout}");
}

#[test]
fn bad_layout_programs_are_errors() {
    let mut m = Module::new().unwrap();
    let k = m.kernel("bad_tile").unwrap();
    let l = k.layout("(4,6):(1,8)", &[]);
    let _ = k.tiler_op(TilerOp::Composition, l, "3:3");
    let e = k.finish().unwrap_err();
    assert_eq!(e.status, Status::Compile);
    assert!(e.message.contains("divisibility"), "{}", e.message);

    let k = m.kernel("not_consecutive").unwrap();
    let t = k.tensor_param(DType::F32, 2);
    let strided = k.make_tensor(t, k.layout("(4,2):(2,8)", &[]));
    let frag = k.fragment(strided, DType::F32);
    k.copy(
        k.copy_atom(CopyOp::Universal, 128, DType::F32),
        strided,
        frag,
        None,
    );
    let e = k.finish().unwrap_err();
    assert!(
        e.message.contains("does not keep them consecutive"),
        "{}",
        e.message
    );
}

#[test]
fn atomic_copies_into_registers_are_errors() {
    let mut m = Module::new().unwrap();
    let k = m.kernel("atomic_into_registers").unwrap();
    let t = k.tensor_param(DType::F32, 1);
    let one = k.make_tensor(t, k.layout("1:1", &[]));
    let frag = k.fragment(one, DType::F32);
    let atom = k.atomic_copy_atom(AtomicOp::Add, DType::F32, "agent");
    k.copy(atom, one, frag, None);
    let e = k.finish().unwrap_err();
    assert!(e.message.contains("not into registers"), "{}", e.message);

    let k = m.kernel("atomic_or_of_floats").unwrap();
    let _ = k.atomic_copy_atom(AtomicOp::Or, DType::F32, "");
    let e = k.finish().unwrap_err();
    assert!(
        e.message.contains("take integers, not f32"),
        "{}",
        e.message
    );
}

#[test]
fn register_tensors_keep_their_layout_or_say_why_not() {
    let mut m = Module::new().unwrap();
    let k = m.kernel("registers").unwrap();
    let kept = k.rmem_tensor(k.layout("(2,3):(8,1)", &[]), DType::F16);
    assert_eq!(k.text(kept).unwrap(), "(2,3):(8,1)");
    let compact = k.fragment(k.layout("(2,3):(8,1)", &[]), DType::F16);
    assert_eq!(k.text(compact).unwrap(), "(2,3):(1,2)");
    k.finish().unwrap();

    let k = m.kernel("dynamic_registers").unwrap();
    let n = k.scalar_param(DType::I32);
    let _ = k.rmem_tensor(k.layout("(2,?):(1,2)", &[n]), DType::F32);
    let e = k.finish().unwrap_err();
    assert!(e.message.contains("needs a static layout"), "{}", e.message);
}
