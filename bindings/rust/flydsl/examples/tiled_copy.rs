//! A tiled copy from Rust: a 24 x 120 matrix with a static layout, one 8 x 24 tile per block
//! (zipped_divide, slice), 4 threads per tile with 8 values each (a raked thread-value layout
//! and a 128-bit copy atom), through registers; checked against the source.
//! Run: cargo run --example tiled_copy
use flydsl::kernel::{Arg, CopyOp, DType, HostTensor, Index, LaunchConfig, Module, TilerOp};
use flydsl::Layout;

const M: i64 = 24;
const N: i64 = 120;

fn main() -> flydsl::Result<()> {
    let mut m = Module::new()?;
    let tv = Layout::parse("(4,1):(1,1)")?.raked_product(&Layout::parse("(1,8):(1,1)")?)?;
    {
        let k = m.kernel("tiled_copy")?;
        let a = k.tensor_param_spec(DType::F32, &[M, N], &[N, 1], 16);
        let b = k.tensor_param_spec(DType::F32, &[M, N], &[N, 1], 16);
        let bid = k.index(Index::BlockIdx, 0);
        let which = k.int_tuple("(_,?)", &[bid]);
        let tile_a = k.slice(k.tiler_op(TilerOp::ZippedDivide, a, "(8:1,24:1)"), which);
        let tile_b = k.slice(k.tiler_op(TilerOp::ZippedDivide, b, "(8:1,24:1)"), which);
        let atom = k.copy_atom(CopyOp::Universal, 128, DType::F32);
        let tiled = k.tiled_copy(atom, k.layout_from_host(&tv), "(4,8)");
        let tid = k.index(Index::ThreadIdx, 0);
        let src = k.partition(tiled, tid, tile_a, true);
        let dst = k.partition(tiled, tid, tile_b, false);
        let frag = k.fragment(src, DType::F32);
        k.copy(atom, src, frag, None);
        k.copy(atom, frag, dst, None);
        println!("each thread's part of the source: {}", k.text(src)?);
        k.finish()?;
    }
    let compiled = m.compile(Some("cpu"), None)?;
    let mut x: Vec<f32> = (0..M * N).map(|v| v as f32).collect();
    let mut y = vec![-1.0f32; (M * N) as usize];
    let expected = x.clone();
    let config = LaunchConfig {
        grid: [((M / 8) * (N / 24)) as u32, 1, 1],
        block: [4, 1, 1],
        ..LaunchConfig::default()
    };
    compiled.launch(
        "tiled_copy",
        config,
        &[
            Arg::Tensor(HostTensor::new(&mut x, &[M, N])),
            Arg::Tensor(HostTensor::new(&mut y, &[M, N])),
        ],
    )?;
    assert_eq!(y, expected, "the tiled copy is wrong");
    println!("ok");
    Ok(())
}
