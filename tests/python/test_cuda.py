"""Kernels on a CUDA device with torch tensors: results against torch, streams, and the
errors a launch on a GPU can meet. Without torch or a CUDA device these skip, saying why."""

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import pytest
from flydsl.expr import buffer_ops

torch = pytest.importorskip("torch", reason="torch is not installed (the CUDA tests use it)")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device is visible", allow_module_level=True)


@flyc.kernel
def axpy(x: fx.Tensor, y: fx.Tensor, a: fx.Float32, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        y[i] = a * x[i] + y[i]


@flyc.kernel
def block_sum(x: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    tid = fx.thread_idx.x
    i = fx.block_idx.x * 256 + tid
    v = x.load(i, pred=i < n)
    scratch = fx.SharedTensor("f32", 256)
    scratch[tid] = v
    fx.barrier()
    step = 128
    for _ in fx.range_constexpr(8):
        if tid < step:
            scratch[tid] = scratch[tid] + scratch[tid + step]
        fx.barrier()
        step //= 2
    if tid == 0:
        out[fx.block_idx.x] = scratch[0]


@flyc.kernel
def buffer_scale(x: fx.Tensor, y: fx.Tensor, alpha: fx.Float32):
    t = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    src, dst = buffer_ops.create_buffer_resource(x), buffer_ops.create_buffer_resource(y)
    buffer_ops.buffer_store(buffer_ops.buffer_load(src, t * 4, vec_width=4) * alpha, dst, t * 4)


def test_target_and_arch_come_from_the_device():
    x = torch.zeros(4, device="cuda")
    c = axpy.compile(x, x, fx.Float32(1.0), 4)
    major, minor = torch.cuda.get_device_capability()
    assert c.target == "cuda" and c.arch == f"sm_{major}{minor}"


@pytest.mark.parametrize("n", [1, 255, 256, 1000, 1 << 20])
def test_axpy(n):
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    expect = 2.5 * x + y
    axpy(x, y, fx.Float32(2.5), n).launch(grid=((n + 255) // 256,), block=(256,))
    torch.cuda.synchronize()
    torch.testing.assert_close(y, expect)


@pytest.mark.parametrize("n", [1, 300, 4099])
def test_block_sum_with_shared_memory_and_barriers(n):
    x = torch.randn(n, device="cuda")
    blocks = (n + 255) // 256
    out = torch.zeros(blocks, device="cuda")
    block_sum(x, out, n).launch(grid=(blocks,), block=(256,))
    padded = torch.zeros(blocks * 256, device="cuda")
    padded[:n] = x
    torch.testing.assert_close(out, padded.view(blocks, 256).sum(1), rtol=1e-4, atol=1e-4)


def test_buffer_bounds_on_the_device():
    x = torch.arange(1, 15, dtype=torch.float32, device="cuda")  # 14: the last vector is partial
    y = torch.full((14,), -1.0, device="cuda")
    buffer_scale(x, y, fx.Float32(2.0)).launch(block=(5,))
    torch.testing.assert_close(y, 2 * x)


def test_streams():
    s = torch.cuda.Stream()
    x, y = torch.ones(1024, device="cuda"), torch.zeros(1024, device="cuda")
    # x and y are filled on the default stream: s must not start before those fills end.
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for stream in (fx.Stream(s), s, s.cuda_stream, fx.Stream(torch.cuda.current_stream())):
            axpy(x, y, fx.Float32(1.0), 1024).launch(grid=(4,), block=(256,), stream=stream)
    s.synchronize()
    assert float(y.sum()) == 4 * 1024
    with pytest.raises(TypeError, match="not a stream"):
        axpy(x, y, fx.Float32(1.0), 1024).launch(block=(1,), stream="fast")


def test_bad_launches_are_clear_errors():
    x = torch.zeros(8, device="cuda")
    host = torch.ones(8)
    # Host memory alone runs on the cpu target; host and device memory in one launch cannot.
    axpy(host, host, fx.Float32(1.0), 8).launch(block=(8,))
    assert float(host.sum()) == 16
    with pytest.raises(flydsl.errors.LaunchError, match="kDLCUDA"):
        axpy(host, x, fx.Float32(1.0), 8).launch(block=(8,))
    with pytest.raises(flydsl.errors.LaunchError, match="exceeds the device's limits"):
        axpy(x, x, fx.Float32(1.0), 8).launch(block=(2048,))
    with pytest.raises(flydsl.errors.LaunchError, match="exceeds the device's limits"):
        axpy(x, x, fx.Float32(1.0), 8).launch(grid=(1, 1 << 20), block=(1,))
    with pytest.raises(flydsl.errors.LaunchError, match="shared memory"):
        axpy(x, x, fx.Float32(1.0), 8).launch(block=(8,), smem=1 << 30)
    # The library stays usable.
    axpy(x, x, fx.Float32(1.0), 8).launch(block=(8,))
    torch.cuda.synchronize()


def test_repeated_launches_take_the_hot_path_with_changing_tensors():
    axpy._prepared.clear()
    for n in (1000, 1000, 4097, 4097):  # fresh tensors each time: new data pointers
        x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
        expect = 0.5 * x + y
        axpy(x, y, 0.5, n).launch(grid=((n + 255) // 256,), block=(256,))
        torch.testing.assert_close(y, expect)
    assert len(axpy._prepared) == 1
    base = torch.arange(64.0, device="cuda")
    out = torch.zeros(32, device="cuda")
    for _ in range(2):  # a strided view, slow then hot path
        axpy(base[::2], out, 1.0, 32).launch(block=(32,))
    torch.testing.assert_close(out, 2 * base[::2])
    # A host tensor after device ones is another signature key: the slow path says what is wrong.
    with pytest.raises(flydsl.errors.LaunchError, match="kDLCUDA"):
        axpy(torch.zeros(8), torch.zeros(8, device="cuda"), 1.0, 8).launch(block=(8,))


def test_a_driver_error_carries_the_drivers_name(monkeypatch):
    # PTX for an arch newer than the device's: the driver refuses to load it.
    major, _ = torch.cuda.get_device_capability()
    monkeypatch.setenv("ARCH", f"sm_{major + 2}0")
    x = torch.zeros(8, device="cuda")
    with pytest.raises(flydsl.errors.LaunchError, match=r"cuModuleLoadDataEx.*CUDA_ERROR_\w+"):
        axpy(x, x, fx.Float32(1.0), 8).launch(block=(8,))
    monkeypatch.delenv("ARCH")
    axpy(x, x, fx.Float32(1.0), 8).launch(block=(8,))  # the library stays usable
    torch.cuda.synchronize()


def test_events_time_a_launch_on_a_stream():
    n = 1 << 24
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    s = torch.cuda.Stream()
    start, end = flyc.Event(), flyc.Event()
    start.record(s)
    axpy(x, y, 1.0, n).launch(grid=(n // 256,), block=(256,), stream=s)
    end.record(s)
    end.synchronize()
    ms = start.elapsed_ms(end)
    assert 0 < ms < 1000  # 128 MiB moved: well under a second, never zero
    with pytest.raises(flydsl.errors.LaunchError, match=r"cuEventElapsedTime.*CUDA_ERROR_\w+"):
        flyc.Event().elapsed_ms(flyc.Event())  # never recorded
