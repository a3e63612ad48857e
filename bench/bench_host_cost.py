"""Host time per call of the kernel library (`flydsl.kernels`) against the same torch op, on
tiny tensors so that the kernels take less time than issuing them: what a decode-sized step
pays for each call. Each figure is the median over 40 batches of 200 calls (after a warm-up that
compiles the kernel; the device drains between batches, untimed), with the result given
(`out=`) and allocated by the call.

    python3 bench/bench_host_cost.py          # torch tensors on CUDA (the device machine)
    python3 bench/bench_host_cost.py cpu      # torch tensors on the host (the cpu target:
                                              # its kernels run inside the call)
"""

import statistics
import sys
import time

import flydsl.kernels as fk
import torch

BATCH, BATCHES = 200, 40


def per_call_us(fn, device):
    """The median over BATCHES batches of BATCH calls of the host time per call; the device
    drains between batches, untimed, so that a full launch queue never makes the host wait
    for kernels (what is timed is issuing them)."""
    fn()
    fn()
    times = []
    for _ in range(BATCHES):
        if device == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(BATCH):
            fn()
        times.append((time.perf_counter() - start) / BATCH * 1e6)
    if device == "cuda":
        torch.cuda.synchronize()
    return statistics.median(times)


def cases(device):
    f16 = {"device": device, "dtype": torch.float16}
    a, b, o = (torch.randn(1024, **f16) for _ in range(3))
    x, w, bias = torch.randn(4, 256, **f16), torch.randn(256, **f16), torch.randn(256, **f16)
    y = torch.empty_like(x)
    ma, mb = torch.randn(16, 64, **f16), torch.randn(64, 16, **f16)
    mo = torch.empty(16, 16, **f16)
    ln = torch.nn.functional.layer_norm
    return [
        ("add", lambda: fk.add(a, b, out=o), lambda: torch.add(a, b, out=o),
         lambda: fk.add(a, b), lambda: torch.add(a, b)),
        ("silu", lambda: fk.silu(a, out=o), lambda: torch.nn.functional.silu(a),
         lambda: fk.silu(a), lambda: torch.nn.functional.silu(a)),
        ("softmax", lambda: fk.softmax(x, out=y), lambda: torch.softmax(x, -1),
         lambda: fk.softmax(x), lambda: torch.softmax(x, -1)),
        ("layernorm", lambda: fk.layernorm(x, w, bias, out=y), lambda: ln(x, (256,), w, bias),
         lambda: fk.layernorm(x, w, bias), lambda: ln(x, (256,), w, bias)),
        ("rmsnorm", lambda: fk.rmsnorm(x, w, out=y), lambda: torch.rms_norm(x, (256,), w),
         lambda: fk.rmsnorm(x, w), lambda: torch.rms_norm(x, (256,), w)),
        ("gemm", lambda: fk.gemm(ma, mb, out=mo), lambda: torch.matmul(ma, mb, out=mo),
         lambda: fk.gemm(ma, mb), lambda: torch.matmul(ma, mb)),
    ]  # fmt: skip


def main():
    device = sys.argv[1] if len(sys.argv) > 1 else "cuda"
    name = torch.cuda.get_device_name() if device == "cuda" else "host"
    print(f"host time per call, us (median of {BATCHES} batches of {BATCH} calls; {name})")
    print(f"{'op':<10} {'flydsl out=':>12} {'torch out=':>11} {'flydsl':>8} {'torch':>8}")
    for op, fly_out, torch_out, fly_new, torch_new in cases(device):
        row = [per_call_us(fn, device) for fn in (fly_out, torch_out, fly_new, torch_new)]
        print(f"{op:<10} {row[0]:>12.1f} {row[1]:>11.1f} {row[2]:>8.1f} {row[3]:>8.1f}")


if __name__ == "__main__":
    main()
