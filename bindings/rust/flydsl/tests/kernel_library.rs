//! The kernel library from Rust on host tensors: softmax, rmsnorm and a GEMM against direct
//! computations, an elementwise op, and a bad weight and bad GEMM shapes refused with their
//! messages.
use flydsl::kernel::{Bf16, HostTensor, Stream};
use flydsl::kernels::{self, Elementwise, Norm};
use flydsl::Status;

const ROWS: usize = 3;
const COLS: usize = 257;

fn input() -> Vec<f32> {
    (0..ROWS * COLS)
        .map(|i| ((i as f32) * 0.37).sin() * 5.0)
        .collect()
}

#[test]
fn softmax_matches_a_direct_computation() {
    let mut x = input();
    let want: Vec<f64> = x
        .chunks(COLS)
        .flat_map(|row| {
            let mx = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max) as f64;
            let sum: f64 = row.iter().map(|&v| (v as f64 - mx).exp()).sum();
            row.iter()
                .map(move |&v| (v as f64 - mx).exp() / sum)
                .collect::<Vec<_>>()
        })
        .collect();
    let mut y = vec![0.0f32; ROWS * COLS];
    let shape = [ROWS as i64, COLS as i64];
    kernels::softmax(
        &HostTensor::new(&mut x, &shape),
        &mut HostTensor::new(&mut y, &shape),
        Stream::DEFAULT,
    )
    .unwrap();
    for (g, w) in y.iter().zip(&want) {
        assert!((*g as f64 - w).abs() < 1e-6, "{g} vs {w}");
    }
}

#[test]
fn rmsnorm_with_residual_and_silu() {
    let mut x = input();
    let mut residual: Vec<f32> = (0..ROWS * COLS).map(|i| (i % 7) as f32).collect();
    let mut w: Vec<f32> = (0..COLS).map(|c| 1.0 + c as f32 / 100.0).collect();
    let mut h = vec![0.0f32; ROWS * COLS];
    let mut y = vec![0.0f32; ROWS * COLS];
    let want_h: Vec<f64> = x
        .iter()
        .zip(&residual)
        .map(|(a, b)| (a + b) as f64)
        .collect();
    let shape = [ROWS as i64, COLS as i64];
    {
        let (wt, rt) = (
            HostTensor::new(&mut w, &[COLS as i64]),
            HostTensor::new(&mut residual, &shape),
        );
        let mut ht = HostTensor::new(&mut h, &shape);
        let n = Norm {
            weight: Some(&wt),
            residual: Some(&rt),
            residual_out: Some(&mut ht),
        };
        kernels::rmsnorm(
            &HostTensor::new(&mut x, &shape),
            n,
            1e-6,
            &mut HostTensor::new(&mut y, &shape),
            Stream::DEFAULT,
        )
        .unwrap();
    }
    for r in 0..ROWS {
        let row = &want_h[r * COLS..(r + 1) * COLS];
        let rms = (row.iter().map(|v| v * v).sum::<f64>() / COLS as f64 + 1e-6).sqrt();
        for c in 0..COLS {
            let want = row[c] / rms * w[c] as f64;
            assert!((y[r * COLS + c] as f64 - want).abs() < 1e-5);
            assert_eq!(h[r * COLS + c] as f64, want_h[r * COLS + c]);
        }
    }
    let mut s = vec![0.0f32; ROWS * COLS];
    kernels::elementwise(
        Elementwise::Silu,
        &HostTensor::new(&mut y, &shape),
        None,
        &mut HostTensor::new(&mut s, &shape),
        Stream::DEFAULT,
    )
    .unwrap();
    for (a, b) in y.iter().zip(&s) {
        assert!((a / (1.0 + (-a).exp()) - b).abs() < 1e-5);
    }
}

#[test]
fn a_weight_of_the_wrong_length_is_an_error() {
    let mut x = input();
    let mut w = vec![1.0f32; COLS - 1];
    let mut y = vec![7.0f32; ROWS * COLS];
    let shape = [ROWS as i64, COLS as i64];
    let wt = HostTensor::new(&mut w, &[COLS as i64 - 1]);
    let err = kernels::layernorm(
        &HostTensor::new(&mut x, &shape),
        Norm {
            weight: Some(&wt),
            ..Default::default()
        },
        None,
        1e-5,
        &mut HostTensor::new(&mut y, &shape),
        Stream::DEFAULT,
    )
    .unwrap_err();
    assert_eq!(err.status, Status::InvalidArgument);
    assert!(err.message.contains("row length 257"), "{}", err.message);
    assert!(y.iter().all(|&v| v == 7.0));
}

#[test]
fn gemm_matches_a_direct_computation() {
    let (m, n, k) = (37usize, 45usize, 29usize);
    let value = |i: usize| Bf16::from_f32(((i as f32) * 0.61).sin());
    let mut a: Vec<Bf16> = (0..m * k).map(value).collect();
    let mut b: Vec<Bf16> = (0..k * n).map(|i| value(i + 1000)).collect();
    let mut c = vec![1.0f32; m * n];
    let mut d = vec![0.0f32; m * n];
    let want: Vec<f64> = (0..m * n)
        .map(|e| {
            let (i, j) = (e / n, e % n);
            let dot: f64 = (0..k)
                .map(|p| a[i * k + p].to_f32() as f64 * b[p * n + j].to_f32() as f64)
                .sum();
            2.0 * dot - 1.0
        })
        .collect();
    kernels::gemm(
        &HostTensor::new(&mut a, &[m as i64, k as i64]),
        &HostTensor::new(&mut b, &[k as i64, n as i64]),
        Some(&HostTensor::new(&mut c, &[m as i64, n as i64])),
        2.0,
        -1.0,
        &mut HostTensor::new(&mut d, &[m as i64, n as i64]),
        Stream::DEFAULT,
    )
    .unwrap();
    for (g, w) in d.iter().zip(&want) {
        assert!((*g as f64 - w).abs() < 1e-4, "{g} vs {w}");
    }
}

#[test]
fn gemm_refuses_mismatched_inner_extents() {
    let mut a = vec![Bf16::default(); 4 * 8];
    let mut b = vec![Bf16::default(); 6 * 4];
    let mut d = vec![7.0f32; 4 * 4];
    let err = kernels::gemm(
        &HostTensor::new(&mut a, &[4, 8]),
        &HostTensor::new(&mut b, &[6, 4]),
        None,
        1.0,
        0.0,
        &mut HostTensor::new(&mut d, &[4, 4]),
        Stream::DEFAULT,
    )
    .unwrap_err();
    assert_eq!(err.status, Status::InvalidArgument);
    assert!(err.message.contains("b has 6 rows"), "{}", err.message);
    assert!(d.iter().all(|&v| v == 7.0));
}

#[test]
fn gemm_tiles_are_offered_and_each_computes_the_product() {
    let (m, n, k) = (20usize, 24usize, 16usize);
    let mut a = vec![Bf16::from_f32(1.0); m * k];
    let mut b = vec![Bf16::from_f32(0.5); k * n];
    let mut d = vec![0.0f32; m * n];
    let tiles = kernels::gemm_tiles(
        &HostTensor::new(&mut a, &[m as i64, k as i64]),
        &HostTensor::new(&mut b, &[k as i64, n as i64]),
        &HostTensor::new(&mut d, &[m as i64, n as i64]),
    )
    .unwrap();
    assert!(tiles.len() >= 2, "{tiles:?}");
    let last = *tiles.last().unwrap();
    kernels::gemm_tiled(
        &HostTensor::new(&mut a, &[m as i64, k as i64]),
        &HostTensor::new(&mut b, &[k as i64, n as i64]),
        None,
        1.0,
        0.0,
        &mut HostTensor::new(&mut d, &[m as i64, n as i64]),
        Stream::DEFAULT,
        &last,
    )
    .unwrap();
    assert!(d.iter().all(|&v| v == 8.0), "{:?}", &d[..4]);
    let odd = kernels::GemmTile { bm: 100, ..last };
    let err = kernels::gemm_tiled(
        &HostTensor::new(&mut a, &[m as i64, k as i64]),
        &HostTensor::new(&mut b, &[k as i64, n as i64]),
        None,
        1.0,
        0.0,
        &mut HostTensor::new(&mut d, &[m as i64, n as i64]),
        Stream::DEFAULT,
        &odd,
    )
    .unwrap_err();
    assert_eq!(err.status, Status::InvalidArgument);
    assert!(
        err.message.contains("the GEMM tile 100x"),
        "{}",
        err.message
    );
}

/// q and k rotated by hand in f64: NeoX halves of each head, the angle `pos * 100^(-i/half)`.
fn rotate(x: &[f32], heads: usize, dim: usize, pos: &[i64], cs: &[f32]) -> Vec<f64> {
    let half = dim / 2;
    let mut out: Vec<f64> = x.iter().map(|&v| v as f64).collect();
    for (t, &p) in pos.iter().enumerate() {
        let row = &cs[p as usize * dim..(p as usize + 1) * dim];
        for h in 0..heads {
            let base = (t * heads + h) * dim;
            for i in 0..half {
                let (a, b) = (x[base + i] as f64, x[base + i + half] as f64);
                let (c, s) = (row[i] as f64, row[half + i] as f64);
                out[base + i] = a * c - b * s;
                out[base + i + half] = b * c + a * s;
            }
        }
    }
    out
}

#[test]
fn rope_rotates_q_and_k_and_writes_the_cache_slots() {
    let (tokens, heads, kv_heads, dim, positions) = (3usize, 4usize, 2usize, 8usize, 10usize);
    let half = dim / 2;
    let mut cs: Vec<f32> = (0..positions * dim)
        .map(|e| {
            let (p, i) = ((e / dim) as f32, e % dim);
            let angle = p * 100f32.powf(-((i % half) as f32) / half as f32);
            if i < half {
                angle.cos()
            } else {
                angle.sin()
            }
        })
        .collect();
    let mut pos: Vec<i64> = vec![9, 0, 4];
    let mut slots: Vec<i32> = vec![2, -1, 0];
    let mut q: Vec<f32> = (0..tokens * heads * dim)
        .map(|i| (i as f32 * 0.3).sin())
        .collect();
    let mut k: Vec<f32> = (0..tokens * kv_heads * dim)
        .map(|i| (i as f32 * 0.7).cos())
        .collect();
    let mut v: Vec<f32> = (0..tokens * kv_heads * dim).map(|i| i as f32).collect();
    let (want_q, want_k) = (
        rotate(&q, heads, dim, &pos, &cs),
        rotate(&k, kv_heads, dim, &pos, &cs),
    );
    let v_before = v.clone();
    let (mut k_cache, mut v_cache) = (
        vec![-1.0f32; 4 * kv_heads * dim],
        vec![-1.0f32; 4 * kv_heads * dim],
    );
    let (qs, ks) = (
        [tokens as i64, heads as i64, dim as i64],
        [tokens as i64, kv_heads as i64, dim as i64],
    );
    let cache_shape = [2, 2, kv_heads as i64, dim as i64]; // 2 blocks of 2 slots
    kernels::rope_kv_cache(
        &HostTensor::new(&mut pos, &[tokens as i64]),
        &mut HostTensor::new(&mut q, &qs),
        &mut HostTensor::new(&mut k, &ks),
        &HostTensor::new(&mut cs, &[positions as i64, dim as i64]),
        true,
        Some(kernels::KvCacheWrite {
            v: &HostTensor::new(&mut v, &ks),
            slot_mapping: &HostTensor::new(&mut slots, &[tokens as i64]),
            k_cache: &mut HostTensor::new(&mut k_cache, &cache_shape),
            v_cache: &mut HostTensor::new(&mut v_cache, &cache_shape),
        }),
        Stream::DEFAULT,
    )
    .unwrap();
    for (g, w) in q.iter().zip(&want_q).chain(k.iter().zip(&want_k)) {
        assert!((*g as f64 - w).abs() < 1e-5, "{g} vs {w}");
    }
    let row = kv_heads * dim;
    for (t, slot) in [(0usize, 2usize), (2, 0)] {
        assert_eq!(
            &k_cache[slot * row..(slot + 1) * row],
            &k[t * row..(t + 1) * row]
        );
        assert_eq!(
            &v_cache[slot * row..(slot + 1) * row],
            &v_before[t * row..(t + 1) * row]
        );
    }
    for slot in [1usize, 3] {
        assert!(k_cache[slot * row..(slot + 1) * row]
            .iter()
            .all(|&x| x == -1.0));
    }
}

#[test]
fn rope_refuses_a_position_past_the_table() {
    let mut cs = vec![1.0f32; 4 * 8];
    let mut pos: Vec<i64> = vec![4];
    let (mut q, mut k) = (vec![1.0f32; 8], vec![1.0f32; 8]);
    let err = kernels::rope_kv_cache(
        &HostTensor::new(&mut pos, &[1]),
        &mut HostTensor::new(&mut q, &[1, 1, 8]),
        &mut HostTensor::new(&mut k, &[1, 1, 8]),
        &HostTensor::new(&mut cs, &[4, 8]),
        false,
        None,
        Stream::DEFAULT,
    )
    .unwrap_err();
    assert_eq!(err.status, Status::InvalidArgument);
    assert!(err.message.contains("positions[0] is 4"), "{}", err.message);
    assert!(q.iter().chain(&k).all(|&x| x == 1.0));
}

#[test]
fn paged_attention_matches_a_direct_softmax() {
    // 2 sequences, 4 query heads over 2 KV heads, head_dim 8, blocks of 4 slots.
    let (batch, heads, kv_heads, dim, block_size, blocks) =
        (2usize, 4usize, 2usize, 8usize, 4usize, 6usize);
    let mut q: Vec<f32> = (0..batch * heads * dim)
        .map(|i| (i as f32 * 0.37).sin())
        .collect();
    let row = kv_heads * dim;
    let mut k_cache: Vec<f32> = (0..blocks * block_size * row)
        .map(|i| (i as f32 * 0.11).cos())
        .collect();
    let mut v_cache: Vec<f32> = (0..blocks * block_size * row)
        .map(|i| (i as f32 * 0.05).sin())
        .collect();
    let mut tables: Vec<i32> = vec![4, 1, 0, 5, 2, 3];
    let mut lens: Vec<i32> = vec![10, 3];
    let mut out = vec![0.0f32; batch * heads * dim];
    let scale = 0.3;
    kernels::paged_attention(
        &HostTensor::new(&mut q, &[batch as i64, heads as i64, dim as i64]),
        &HostTensor::new(
            &mut k_cache,
            &[
                blocks as i64,
                block_size as i64,
                kv_heads as i64,
                dim as i64,
            ],
        ),
        &HostTensor::new(
            &mut v_cache,
            &[
                blocks as i64,
                block_size as i64,
                kv_heads as i64,
                dim as i64,
            ],
        ),
        &HostTensor::new(&mut tables, &[batch as i64, 3]),
        &HostTensor::new(&mut lens, &[batch as i64]),
        scale,
        &mut HostTensor::new(&mut out, &[batch as i64, heads as i64, dim as i64]),
        Stream::DEFAULT,
    )
    .unwrap();
    for b in 0..batch {
        for h in 0..heads {
            let kv = h / (heads / kv_heads);
            let slots: Vec<usize> = (0..lens[b] as usize)
                .map(|j| tables[b * 3 + j / block_size] as usize * block_size + j % block_size)
                .collect();
            let qv = &q[(b * heads + h) * dim..(b * heads + h + 1) * dim];
            let s: Vec<f64> = slots
                .iter()
                .map(|&t| {
                    let kr = &k_cache[t * row + kv * dim..t * row + (kv + 1) * dim];
                    scale
                        * qv.iter()
                            .zip(kr)
                            .map(|(a, b)| (*a as f64) * (*b as f64))
                            .sum::<f64>()
                })
                .collect();
            let mx = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = s.iter().map(|x| (x - mx).exp()).collect();
            let sum: f64 = e.iter().sum();
            for d in 0..dim {
                let want: f64 = slots
                    .iter()
                    .zip(&e)
                    .map(|(&t, p)| p / sum * v_cache[t * row + kv * dim + d] as f64)
                    .sum();
                let got = out[(b * heads + h) * dim + d] as f64;
                assert!((got - want).abs() < 1e-5, "{got} vs {want}");
            }
        }
    }
}

#[test]
fn fused_moe_matches_the_routed_experts() {
    let (tokens, hidden, inter, experts, topk) = (5usize, 16usize, 8usize, 3usize, 2usize);
    let mut logits: Vec<f32> = (0..tokens * experts)
        .map(|i| ((i as f32) * 0.83).sin() * 3.0)
        .collect();
    let mut weights = vec![0.0f32; tokens * topk];
    let mut ids = vec![-1i32; tokens * topk];
    kernels::moe_topk_softmax(
        &HostTensor::new(&mut logits, &[tokens as i64, experts as i64]),
        true,
        &mut HostTensor::new(&mut weights, &[tokens as i64, topk as i64]),
        &mut HostTensor::new(&mut ids, &[tokens as i64, topk as i64]),
        Stream::DEFAULT,
    )
    .unwrap();
    for t in 0..tokens {
        let row = &logits[t * experts..(t + 1) * experts];
        let mut order: Vec<usize> = (0..experts).collect();
        order.sort_by(|&a, &b| row[b].partial_cmp(&row[a]).unwrap());
        assert_eq!(ids[t * topk] as usize, order[0]);
        assert_eq!(ids[t * topk + 1] as usize, order[1]);
        let sum = weights[t * topk] + weights[t * topk + 1];
        assert!((sum - 1.0).abs() < 1e-6 && weights[t * topk] >= weights[t * topk + 1]);
    }

    let value = |i: usize, scale: f32| Bf16::from_f32(((i as f32) * 0.29).sin() * scale);
    let mut x: Vec<Bf16> = (0..tokens * hidden).map(|i| value(i, 1.0)).collect();
    let mut w1: Vec<Bf16> = (0..experts * 2 * inter * hidden)
        .map(|i| value(i + 7, 0.25))
        .collect();
    let mut w2: Vec<Bf16> = (0..experts * hidden * inter)
        .map(|i| value(i + 3, 0.35))
        .collect();
    let mut out = vec![0.0f32; tokens * hidden];
    kernels::fused_moe(
        &HostTensor::new(&mut x, &[tokens as i64, hidden as i64]),
        &HostTensor::new(&mut w1, &[experts as i64, 2 * inter as i64, hidden as i64]),
        &HostTensor::new(&mut w2, &[experts as i64, hidden as i64, inter as i64]),
        &HostTensor::new(&mut weights, &[tokens as i64, topk as i64]),
        &HostTensor::new(&mut ids, &[tokens as i64, topk as i64]),
        &mut HostTensor::new(&mut out, &[tokens as i64, hidden as i64]),
        Stream::DEFAULT,
    )
    .unwrap();
    // The kernels round the first product and the activation to bf16; so does this.
    let round = |v: f64| Bf16::from_f32(v as f32).to_f32() as f64;
    for t in 0..tokens {
        let mut want = vec![0.0f64; hidden];
        for j in 0..topk {
            let e = ids[t * topk + j] as usize;
            let h: Vec<f64> = (0..2 * inter)
                .map(|r| {
                    round(
                        (0..hidden)
                            .map(|c| {
                                w1[(e * 2 * inter + r) * hidden + c].to_f32() as f64
                                    * x[t * hidden + c].to_f32() as f64
                            })
                            .sum(),
                    )
                })
                .collect();
            let act: Vec<f64> = (0..inter)
                .map(|i| round(h[i] / (1.0 + (-h[i]).exp()) * h[inter + i]))
                .collect();
            for (c, w) in want.iter_mut().enumerate() {
                let y: f64 = (0..inter)
                    .map(|i| w2[(e * hidden + c) * inter + i].to_f32() as f64 * act[i])
                    .sum();
                *w += weights[t * topk + j] as f64 * y;
            }
        }
        for c in 0..hidden {
            let got = out[t * hidden + c] as f64;
            assert!((got - want[c]).abs() < 1e-2, "{got} vs {}", want[c]);
        }
    }
}

#[test]
fn attention_matches_a_direct_softmax() {
    // Two sequences (3 and 5 queries over 6 and 5 keys), 2 query heads over 1 KV head,
    // head_dim 64, bf16, causal.
    let (heads, dim) = (2usize, 64usize);
    let (cu_q, cu_k) = (vec![0i32, 3, 8], vec![0i32, 6, 11]);
    let value = |i: usize, f: f32| Bf16::from_f32((i as f32 * f).sin());
    let mut q: Vec<Bf16> = (0..8 * heads * dim).map(|i| value(i, 0.37)).collect();
    let mut k: Vec<Bf16> = (0..11 * dim).map(|i| value(i, 0.11)).collect();
    let mut v: Vec<Bf16> = (0..11 * dim).map(|i| value(i, 0.05)).collect();
    let mut out = vec![0.0f32; 8 * heads * dim];
    let mut lse = vec![0.0f32; heads * 8];
    let (mut cq, mut ck) = (cu_q.clone(), cu_k.clone());
    let scale = 0.125;
    kernels::attention(
        &HostTensor::new(&mut q, &[8, heads as i64, dim as i64]),
        &HostTensor::new(&mut k, &[11, 1, dim as i64]),
        &HostTensor::new(&mut v, &[11, 1, dim as i64]),
        &HostTensor::new(&mut cq, &[3]),
        &HostTensor::new(&mut ck, &[3]),
        5,
        scale,
        true,
        &mut HostTensor::new(&mut out, &[8, heads as i64, dim as i64]),
        Some(&mut HostTensor::new(&mut lse, &[heads as i64, 8])),
        Stream::DEFAULT,
    )
    .unwrap();
    for b in 0..2 {
        let (q0, q1, k0, k1) = (
            cu_q[b] as usize,
            cu_q[b + 1] as usize,
            cu_k[b] as usize,
            cu_k[b + 1] as usize,
        );
        for i in q0..q1 {
            // the last query sees every key of its sequence
            let visible = (i - q0) + (k1 - k0) - (q1 - q0);
            for h in 0..heads {
                let s: Vec<f64> = (k0..=k0 + visible)
                    .map(|j| {
                        (0..dim)
                            .map(|d| {
                                q[(i * heads + h) * dim + d].to_f32() as f64
                                    * k[j * dim + d].to_f32() as f64
                            })
                            .sum::<f64>()
                            * scale
                    })
                    .collect();
                let top = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let total: f64 = s.iter().map(|x| (x - top).exp()).sum();
                let got_lse = lse[h * 8 + i] as f64;
                assert!((got_lse - (total.ln() + top)).abs() < 1e-4, "lse {i} {h}");
                for d in 0..dim {
                    let want: f64 = s
                        .iter()
                        .enumerate()
                        .map(|(n, x)| {
                            (x - top).exp() / total * v[(k0 + n) * dim + d].to_f32() as f64
                        })
                        .sum();
                    let got = out[(i * heads + h) * dim + d] as f64;
                    assert!(
                        (got - want).abs() < 1e-2,
                        "out {i} {h} {d}: {got} vs {want}"
                    );
                }
            }
        }
    }
}
