"""The library's GEMM (fk.gemm) against torch.matmul (cuBLAS) and a Triton matmul on a CUDA
GPU, bf16 in, fp32 accumulate, bf16 out: 4096^3, 8192^3 and a skinny M=16, N=K=8192, with b
column-major (x @ w.T, as a linear layer multiplies; "NT") and row-major ("NN"). Each column
is timed by CUDA events over a CUDA graph of repeated calls, the libraries taking turns (the
median of 15 turns), and reported in TFLOP/s, with the ratios fk/cuBLAS and fk/Triton. Cold
compile times are those of bench_compile.py.
Run: PYTHONPATH=bindings/python python3 bench/bench_gemm.py [--models | --fp8 | --pitch] [--tune]
[--sustained] [--shapes=MxNxK,...] [--splits=S,...] [TILE ...]
--models replaces the three shapes by MODEL_SHAPES (24 shapes of real models, squares and odd
sizes; x @ W.T) with the geometric mean and minimum of the ratios; --fp8 by FP8_SHAPES, e4m3
against torch._scaled_mm (fk.gemm_scaled); --pitch by shapes whose operands' rows lie farther
apart than K (slices of wider tensors), against cuBLAS. --tune times, for those shapes, fk with the table's
tile and with the autotuner's choice (fk.gemm(..., tune=True), tuned from scratch: the seconds
it took, the tile it chose) against cuBLAS or torch._scaled_mm. --sustained adds a table of
cuBLAS and fk.gemm each running alone for seconds, with the SM clock and power meanwhile. Each
TILE (BMxBNxBKxSTAGES[xWMxWN], as FLYDSL_GEMM_TILE takes it) adds a table of fk.gemm with that
tile in place of the library's table on the three shapes (or those of --shapes), for tuning;
--splits=1,2,4 a table of each split-K count (FLYDSL_GEMM_SPLITK) on the same shapes.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

import flydsl.kernels as fk
import torch

try:
    import triton
    import triton.language as tl
except ImportError:  # the table then has no Triton column
    triton = None

REPS = 10
SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (16, 8192, 8192)]
# --models: the shapes of real models nobody tuned for, x @ W.T (NT). Projections of 7B-class
# (hidden 4096, MLP 11008 or 14336, fused QKV 12288) and 70B-class models (hidden 8192, MLP
# 28672, QKV with grouped heads 10240) at prefill (M = 2048-8192) and decode (M = 1-128),
# squares from 512 to 16384, and sizes that are no multiple of a tile.
MODEL_SHAPES = [
    (4096, 12288, 4096), (4096, 4096, 4096), (4096, 11008, 4096), (4096, 4096, 11008),
    (2048, 10240, 8192), (2048, 28672, 8192), (2048, 8192, 28672), (8192, 8192, 8192),
    (1, 4096, 4096), (1, 11008, 4096), (8, 11008, 4096), (16, 4096, 11008),
    (32, 12288, 4096), (64, 4096, 14336), (128, 8192, 8192), (1, 8192, 28672),
    (16, 28672, 8192), (128, 10240, 8192), (512, 512, 512), (1024, 1024, 1024),
    (2048, 2048, 2048), (16384, 16384, 16384), (3000, 3000, 3000), (1000, 1000, 1000),
]  # fmt: skip


def timed(fns, rounds=15):
    """Milliseconds per call of each of `fns` (name -> function): a CUDA graph of REPS calls
    each, the graphs replayed in turn `rounds` times and timed by events, the median of each.
    Taking turns spreads the GPU's warming and power limit over all of them: timed one after
    another, the first one timed ran on the coolest GPU."""
    graphs = {}
    for name, fn in fns.items():
        fn()
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        stream = torch.cuda.Stream()
        with torch.cuda.stream(stream):
            with torch.cuda.graph(graph, stream=stream):
                for _ in range(REPS):
                    fn()
        graph.replay()
        torch.cuda.synchronize()
        graphs[name] = graph
    times = {name: [] for name in fns}
    for _ in range(rounds):
        for name, graph in graphs.items():
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            graph.replay()
            end.record()
            end.synchronize()
            times[name].append(start.elapsed_time(end) / REPS)
    return {name: statistics.median(t) for name, t in times.items()}


def sustained(seconds=4.0):
    """Each library alone for `seconds` of back-to-back calls (4096^3 and 8192^3 NT), with the
    SM clock and board power nvidia-smi reports meanwhile: the rate under the power limit."""
    print(f"{'shape':>6} {'library':>8} {'TFLOP/s':>8} {'SM MHz':>7} {'W':>5}")
    for n in (4096, 8192):
        a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16).t()
        out = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
        for name, fn in (("cuBLAS", lambda: torch.matmul(a, b, out=out)),
                         ("fk.gemm", lambda: fk.gemm(a, b, out=out))):  # fmt: skip
            fn()
            torch.cuda.synchronize()
            monitor = subprocess.Popen(
                ["nvidia-smi", "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits",
                 "-lms", "200"], stdout=subprocess.PIPE, text=True)  # fmt: skip
            calls, began = 0, time.time()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            while time.time() - began < seconds:
                for _ in range(20):
                    fn()
                calls += 20
                torch.cuda.synchronize()
            end.record()
            end.synchronize()
            monitor.terminate()
            samples = [r.split(",") for r in monitor.communicate()[0].split("\n") if "," in r]
            clock = statistics.mean(float(r[0]) for r in samples[1:] or samples)
            power = statistics.mean(float(r[1]) for r in samples[1:] or samples)
            tflops = 2.0 * n**3 * calls / start.elapsed_time(end) / 1e9
            print(f"{n:>6} {name:>8} {tflops:8.1f} {clock:7.0f} {power:5.0f}")


if triton is not None:

    @triton.autotune(
        configs=[
            triton.Config({"BM": 128, "BN": 256, "BK": 64}, num_stages=3, num_warps=8),
            triton.Config({"BM": 128, "BN": 128, "BK": 64}, num_stages=4, num_warps=4),
            triton.Config({"BM": 64, "BN": 128, "BK": 64}, num_stages=4, num_warps=4),
            triton.Config({"BM": 16, "BN": 64, "BK": 128}, num_stages=4, num_warps=4),
            triton.Config({"BM": 16, "BN": 128, "BK": 128}, num_stages=5, num_warps=4),
        ],
        key=["M", "N", "K"],
    )
    @triton.jit
    def triton_matmul(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):  # fmt: skip
        pm, pn = tl.program_id(0), tl.program_id(1)
        rm = pm * BM + tl.arange(0, BM)
        rn = pn * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            ka = k0 + rk
            x = tl.load(a + rm[:, None] * sam + ka[None, :] * sak,
                        mask=(rm[:, None] < M) & (ka[None, :] < K), other=0.0)  # fmt: skip
            y = tl.load(b + ka[:, None] * sbk + rn[None, :] * sbn,
                        mask=(ka[:, None] < K) & (rn[None, :] < N), other=0.0)  # fmt: skip
            acc = tl.dot(x, y, acc)
        tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(c.dtype.element_ty),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))  # fmt: skip

    def triton_gemm(a, b, out):
        M, K = a.shape
        N = b.shape[1]

        def grid(meta):
            return (triton.cdiv(M, meta["BM"]), triton.cdiv(N, meta["BN"]))

        triton_matmul[grid](a, b, out, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                            b.stride(1), out.stride(0), out.stride(1))  # fmt: skip


def main():
    dev = torch.cuda.get_device_name()
    print(f"GEMM on {dev}, bf16 in, fp32 accumulate, bf16 out; TFLOP/s (higher is better)")
    head = f"{'shape (M N K)':>18} {'b':>3} {'cuBLAS':>8} {'Triton':>8} {'fk.gemm':>8}"
    print(head + f" {'fk/cuBLAS':>9} {'fk/Triton':>9} {'max err':>8}")
    for m, n, k in SHAPES:
        for layout in ("NT", "NN"):
            torch.manual_seed(0)
            a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
            b = (torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t() if layout == "NT"
                 else torch.randn(k, n, device="cuda", dtype=torch.bfloat16))  # fmt: skip
            out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
            flops = 2.0 * m * n * k
            fk.gemm(a, b, out=out)
            want = torch.matmul(a, b)
            err = (out.float() - want.float()).abs().max().item()
            fns = {"cublas": lambda: torch.matmul(a, b, out=out),
                   "fk": lambda: fk.gemm(a, b, out=out)}  # fmt: skip
            if triton:
                fns["triton"] = lambda: triton_gemm(a, b, out)
            t = timed(fns)
            t_cublas, t_fk, t_triton = t["cublas"], t["fk"], t.get("triton", float("nan"))
            tf = [flops / t / 1e9 for t in (t_cublas, t_triton, t_fk)]
            print(f"{m:>6} {n:>5} {k:>5} {layout:>3} {tf[0]:8.1f} {tf[1]:8.1f} {tf[2]:8.1f}"
                  f" {tf[2] / tf[0]:9.2f} {tf[2] / tf[1]:9.2f} {err:8.3f}")  # fmt: skip
    sys.stdout.flush()


def models(rounds=7):
    """The MODEL_SHAPES table (NT): TFLOP/s of cuBLAS, Triton and fk.gemm, the ratios, and
    their geometric mean and minimum."""
    print(f"GEMM on {torch.cuda.get_device_name()}, x @ W.T, bf16 in, fp32 accumulate, bf16 out")
    print(f"{'M':>6} {'N':>6} {'K':>6} {'cuBLAS':>8} {'Triton':>8} {'fk.gemm':>8} "
          f"{'fk/cuBLAS':>9} {'fk/Triton':>9} {'max err':>8}")  # fmt: skip
    of_cublas, of_triton = [], []
    for m, n, k in MODEL_SHAPES:
        torch.manual_seed(0)
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
        out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        fk.gemm(a, b, out=out)
        err = (out.float() - torch.matmul(a, b).float()).abs().max().item()
        fns = {"cublas": lambda: torch.matmul(a, b, out=out),
               "fk": lambda: fk.gemm(a, b, out=out)}  # fmt: skip
        if triton:
            fns["triton"] = lambda: triton_gemm(a, b, out)
        t = timed(fns, rounds)
        flops = 2.0 * m * n * k
        tf = [flops / t.get(x, float("nan")) / 1e9 for x in ("cublas", "triton", "fk")]
        of_cublas.append(tf[2] / tf[0])
        of_triton.append(tf[2] / tf[1])
        print(f"{m:>6} {n:>6} {k:>6} {tf[0]:8.1f} {tf[1]:8.1f} {tf[2]:8.1f} "
              f"{tf[2] / tf[0]:9.2f} {tf[2] / tf[1]:9.2f} {err:8.3f}", flush=True)  # fmt: skip
    for name, ratios in (("cuBLAS", of_cublas), ("Triton", of_triton)):
        geomean = statistics.geometric_mean(ratios) if all(r > 0 for r in ratios) else float("nan")
        print(f"fk.gemm of {name}: geometric mean {geomean:.2f}, minimum {min(ratios):.2f}")


# --fp8: e4m3 x @ W.T with per-row and per-column scales, bf16 out, against torch._scaled_mm
# (cuBLASLt): prefill and decode projections and squares.
FP8_SHAPES = [
    (4096, 4096, 4096), (8192, 8192, 8192), (4096, 11008, 4096), (2048, 28672, 8192),
    (16, 4096, 11008), (128, 8192, 8192), (1024, 1024, 1024), (3008, 3008, 3008),
]  # fmt: skip


def fp8(rounds=7):
    """The FP8_SHAPES table: TFLOP/s of torch._scaled_mm and fk.gemm_scaled, and the ratio."""
    print(
        f"fp8 GEMM on {torch.cuda.get_device_name()}, e4m3 x @ W.T, row and column scales, "
        "bf16 out"
    )
    print(f"{'M':>6} {'N':>6} {'K':>6} {'scaled_mm':>10} {'fk':>8} {'fk/torch':>9} {'max err':>8}")
    ratios = []
    for m, n, k in FP8_SHAPES:
        torch.manual_seed(0)
        a = (torch.randn(m, k, device="cuda") / 4).to(torch.float8_e4m3fn)
        b = (torch.randn(n, k, device="cuda") / 4).to(torch.float8_e4m3fn).t()
        sa = torch.rand(m, 1, device="cuda") + 0.5
        sb = torch.rand(1, n, device="cuda") + 0.5
        out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        fk.gemm_scaled(a, b, sa, sb, out=out)
        want = torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16)
        err = (out.float() - want.float()).abs().max().item()
        t = timed({"torch": lambda: torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16),
                   "fk": lambda: fk.gemm_scaled(a, b, sa, sb, out=out)}, rounds)  # fmt: skip
        flops = 2.0 * m * n * k
        tt, tf = flops / t["torch"] / 1e9, flops / t["fk"] / 1e9
        ratios.append(tf / tt)
        print(f"{m:>6} {n:>6} {k:>6} {tt:10.1f} {tf:8.1f} {tf / tt:9.2f} {err:8.3f}", flush=True)
    print(
        f"fk.gemm_scaled of torch._scaled_mm: geometric mean "
        f"{statistics.geometric_mean(ratios):.2f}, minimum {min(ratios):.2f}"
    )


def tuned(shapes, fp8_operands=False, rounds=7):
    """--tune: per shape, fk with the library's table ("table"), the autotuner's choice of
    fk.gemm_tiles ("tuned", tuned here from no remembered choice: the seconds it took and the
    tile it chose) and cuBLAS (torch._scaled_mm for fp8), TFLOP/s, with the geometric means."""
    os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-gemm-tune-")
    what = "fp8 e4m3, row and column scales" if fp8_operands else "bf16"
    print(f"GEMM on {torch.cuda.get_device_name()}, x @ W.T, {what}, bf16 out: the table's tile "
          "and the autotuner's")  # fmt: skip
    print(f"{'M':>6} {'N':>6} {'K':>6} {'library':>8} {'table':>8} {'tuned':>8} {'table/lib':>9} "
          f"{'tuned/lib':>9} {'tune s':>7} {'tiles':>5}  tile (BMxBNxBKxSxWMxWN/split)")  # fmt: skip
    of_table, of_tuned = [], []
    for m, n, k in shapes:
        torch.manual_seed(0)
        out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        if fp8_operands:
            a = (torch.randn(m, k, device="cuda") / 4).to(torch.float8_e4m3fn)
            b = (torch.randn(n, k, device="cuda") / 4).to(torch.float8_e4m3fn).t()
            sa, sb = torch.rand(m, 1, device="cuda") + 0.5, torch.rand(1, n, device="cuda") + 0.5
            want = torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16)

            def call(**kw):
                return fk.gemm_scaled(a, b, sa, sb, out=out, **kw)

            def library():
                return torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16)

        else:
            a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
            b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
            want = torch.matmul(a, b)

            def call(**kw):
                return fk.gemm(a, b, out=out, **kw)

            def library():
                return torch.matmul(a, b, out=out)

        count = len(fk.gemm_tiles(a, b, out=out))
        start = time.perf_counter()
        call(tune=True)
        torch.cuda.synchronize()
        seconds = time.perf_counter() - start
        err = (out.float() - want.float()).abs().max().item() / want.float().abs().max().item()
        tile = fk._tuned(a, b, None, 1.0, 0.0, out, None, *((sa, sb) if fp8_operands else ()))
        text = "x".join(str(getattr(tile.contents, f)) for f in fk._TILE_FIELDS[:-1])
        text += f"/{tile.contents.split_k}"
        t = timed({"lib": library, "table": call, "tuned": lambda: call(tune=True)}, rounds)
        flops = 2.0 * m * n * k
        tf = {x: flops / t[x] / 1e9 for x in t}
        of_table.append(tf["table"] / tf["lib"])
        of_tuned.append(tf["tuned"] / tf["lib"])
        print(f"{m:>6} {n:>6} {k:>6} {tf['lib']:8.1f} {tf['table']:8.1f} {tf['tuned']:8.1f} "
              f"{of_table[-1]:9.2f} {of_tuned[-1]:9.2f} {seconds:7.1f} {count:5}  {text}"
              f"{'' if err < 1e-2 else f'  relative error {err:.3f}'}", flush=True)  # fmt: skip
    for name, ratios in (("table", of_table), ("tuned", of_tuned)):
        print(
            f"fk ({name}) of the library: geometric mean "
            f"{statistics.geometric_mean(ratios):.2f}, minimum {min(ratios):.2f}"
        )


def variants(variable, values, shapes=SHAPES):
    """fk.gemm's TFLOP/s with the environment variable `variable` set to each of `values` (the
    tiles of FLYDSL_GEMM_TILE, the split counts of FLYDSL_GEMM_SPLITK) on the NT shapes, under
    a row of cuBLAS's."""
    print(f"{variable:>18} " + " ".join(f"{f'{m}x{n}x{k}':>16}" for m, n, k in shapes))
    operands = {}
    for m, n, k in shapes:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16).t()
        operands[m, n, k] = a, b, torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    row = []
    for (m, n, k), (a, b, out) in operands.items():
        ms = timed({"cublas": lambda: torch.matmul(a, b, out=out)})["cublas"]
        row.append(f"{2.0 * m * n * k / ms / 1e9:9.1f}")
    print(f"{'cuBLAS':>18} " + " ".join(f"{r:>16}" for r in row))
    for value in values:
        os.environ[variable] = value
        row = []
        for (m, n, k), (a, b, out) in operands.items():
            try:
                fk.gemm(a, b, out=out)
                err = (out.float() - torch.matmul(a, b).float()).abs().max().item()
                tf = 2.0 * m * n * k / timed({"fk": lambda: fk.gemm(a, b, out=out)})["fk"] / 1e9
                row.append(f"{tf:9.1f} e{err:5.3f}")
            except Exception as e:  # a tile the device refuses
                row.append(f"{type(e).__name__[:16]:>16}")
        print(f"{value:>18} " + " ".join(f"{r:>16}" for r in row))
        del os.environ[variable]


# --pitch: the same M, N, K on rows of another length (a and W slices [:, :K] of wider
# tensors): whether a shape's cost follows K or the rows' pitch in memory.
PITCH_SHAPES = [
    (3000, 3000, 3000, 3000), (3000, 3000, 3000, 3008), (3072, 3072, 3000, 3000),
    (3072, 3072, 3000, 3008), (3072, 3072, 3008, 3016), (3072, 3072, 3008, 3008),
    (3072, 3072, 3040, 3040), (1000, 1000, 1000, 1000), (1000, 1000, 1000, 1008),
]  # fmt: skip


def pitch(rounds=7):
    """The PITCH_SHAPES table (NT, bf16): TFLOP/s of cuBLAS and fk.gemm on operands whose rows
    are `row` elements apart, with the power of two the pitch in bytes is a multiple of."""
    print(f"GEMM on {torch.cuda.get_device_name()}, x @ W.T, bf16, rows of a and W `row` apart")
    print(f"{'M':>6} {'N':>6} {'K':>6} {'row':>6} {'bytes':>6} {'align':>5} {'cuBLAS':>8} "
          f"{'fk.gemm':>8} {'fk/cuBLAS':>9} {'max err':>8}")  # fmt: skip
    for m, n, k, row in PITCH_SHAPES:
        torch.manual_seed(0)
        a = torch.randn(m, row, device="cuda", dtype=torch.bfloat16)[:, :k]
        b = torch.randn(n, row, device="cuda", dtype=torch.bfloat16)[:, :k].t()
        out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        fk.gemm(a, b, out=out)
        err = (out.float() - torch.matmul(a, b).float()).abs().max().item()
        t = timed({"cublas": lambda: torch.matmul(a, b, out=out),
                   "fk": lambda: fk.gemm(a, b, out=out)}, rounds)  # fmt: skip
        flops = 2.0 * m * n * k
        cublas, ours = flops / t["cublas"] / 1e9, flops / t["fk"] / 1e9
        bytes_ = 2 * row
        align = bytes_ & -bytes_
        print(f"{m:>6} {n:>6} {k:>6} {row:>6} {bytes_:>6} {align:>5} {cublas:8.1f} {ours:8.1f} "
              f"{ours / cublas:9.2f} {err:8.3f}", flush=True)  # fmt: skip


def parse_shapes(text):
    """--shapes=MxNxK,MxNxK: the shapes a TILE table measures."""
    return [tuple(int(x) for x in shape.split("x")) for shape in text.split(",")]


if __name__ == "__main__":
    flags = {a.split("=")[0]: a for a in sys.argv[1:] if a.startswith("--")}
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--tune" in flags:
        if "--fp8" in flags:
            tuned(FP8_SHAPES, fp8_operands=True)
        else:
            tuned(MODEL_SHAPES if "--models" in flags else SHAPES)
    elif "--models" in flags:
        models()
    elif "--fp8" in flags:
        fp8()
    elif "--pitch" in flags:
        pitch()
    else:
        main()
    if "--sustained" in flags:
        sustained()
    shapes = flags.get("--shapes")
    shapes = parse_shapes(shapes.split("=", 1)[1]) if shapes else SHAPES
    if args:
        variants("FLYDSL_GEMM_TILE", args, shapes)
    if "--splits" in flags:
        variants("FLYDSL_GEMM_SPLITK", flags["--splits"].split("=", 1)[1].split(","), shapes)
