//! Kernels from Rust: the example runs and checks itself; bad input is an Err, never a crash.
use flydsl::kernel::{Arg, DType, HostTensor, Index, LaunchConfig, Module, Stream};
use flydsl::Status;
use std::process::Command;

#[test]
fn example_runs_and_checks_itself() {
    let out = Command::new(env!("CARGO"))
        .args(["run", "-q", "--example", "kernels"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.trim_end().ends_with("ok"), "{stdout}");
}

fn copy_kernel() -> flydsl::kernel::Compiled {
    let mut m = Module::new().unwrap();
    let k = m.kernel("copy").unwrap();
    let (src, dst) = (k.tensor_param(DType::I32, 1), k.tensor_param(DType::I32, 1));
    let i = k.index(Index::ThreadIdx, 0);
    k.store(dst, k.load(src, &[i], None), &[i], None);
    k.finish().unwrap();
    m.compile(Some("cpu"), None).unwrap()
}

#[test]
fn launch_errors_are_results() {
    let c = copy_kernel();
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [4, 1, 1],
        ..LaunchConfig::default()
    };
    let (mut a, mut b) = (vec![1i32, 2, 3, 4], vec![0i32; 4]);
    c.launch(
        "copy",
        cfg,
        &[
            Arg::Tensor(HostTensor::new(&mut a, &[4])),
            Arg::Tensor(HostTensor::new(&mut b, &[4])),
        ],
    )
    .unwrap();
    assert_eq!(b, [1, 2, 3, 4]);
    let err = c.launch("copy", cfg, &[Arg::Int(3)]).unwrap_err();
    assert_eq!(err.status, Status::Launch);
    assert!(err.message.contains("takes 2 arguments"), "{err}");
    let mut f = vec![0f32; 4];
    let err = c
        .launch(
            "copy",
            cfg,
            &[
                Arg::Tensor(HostTensor::new(&mut f, &[4])),
                Arg::Tensor(HostTensor::new(&mut b, &[4])),
            ],
        )
        .unwrap_err();
    assert!(err.message.contains("float32"), "{err}");
    let err = c.launch("nope", cfg, &[]).unwrap_err();
    assert_eq!(err.status, Status::InvalidArgument);
    // A stream is a raw runtime handle; the cpu target runs to completion and needs none.
    let on_default = LaunchConfig {
        stream: Stream::DEFAULT,
        ..cfg
    };
    assert_eq!(LaunchConfig::default().stream, Stream::DEFAULT);
    c.launch(
        "copy",
        on_default,
        &[
            Arg::Tensor(HostTensor::new(&mut a, &[4])),
            Arg::Tensor(HostTensor::new(&mut b, &[4])),
        ],
    )
    .unwrap();
}

#[test]
fn builder_errors_surface_at_finish_and_compile() {
    let mut m = Module::new().unwrap();
    let k = m.kernel("bad").unwrap();
    let x = k.const_int(DType::I32, 1);
    let y = k.const_float(DType::F32, 1.0);
    let _ = x + y; // mismatched types: the sticky error
    let err = k.finish().unwrap_err();
    assert!(err.message.contains("bad"), "{err}");
    let err = m.compile(Some("rocm"), Some("sm_90")).unwrap_err();
    assert_eq!(err.status, Status::Unsupported);
}

#[test]
fn gpu_code_is_compiled() {
    let mut m = Module::new().unwrap();
    let k = m.kernel("copy").unwrap();
    let (src, dst) = (k.tensor_param(DType::F32, 1), k.tensor_param(DType::F32, 1));
    let i = k.index(Index::ThreadIdx, 0);
    k.store(dst, k.load(src, &[i], None), &[i], None);
    k.finish().unwrap();
    let ptx = m.compile(Some("cuda"), Some("sm_90")).unwrap();
    assert!(String::from_utf8_lossy(ptx.binary().unwrap()).contains(".entry copy"));
    let hsaco = m.compile(Some("rocm"), Some("gfx942")).unwrap();
    assert_eq!(&hsaco.binary().unwrap()[..4], b"\x7fELF");
    assert_eq!(hsaco.target(), "rocm");
}
