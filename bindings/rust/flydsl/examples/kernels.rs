//! Vector add and a block sum reduction (shared memory, barrier, warp shuffles), built,
//! compiled and launched from Rust on the cpu target, checked against plain Rust.
//! Run: cargo run --example kernels
use flydsl::kernel::{Arg, DType, HostTensor, Index, LaunchConfig, Module};

const BLOCK: u32 = 256;
const WAVE: i64 = 64; // gfx942, the arch the cpu target emulates by default

fn build() -> flydsl::Result<flydsl::kernel::Compiled> {
    let mut m = Module::new()?;
    {
        let k = m.kernel("vector_add")?;
        let (a, b, c) = (
            k.tensor_param(DType::F32, 1),
            k.tensor_param(DType::F32, 1),
            k.tensor_param(DType::F32, 1),
        );
        let n = k.scalar_param(DType::I32);
        let i = k.index(Index::BlockIdx, 0) * k.index(Index::BlockDim, 0)
            + k.index(Index::ThreadIdx, 0);
        let inside = i.lt(n);
        let sum = k.load(a, &[i], Some(inside)) + k.load(b, &[i], Some(inside));
        k.store(c, sum, &[i], Some(inside));
        k.finish()?;
    }
    {
        let k = m.kernel("block_reduce")?;
        let (x, partial) = (k.tensor_param(DType::F32, 1), k.tensor_param(DType::F32, 1));
        let n = k.scalar_param(DType::I32);
        let (tid, bid) = (k.index(Index::ThreadIdx, 0), k.index(Index::BlockIdx, 0));
        let i = bid * k.const_int(DType::I32, BLOCK as i64) + tid;
        let mut v = k.load(x, &[i], Some(i.lt(n)));
        let width = k.const_int(DType::I32, WAVE);
        let mut offset = WAVE / 2;
        while offset > 0 {
            v = v + k.shuffle_xor(v, k.const_int(DType::I32, offset), width);
            offset /= 2;
        }
        let waves = k.shared_tensor(DType::F32, BLOCK as i64 / WAVE, 16);
        let wave = tid / width;
        k.store(
            waves,
            v,
            &[wave],
            Some((tid % width).eq(k.const_int(DType::I32, 0))),
        );
        k.barrier();
        let zero = k.const_int(DType::I32, 0);
        k.when(tid.eq(zero), || {
            let one = k.const_int(DType::I32, 1);
            let count = k.const_int(DType::I32, BLOCK as i64 / WAVE);
            let total = k.for_loop(
                zero,
                count,
                one,
                &[k.const_float(DType::F32, 0.0)],
                |w, acc| vec![acc[0] + k.load(waves, &[w], None)],
            );
            k.store(partial, total[0], &[bid], None);
        });
        k.finish()?;
    }
    // Host arrays: the cpu target, also where a GPU is present.
    m.compile(Some("cpu"), None)
}

fn main() -> flydsl::Result<()> {
    let compiled = build()?;
    let mut seed = 0x2545f4914f6cdd1du64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    for n in [1usize, 255, 256, 1000, 4099] {
        let blocks = (n as u32).div_ceil(BLOCK);
        let cfg = LaunchConfig {
            grid: [blocks, 1, 1],
            block: [BLOCK, 1, 1],
            ..LaunchConfig::default()
        };
        let mut a: Vec<f32> = (0..n).map(|_| random()).collect();
        let mut b: Vec<f32> = (0..n).map(|_| random()).collect();
        let expect: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        let mut c = vec![0f32; n];
        compiled.launch(
            "vector_add",
            cfg,
            &[
                Arg::Tensor(HostTensor::new(&mut a, &[n as i64])),
                Arg::Tensor(HostTensor::new(&mut b, &[n as i64])),
                Arg::Tensor(HostTensor::new(&mut c, &[n as i64])),
                Arg::Int(n as i64),
            ],
        )?;
        assert_eq!(c, expect, "vector_add n={n}");

        let mut partial = vec![0f32; blocks as usize];
        let total: f64 = a.iter().map(|&v| v as f64).sum();
        compiled.launch(
            "block_reduce",
            cfg,
            &[
                Arg::Tensor(HostTensor::new(&mut a, &[n as i64])),
                Arg::Tensor(HostTensor::new(&mut partial, &[blocks as i64])),
                Arg::Int(n as i64),
            ],
        )?;
        let got: f64 = partial.iter().map(|&v| v as f64).sum();
        assert!(
            (got - total).abs() <= 1e-4 * (1.0 + total.abs()),
            "block_reduce n={n}: {got} vs {total}"
        );
        println!("n={n:5}: vector_add ok, block_reduce {got:+.5} (expected {total:+.5})");
    }
    println!("ok");
    Ok(())
}
