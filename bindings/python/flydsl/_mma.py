"""MMA atoms and tiled MMAs (flydsl.h, "MMA atoms and tiled MMAs"): an atom is one matrix
instruction with its operands' thread-value layouts; make_tiled_mma lays atoms over threads as
CuTe's make_tiled_mma does. On the host they give layouts and partitions of host layouts;
inside kernels thr_slice(tid).partition_A/B/C partitions tensors, make_fragment_A/B/C makes
register fragments of those, and fx.gemm multiplies them (UniversalFMA atoms so far)."""

import ctypes

from ._host_layout import (
    Layout,
    TypstColor,
    _as_layout,
    _tiler_text,
    parse_tuple,
    size,
    typst_drawing,
)
from ._host_layout import make_layout as make_host_layout
from ._kernel_api import DTYPE_NAMES, kernel_error
from ._kernel_layout import (
    CopyAtom,
    TensorValue,
    TiledCopy,
    _checked,
    _dtype_name,
    coord,
    make_fragment,
    make_tensor,
)
from ._lib import check, lib, take_string
from ._trace import _BuilderError, _wrap, as_value, current

_P = ctypes.c_void_p
lib.fly_tiled_mma_create.restype = ctypes.c_int
lib.fly_tiled_mma_create.argtypes = [
    ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int, ctypes.c_int,
    _P, ctypes.c_char_p, ctypes.POINTER(_P),
]  # fmt: skip
lib.fly_tiled_mma_create_scaled.restype = ctypes.c_int
lib.fly_tiled_mma_create_scaled.argtypes = [
    ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int, ctypes.c_int, _P,
    ctypes.c_char_p, ctypes.POINTER(_P),
]  # fmt: skip
lib.fly_tiled_mma_create_integer.restype = ctypes.c_int
lib.fly_tiled_mma_create_integer.argtypes = [
    ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int, ctypes.c_int,
    ctypes.c_int, _P, ctypes.c_char_p, ctypes.POINTER(_P),
]  # fmt: skip
lib.fly_tiled_mma_modifiers.argtypes = [_P, ctypes.POINTER(ctypes.c_int)]
lib.fly_tiled_mma_destroy.argtypes = [_P]
lib.fly_tiled_mma_atom_name.argtypes = [_P, ctypes.POINTER(ctypes.c_void_p)]
lib.fly_tiled_mma_accumulator_dtype.argtypes = [_P, ctypes.POINTER(ctypes.c_int)]
lib.fly_tiled_mma_size.argtypes = [_P, ctypes.POINTER(ctypes.c_int64), ctypes.c_int64 * 3]
for _name in ("fly_tiled_mma_atom_layout_tv", "fly_tiled_mma_layout_tv"):
    getattr(lib, _name).argtypes = [_P, ctypes.c_int, ctypes.POINTER(_P)]
lib.fly_tiled_mma_partition.argtypes = [_P, ctypes.c_int, _P, ctypes.c_int64, ctypes.POINTER(_P)]
for _name in ("fly_tiled_mma_thr_layout_vmnk", "fly_tiled_mma_atom_thr_layout"):
    getattr(lib, _name).argtypes = [_P, ctypes.POINTER(_P)]
lib.fly_tiled_mma_permutation.argtypes = [_P, ctypes.POINTER(ctypes.c_void_p)]
lib.fly_tiled_mma_typst.argtypes = [
    _P,
    ctypes.c_int,
    ctypes.c_int,
    TypstColor,
    _P,
    ctypes.POINTER(ctypes.c_void_p),
]
lib.fly_kernel_tiled_mma.restype = _P
lib.fly_kernel_tiled_mma.argtypes = [_P, _P]
lib.fly_kernel_tiled_mma_partition.restype = _P
lib.fly_kernel_tiled_mma_partition.argtypes = [_P, _P, ctypes.c_int, _P, _P]
lib.fly_kernel_gemm.restype = None
lib.fly_kernel_gemm.argtypes = [_P, _P, _P, _P, _P, _P]
lib.fly_kernel_mma_atom_call_ssa.restype = _P
lib.fly_kernel_mma_atom_call_ssa.argtypes = [_P, _P, _P, _P, _P]
lib.fly_kernel_gemm_scaled.restype = None
lib.fly_kernel_gemm_scaled.argtypes = [_P, _P, _P, _P, _P, _P, _P, _P]
lib.fly_kernel_gemm_async.restype = None
lib.fly_kernel_gemm_async.argtypes = [_P, _P, _P, _P, _P, _P]
lib.fly_kernel_gemm_ordered.restype = None
lib.fly_kernel_gemm_ordered.argtypes = [_P, _P, _P, _P, _P, _P, ctypes.c_int, _P]
lib.fly_kernel_wgmma_wait.restype = None
lib.fly_kernel_wgmma_wait.argtypes = [_P, ctypes.c_int, _P]
lib.fly_kernel_tiled_copy_for_mma.restype = _P
lib.fly_kernel_tiled_copy_for_mma.argtypes = [_P, _P, _P, ctypes.c_int]
lib.fly_kernel_mma_load.restype = None
lib.fly_kernel_mma_load.argtypes = [_P, _P, ctypes.c_int, _P, _P, _P]

_FMA, _MFMA, _WMMA, _MMA_SYNC, _WGMMA, _WMMA_GFX11 = range(6)  # fly_mma_family
_DTYPE_CODES = {"f32": 7, "f16": 5, "bf16": 6, "f8e4m3": 9, "f8e5m2": 10, "f8e4m3fnuz": 12,
                "f8e5m2fnuz": 13, "i8": 1, "i4": 14}  # fmt: skip
_A, _B, _C, _SFA, _SFB = range(5)
_OPERANDS = {"A": _A, "B": _B, "C": _C, "SFA": _SFA, "SFB": _SFB}
_SCALED = -1  # not a C family: scaled atoms have their own constructor
_MX_FORMATS = ("e4m3", "e5m2", "e2m3", "e3m2", "e2m1")
_MX_CLASSES = {"Float8E4M3FN": "e4m3", "Float8E5M2": "e5m2", "Float6E2M3FN": "e2m3",
               "Float6E3M2FN": "e3m2", "Float4E2M1FN": "e2m1"}  # fmt: skip


# fly_mma_modifier: an integer atom's A and B read as signed, its D saturated.
_SIGNED_A, _SIGNED_B, _CLAMP = 1, 2, 4


class MmaOp:
    """One matrix instruction: family, shape (m, n, k), A/B dtype, accumulator dtype, and an
    integer instruction's controls (`modifiers`, fly_mma_modifier bits; None: the atom's own)."""

    def __init__(self, family, m, n, k, ab_type, acc_type, wave, modifiers=None):
        ab = _dtype_name(ab_type)
        ab = "i8" if ab == "u8" else ab  # the controls say how 8-bit integers are read
        if ab not in _DTYPE_CODES:
            raise TypeError(f"an MMA's A/B dtype is f32, f16, bf16, fp8, i8 or i4, not {ab}")
        if modifiers is not None and ab not in ("i8", "i4"):
            raise ValueError(
                f"sign_a, sign_b and clamp are controls of integer atoms, not of {ab} inputs"
            )
        self.family, self.shape_mnk, self.ab_type, self.wave = family, (m, n, k), ab, wave
        self.acc_type = _dtype_name(acc_type) if acc_type is not None else None
        self.modifiers = modifiers

    def __repr__(self):
        names = {
            _FMA: "UniversalFMA",
            _MFMA: "MFMA",
            _WMMA: "WMMA",
            _MMA_SYNC: "MmaSync",
            _WGMMA: "Wgmma",
            _WMMA_GFX11: "WMMA(gfx11)",
        }
        controls = ""
        if self.modifiers is not None:
            flags = ((_SIGNED_A, "sign_a"), (_SIGNED_B, "sign_b"), (_CLAMP, "clamp"))
            controls = "".join(f", {name}" for bit, name in flags if self.modifiers & bit)
        return f"{names[self.family]}{self.shape_mnk}[{self.ab_type}{controls}]"


class ScaledMmaOp(MmaOp):
    """CDNA4's block-scaled MFMA (v_mfma_scale_f32_16x16x128_f8f6f4, _32x32x64_): A and B in
    fp8 ("e4m3", "e5m2"), fp6 ("e2m3", "e3m2") or fp4 ("e2m1") with one E8M0 scale per 32 K
    values of each row of A and column of B."""

    def __init__(self, m, n, k, a_format, b_format=None):
        def name(f):
            # FlyDSL names the formats by their types; fp4 and fp6 ones are named classes only.
            text = _MX_CLASSES.get(getattr(f, "__name__", None))
            text = text or (f if isinstance(f, str) else _dtype_name(f))
            text = {"f8e4m3": "e4m3", "f8e5m2": "e5m2"}.get(text, text)
            if text not in _MX_FORMATS:
                raise TypeError(f"a scaled MFMA's formats are {', '.join(_MX_FORMATS)}, not {f!r}")
            return text

        self.family, self.shape_mnk, self.wave = _SCALED, (m, n, k), 64
        self.a_format = name(a_format)
        self.b_format = name(b_format if b_format is not None else a_format)
        self.ab_type, self.acc_type = self.a_format, "f32"

    def __repr__(self):
        return f"MFMA_Scale{self.shape_mnk}[{self.a_format} x {self.b_format}]"


def UniversalFMA(dtype):
    """A scalar multiply-add: a 1x1x1 atom of one thread, on every target."""
    return MmaOp(_FMA, 1, 1, 1, dtype, dtype, 1)


class TiledMma:
    """make_tiled_mma(atom, atom_layout=None, permutation=None): atoms laid out over threads by
    atom_layout's (M, N, K) modes and the tile permuted (CuTe's make_tiled_mma)."""

    def __init__(self, op, atom_layout=None, permutation=None):
        if isinstance(op, MmaAtom):
            op = op.op
        if not isinstance(op, MmaOp):
            raise TypeError(f"make_tiled_mma needs an MMA atom, got {op!r}")
        if atom_layout is not None and not isinstance(atom_layout, Layout):
            raise TypeError("make_tiled_mma needs a static (host) atom layout")
        self.op = op
        h = _P()
        m, n, k = op.shape_mnk
        perm = None if permutation is None else _tiler_text(permutation).encode()
        wave = op.wave if op.family != _FMA else 64
        layout = atom_layout._h if atom_layout is not None else None
        if op.family == _SCALED:
            fa, fb = _MX_FORMATS.index(op.a_format), _MX_FORMATS.index(op.b_format)
            check(lib.fly_tiled_mma_create_scaled(m, n, k, fa, fb, layout, perm, ctypes.byref(h)))
        elif op.modifiers is not None:
            check(lib.fly_tiled_mma_create_integer(op.family, m, n, k, _DTYPE_CODES[op.ab_type],
                                                   wave, op.modifiers, layout, perm,
                                                   ctypes.byref(h)))  # fmt: skip
        else:
            check(lib.fly_tiled_mma_create(op.family, m, n, k, _DTYPE_CODES[op.ab_type], wave,
                                           layout, perm, ctypes.byref(h)))  # fmt: skip
        self._h = h
        self.atom_layout = atom_layout  # FlyDSL's name of the atoms' (M, N, K) layout
        # What identifies it as a kernel's compile-time argument (the kernel cache key).
        self._text = (f"make_tiled_mma({op!r} acc {op.acc_type} wave {op.wave}, {atom_layout}, "
                      f"{None if perm is None else perm.decode()})")  # fmt: skip

    def __repr__(self):
        return self._text

    def __eq__(self, other):
        return isinstance(other, TiledMma) and self._text == other._text

    def __hash__(self):
        return hash(self._text)

    def __del__(self, _destroy=lib.fly_tiled_mma_destroy):
        if getattr(self, "_h", None):
            _destroy(self._h)

    def _layout(self, fn, *args):
        h = _P()
        check(fn(self._h, *args, ctypes.byref(h)))
        return Layout._adopt(h)

    @property
    def atom_name(self):
        p = ctypes.c_void_p()
        check(lib.fly_tiled_mma_atom_name(self._h, ctypes.byref(p)))
        return take_string(p)

    @property
    def accumulator_dtype(self):
        """The dtype of C and D (FlyDSL's make_fragment_C holds it)."""
        if self.op.acc_type is not None:
            return self.op.acc_type
        code = ctypes.c_int()
        check(lib.fly_tiled_mma_accumulator_dtype(self._h, ctypes.byref(code)))
        return DTYPE_NAMES[code.value]

    def _size(self):
        threads, tile = ctypes.c_int64(), (ctypes.c_int64 * 3)()
        check(lib.fly_tiled_mma_size(self._h, ctypes.byref(threads), tile))
        return threads.value, tuple(tile)

    @property
    def size(self):
        """Threads of the tiled MMA."""
        return self._size()[0]

    @property
    def tile_size_mnk(self):
        return self._size()[1]

    def tv_layout(self, operand, atom=False):
        """(thread, value) -> index in the tile of operand "A", "B" or "C", or a scaled atom's
        scales "SFA" or "SFB" (of one atom with atom=True)."""
        which = _OPERANDS[operand]
        fn = lib.fly_tiled_mma_atom_layout_tv if atom else lib.fly_tiled_mma_layout_tv
        return self._layout(fn, which)

    tv_layout_A = property(lambda self: self.tv_layout("A"))
    tv_layout_B = property(lambda self: self.tv_layout("B"))
    tv_layout_C = property(lambda self: self.tv_layout("C"))
    # FlyDSL's names of the same.
    tv_layout_A_tiled = tv_layout_A
    tv_layout_B_tiled = tv_layout_B
    tv_layout_C_tiled = tv_layout_C

    @property
    def thr_layout_vmnk(self):
        """(atom thread, M atom, N atom, K atom) -> thread index (CuTe's get_thr_layout_vmnk)."""
        return self._layout(lib.fly_tiled_mma_thr_layout_vmnk)

    @property
    def permutation_mnk(self):
        """The permutation of M, N and K as CuTe text (`_`: none)."""
        p = ctypes.c_void_p()
        check(lib.fly_tiled_mma_permutation(self._h, ctypes.byref(p)))
        return take_string(p)

    def typst(self, document=True, color=None, atom_only=False):
        """The tiled MMA (or its atom) drawn as Typst markup (fly_tiled_mma_typst): A, B and C
        with the thread and value holding each element; color(thread, value) gives a cell's
        "#rrggbb" (None: CuTe's pastels by thread)."""
        return typst_drawing(
            lambda cb, out: lib.fly_tiled_mma_typst(
                self._h, int(atom_only), int(document), cb, None, out
            ),
            color,
        )

    def _kernel(self):
        return _checked(lib.fly_kernel_tiled_mma(current(), self._h))

    @property
    def mma_atom(self):
        """The atom the tiled MMA lays out."""
        return MmaAtom(self.op)

    def get_slice(self, thr_idx):
        """Thread thr_idx's view: an int on the host; inside kernels also a kernel integer."""
        return ThrMma(self, thr_idx)

    thr_slice = get_slice

    def make_fragment_A(self, x, *, stages=None):
        """A register fragment for operand A: like a partition (thr_slice(t).partition_A(...)),
        or, as FlyDSL spells it, for the operand's (M, K) tile as a thread partitions it."""
        return _fragment(self.get_slice(0), _A, x, stages=stages)

    def make_fragment_B(self, x, *, stages=None):
        return _fragment(self.get_slice(0), _B, x, stages=stages)

    def make_fragment_C(self, x, *, stages=None):
        """A register fragment of the accumulator's dtype for C (as FlyDSL's: whatever `x`
        holds, C and D are in the atom's accumulator type)."""
        return _fragment(self.get_slice(0), _C, x, self.accumulator_dtype, stages)


def _fragment(thr, operand, x, dtype=None, stages=None):
    """A fragment like `x`, a partition; a rank-2 operand tile is first partitioned by `thr`
    (every thread's partition has the same shape). With `stages`, the operand tile is the first
    two modes of `x` and the fragment gets one more mode, outermost, of `stages` copies (the
    buffers of a software pipeline), as FlyDSL's mma.make_fragment."""
    if stages is None:
        if isinstance(x, TensorValue) and x.rank == 2:
            x = thr._partition(operand, x)
        return make_fragment(x, dtype or x.ir_dtype)
    if isinstance(stages, bool) or not isinstance(stages, int) or stages <= 0:
        raise ValueError(f"make_fragment: stages must be a positive int, got {stages!r}")
    if not isinstance(x, TensorValue) or x.rank is None or x.rank < 2:
        raise ValueError("make_fragment: stages needs an operand tensor of at least two modes")
    tile = x[(None, None) + (0,) * (x.rank - 2)] if x.rank > 2 else x
    one = make_fragment(thr._partition(operand, tile), dtype or x.ir_dtype)
    shape, stride = parse_tuple(str(one.layout.shape)), parse_tuple(str(one.layout.stride))
    n = size(shape)  # a fragment is compact: one stage spans its size
    shape = (shape if isinstance(shape, tuple) else (shape,)) + (stages,)
    stride = (stride if isinstance(stride, tuple) else (stride,)) + (n,)
    return make_fragment(make_host_layout(shape, stride), dtype or x.ir_dtype)


class ThrMma:
    """One thread's view of a tiled MMA: partition_A/B/C of a host layout (for an int thread)
    or, inside a kernel, of a tensor."""

    def __init__(self, tiled_mma, thr_idx):
        self.tiled, self.thr_idx = tiled_mma, thr_idx

    def _partition(self, operand, x):
        if isinstance(x, TensorValue):
            h = lib.fly_kernel_tiled_mma_partition(
                current(), self.tiled._kernel(), operand, coord(self.thr_idx).handle, x.handle
            )
            return TensorValue(_checked(h), x.ir_dtype, None)
        if not isinstance(self.thr_idx, int):
            raise TypeError("a host layout is partitioned for an int thread index")
        layout = _as_layout(x, "partition")
        return self.tiled._layout(lib.fly_tiled_mma_partition, operand, layout._h, self.thr_idx)

    def partition(self, operand, x):
        """This thread's part of operand `operand` (0 A, 1 B, 2 C) of a tensor or host layout."""
        return self._partition(operand, x)

    def partition_A(self, x):
        return self._partition(_A, x)

    def partition_B(self, x):
        return self._partition(_B, x)

    def partition_C(self, x):
        return self._partition(_C, x)

    def partition_SFA(self, x):
        """A scaled atom's scales of A: this thread's part of an (M, K / 32) tensor."""
        return self._partition(_SFA, x)

    def partition_SFB(self, x):
        """A scaled atom's scales of B: this thread's part of an (N, K / 32) tensor."""
        return self._partition(_SFB, x)

    def make_fragment_A(self, x, *, stages=None):
        return _fragment(self, _A, x, stages=stages)

    def make_fragment_B(self, x, *, stages=None):
        return _fragment(self, _B, x, stages=stages)

    def make_fragment_C(self, x, *, stages=None):
        return _fragment(self, _C, x, self.tiled.accumulator_dtype, stages)

    def _load(self, operand, shared, fragment):
        thr = coord(self.thr_idx).handle
        lib.fly_kernel_mma_load(
            current(), self.tiled._kernel(), operand, thr, shared.handle, fragment.handle
        )
        message = kernel_error(current())
        if message:
            raise _BuilderError(message.decode())

    def load_A(self, shared, fragment):
        """fragment (make_fragment_A of partition_A(shared)) <- this thread's A values from the
        shared tensor: ldmatrix for mma.sync's 16-bit atoms on NVIDIA (CuTe's
        make_tiled_copy_A with an ldmatrix atom), plain loads elsewhere. The whole warp loads."""
        self._load(_A, shared, fragment)

    def load_B(self, shared, fragment):
        """load_A for operand B."""
        self._load(_B, shared, fragment)


def gemm(
    mma_atom,
    d,
    a,
    b,
    c,
    wait=True,
    scale_a=None,
    scale_b=None,
    *,
    traversal_order=None,
    traversal_layout=None,
):
    """d = a * b + c over register fragments of a tiled MMA's partitions (CuTe's gemm); with
    wgmma atoms a and b are the shared-memory partitions themselves. wait=False (wgmma only)
    leaves the atoms in flight: d is readable after fx.nvgpu.wgmma_wait(n, d). Scaled atoms
    take scale_a and scale_b: int8 fragments (E8M0) of partition_SFA/SFB of the scales.
    traversal_order (FlyDSL's "kmn", ..., "nmk_serpentine": the loops over the atom calls,
    innermost first) or traversal_layout (a static layout from the i-th call to
    m + M*n + M*N*k) orders the calls; without either they go K block by K block."""
    if isinstance(mma_atom, ThrMma):
        mma_atom = mma_atom.tiled
    elif isinstance(mma_atom, MmaAtom):
        mma_atom = mma_atom._one
    if not isinstance(mma_atom, TiledMma):
        raise TypeError(f"gemm needs an MMA atom or tiled MMA, got {mma_atom!r}")
    if traversal_order is not None or traversal_layout is not None:
        if traversal_order is not None and traversal_layout is not None:
            raise ValueError("gemm takes traversal_order or traversal_layout, not both")
        if scale_a is not None or not wait:
            raise TypeError("a gemm traversal is for synchronous, unscaled atoms")
        order = -1 if traversal_order is None else _gemm_order(traversal_order)
        layout = (
            None
            if traversal_layout is None
            else _as_layout(traversal_layout, "traversal_layout")._h
        )
        lib.fly_kernel_gemm_ordered(current(), mma_atom._kernel(), d.handle, a.handle, b.handle,
                                    c.handle, order, layout)  # fmt: skip
        message = kernel_error(current())
        if message:
            raise _BuilderError(message.decode())
        return
    if scale_a is not None or scale_b is not None:
        if scale_a is None or scale_b is None or not wait:
            raise TypeError("gemm with scales takes both scale_a and scale_b, and waits")
        lib.fly_kernel_gemm_scaled(current(), mma_atom._kernel(), d.handle, a.handle, b.handle,
                                   c.handle, scale_a.handle, scale_b.handle)  # fmt: skip
    else:
        issue = lib.fly_kernel_gemm if wait else lib.fly_kernel_gemm_async
        issue(current(), mma_atom._kernel(), d.handle, a.handle, b.handle, c.handle)
    message = kernel_error(current())
    if message:
        raise _BuilderError(message.decode())


def _one_call(fragment):
    """A fragment of one atom call's values, (V), as the (V, 1, 1) partition gemm takes."""
    if not isinstance(fragment, TensorValue):
        raise TypeError(f"mma_atom_call takes register fragments, got {fragment!r}")
    shape, stride = parse_tuple(str(fragment.layout.shape)), parse_tuple(
        str(fragment.layout.stride)
    )
    if isinstance(shape, tuple) and len(shape) == 1:
        shape, stride = shape[0], stride[0]
    if isinstance(shape, tuple) and any(e != 1 for e in shape[1:]):
        raise ValueError(f"mma_atom_call takes one call's values (V), got {fragment.layout}")
    if isinstance(shape, tuple):
        shape, stride = shape[0], stride[0]
    return make_tensor(fragment, make_host_layout((shape, 1, 1), (stride, 0, 0)))


def mma_atom_call(mma_atom, d, a, b, c, scale_a=None, scale_b=None):
    """One call of an MMA atom (or of a tiled MMA's atom) on one call's values: d = a * b + c
    over the thread's fragments of A, B and C (FlyDSL's mma_atom_call); a scaled atom's scales
    as the thread's fragments of its scale partitions, or none (unscaled)."""
    if isinstance(mma_atom, MmaAtom):
        mma_atom = mma_atom._one
    if not isinstance(mma_atom, TiledMma):
        raise TypeError(f"mma_atom_call takes an MMA atom, got {mma_atom!r}")
    one = mma_atom.__dict__.get("_atom_alone")
    if one is None:  # the atom by itself: one call covers exactly one atom's values
        one = mma_atom._atom_alone = TiledMma(mma_atom.op)
    scales = {}
    if scale_a is not None or scale_b is not None:
        scales = dict(scale_a=_one_call(scale_a), scale_b=_one_call(scale_b))
    gemm(one, *(_one_call(x) for x in (d, a, b, c)), **scales)


def mma_atom_call_values(atom, a, b, c):
    """One call of an MMA atom on this lane's values (FlyDSL's mma_atom_call_ssa): d = a * b +
    c, with a and b vectors of the atom's A and B values (of its input type) and c of its
    accumulators; d is shaped as c. Synchronous, unscaled atoms."""
    if isinstance(atom, MmaAtom):
        atom = atom._one
    if not isinstance(atom, TiledMma):
        raise TypeError(f"mma_atom_call_ssa takes an MMA atom, got {atom!r}")
    a, b, c = as_value(a), as_value(b), as_value(c)
    k = current()
    handle = lib.fly_kernel_mma_atom_call_ssa(k, atom._kernel(), a.handle, b.handle, c.handle)
    message = kernel_error(k)
    if message:
        raise _BuilderError(message.decode())
    return _wrap(handle, c.ir_dtype)


_GEMM_ORDERS = ["kmn", "knm", "mkn", "mnk", "nkm", "nmk"]
_GEMM_ORDERS += [o + "_serpentine" for o in _GEMM_ORDERS]


def _gemm_order(order):
    name = getattr(order, "name", order)  # an enum member of FlyDSL's spelling, or its text
    if isinstance(name, str) and name.lower() in _GEMM_ORDERS:
        return _GEMM_ORDERS.index(name.lower())
    raise ValueError(f"traversal_order is one of {', '.join(_GEMM_ORDERS)}, not {order!r}")


class MmaAtom:
    """make_mma_atom(op): the atom of a matrix instruction."""

    def __init__(self, op):
        if not isinstance(op, MmaOp):
            raise TypeError(f"make_mma_atom needs an MMA op (fx.rocdl.MFMA(...) ...), got {op!r}")
        self.op = op
        self._one = TiledMma(op)  # checks the atom exists

    def __repr__(self):
        return f"make_mma_atom({self._one!r})"

    def __eq__(self, other):
        return isinstance(other, MmaAtom) and self._one == other._one

    def __hash__(self):
        return hash(self._one)

    @property
    def shape_mnk(self):
        return self.op.shape_mnk

    @property
    def name(self):
        return self._one.atom_name

    def tv_layout(self, operand):
        return self._one.tv_layout(operand, atom=True)

    layout_A_tv = property(lambda self: self.tv_layout("A"))
    layout_B_tv = property(lambda self: self.tv_layout("B"))
    layout_C_tv = property(lambda self: self.tv_layout("C"))

    @property
    def thr_layout(self):
        """The atom's logical thread -> lane layout (CuTe's ThrID)."""
        return self._one._layout(lib.fly_tiled_mma_atom_thr_layout)

    thr_id = thr_layout

    def typst(self, document=True, color=None):
        """The atom drawn as Typst markup (see TiledMma.typst)."""
        return self._one.typst(document, color, atom_only=True)


def make_mma_atom(mma_op_type):
    return MmaAtom(mma_op_type)


def make_tiled_mma(mma_atom, atom_layout=None, permutation=None):
    return TiledMma(mma_atom, atom_layout, permutation)


class MmaTiledCopy(TiledCopy):
    """make_tiled_copy_A / _B / _C (CuTe's): a tiled copy of `atom` with the threads and values
    of operand "A", "B" or "C" of a tiled MMA, over its (M,K), (N,K) or (M,N) tile, so that
    thr_copy.partition_S(tile) and thr_copy.retile_D(mma fragment) hold the same elements."""

    def __init__(self, atom, tiled_mma, operand):
        if not isinstance(atom, CopyAtom):
            raise TypeError(f"make_tiled_copy_{operand} needs a copy atom, got {atom!r}")
        if not isinstance(tiled_mma, TiledMma):
            raise TypeError(f"make_tiled_copy_{operand} needs a tiled MMA, got {tiled_mma!r}")
        m, n, k = tiled_mma.tile_size_mnk
        tile = {"A": (m, k), "B": (n, k), "C": (m, n)}[operand]
        # The host layout serves size and repr; the kernel value is the C library's.
        super().__init__(atom, tiled_mma.tv_layout(operand), tile)
        self.tiled_mma, self.operand = tiled_mma, operand

    def _kernel(self):
        which = {"A": _A, "B": _B, "C": _C}[self.operand]
        h = lib.fly_kernel_tiled_copy_for_mma(
            current(), self.atom._kernel(), self.tiled_mma._kernel(), which
        )
        return _checked(h)


def make_tiled_copy_A(copy_atom, tiled_mma):
    return MmaTiledCopy(copy_atom, tiled_mma, "A")


def make_tiled_copy_B(copy_atom, tiled_mma):
    return MmaTiledCopy(copy_atom, tiled_mma, "B")


def make_tiled_copy_C(copy_atom, tiled_mma):
    return MmaTiledCopy(copy_atom, tiled_mma, "C")
