"""Vectors, AMD buffer access, printf and while loops, run on the default target (cpu, or a
CUDA device with torch tensors) against numpy."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.expr import buffer_ops, vector


@flyc.kernel
def scale_by_vectors(x: fx.Tensor, y: fx.Tensor, n: fx.Int32):
    # Four consecutive elements per thread; the tail (n % 4) one by one.
    i = (fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x) * 4
    if i + 4 <= n:
        v = x.load(i, lanes=4)
        w = v * 2.0 + fx.Vector.from_elements([1.0, 2.0, 3.0, 4.0], fx.Float32)
        w.store(y, i)
    else:
        for j in range(i, n):
            y[j] = x[j] * 2.0 + (j - i + 1).to("f32")


@pytest.mark.parametrize("n", [4, 13, 256, 1001])
def test_vector_load_arithmetic_store(n):
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    y = dev.array(np.zeros(n, np.float32))
    threads = (n + 3) // 4
    scale_by_vectors(dev.array(x), y, n).launch(grid=((threads + 63) // 64,), block=(64,))
    np.testing.assert_allclose(dev.host(y), x * 2 + (np.arange(n) % 4 + 1), rtol=1e-6)


@flyc.kernel
def lanes_and_bits(h: fx.Tensor, out: fx.Tensor, words: fx.Tensor):
    t = fx.thread_idx.x
    v = h.load(t * 4, lanes=4)  # 4 x f16
    # Swap lanes 0 and 3, read lane by lane, and reinterpret as 2 x i32.
    s = v.insert(v[3], 0).insert(v[0], 3)
    total = fx.Float32(0.0)
    for k in range(4):
        total = total + vector.extractelement(s, k).to("f32") * (k + 1).to("f32")
    out[t] = total
    w = s.bitcast("i32")
    words[t * 2] = w[0]
    words[t * 2 + 1] = w[1]


def test_extract_insert_bitcast():
    h = np.arange(32, dtype=np.float16) * np.float16(0.5)
    out = dev.array(np.zeros(8, np.float32))
    words = dev.array(np.zeros(16, np.int32))
    lanes_and_bits(dev.array(h), out, words).launch(block=(8,))
    s = h.reshape(8, 4)[:, [3, 1, 2, 0]]
    np.testing.assert_allclose(dev.host(out), (s.astype(np.float32) * [1, 2, 3, 4]).sum(1))
    np.testing.assert_array_equal(dev.host(words), s.copy().view(np.int32).reshape(-1))


@flyc.kernel
def buffer_copy(src: fx.Tensor, dst: fx.Tensor, shift: fx.Int32):
    # Each thread copies 4 elements from offset 4*t + shift: reads past the end give zeros,
    # writes past the end are dropped, lane by lane. Offsets are unsigned as the hardware
    # reads them: a negative one puts the whole access out of range.
    t = fx.thread_idx.x
    a = buffer_ops.create_buffer_resource(src)
    b = buffer_ops.create_buffer_resource(dst)
    v = buffer_ops.buffer_load(a, t * 4 + shift, vec_width=4)
    buffer_ops.buffer_store(v, b, t * 4)


@pytest.mark.parametrize("n,shift", [(16, 0), (14, 0), (16, 3), (10, -2)])
def test_buffer_bounds(n, shift):
    src = np.arange(1, n + 1, dtype=np.float32)
    dst = dev.array(np.full(n, -1.0, np.float32))
    threads = 5  # covers 20 elements: more than the tensors hold
    buffer_copy(dev.array(src), dst, shift).launch(block=(threads,))
    expect = np.zeros(n, np.float32)
    for e in range(min(n, threads * 4)):
        start = e // 4 * 4 + shift
        s = e + shift
        expect[e] = src[s] if start >= 0 and s < n else 0.0
    np.testing.assert_array_equal(dev.host(dst), expect)


@flyc.kernel
def buffer_of_view(src: fx.Tensor, dst: fx.Tensor):
    # The resource spans a strided view's elements: first to last, not past the last.
    t = fx.thread_idx.x
    dst[t] = buffer_ops.buffer_load(buffer_ops.create_buffer_resource(src), t)


def test_buffer_resource_spans_a_strided_view():
    base = dev.array(np.arange(20, dtype=np.int32))
    view = base[:9:2]  # 0 2 4 6 8: the span is 9 elements, 0..8
    dst = dev.array(np.full(12, -1, np.int32))
    buffer_of_view(view, dst).launch(block=(12,))
    np.testing.assert_array_equal(dev.host(dst), list(range(9)) + [0, 0, 0])


@flyc.kernel
def collatz_steps(x: fx.Tensor, steps: fx.Tensor):
    t = fx.thread_idx.x
    v = x[t]
    count = 0
    while v != 1:
        if v % 2 == 0:
            v = v // 2
        else:
            v = v * 3 + 1
        count = count + 1
    steps[t] = count


def collatz(v):
    c = 0
    while v != 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        c += 1
    return c


def test_dynamic_while_loop():
    x = np.arange(1, 65, dtype=np.int32)
    steps = dev.array(np.zeros(64, np.int32))
    collatz_steps(dev.array(x), steps).launch(block=(64,))
    np.testing.assert_array_equal(dev.host(steps), [collatz(int(v)) for v in x])


@flyc.kernel
def python_while(out: fx.Tensor):
    k = 1
    acc = fx.Float32(0.0)
    while k < 5:  # a Python condition: unrolled while tracing
        acc = acc + float(k)
        k = k * 2
    out[fx.thread_idx.x] = acc


def test_python_while_unrolls():
    out = dev.array(np.zeros(2, np.float32))
    python_while(out).launch(block=(2,))
    np.testing.assert_array_equal(dev.host(out), [7.0, 7.0])


@flyc.kernel
def vector_accumulate(x: fx.Tensor, out: fx.Tensor, rows: fx.Int32):
    # A vector carried through a dynamic loop: column sums of a rows x 4 matrix.
    acc = fx.Vector.splat(0.0, 4, "f32")
    for r in range(rows):
        acc = acc + x.load((r, 0), lanes=4)
    out.store(0, acc)


def test_vector_carried_by_loop():
    x = np.random.default_rng(7).standard_normal((37, 4)).astype(np.float32)
    out = dev.array(np.zeros(4, np.float32))
    vector_accumulate(dev.array(x), out, 37).launch(block=(1,))
    np.testing.assert_allclose(dev.host(out), x.sum(0), rtol=1e-5)


@flyc.kernel
def hello(n: fx.Int32):
    t = fx.thread_idx.x
    if t < n:
        fx.printf("thread %d of %d: %.2f\n", t, n, t.to("f32") * 0.5)


def test_printf_from_every_thread(capfd):
    hello(3).launch(block=(4,))
    dev.synchronize()
    out = capfd.readouterr().out
    lines = sorted(line for line in out.splitlines() if line.startswith("thread"))
    assert lines == ["thread 0 of 3: 0.00", "thread 1 of 3: 0.50", "thread 2 of 3: 1.00"]


def _trace_error(body, *args):
    kernel = flyc.kernel(body)
    with pytest.raises(Exception) as info:
        kernel(*args).launch(block=(1,))
    return str(info.value)


def test_bad_vector_and_buffer_uses_are_clear_errors():
    def lane_out_of_range(x: fx.Tensor):
        v = x.load(0, lanes=4)
        x[0] = v[4]

    assert "lane 4 of a vector of 4 lanes" in _trace_error(
        lane_out_of_range, dev.array(np.zeros(4, np.float32))
    )

    def mixed_lanes(x: fx.Tensor):
        x.store(0, x.load(0, lanes=4) + x.load(0, lanes=2))

    assert "vector<4xf32> and vector<2xf32>" in _trace_error(
        mixed_lanes, dev.array(np.zeros(4, np.float32))
    )

    def too_wide(x: fx.Tensor):
        r = buffer_ops.create_buffer_resource(x)
        x[0] = buffer_ops.buffer_load(r, 0, vec_width=8)[0]

    assert "1, 2, 4, 8, 12 or 16 bytes" in _trace_error(
        too_wide, dev.array(np.zeros(8, np.float32))
    )

    def shared_buffer(x: fx.Tensor):
        s = fx.SharedTensor("f32", 16)
        buffer_ops.create_buffer_resource(s)

    assert "global tensor" in _trace_error(shared_buffer, dev.array(np.zeros(8, np.float32)))

    def bad_bitcast(x: fx.Tensor):
        x.store(0, x.load(0, lanes=3).bitcast("f64").bitcast("f32"))

    assert "does not keep the bits" in _trace_error(bad_bitcast, dev.array(np.zeros(4, np.float32)))

    def vector_printf(x: fx.Tensor):
        fx.printf("%f\n", x.load(0, lanes=2))

    assert "vector where a scalar is needed" in _trace_error(
        vector_printf, dev.array(np.zeros(4, np.float32))
    )


def _integer_power(base, exponent, bits, signed):
    """x ** e wrapped to `bits`, with MLIR's math.ipowi answers for negative signed e."""
    if exponent < 0:
        return 1 if base == 1 else (-1) ** (-exponent % 2) if base == -1 else 0
    value = pow(base, exponent, 1 << bits)
    return value - (1 << bits) if signed and value >= 1 << (bits - 1) else value


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint16, np.uint32])
def test_integer_power_of_scalars_and_vectors(dtype):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(7)
    lanes = 8
    bases = rng.integers(max(info.min, -5), min(info.max, 6), 64, endpoint=True).astype(dtype)
    exponents = rng.integers(0 if info.min == 0 else -3, 40, 64, endpoint=True).astype(dtype)
    exponents[:3] = np.array([info.max, info.max - 1, 0], dtype)  # every bit of the exponent

    @flyc.kernel
    def powers(x: fx.Tensor, e: fx.Tensor, scalar: fx.Tensor, vector: fx.Tensor):
        i = fx.thread_idx.x
        scalar[i] = x[i] ** e[i]
        if i % lanes == 0:
            (x.load(i, lanes=lanes) ** e.load(i, lanes=lanes)).store(vector, i)

    scalar, vector = dev.array(np.zeros(64, dtype)), dev.array(np.zeros(64, dtype))
    powers(dev.array(bases), dev.array(exponents), scalar, vector).launch(grid=(1,), block=(64,))
    bits, signed = info.bits, info.min < 0
    want = [_integer_power(int(b), int(e), bits, signed) for b, e in zip(bases, exponents)]
    np.testing.assert_array_equal(dev.host(scalar), np.array(want, dtype))
    np.testing.assert_array_equal(dev.host(vector), np.array(want, dtype))
