"""Programmatic dependent launch (Hopper): a chain of eight launches, each reading what the one
before it wrote, where each launch may start while its predecessor still runs. A kernel that
calls fx.nvgpu.grid_dependency_wait is launched that way: its blocks may be resident before the
previous kernel ends, doing work that touches no global memory (here: their indices), and the
wait holds them until that kernel has finished and its writes are visible. Calling
fx.nvgpu.launch_dependents after the wait lets the next launch start as early in its turn.
Every step computes y = 2 * x + 1, so after eight steps y = 256 * x + 255, exactly.

On an NVIDIA GPU (sm_90) these are griddepcontrol instructions and the launches carry the
programmatic stream serialization attribute; the cpu target runs launches one after another,
so it drops them (as the sm_90 it then emulates).
Run: PYTHONPATH=bindings/python python3 examples/09_dependent_launch.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import ON_GPU, TARGET, array, host

if not ON_GPU:
    os.environ.setdefault("ARCH", "sm_90")  # the arch the cpu target emulates

THREADS, STEPS = 128, 8


@flyc.kernel
def affine_step(X: fx.Tensor, Y: fx.Tensor):
    i = fx.block_idx.x * THREADS + fx.thread_idx.x  # no memory yet: may overlap the last step
    fx.nvgpu.grid_dependency_wait()  # the previous step's Y (this step's X) is complete
    fx.nvgpu.launch_dependents()
    if i < X.shape[0]:
        Y[i] = X[i] * 2.0 + 1.0


def main():
    n = 100_000
    x = np.random.default_rng(0).integers(-1000, 1000, n).astype(np.float32)
    buffers = [array(x.copy()), array(np.zeros(n, np.float32))]  # x stays as it was
    grid = ((n + THREADS - 1) // THREADS,)
    for step in range(STEPS):
        src, dst = buffers[step % 2], buffers[(step + 1) % 2]
        affine_step(flyc.from_dlpack(src), flyc.from_dlpack(dst)).launch(
            grid=grid, block=(THREADS,)
        )
    got = host(buffers[STEPS % 2])
    assert np.array_equal(got, 256 * x + 255), "a step read its input before the last step wrote it"
    print(f"{STEPS} dependent launches of {n} elements on {TARGET}: exact")
    print("ok")


if __name__ == "__main__":
    main()
