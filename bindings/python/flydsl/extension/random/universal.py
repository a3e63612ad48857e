"""The random library's functions over the library's generator (flydsl.h, fly_philox)."""

import ctypes

from ... import _kernel_api as K
from ..._ir_types import bit_width
from ..._lib import check
from ..._trace import Value, _wrap, as_value, current
from ...expr.numeric import Float32, Numeric, Uint32, Uint64

__all__ = ["randint", "randint4x", "rand", "rand4x", "randn", "randn4x"]

_U64 = ctypes.c_uint64
_philox = K._fn("fly_philox", None, K.P, K.PArray, K.PArray, K._i32, K.PArray)
_uniform = K._fn("fly_uniform_from_bits", K.P, K.P, K.P)
_normal = K._fn("fly_normal_pair", None, K.P, K.P, K.P, K.PArray)
_philox_host = K._fn("fly_philox_host", K._i32, K._i32, ctypes.POINTER(_U64),
                     ctypes.POINTER(_U64), K._i32, ctypes.POINTER(_U64))  # fmt: skip
_uniform_host = K._fn("fly_uniform_from_bits_host", K._i32, K._i32, _U64,
                      ctypes.POINTER(ctypes.c_float))  # fmt: skip
_normal_host = K._fn("fly_normal_pair_host", K._i32, ctypes.c_float, ctypes.c_float,
                     ctypes.POINTER(ctypes.c_float))  # fmt: skip


def _in_kernel(*values):
    return any(isinstance(v, Value) for v in values)


def _width(word):
    """The bits of a word: its kernel or numeric type's; a Python int is an Int32's."""
    if isinstance(word, Value):
        return bit_width(word.ir_dtype)
    if isinstance(word, Numeric):
        return type(word).width
    if isinstance(word, int):
        return 32
    raise TypeError(f"a random word is an integer, got {word!r}")


def _check_width(word, what):
    width = _width(word)
    if width not in (32, 64):
        raise NotImplementedError(f"{what} takes 32- or 64-bit words, got {width} bits")
    return width


def _convert(x, numeric):
    """`x` as `numeric`'s type: a kernel conversion for kernel values, else a host value."""
    if isinstance(x, Value):
        return x.to(numeric.ir_dtype)
    return numeric(x)


def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: int = 10):
    """`n_rounds` Philox rounds over counter (c0..c3) with key (k0, k1): the 4x32 generator
    for 32-bit counter words, 4x64 for 64-bit ones."""
    word = Uint32 if _check_width(c0, "philox") == 32 else Uint64
    words = [_convert(x, word) for x in (k0, k1, c0, c1, c2, c3)]
    if _in_kernel(*words):
        words = [w if isinstance(w, Value) else as_value(w.value, Value(None, word.ir_dtype))
                 for w in words]  # fmt: skip
        keys, counter = (K.P * 2)(*(w.handle for w in words[:2])), (K.P * 4)()
        for i, w in enumerate(words[2:]):
            counter[i] = w.handle
        out = (K.P * 4)()
        _philox(current(), keys, counter, int(n_rounds), out)
        return tuple(_wrap(h, word.ir_dtype) for h in out)
    keys = (_U64 * 2)(*(w.value & (2**64 - 1) for w in words[:2]))
    counter = (_U64 * 4)(*(w.value & (2**64 - 1) for w in words[2:]))
    out = (_U64 * 4)()
    check(_philox_host(word.width, keys, counter, int(n_rounds), out))
    return tuple(word(v) for v in out)


def philox(seed, c0, c1, c2, c3, n_rounds: int = 10):
    """Philox keyed by `seed` (widened to 64 bits): split over both key words for 32-bit
    counters, the low key word (the high one 0) for 64-bit ones, as Triton keys it."""
    wide = _convert(seed, Uint64)
    if _check_width(c0, "philox") == 32:
        k0, k1 = _convert(wide, Uint32), _convert(wide >> 32, Uint32)
    else:
        k0, k1 = wide, _convert(0, Uint64)
    return philox_impl(c0, c1, c2, c3, k0, k1, n_rounds)


def _offset_words(offset):
    """The counter's two low words: the offset's low 32 bits, and its high 32 bits when it is
    wider than 32 bits (else 0)."""
    wide = _width(offset) > 32
    low = _convert(offset, Uint32)
    if wide:
        return low, _convert(_convert(offset, Uint64) >> 32, Uint32)
    return low, _convert(0, Uint32)


def randint4x(seed, offset, n_rounds: int = 10):
    """Four random u32 words for (seed, offset): Triton's randint4x."""
    low, high = _offset_words(offset)
    zero = _convert(0, Uint32)
    return philox(seed, low, high, zero, zero, n_rounds)


def randint(seed, offset, n_rounds: int = 10):
    """The first word of randint4x."""
    return randint4x(seed, offset, n_rounds)[0]


def uint_to_uniform_float(word):
    """A 32- or 64-bit random word as an f32 in [0, 1)."""
    width = _check_width(word, "uniform conversion")
    if isinstance(word, Value):
        return _wrap(_uniform(current(), word.handle), "f32")
    out = ctypes.c_float()
    bits = word.value if isinstance(word, Numeric) else int(word)
    check(_uniform_host(width, bits & (2**64 - 1), ctypes.byref(out)))
    return Float32(out.value)


def pair_uniform_to_normal(u1, u2):
    """Two standard normal f32 values from two f32 uniforms (Box-Muller)."""
    if _in_kernel(u1, u2):
        a = _convert(u1, Float32) if isinstance(u1, Value) else as_value(float(u1), None)
        b = _convert(u2, Float32) if isinstance(u2, Value) else as_value(float(u2), None)
        out = (K.P * 2)()
        _normal(current(), a.handle, b.handle, out)
        return _wrap(out[0], "f32"), _wrap(out[1], "f32")
    out = (ctypes.c_float * 2)()
    check(_normal_host(float(u1), float(u2), out))
    return Float32(out[0]), Float32(out[1])


def rand(seed, offset, n_rounds: int = 10):
    """An f32 uniform in [0, 1)."""
    return uint_to_uniform_float(randint(seed, offset, n_rounds))


def rand4x(seed, offset, n_rounds: int = 10):
    """Four f32 uniforms in [0, 1)."""
    return tuple(uint_to_uniform_float(w) for w in randint4x(seed, offset, n_rounds))


def randn(seed, offset, n_rounds: int = 10):
    """A standard normal f32."""
    w0, w1, _, _ = randint4x(seed, offset, n_rounds)
    return pair_uniform_to_normal(uint_to_uniform_float(w0), uint_to_uniform_float(w1))[0]


def randn4x(seed, offset, n_rounds: int = 10):
    """Four standard normal f32 values."""
    u0, u1, u2, u3 = rand4x(seed, offset, n_rounds)
    return pair_uniform_to_normal(u0, u1) + pair_uniform_to_normal(u2, u3)
