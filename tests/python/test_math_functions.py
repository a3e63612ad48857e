"""The math dialect's functions on kernel values (fx.math.*) against numpy on the cpu target,
their compiles for rocm and cuda, and fast-math flags: ambient (`with fx.fastmath(...)`),
per op (`fastmath=`) and from the compile hints, as they reach the kernel's IR."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _ir_module import module_text
from _tools import needs_rocm_device_libs
from flydsl._mlir import ir
from flydsl.compiler.compilation_context import CompilationContext

# The functions defined on all of X (the logarithms and roots are checked on positive numbers).
UNARY = {
    "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1, "log1p": np.log1p, "cbrt": np.cbrt, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin,
    "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh,
    "asinh": np.arcsinh, "atanh": np.arctanh, "floor": np.floor, "ceil": np.ceil,
    "round": lambda x: np.trunc(x + np.copysign(0.5, x)), "roundeven": np.rint,
    "trunc": np.trunc, "absf": np.abs,
}  # fmt: skip
X = np.array([0.3, -0.7, 0.5, -0.1, 0.95, 2.5, -2.5, 0.0], np.float32)
N = np.array([0, 1, 3, 7, -1, 12, 2, -3], np.int32)


@flyc.kernel
def unary_table(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    for j, name in enumerate(UNARY):
        out[j, i] = getattr(fx.math, name)(x[i])


def test_unary_functions_match_numpy(host_target):
    x = X.copy()
    x[5:7] = [0.25, -0.5]  # inside every function's domain (asin, atanh, ...)
    out = np.zeros((len(UNARY), len(x)), np.float32)
    unary_table(x, out).launch(block=(len(x),))
    for j, (name, ref) in enumerate(UNARY.items()):
        np.testing.assert_allclose(out[j], ref(x), rtol=2e-6, atol=1e-6, err_msg=name)


@flyc.kernel
def positive_table(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    v = x[i]
    out[0, i] = fx.math.log(v)
    out[1, i] = fx.math.log2(v)
    out[2, i] = fx.math.log10(v)
    out[3, i] = fx.math.sqrt(v)
    out[4, i] = fx.math.rsqrt(v)
    out[5, i] = fx.math.acosh(v + 1.0)


def test_functions_of_positive_numbers_match_numpy(host_target):
    x = np.abs(X) + 0.125
    out = np.zeros((6, len(x)), np.float32)
    positive_table(x, out).launch(block=(len(x),))
    refs = [np.log(x), np.log2(x), np.log10(x), np.sqrt(x), 1 / np.sqrt(x), np.arccosh(x + 1)]
    np.testing.assert_allclose(out, np.array(refs, np.float32), rtol=2e-6)


@flyc.kernel
def mixed(x: fx.Tensor, n: fx.Tensor, f: fx.Tensor, k: fx.Tensor):
    i = fx.thread_idx.x
    v, e = x[i], n[i]
    s, c = fx.math.sincos(v)
    f[0, i] = s
    f[1, i] = c
    f[2, i] = fx.math.fpowi(v, e)
    f[3, i] = fx.math.atan2(v, 0.5)
    f[4, i] = fx.math.copysign(2.0, v)
    f[5, i] = fx.math.clampf(v, -0.5, 0.5)
    f[6, i] = fx.math.powf(fx.math.absf(v), 1.5)
    f[7, i] = fx.math.fma(v, v, 1.0)
    k[0, i] = fx.math.ctlz(e)
    k[1, i] = fx.math.cttz(e)
    k[2, i] = fx.math.ctpop(e)
    k[3, i] = fx.math.ipowi(e, 3)
    k[4, i] = fx.math.ipowi(3, e)
    k[5, i] = fx.math.absi(e)


def test_binary_integer_and_two_result_functions_match_numpy(host_target):
    f = np.zeros((8, len(X)), np.float32)
    k = np.zeros((6, len(X)), np.int32)
    mixed(X, N, f, k).launch(block=(len(X),))
    with np.errstate(divide="ignore"):
        fpowi = X.astype(np.float64) ** N.astype(np.float64)
    refs = [np.sin(X), np.cos(X), fpowi, np.arctan2(X, 0.5), np.copysign(2.0, X),
            np.clip(X, -0.5, 0.5), np.abs(X) ** 1.5, X * X + 1]  # fmt: skip
    np.testing.assert_allclose(f, np.array(refs, np.float32), rtol=2e-6, atol=1e-7)
    u = N.view(np.uint32)
    bits = np.array([[(int(w) >> b) & 1 for b in range(32)] for w in u])
    ctlz = [32 - int(w).bit_length() for w in u]
    cttz = [32 if w == 0 else (int(w) & -int(w)).bit_length() - 1 for w in u]
    # A negative exponent: the integer part of 1 / 3**-e, which is 0.
    pow3 = [3**e if e >= 0 else 0 for e in N]
    np.testing.assert_array_equal(k[0], ctlz)
    np.testing.assert_array_equal(k[1], cttz)
    np.testing.assert_array_equal(k[2], bits.sum(axis=1))
    np.testing.assert_array_equal(k[3], N.astype(np.int64) ** 3)
    np.testing.assert_array_equal(k[4], pow3)
    np.testing.assert_array_equal(k[5], np.abs(N))


@flyc.kernel
def classify(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    v = x[i]
    out[0, i] = fx.Int32(fx.math.isnan(v))
    out[1, i] = fx.Int32(fx.math.isinf(v))
    out[2, i] = fx.Int32(fx.math.isfinite(v))
    out[3, i] = fx.Int32(fx.math.isnormal(v))


def test_float_class_tests_match_numpy(host_target):
    x = np.array([1.0, 0.0, np.inf, -np.inf, np.nan, 1e-40, -3.0, 3.4e38], np.float32)
    out = np.zeros((4, len(x)), np.int32)
    classify(x, out).launch(block=(len(x),))
    normal = np.isfinite(x) & (np.abs(x) >= np.finfo(np.float32).tiny)
    np.testing.assert_array_equal(out, [np.isnan(x), np.isinf(x), np.isfinite(x), normal])


@pytest.mark.parametrize(
    "target,arch",
    [pytest.param("rocm", "gfx942", marks=needs_rocm_device_libs), ("cuda", "sm_90")],
)
def test_every_function_compiles_for_the_gpu_targets(target, arch):
    f = np.zeros((8, len(X)), np.float32)
    k = np.zeros((6, len(X)), np.int32)
    mixed.compile(X, N, f, k, target=target, arch=arch)
    unary_table.compile(X, np.zeros((len(UNARY), len(X)), np.float32), target=target, arch=arch)


def test_misused_functions_are_refused(host_target):
    @flyc.kernel
    def bad(x: fx.Tensor):
        fx.math.ctpop(x[0])

    with pytest.raises(TypeError, match="math.ctpop takes integers, not f32"):
        bad(X).launch(block=(1,))
    with pytest.raises(ValueError, match="unknown fast-math flag 'quick'"), fx.fastmath("quick"):
        pass


def _ir(build, *types):
    return [ln.strip() for ln in module_text(build, *types, name="fm").splitlines() if "=" in ln]


def test_fastmath_blocks_nest_and_an_explicit_flag_wins():
    def build(a, b):
        a * b
        with fx.fastmath(fx.FastMathFlags.fast):
            a + b
            with fx.fastmath(fx.FastMathFlags.reassoc | fx.FastMathFlags.contract):
                a - b
            fx.math.exp(a, fastmath="afn")
            fx.maxnumf(a, b)
            a.addf(b, fastmath="none")
            fx.Int32(3) + fx.Int32(4)  # integers take no flags
        a / b

    f32 = ir.F32Type.get()
    lines = _ir(build, f32, f32)
    flags = {ln.split("=")[1].split()[0]: ln for ln in lines}
    assert "fastmath" not in flags["arith.mulf"] and "fastmath" not in flags["arith.divf"]
    addf = [ln for ln in lines if "arith.addf" in ln]
    assert addf[0].endswith("fastmath<fast> : f32")
    assert "fastmath<reassoc,contract>" in flags["arith.subf"]
    assert "fastmath<afn>" in flags["math.exp"]
    assert "fastmath<fast>" in flags["arith.maxnumf"]
    assert "fastmath" not in addf[1]


@flyc.kernel
def scaled(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[i] = x[i] * 3.0 + 1.0


def test_the_fastmath_hint_is_the_kernels_default_and_part_of_its_key(host_target):
    x, out = np.arange(4, dtype=np.float32), np.zeros(4, np.float32)
    scaled(x, out).launch(block=(4,))
    with CompilationContext.compile_hints({"fast_fp_math": True}):
        scaled(x, out).launch(block=(4,))
    np.testing.assert_array_equal(out, x * 3 + 1)
    signatures = [key[0] for key in scaled.cache]  # (arguments, fast-math bits, name, block)
    assert sorted(signature[1] for signature in signatures) == [0, 127]


@flyc.kernel
def near_zero(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[0, i] = fx.math.log1p(x[i])
    out[1, i] = fx.math.expm1(x[i])


def test_log1p_and_expm1_keep_their_digits_near_zero(host_target):
    # log(1 + x) and exp(x) - 1 would round 1 + x first and keep few or none of x's digits.
    x = np.array([1e-10, -3e-8, 2.5e-6, -4e-5], np.float32)
    out = np.zeros((2, len(x)), np.float32)
    near_zero(x, out).launch(block=(len(x),))
    np.testing.assert_allclose(out, [np.log1p(x), np.expm1(x)], rtol=1e-6)
