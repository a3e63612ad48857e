"""The kernel library (libflydsl's flydsl/kernels.h): ready elementwise, softmax, layernorm,
rmsnorm, RoPE with the KV-cache write and GEMM kernels over any DLPack tensors (torch, numpy,
...) on the device they live on.

    import flydsl.kernels as fk
    y = fk.softmax(x)                      # a new tensor like x
    fk.rmsnorm(x, w, eps=1e-6, out=y)      # into y

Each call compiles its kernel on first use (then it is cached, in memory and on disk).
Plain torch tensors reach the C API as borrowed DLTensor structs, made once per shape and
refilled with each call's data pointers (`_torch_tensors.py`), not through `__dlpack__`. Where
torch is installed, the functions are also torch custom ops (`torch.ops.flydsl.*`), and
under `torch.compile` a call becomes its op (`_torch_ops.py`), so `fullgraph=True` traces it.
`out=None` allocates the result with the input's library (`torch.empty_like`,
`numpy.empty_like`, ...). `stream=None` is torch's current stream for torch CUDA tensors and
the default stream otherwise. Errors raise FlyDSLError subclasses; nothing is written then.
"""

import ctypes
import importlib.util
import statistics
import sys

from . import _kernel_api as K
from ._lib import check, lib
from ._torch_tensors import borrowed_args, current_stream
from .autotune import Autotuner, Config, _env_fingerprint, _strides, do_bench
from .compiler.jit_argument import _pycapsule_get, _stream_handle
from .runtime.device import resolve_target

__all__ = [
    "add", "mul", "scale_bias", "silu", "gelu", "silu_mul", "softmax", "layernorm", "rmsnorm",
    "rope_kv_cache", "paged_attention", "attention", "moe_topk_softmax", "fused_moe", "gemm",
    "gemm_scaled", "gemm_tiles", "register_torch_ops",
]  # fmt: skip

_P = ctypes.c_void_p
_ArgP = ctypes.POINTER(K.Arg)
lib.fly_kernels_elementwise.restype = ctypes.c_int
lib.fly_kernels_elementwise.argtypes = [
    ctypes.c_int, _ArgP, _ArgP, ctypes.c_double, ctypes.c_double, _ArgP, _P,
]  # fmt: skip
lib.fly_kernels_softmax.restype = ctypes.c_int
lib.fly_kernels_softmax.argtypes = [_ArgP, _ArgP, _P]
lib.fly_kernels_layernorm.restype = ctypes.c_int
lib.fly_kernels_layernorm.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_rmsnorm.restype = ctypes.c_int
lib.fly_kernels_rmsnorm.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_gemm.restype = ctypes.c_int
lib.fly_kernels_gemm.argtypes = [_ArgP, _ArgP, _ArgP, ctypes.c_double, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_gemm_scaled.restype = ctypes.c_int
lib.fly_kernels_gemm_scaled.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, _P]
lib.fly_kernels_rope_kv_cache.restype = ctypes.c_int
lib.fly_kernels_rope_kv_cache.argtypes = [
    _ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_int, _ArgP, _ArgP, _ArgP, _ArgP, _P,
]  # fmt: skip
lib.fly_kernels_paged_attention.restype = ctypes.c_int
lib.fly_kernels_paged_attention.argtypes = [
    _ArgP, _ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_double, _ArgP, _P,
]  # fmt: skip
lib.fly_kernels_attention.restype = ctypes.c_int
lib.fly_kernels_attention.argtypes = [
    _ArgP, _ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_int64, ctypes.c_double, ctypes.c_int, _ArgP, _ArgP,
    _P,
]  # fmt: skip
lib.fly_kernels_moe_topk_softmax.restype = ctypes.c_int
lib.fly_kernels_moe_topk_softmax.argtypes = [_ArgP, ctypes.c_int, _ArgP, _ArgP, _P]
lib.fly_kernels_fused_moe.restype = ctypes.c_int
lib.fly_kernels_fused_moe.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, _ArgP, _P]
_c_elementwise, _c_softmax = lib.fly_kernels_elementwise, lib.fly_kernels_softmax
_c_layernorm, _c_rmsnorm, _c_gemm = (
    lib.fly_kernels_layernorm,
    lib.fly_kernels_rmsnorm,
    lib.fly_kernels_gemm,
)


class _GemmTile(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t)]
    _fields_ += [(n, ctypes.c_int64) for n in ("bm", "bn", "bk")]
    _fields_ += [(n, ctypes.c_int32) for n in ("stages", "warps_m", "warps_n", "split_k")]


_TILE_FIELDS = ("bm", "bn", "bk", "stages", "warps_m", "warps_n", "split_k")
_TileP = ctypes.POINTER(_GemmTile)
lib.fly_kernels_gemm_tiled.restype = ctypes.c_int
lib.fly_kernels_gemm_tiled.argtypes = [
    _ArgP, _ArgP, _ArgP, ctypes.c_double, ctypes.c_double, _ArgP, _P, _TileP,
]  # fmt: skip
lib.fly_kernels_gemm_scaled_tiled.restype = ctypes.c_int
lib.fly_kernels_gemm_scaled_tiled.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, _P, _TileP]
lib.fly_kernels_gemm_tiles.restype = ctypes.c_int
lib.fly_kernels_gemm_tiles.argtypes = [
    _ArgP, _ArgP, _ArgP, _TileP, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
]  # fmt: skip
lib.fly_kernels_built.restype = ctypes.c_int64
lib.fly_kernels_generated.restype = ctypes.c_int64

_ADD, _MUL, _SCALE_BIAS, _SILU, _GELU, _GELU_TANH, _SILU_MUL = range(7)


class _Tensors:
    """The DLPack capsules of one call's tensors, alive until the call returns, and the
    fly_arg_t structs pointing at them: one array for the call (a struct and a pointer made a
    tensor took twice the host time)."""

    __slots__ = ("capsules", "structs")

    def __init__(self, count):
        self.capsules = []
        self.structs = (K.Arg * count)()

    def arg(self, i, obj, name):
        """A pointer to struct i, describing obj (None stays None)."""
        if obj is None:
            return None
        dlpack = getattr(obj, "__dlpack__", None)
        if dlpack is None:
            raise TypeError(f"{name} is a {type(obj).__name__}, not a DLPack tensor")
        capsule = dlpack()
        self.capsules.append(capsule)
        struct = self.structs[i]
        struct.kind = K.ARG_DLMANAGED
        struct.tensor = _pycapsule_get(capsule, b"dltensor")
        return ctypes.byref(struct)


def _library(x):
    """The module of x's array library (torch, numpy, ...), where it is imported."""
    return sys.modules.get(type(x).__module__.split(".")[0])


def _empty_like(x):
    library = _library(x)
    empty_like = getattr(library, "empty_like", None)
    if empty_like is None:
        raise TypeError(f"cannot allocate a result like a {type(x).__name__}: pass out=")
    return empty_like(x)


def _empty(x, shape, dtype):
    """An uninitialised tensor of x's library and device."""
    library = _library(x)
    if library is not None and library.__name__ == "torch":
        return library.empty(shape, dtype=dtype, device=x.device)
    empty = getattr(library, "empty", None)
    if empty is None:
        raise TypeError(f"cannot allocate a result like a {type(x).__name__}: pass out=")
    return empty(shape, dtype=dtype)


def _is_torch(x):
    return type(x).__module__.startswith("torch")


def _stream(stream, x):
    if stream is None and _is_torch(x):
        return current_stream(x)
    return _stream_handle(stream)


def _tensor_args(tensors, names, stream, first):
    """(fly_arg_t pointers for a call's tensors, its stream handle, what keeps the pointers
    valid through the call): borrowed structs for plain torch tensors, DLPack capsules
    otherwise; `first` decides the default stream."""
    fast = borrowed_args(tensors)
    if fast is not None:
        args, current = fast
        return args, current if stream is None else _stream_handle(stream), None
    keep = _Tensors(len(tensors))
    args = [keep.arg(i, t, n) for i, (t, n) in enumerate(zip(tensors, names))]
    return args, _stream(stream, first), keep


# The calls of the C API, into given tensors: the torch ops call these too.
_NAMES_EW, _NAMES_SOFTMAX = ("a", "b", "out"), ("x", "out")
_NAMES_LN = ("x", "weight", "bias", "residual", "residual_out", "out")
_NAMES_RMS = ("x", "weight", "residual", "residual_out", "out")
_NAMES_ROPE = ("positions", "q", "k", "cos_sin_cache", "v", "slot_mapping", "k_cache", "v_cache")
_NAMES_PAGED = ("q", "k_cache", "v_cache", "block_tables", "seq_lens", "out")
_NAMES_ATTN = ("q", "k", "v", "cu_seqlens_q", "cu_seqlens_k", "out", "lse")
_NAMES_TOPK = ("logits", "topk_weights", "topk_ids")
_NAMES_MOE = ("x", "w1", "w2", "topk_weights", "topk_ids", "out")
_NAMES_GEMM = ("a", "b", "c", "out")
_NAMES_GEMM_SCALED = ("a", "b", "scale_a", "scale_b", "out")


def _elementwise_into(op, a, b, alpha, beta, out, stream=None):
    (pa, pb, po), s, keep = _tensor_args((a, b, out), _NAMES_EW, stream, a)
    status = _c_elementwise(op, pa, pb, float(alpha), float(beta), po, s)
    if status:
        check(status)


def _softmax_into(x, out, stream=None):
    (px, po), s, keep = _tensor_args((x, out), _NAMES_SOFTMAX, stream, x)
    status = _c_softmax(px, po, s)
    if status:
        check(status)


def _layernorm_into(x, weight, bias, residual, residual_out, eps, out, stream=None):
    tensors = (x, weight, bias, residual, residual_out, out)
    (px, pw, pb, pr, pro, po), s, keep = _tensor_args(tensors, _NAMES_LN, stream, x)
    status = _c_layernorm(px, pw, pb, pr, pro, float(eps), po, s)
    if status:
        check(status)


def _rmsnorm_into(x, weight, residual, residual_out, eps, out, stream=None):
    tensors = (x, weight, residual, residual_out, out)
    (px, pw, pr, pro, po), s, keep = _tensor_args(tensors, _NAMES_RMS, stream, x)
    status = _c_rmsnorm(px, pw, pr, pro, float(eps), po, s)
    if status:
        check(status)


def _rope_kv_cache_into(positions, q, k, cos_sin_cache, neox, v, slot_mapping, k_cache, v_cache,
                        stream=None):  # fmt: skip
    tensors = (positions, q, k, cos_sin_cache, v, slot_mapping, k_cache, v_cache)
    (pp, pq, pk, pcs, pv, ps, pkc, pvc), s, keep = _tensor_args(tensors, _NAMES_ROPE, stream, q)
    status = lib.fly_kernels_rope_kv_cache(pp, pq, pk, pcs, int(bool(neox)), pv, ps, pkc, pvc, s)
    if status:
        check(status)


def _paged_attention_into(q, k_cache, v_cache, block_tables, seq_lens, scale, out, stream=None):
    tensors = (q, k_cache, v_cache, block_tables, seq_lens, out)
    (pq, pk, pv, pt, pl, po), s, keep = _tensor_args(tensors, _NAMES_PAGED, stream, q)
    status = lib.fly_kernels_paged_attention(pq, pk, pv, pt, pl, float(scale), po, s)
    if status:
        check(status)


def _attention_into(q, k, v, cu_q, cu_k, max_q, scale, causal, out, lse, stream=None):
    tensors = (q, k, v, cu_q, cu_k, out, lse)
    (pq, pk, pv, pcq, pck, po, pl), s, keep = _tensor_args(tensors, _NAMES_ATTN, stream, q)
    status = lib.fly_kernels_attention(
        pq, pk, pv, pcq, pck, int(max_q), float(scale), int(bool(causal)), po, pl, s
    )
    if status:
        check(status)


def _moe_topk_softmax_into(logits, renormalize, topk_weights, topk_ids, stream=None):
    tensors = (logits, topk_weights, topk_ids)
    (pl, pw, pi), s, keep = _tensor_args(tensors, _NAMES_TOPK, stream, logits)
    status = lib.fly_kernels_moe_topk_softmax(pl, int(bool(renormalize)), pw, pi, s)
    if status:
        check(status)


def _fused_moe_into(x, w1, w2, topk_weights, topk_ids, out, stream=None):
    tensors = (x, w1, w2, topk_weights, topk_ids, out)
    (px, p1, p2, pw, pi, po), s, keep = _tensor_args(tensors, _NAMES_MOE, stream, x)
    status = lib.fly_kernels_fused_moe(px, p1, p2, pw, pi, po, s)
    if status:
        check(status)


def _gemm_into(a, b, c, alpha, beta, out, stream=None, tile=None):
    (pa, pb, pc, po), s, keep = _tensor_args((a, b, c, out), _NAMES_GEMM, stream, a)
    if tile is None:
        status = _c_gemm(pa, pb, pc, float(alpha), float(beta), po, s)
    else:
        status = lib.fly_kernels_gemm_tiled(pa, pb, pc, float(alpha), float(beta), po, s, tile)
    if status:
        check(status)


def _gemm_scaled_into(a, b, scale_a, scale_b, out, stream=None, tile=None):
    tensors = (a, b, scale_a, scale_b, out)
    (pa, pb, psa, psb, po), s, keep = _tensor_args(tensors, _NAMES_GEMM_SCALED, stream, a)
    status = lib.fly_kernels_gemm_scaled_tiled(pa, pb, psa, psb, po, s, tile)
    if status:
        check(status)


def _tile_struct(tile):
    """A fly_gemm_tile_t from a tile dict (gemm_tiles' form, or an autotune Config's kwargs);
    None stays None (the library's table)."""
    if tile is None:
        return None
    if not isinstance(tile, dict):
        raise TypeError(f"tile must be a dict of {', '.join(_TILE_FIELDS)}, not {tile!r}")
    unknown = sorted(set(tile) - set(_TILE_FIELDS))
    missing = [n for n in _TILE_FIELDS[:-1] if n not in tile]
    if unknown or missing:
        raise ValueError(f"tile {tile!r}: unknown fields {unknown}, missing fields {missing} "
                         f"(split_k may be left out)")  # fmt: skip
    for name, value in tile.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"tile field {name} must be an int, not {value!r}")
        if not -(2**31) <= value < 2**31:
            raise ValueError(f"tile field {name} = {value} is out of range")
    return ctypes.pointer(_GemmTile(ctypes.sizeof(_GemmTile), **tile))


def gemm_tiles(a, b, out=None, out_dtype=None):
    """The tiles worth timing for `a @ b` into `out` (or a result of out_dtype, as gemm or,
    for fp8 a and b, gemm_scaled would allocate; only its dtype and layout matter): dicts of
    bm, bn, bk, stages, warps_m, warps_n, split_k, the library's own choice first. Nothing is
    compiled. gemm(..., tile=t) runs one; gemm(..., tune=True) times them all."""
    if out is None:
        out = _result(a, b, out_dtype, _fp8(a))
    (pa, pb, po), _, keep = _tensor_args((a, b, out), ("a", "b", "out"), None, a)
    count = ctypes.c_size_t()
    check(lib.fly_kernels_gemm_tiles(pa, pb, po, None, 0, ctypes.byref(count)))
    tiles = (_GemmTile * count.value)()
    for t in tiles:
        t.struct_size = ctypes.sizeof(_GemmTile)
    check(lib.fly_kernels_gemm_tiles(pa, pb, po, tiles, count.value, ctypes.byref(count)))
    return [{n: int(getattr(t, n)) for n in _TILE_FIELDS} for t in tiles]


def _fp8(x):
    return "float8" in str(getattr(x, "dtype", ""))


def _result(a, b, out_dtype, scaled):
    """The M x N result gemm (scaled: gemm_scaled) allocates for a @ b."""
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError(f"{'gemm_scaled' if scaled else 'gemm'} takes matrices (rank 2) a and b")
    if out_dtype is None and scaled:
        torch = sys.modules.get("torch")
        out_dtype = torch.bfloat16 if _is_torch(a) and torch is not None else "float32"
    return _empty(a, (a.shape[0], b.shape[1]), a.dtype if out_dtype is None else out_dtype)


def _copy(x):
    return x.clone() if hasattr(x, "clone") else x.copy()


def _tiled_call(a, b, c, alpha, beta, out, stream, scale_a, scale_b, **tile):
    """One GEMM with `tile`: what the tuner times and runs."""
    if scale_a is None:
        _gemm_into(a, b, c, alpha, beta, out, stream, _tile_struct(tile))
    else:
        _gemm_scaled_into(a, b, scale_a, scale_b, out, stream, _tile_struct(tile))


_tiled_call.__name__ = "flydsl_kernels_gemm"  # the tuner's cache file: flydsl_kernels_gemm.json
_tuner = None


def _tuned(a, b, c, alpha, beta, out, stream, scale_a=None, scale_b=None):
    """The tile the autotuner chooses for this call: remembered for the exact shapes, dtypes,
    layouts and device (in memory and under FLYDSL_AUTOTUNE_CACHE_DIR), else found by timing
    every tile of gemm_tiles (progress on stderr when it is a terminal). The timed runs write a
    scratch copy of out where c is out, so that an accumulation happens once."""
    global _tuner
    memo_key = _memo_key((a, b, c, out, scale_a, scale_b))
    tile = _tuned_tiles.get(memo_key)
    if tile is not None:
        return tile
    if _tuner is None:

        def configs(a, b, c, alpha, beta, out, stream, scale_a, scale_b):
            offered = [Config(**t) for t in gemm_tiles(a, b, out)]
            _tuner.table = offered[0]
            return offered

        _tuner = _GemmTuner(_tiled_call, configs, key=["a", "b"], warmup=2, rep=10,
                           do_bench_fn=_device_time)  # fmt: skip
    if c is not None and c is out:
        c = out = _copy(out)
    config = _tuner.choose(a, b, c, alpha, beta, out, stream, scale_a, scale_b)
    tile = _tuned_tiles[memo_key] = _tile_struct(config.kwargs)
    return tile


class _GemmTuner(Autotuner):
    """The tuner over gemm_tiles. Tiles timed one after another see the GPU's clock drift by a
    few percent (for fp8 at 4096 x 11008 x 4096 on an H200 it once chose 6 stages over the
    table's 4, which, timed in turns with it afterwards, measured 1121 TFLOP/s against its
    1049), so the tiles within 10 % of the fastest, and the table's tile (the first), are timed
    again in turns, the order reversed every other round, and each keeps the median of its
    rounds. The table's tile stays unless another measures at least 3 % faster."""

    table = None
    rounds = 4

    def _bench_one(self, config, args, kwargs):
        ms = super()._bench_one(config, args, kwargs)
        return ms / 1.03 if config == self.table else ms

    def _settle(self, configs, timings, args, kwargs):
        fastest = min(timings)[0]
        close = [i for ms, i in timings if ms <= fastest * 1.10 or configs[i] == self.table]
        if len(close) < 2:
            return timings
        rep, self.rep = self.rep, max(1, self.rep // self.rounds)
        rounds = {i: [] for i in close}
        try:
            for r in range(self.rounds):
                for i in close if r % 2 == 0 else close[::-1]:
                    rounds[i].append(self._bench_one(configs[i], args, kwargs))
        finally:
            self.rep = rep
        return [(statistics.median(times), i) for i, times in rounds.items()]


def _device_time(call, warmup, rep):
    """Milliseconds one GEMM takes on the device, as the tuner compares tiles: for torch's CUDA
    tensors the replays of a CUDA graph of ten calls timed by events (the host's cost of a call,
    the same for every tile, left out: it would hide the kernels of small problems), else
    flydsl.autotune.do_bench."""
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_available() or resolve_target()[0] != "cuda":
        return do_bench(call, warmup, rep)
    for _ in range(warmup):
        call()
    torch.cuda.synchronize()
    graph, stream, calls = torch.cuda.CUDAGraph(), torch.cuda.Stream(), 10
    with torch.cuda.stream(stream), torch.cuda.graph(graph, stream=stream):
        for _ in range(calls):
            call()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(rep):
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / calls)
    return statistics.median(times)


# The tuner's choices in this process by a key that is cheap to make (the tuner's own key
# describes the device and the library's build on each call).
_tuned_tiles = {}


def _memo_key(tensors):
    described = tuple(
        (
            None
            if t is None
            else (tuple(t.shape), str(t.dtype), _strides(t), str(getattr(t, "device", "")))
        )
        for t in tensors
    )
    return described + _env_fingerprint()


def _check_tile_args(tile, tune):
    if tile is not None and tune:
        raise ValueError("give tile= or tune=True, not both")
    if (tile is not None or tune) and _compiling():
        raise ValueError("tile= and tune= are for eager calls; under torch.compile the "
                         "library's table chooses the tile")  # fmt: skip


_EAGER = {"elementwise": _elementwise_into, "softmax": _softmax_into,
          "layernorm": _layernorm_into, "rmsnorm": _rmsnorm_into, "gemm": _gemm_into,
          "rope_kv_cache": _rope_kv_cache_into,
          "paged_attention": _paged_attention_into, "attention": _attention_into,
          "moe_topk_softmax": _moe_topk_softmax_into, "fused_moe": _fused_moe_into}  # fmt: skip


def _never():
    return False


# While torch.compile traces (once the torch ops are registered: torch.compiler.is_compiling),
# a call becomes its torch op, allocating with torch; torch is then the module itself.
_compiling = _never
_torch = None


def register_torch_ops():
    """Registers the library's ops as torch custom ops (`torch.ops.flydsl.gemm`, ...), after
    which `torch.compile` traces through calls of this module's functions. Importing this
    module does it where torch is installed."""
    global _compiling, _torch
    if _torch is not None:
        return
    import torch

    from . import _torch_ops

    _torch_ops.register(torch, _EAGER)
    _torch, _compiling = torch, torch.compiler.is_compiling


def _elementwise(op, a, b, alpha, beta, out, stream):
    if _compiling():
        out = _torch.empty_like(a) if out is None else out
        _torch.ops.flydsl.elementwise(op, a, b, float(alpha), float(beta), out)
        return out
    out = _empty_like(a) if out is None else out
    _elementwise_into(op, a, b, alpha, beta, out, stream)
    return out


def add(a, b, out=None, stream=None):
    """a + b."""
    return _elementwise(_ADD, a, b, 0, 0, out, stream)


def mul(a, b, out=None, stream=None):
    """a * b."""
    return _elementwise(_MUL, a, b, 0, 0, out, stream)


def scale_bias(a, alpha, beta, out=None, stream=None):
    """alpha * a + beta."""
    return _elementwise(_SCALE_BIAS, a, None, alpha, beta, out, stream)


def silu(a, out=None, stream=None):
    """a * sigmoid(a)."""
    return _elementwise(_SILU, a, None, 0, 0, out, stream)


def gelu(a, approximate="none", out=None, stream=None):
    """a * Phi(a); approximate="tanh" for the tanh form (as torch.nn.functional.gelu)."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', not {approximate!r}")
    return _elementwise(_GELU if approximate == "none" else _GELU_TANH, a, None, 0, 0, out, stream)


def silu_mul(a, b, out=None, stream=None):
    """silu(a) * b, the gate of SwiGLU."""
    return _elementwise(_SILU_MUL, a, b, 0, 0, out, stream)


def softmax(x, out=None, stream=None):
    """Softmax along the last dimension."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.softmax(x, out)
        return out
    out = _empty_like(x) if out is None else out
    _softmax_into(x, out, stream)
    return out


def layernorm(x, weight, bias=None, eps=1e-5, residual=None, residual_out=None, out=None,
              stream=None):  # fmt: skip
    """(h - mean) / sqrt(var + eps) * weight + bias over the last dimension, h = x or
    x + residual; residual_out (may be residual itself) receives h."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.layernorm(x, weight, bias, residual, residual_out, float(eps), out)
        return out
    out = _empty_like(x) if out is None else out
    _layernorm_into(x, weight, bias, residual, residual_out, eps, out, stream)
    return out


def rmsnorm(x, weight, eps=1e-6, residual=None, residual_out=None, out=None, stream=None):
    """h / sqrt(mean(h^2) + eps) * weight over the last dimension, h as for layernorm."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.rmsnorm(x, weight, residual, residual_out, float(eps), out)
        return out
    out = _empty_like(x) if out is None else out
    _rmsnorm_into(x, weight, residual, residual_out, eps, out, stream)
    return out


def rope_kv_cache(positions, q, k, cos_sin_cache, neox=True, v=None, slot_mapping=None,
                  k_cache=None, v_cache=None, stream=None):  # fmt: skip
    """Rotates q (tokens, heads, head_dim) and k (tokens, kv_heads, head_dim) in place by each
    token's position (vLLM's rotary_embedding): cos_sin_cache (max_position, rotary_dim) holds
    rotary_dim / 2 cosines then as many sines a row; `neox` pairs x[i] with x[i + rotary_dim / 2]
    (GPT-NeoX, Llama), neox=False x[2i] with x[2i + 1] (GPT-J). With v, slot_mapping, k_cache and
    v_cache, also writes each token's rotated k and its v to row slot_mapping[t] of the caches
    ((blocks, block_size, kv_heads, head_dim) or any (..., kv_heads, head_dim)); a negative slot
    is skipped. Returns (q, k)."""
    if _compiling():
        _torch.ops.flydsl.rope_kv_cache(
            positions, q, k, cos_sin_cache, bool(neox), v, slot_mapping, k_cache, v_cache
        )
        return q, k
    _rope_kv_cache_into(positions, q, k, cos_sin_cache, neox, v, slot_mapping, k_cache, v_cache,
                        stream)  # fmt: skip
    return q, k


def paged_attention(q, k_cache, v_cache, block_tables, seq_lens, scale=None, out=None,
                    stream=None):  # fmt: skip
    """Decode attention over a paged KV cache (vLLM's layout): q (batch, heads, head_dim), one
    query token a sequence; k_cache and v_cache (blocks, block_size, kv_heads, head_dim);
    block_tables (batch, max_blocks) and seq_lens (batch,) int32. Sequence b attends to its first
    seq_lens[b] cached tokens, token j in block block_tables[b, j // block_size]; query head h
    reads KV head h // (heads // kv_heads). `scale` defaults to head_dim ** -0.5. Returns out,
    allocated like q when not given."""
    scale = q.shape[-1] ** -0.5 if scale is None else scale
    if _compiling():
        out = _torch.empty_like(q) if out is None else out
        _torch.ops.flydsl.paged_attention(
            q, k_cache, v_cache, block_tables, seq_lens, float(scale), out
        )
        return out
    out = _empty_like(q) if out is None else out
    _paged_attention_into(q, k_cache, v_cache, block_tables, seq_lens, scale, out, stream)
    return out


def _tokens_view(x, writable):
    """(batch, seqlen, heads, dim) as (batch * seqlen, heads, dim): a view where the result is
    written into (an error where none exists), else a view or a copy."""
    shape = (x.shape[0] * x.shape[1],) + tuple(x.shape[2:])
    if not writable:
        return x.reshape(shape)
    if _is_torch(x):
        return x.view(shape)
    flat = x.view()
    flat.shape = shape  # numpy refuses where this would need a copy
    return flat


def _offsets(like, batch, seqlen):
    """The cumulative sequence lengths of `batch` sequences of `seqlen` tokens, int32 on
    `like`'s device."""
    library = _library(like)
    if _is_torch(like):
        return library.arange(0, (batch + 1) * seqlen, max(seqlen, 1), dtype=library.int32,
                              device=like.device)[: batch + 1]  # fmt: skip
    if library is not None and library.__name__ == "numpy":
        return library.arange(batch + 1, dtype=library.int32) * library.int32(seqlen)
    raise TypeError(f"pass cu_seqlens_q and cu_seqlens_k for a {type(like).__name__}")


def attention(q, k, v, cu_seqlens_q=None, cu_seqlens_k=None, max_seqlen_q=None, causal=False,
              scale=None, out=None, lse=None, return_lse=False, stream=None):  # fmt: skip
    """Attention forward (FlashAttention's): softmax(scale * q K^T) V for each query head, over
    the keys of its own sequence and KV head h // (heads // kv_heads). Either q (batch, seqlen_q,
    heads, head_dim) and k, v (batch, seqlen_k, kv_heads, head_dim); or sequences of varied
    lengths packed as q (total_q, heads, head_dim), k and v (total_k, kv_heads, head_dim) with
    int32 cu_seqlens_q / cu_seqlens_k (batch + 1: where each sequence starts, then the total)
    and max_seqlen_q (the longest query sequence; read from cu_seqlens_q where not given).
    q, k and v are float16 or bfloat16, head_dim 64 or 128. `causal` masks the keys after each
    query, the last query of a sequence seeing all its keys. `scale` defaults to
    head_dim ** -0.5. Returns out (like q, when not given), and with return_lse=True also each
    query's log-sum-exp, float32 (heads, total_q) (batched: (batch, heads, seqlen_q)); lse=
    gives that tensor to fill."""
    scale = q.shape[-1] ** -0.5 if scale is None else scale
    batched = len(q.shape) == 4
    if batched != (cu_seqlens_q is None) or (cu_seqlens_q is None) != (cu_seqlens_k is None):
        raise ValueError(
            "give q, k, v as (batch, seqlen, heads, head_dim) without cu_seqlens, "
            "or as (tokens, heads, head_dim) with cu_seqlens_q and cu_seqlens_k"
        )
    out = _empty_like(q) if out is None else out
    if batched:
        batch, seqlen = q.shape[0], q.shape[1]
        qs, ks, vs = (_tokens_view(x, False) for x in (q, k, v))
        outs = _tokens_view(out, True)
        cu_seqlens_q = _offsets(q, batch, seqlen)
        cu_seqlens_k = _offsets(q, batch, k.shape[1])
        max_seqlen_q = seqlen
    else:
        qs, ks, vs, outs = q, k, v, out
        if max_seqlen_q is None:
            starts = [int(x) for x in cu_seqlens_q.tolist()]
            max_seqlen_q = max((b - a for a, b in zip(starts, starts[1:])), default=0)
    tokens, heads = qs.shape[0], qs.shape[1]
    if lse is None and return_lse:
        lse = _empty(q, (heads, tokens), _library(q).float32)
    if _compiling():
        _torch.ops.flydsl.attention(qs, ks, vs, cu_seqlens_q, cu_seqlens_k, int(max_seqlen_q),
                                    float(scale), bool(causal), outs, lse)  # fmt: skip
    else:
        _attention_into(qs, ks, vs, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, scale, causal, outs,
                        lse, stream)  # fmt: skip
    if not return_lse:
        return out
    if batched:
        lse = lse.reshape(heads, batch, seqlen)
        lse = lse.permute(1, 0, 2) if _is_torch(lse) else lse.transpose(1, 0, 2)
    return out, lse


def moe_topk_softmax(logits, topk, renormalize=False, topk_weights=None, topk_ids=None,
                     stream=None):  # fmt: skip
    """The router of a mixture of experts (vLLM's topk_softmax): for each row of logits
    (tokens, experts), the topk largest softmax probabilities, largest first (the lower expert
    first among equal ones), divided by their sum when `renormalize`, and their experts. Returns
    (topk_weights, topk_ids), float32 and int32 (tokens, topk) allocated like logits when not
    given (any float / int32 or int64 when given)."""
    library = _library(logits)
    shape = (logits.shape[0], int(topk))
    if topk_weights is None:
        topk_weights = _empty(logits, shape, library.float32)
    if topk_ids is None:
        topk_ids = _empty(logits, shape, library.int32)
    if _compiling():
        _torch.ops.flydsl.moe_topk_softmax(logits, bool(renormalize), topk_weights, topk_ids)
        return topk_weights, topk_ids
    _moe_topk_softmax_into(logits, renormalize, topk_weights, topk_ids, stream)
    return topk_weights, topk_ids


def fused_moe(x, w1, w2, topk_weights, topk_ids, out=None, stream=None):
    """A mixture-of-experts layer with SwiGLU experts (vLLM's fused_moe after routing): x
    (tokens, hidden) float16 or bfloat16; w1 (experts, 2 * I, hidden), the gate projections
    then the up ones; w2 (experts, hidden, I); topk_weights and topk_ids (tokens, topk) as
    moe_topk_softmax gives them. out[t] = sum over j of topk_weights[t, j] * expert e(x[t]),
    e = topk_ids[t, j], expert e(v) = (silu(v @ w1[e, :I].T) * (v @ w1[e, I:].T)) @ w2[e].T;
    pairs whose expert lies outside [0, experts) add nothing. Returns out, allocated like x
    when not given."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.fused_moe(x, w1, w2, topk_weights, topk_ids, out)
        return out
    out = _empty_like(x) if out is None else out
    _fused_moe_into(x, w1, w2, topk_weights, topk_ids, out, stream)
    return out


def gemm(a, b, c=None, alpha=1.0, beta=0.0, out=None, out_dtype=None, stream=None, tile=None,
         tune=False):  # fmt: skip
    """alpha * a @ b + beta * c on the matrix cores: a (M x K) and b (K x N) both float16 or
    both bfloat16, row- or column-major; products accumulate in float32. out (M x N, row-major)
    is allocated with a's library and out_dtype (default a's dtype) when not given; c may be
    out itself. The tile is the library's table's unless `tile` (one of gemm_tiles' dicts)
    gives it or `tune=True` has the autotuner choose it (timed once per shape, dtypes, layouts
    and device, then remembered on disk)."""
    _check_tile_args(tile, tune)
    if _compiling():
        if out is None:
            dtype = a.dtype if out_dtype is None else out_dtype
            out = _torch.empty((a.shape[0], b.shape[1]), dtype=dtype, device=a.device)
        _torch.ops.flydsl.gemm(a, b, c, float(alpha), float(beta), out)
        return out
    if out is None:
        out = _result(a, b, out_dtype, False)
    if tune:
        tile = _tuned(a, b, c, alpha, beta, out, stream)
        _gemm_into(a, b, c, alpha, beta, out, stream, tile)
        return out
    _gemm_into(a, b, c, alpha, beta, out, stream, _tile_struct(tile))
    return out


def gemm_scaled(a, b, scale_a, scale_b, out=None, out_dtype=None, stream=None, tile=None,
                tune=False):  # fmt: skip
    """scale_a[m] * scale_b[n] * (a @ b)[m, n], as torch._scaled_mm: a (M x K, row-major) and b
    (K x N, column-major) of one float8 kind, scale_a float32 of one value or M, scale_b of one
    or N; products accumulate in float32. out (M x N, row-major; float32, float16 or bfloat16)
    is allocated with a's library when not given, of out_dtype (default bfloat16 for torch
    tensors, float32 otherwise). `tile` and `tune` as for gemm."""
    _check_tile_args(tile, tune)
    if out is None:
        out = _result(a, b, out_dtype, True)
    if tune:
        tile = _tuned(a, b, None, 1.0, 0.0, out, stream, scale_a, scale_b)
    else:
        tile = _tile_struct(tile)
    _gemm_scaled_into(a, b, scale_a, scale_b, out, stream, tile)
    return out


def kernels_built():
    """How many kernels the library has made ready in this process (each specialisation once)."""
    return lib.fly_kernels_built()


def kernels_generated():
    """How many of those it generated: the others came from the disk cache, found by their spec."""
    return lib.fly_kernels_generated()


# Registered at import, not at a first call: that call could be inside a torch.compile trace,
# which cannot run the registration.
if "torch" in sys.modules or importlib.util.find_spec("torch") is not None:
    try:
        register_torch_ops()
    except ImportError:  # a torch that does not import: its tensors cannot come here either
        pass
