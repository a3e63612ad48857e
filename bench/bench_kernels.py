"""The kernel library against torch eager and Triton on a CUDA GPU, side by side: row softmax,
layernorm, rmsnorm and an elementwise add at 16384x4096 and 4096x16384 in fp32 and bf16, plus
LLM shapes (8192x8192 bf16 rmsnorm, 32x128256 bf16 softmax). Each is timed by CUDA events
over a CUDA graph of repeated launches (Python launch costs excluded for every column), and
reported as GB/s of compulsory traffic (inputs read once, outputs written once) and as a
fraction of the device's copy bandwidth (torch's copy_ of 1 GiB).
Run: PYTHONPATH=bindings/python python3 bench/bench_kernels.py
"""

import sys

import flydsl.kernels as fk
import torch
import torch.nn.functional as F

try:
    import triton
    import triton.language as tl
except ImportError:  # the table then has no Triton column
    triton = None

REPS = 20


def timed(fn):
    """Milliseconds per call: a CUDA graph of REPS calls, replayed and timed by events."""
    fn()
    torch.cuda.synchronize()
    try:
        graph = torch.cuda.CUDAGraph()
        s = torch.cuda.Stream()
        with torch.cuda.stream(s):
            with torch.cuda.graph(graph, stream=s):
                for _ in range(REPS):
                    fn()
        run = graph.replay
    except Exception as e:  # not capturable: plain launches
        print(f"  (no graph: {type(e).__name__}: {e})", file=sys.stderr)

        def run():
            for _ in range(REPS):
                fn()

    run()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(5):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end) / REPS)
    return best


def copy_bandwidth():
    x = torch.empty(1 << 28, device="cuda")
    y = torch.empty_like(x)
    return 2 * x.numel() * 4 / timed(lambda: y.copy_(x)) / 1e6


if triton is not None:

    @triton.jit
    def tr_softmax(X, Y, stride, n, BLOCK: tl.constexpr, ONE_PASS: tl.constexpr):
        row = tl.program_id(0)
        x_row, y_row = X + row * stride, Y + row * stride
        offs = tl.arange(0, BLOCK)
        if ONE_PASS:
            x = tl.load(x_row + offs, mask=offs < n, other=-float("inf")).to(tl.float32)
            e = tl.exp(x - tl.max(x, 0))
            tl.store(y_row + offs, (e / tl.sum(e, 0)).to(Y.dtype.element_ty), mask=offs < n)
        else:
            m = tl.full([BLOCK], -float("inf"), tl.float32)
            s = tl.zeros([BLOCK], tl.float32)
            for start in range(0, n, BLOCK):
                x = tl.load(x_row + start + offs, mask=start + offs < n, other=-float("inf"))
                x = x.to(tl.float32)
                m_new = tl.maximum(m, x)
                s = s * tl.exp(m - m_new) + tl.exp(x - m_new)
                m = m_new
            mx = tl.max(m, 0)
            total = tl.sum(s * tl.exp(m - mx), 0)
            for start in range(0, n, BLOCK):
                x = tl.load(x_row + start + offs, mask=start + offs < n, other=-float("inf"))
                y = tl.exp(x.to(tl.float32) - mx) / total
                tl.store(y_row + start + offs, y.to(Y.dtype.element_ty), mask=start + offs < n)

    @triton.jit
    def tr_norm(X, W, B, Y, stride, n, eps, RMS: tl.constexpr, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(X + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
        if RMS:
            y = x * tl.rsqrt(tl.sum(x * x, 0) / n + eps)
        else:
            mean = tl.sum(x, 0) / n
            d = tl.where(mask, x - mean, 0.0)
            y = d * tl.rsqrt(tl.sum(d * d, 0) / n + eps)
        y = y * tl.load(W + offs, mask=mask).to(tl.float32)
        if not RMS:
            y = y + tl.load(B + offs, mask=mask).to(tl.float32)
        tl.store(Y + row * stride + offs, y.to(Y.dtype.element_ty), mask=mask)

    @triton.jit
    def tr_add(A, B, C, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(C + offs, tl.load(A + offs, mask=mask) + tl.load(B + offs, mask=mask), mask=mask)

    def triton_softmax(x, y):
        n = x.shape[1]
        one = triton.next_power_of_2(n) <= 32768
        block = triton.next_power_of_2(n) if one else 4096
        warps = 16 if block >= 16384 else 8 if block >= 4096 else 4
        tr_softmax[(x.shape[0],)](x, y, x.stride(0), n, BLOCK=block, ONE_PASS=one,
                                  num_warps=warps)  # fmt: skip

    def triton_norm(x, w, b, y, rms):
        n = x.shape[1]
        block = triton.next_power_of_2(n)
        warps = 16 if block >= 16384 else 8 if block >= 4096 else 4
        tr_norm[(x.shape[0],)](x, w, b, y, x.stride(0), n, 1e-5, RMS=rms, BLOCK=block,
                               num_warps=warps)  # fmt: skip

    def triton_add(a, b, c):
        n = a.numel()
        tr_add[(triton.cdiv(n, 4096),)](a, b, c, n, BLOCK=4096, num_warps=8)


def cases():
    big = [(16384, 4096), (4096, 16384)]
    for dtype in (torch.float32, torch.bfloat16):
        for m, n in big:
            for op in ("softmax", "layernorm", "rmsnorm", "add"):
                yield op, m, n, dtype
    yield "rmsnorm", 8192, 8192, torch.bfloat16
    yield "softmax", 32, 128256, torch.bfloat16


def run_case(op, m, n, dtype, bandwidth):
    x = torch.randn(m, n, device="cuda").to(dtype)
    y = torch.empty_like(x)
    w = torch.randn(n, device="cuda").to(dtype)
    b = torch.randn(n, device="cuda").to(dtype)
    elem = x.element_size()
    traffic = 2 * m * n * elem + (n * elem if op == "rmsnorm" else 0)
    if op == "softmax":
        ours = lambda: fk.softmax(x, out=y)  # noqa: E731
        eager = lambda: torch.softmax(x, -1)  # noqa: E731
        tri = lambda: triton_softmax(x, y)  # noqa: E731
    elif op == "layernorm":
        traffic += 2 * n * elem
        ours = lambda: fk.layernorm(x, w, b, eps=1e-5, out=y)  # noqa: E731
        eager = lambda: F.layer_norm(x, (n,), w, b, 1e-5)  # noqa: E731
        tri = lambda: triton_norm(x, w, b, y, False)  # noqa: E731
    elif op == "rmsnorm":
        ours = lambda: fk.rmsnorm(x, w, eps=1e-5, out=y)  # noqa: E731
        eager = lambda: F.rms_norm(x, (n,), w, 1e-5)  # noqa: E731
        tri = lambda: triton_norm(x, w, b, y, True)  # noqa: E731
    else:
        traffic = 3 * m * n * elem
        x2 = torch.randn_like(x)
        ours = lambda: fk.add(x, x2, out=y)  # noqa: E731
        eager = lambda: torch.add(x, x2, out=y)  # noqa: E731
        tri = lambda: triton_add(x, x2, y)  # noqa: E731
    t_ours, t_eager = timed(ours), timed(eager)
    t_tri = timed(tri) if triton is not None else float("nan")
    gbs = traffic / t_ours / 1e6
    name = f"{op} {m}x{n} {str(dtype).split('.')[-1]}"
    print(f"| {name:28s} | {gbs:7.0f} | {gbs / bandwidth:5.2f} | {t_ours * 1e3:8.1f} | "
          f"{t_eager * 1e3:8.1f} | {t_tri * 1e3:8.1f} | {t_eager / t_ours:5.2f} | "
          f"{t_tri / t_ours:5.2f} |", flush=True)  # fmt: skip


def main():
    bandwidth = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}: copy bandwidth (torch copy_, 1 GiB) "
          f"{bandwidth:.0f} GB/s")  # fmt: skip
    print("| kernel | FlyDSL GB/s | of copy | FlyDSL us | torch us | Triton us "
          "| vs torch | vs Triton |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in cases():
        run_case(*case, bandwidth)


if __name__ == "__main__":
    main()
