"""The kernel library (flydsl.kernels) on the cpu target against numpy in float64: odd and
large row lengths, extreme values, every dtype, the fused residual, bad input (a clear error
and an untouched output), the kernel cache, and the gfx942 code of each kernel."""

import math
import os
import re
import subprocess
import sys

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_FLOAT, KDL_ROCM, DLView, bf16, from_bf16_bits
from _tools import needs_llvm_tools

RNG = np.random.default_rng(16)
# Absolute and relative tolerances per output dtype: f32 a few ulp of float32 arithmetic, f16
# and bf16 one rounding of the output (2^-11 and 2^-8 relative) plus float32 arithmetic.
TOL = {"f32": (1e-6, 2e-5), "f16": (1e-4, 2e-3), "bf16": (1e-3, 1.6e-2)}


def as_dtype(x, dtype):
    """x rounded to dtype: (the tensor to pass, its exact values as float64, a reader of
    results written into a tensor of that dtype)."""
    if dtype == "f32":
        t = np.ascontiguousarray(x, np.float32)
        return t, t.astype(np.float64), lambda o: o.astype(np.float64)
    if dtype == "f16":
        t = np.ascontiguousarray(x, np.float16)
        return t, t.astype(np.float64), lambda o: o.astype(np.float64)
    view, bits = bf16(x)
    return view, from_bf16_bits(bits).astype(np.float64), lambda o: from_bf16_bits(o.array)


def empty(shape, dtype):
    if dtype == "bf16":
        return bf16(np.zeros(shape, np.float32))[0]
    return np.zeros(shape, np.float32 if dtype == "f32" else np.float16)


def close(got, want, dtype, scale=1.0):
    atol, rtol = TOL[dtype]
    np.testing.assert_allclose(got, want, atol=atol * scale, rtol=rtol, equal_nan=True)


def softmax_ref(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def layernorm_ref(h, w, b, eps):
    m = h.mean(-1, keepdims=True)
    y = (h - m) / np.sqrt(((h - m) ** 2).mean(-1, keepdims=True) + eps) * w
    return y if b is None else y + b


def rmsnorm_ref(h, w, eps):
    return h / np.sqrt((h * h).mean(-1, keepdims=True) + eps) * w


# Row lengths: 1, small primes, one under and over a vector, the register/streamed boundary
# (32 values a thread at 1024 threads) and long rows up to 256k.
COLS = [1, 2, 7, 31, 100, 127, 1000, 4096, 4099, 32768, 32769, 65537, 262144]


@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("cols", COLS)
def test_softmax_matches_numpy(dtype, cols):
    rows = 3 if cols < 100000 else 1
    x, exact, read = as_dtype(RNG.standard_normal((rows, cols)) * 5, dtype)
    out = empty((rows, cols), dtype)
    fk.softmax(x, out=out)
    close(read(out), softmax_ref(exact), dtype)


def test_softmax_extreme_rows():
    n = 1000
    rows = np.stack([
        np.full(n, 3.0),                       # all equal: 1/n each
        np.where(np.arange(n) == 7, 1e30, 0),  # one huge logit: a one-hot row
        np.linspace(-3e38, 3e38, n),           # near float32's range: no overflow
        np.where(np.arange(n) % 2 == 0, -np.inf, 1.0),  # -inf entries: zeros there
        np.full(n, -np.inf),                   # all -inf: NaN, as numpy and torch give
        np.where(np.arange(n) == 3, np.inf, 0.0),       # +inf: NaN
    ]).astype(np.float32)  # fmt: skip
    with np.errstate(invalid="ignore", over="ignore"):
        want = softmax_ref(rows.astype(np.float64))
    got = fk.softmax(rows)
    close(got, want, "f32")
    assert np.allclose(got[0], 1.0 / n) and got[1, 7] == 1.0 and np.isnan(got[4]).all()


@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("cols", [1, 5, 127, 768, 4096, 4099, 65537])
@pytest.mark.parametrize("rms", [False, True])
def test_norms_match_numpy(dtype, cols, rms):
    rows, eps = 3, 1e-5
    # Rows far from zero: the variance must not come from E[h^2] - mean^2.
    x, hx, read = as_dtype(RNG.standard_normal((rows, cols)) + 100, dtype)
    w, hw, _ = as_dtype(RNG.standard_normal(cols), dtype)
    out = empty((rows, cols), dtype)
    if rms:
        fk.rmsnorm(x, w, eps=eps, out=out)
        want = rmsnorm_ref(hx, hw, eps)
    else:
        b, hb, _ = as_dtype(RNG.standard_normal(cols), dtype)
        fk.layernorm(x, w, b, eps=eps, out=out)
        want = layernorm_ref(hx, hw, hb, eps)
    # Centring values near 100 in float32 leaves errors of a few ulp of 100 (1e-5 each).
    close(read(out), want, dtype, scale=100.0)


@pytest.mark.parametrize("rms", [False, True])
@pytest.mark.parametrize("cols", [33, 4096, 40000])
def test_norm_fused_residual_in_place(rms, cols):
    x = RNG.standard_normal((4, cols)).astype(np.float32)
    residual = RNG.standard_normal((4, cols)).astype(np.float32)
    w = RNG.standard_normal(cols).astype(np.float32)
    h = x.astype(np.float64) + residual
    before = residual.copy()
    if rms:
        y = fk.rmsnorm(x, w, eps=1e-6, residual=residual, residual_out=residual)
        want = rmsnorm_ref(h, w, 1e-6)
    else:
        y = fk.layernorm(x, w, eps=1e-6, residual=residual, residual_out=residual)
        want = layernorm_ref(h, w, None, 1e-6)
    close(y, want, "f32", scale=4.0)
    np.testing.assert_array_equal(residual, x + before)


def test_rows_of_views_and_batches():
    wide = RNG.standard_normal((6, 300)).astype(np.float32)
    view = wide[::2, 10:210]  # row stride 600, rows of 200 from element 10 on
    np.testing.assert_allclose(fk.softmax(view), softmax_ref(view.astype(np.float64)), atol=1e-6)
    batch = RNG.standard_normal((2, 3, 64)).astype(np.float32)
    w = np.ones(64, np.float32)
    want = rmsnorm_ref(batch.astype(np.float64), w, 1e-6)
    np.testing.assert_allclose(fk.rmsnorm(batch, w), want, atol=1e-5)


def gelu_ref(a):
    return 0.5 * a * (1 + np.vectorize(math.erf)(a / math.sqrt(2)))


ELEMENTWISE = {
    "add": (lambda a, b: fk.add(a, b), lambda a, b: a + b),
    "mul": (lambda a, b: fk.mul(a, b), lambda a, b: a * b),
    "scale_bias": (lambda a, b: fk.scale_bias(a, 2.5, -1.25), lambda a, b: 2.5 * a - 1.25),
    "silu": (lambda a, b: fk.silu(a), lambda a, b: a / (1 + np.exp(-a))),
    "gelu": (lambda a, b: fk.gelu(a), lambda a, b: gelu_ref(a)),
    "gelu_tanh": (
        lambda a, b: fk.gelu(a, approximate="tanh"),
        lambda a, b: 0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a**3))),
    ),
    "silu_mul": (lambda a, b: fk.silu_mul(a, b), lambda a, b: a / (1 + np.exp(-a)) * b),
}


@pytest.mark.parametrize("dtype", ["f32", "f16"])
@pytest.mark.parametrize("n", [1, 7, 4096, 12289, 100000])
@pytest.mark.parametrize("op", sorted(ELEMENTWISE))
def test_elementwise_matches_numpy(op, n, dtype):
    np_dtype = np.float32 if dtype == "f32" else np.float16
    a = (RNG.standard_normal(n) * 3).astype(np_dtype)
    b = RNG.standard_normal(n).astype(np_dtype)
    run, ref = ELEMENTWISE[op]
    got = run(a, b)
    assert got.dtype == np_dtype and got.shape == a.shape
    want = ref(a.astype(np.float64), b.astype(np.float64))
    close(got.astype(np.float64), want, dtype, scale=10.0)


def test_elementwise_bf16_and_unaligned():
    a, ha, read = as_dtype(RNG.standard_normal((37, 41)), "bf16")
    b, hb, _ = as_dtype(RNG.standard_normal((37, 41)), "bf16")
    out = empty((37, 41), "bf16")
    fk.silu_mul(a, b, out=out)
    close(read(out), ha / (1 + np.exp(-ha)) * hb, "bf16", scale=10.0)
    # One element past an aligned start: the kernel falls back to narrower vectors.
    base = RNG.standard_normal(1001).astype(np.float32)
    np.testing.assert_array_equal(fk.add(base[1:], base[:-1]), base[1:] + base[:-1])


def test_each_specialisation_is_built_once():
    x = RNG.standard_normal((5, 777)).astype(np.float32)
    fk.softmax(x)
    built = fk.kernels_built()
    fk.softmax(RNG.standard_normal((50, 777)).astype(np.float32))  # more rows: same kernel
    assert fk.kernels_built() == built
    fk.softmax(RNG.standard_normal((5, 778)).astype(np.float32))  # another row length
    assert fk.kernels_built() == built + 1


def rocm_view(a):
    return DLView(a, KDL_FLOAT, 32, KDL_ROCM)


BAD = [
    ("int dtype", lambda o: fk.softmax(np.zeros((2, 8), np.int32), out=o), "float32, float16"),
    ("rank 0", lambda o: fk.softmax(np.array(1.0, np.float32), out=o), "rank 0"),
    ("shape", lambda o: fk.softmax(np.zeros((2, 9), np.float32), out=o), "has shape"),
    ("strided last dim", lambda o: fk.softmax(np.zeros((2, 16), np.float32)[:, ::2], out=o),
     "stride 2"),
    ("weight length", lambda o: fk.rmsnorm(np.zeros((2, 8), np.float32),
                                           np.zeros(7, np.float32), out=o), "row length 8"),
    ("weight rank", lambda o: fk.layernorm(np.zeros((2, 8), np.float32),
                                           np.zeros((1, 8), np.float32), out=o), "rank-1"),
    ("residual shape", lambda o: fk.rmsnorm(np.zeros((2, 8), np.float32), np.ones(8, np.float32),
                                            residual=np.zeros((2, 4), np.float32), out=o),
     "has shape"),
    ("residual_out alone", lambda o: fk.rmsnorm(np.zeros((2, 8), np.float32),
                                                np.ones(8, np.float32),
                                                residual_out=np.zeros((2, 8), np.float32),
                                                out=o), "without a residual"),
    ("negative eps", lambda o: fk.layernorm(np.zeros((2, 8), np.float32),
                                            np.ones(8, np.float32), eps=-1.0, out=o), "eps"),
    ("two devices", lambda o: fk.softmax(rocm_view(np.zeros((2, 8), np.float32)), out=o),
     "is on cpu:0 but"),
    ("mixed dtypes", lambda o: fk.add(np.zeros(16, np.float32), np.zeros(16, np.float16),
                                      out=o.reshape(-1)), "share one dtype"),
    ("not contiguous", lambda o: fk.add(np.zeros((2, 16), np.float32)[:, ::2],
                                        np.zeros((2, 8), np.float32), out=o), "not contiguous"),
    ("not a tensor", lambda o: fk.softmax([1.0, 2.0], out=o), "not a DLPack tensor"),
]  # fmt: skip


@pytest.mark.parametrize("name,call,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_clear_error_and_writes_nothing(name, call, message):
    out = np.full((2, 8), 7.0, np.float32)
    with pytest.raises((flydsl.FlyDSLError, TypeError), match=message):
        call(out)
    assert (out == 7.0).all()


def test_a_unary_op_refuses_a_second_operand():
    import flydsl._lib as L

    a = np.zeros(4, np.float32)
    with pytest.raises(flydsl.InvalidArgumentError, match="takes one operand"):
        fk._elementwise(3, a, a, 0, 0, np.zeros(4, np.float32), None)
    with pytest.raises(flydsl.InvalidArgumentError, match="unknown elementwise op"):
        fk._elementwise(99, a, a, 0, 0, np.zeros(4, np.float32), None)
    assert L.lib.fly_last_error_message()


# gfx942 code of each kernel: 128-bit global accesses, no scratch, cross-lane reductions by
# ds_swizzle (xor patterns from an immediate, no lane addresses) rather than ds_bpermute.
GFX942 = {
    "softmax": "fk.softmax(r(x), out=r(x.copy()))",
    "rmsnorm": "fk.rmsnorm(r(x), r(w), out=r(x.copy()))",
    "layernorm": "fk.layernorm(r(x), r(w), r(w), out=r(x.copy()))",
    "silu_mul": "fk.silu_mul(r(x), r(x), out=r(x.copy()))",
}
# Under COMPILE_ONLY a library call compiles its kernel and then says it did not run.
COMPILED_ONLY = (
    "try:\n    {}\nexcept flydsl.LaunchError as e:\n    assert 'COMPILE_ONLY' in str(e)\n"
)


@needs_llvm_tools
@pytest.mark.parametrize("kernel", sorted(GFX942))
def test_gfx942_code(kernel, tmp_path):
    script = (
        "import sys, numpy as np\n"
        "sys.path[:0] = ['bindings/python', 'tests/python']\n"
        "import flydsl, flydsl.kernels as fk\nfrom _dlpack import DLView, KDL_FLOAT, KDL_ROCM\n"
        "r = lambda a: DLView(a, KDL_FLOAT, 32, KDL_ROCM)\n"
        "x = np.zeros((4, 4096), np.float32); w = np.zeros(4096, np.float32)\n"
        + COMPILED_ONLY.format(GFX942[kernel])
    )
    env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1",
           "FLYDSL_DUMP_DIR": str(tmp_path), "ARCH": "gfx942"}  # fmt: skip
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root)
    (hsaco,) = (tmp_path / "rocm-gfx942").glob("*_code_object.hsaco")
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(hsaco)], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
    assert re.search(r"global_load_dwordx4", text) and re.search(r"global_store_dwordx4", text)
    assert "scratch_" not in text and "buffer_store_dword v" not in text
    (asm,) = (f.read_text() for f in (tmp_path / "rocm-gfx942").glob("*_final_isa.s"))
    assert ".private_segment_fixed_size: 0" in asm
    if kernel != "silu_mul":
        assert "ds_swizzle_b32" in text and "ds_bpermute_b32" not in text
