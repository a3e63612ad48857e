"""The launch hot path. After a kernel's first launch with a signature, later launches with
torch tensors, numpy arrays and scalars skip DLPack and the C argument structs: a prepared
launch (made once per signature and target) takes the launch config and the argument slots,
packed by one struct.pack_into into a buffer it owns, through one C call with ready-made ctypes
arguments."""

import ctypes
import os
import struct
import sys

from . import _kernel_api as K
from ._lib import check
from .expr.numeric import Numeric

_CONFIG = "<Q3I3IQQ"  # fly_launch_config_t: struct_size, grid, block, dynamic_smem, stream
_CONFIG_SIZE = struct.calcsize(_CONFIG)
# A scalar's bits in the low bytes of its 8-byte slot. bf16 has no struct code: slow path.
_SCALAR_SLOTS = {"i8": "b7x", "i16": "h6x", "i32": "i4x", "i64": "q", "u8": "B7x",
                 "u16": "H6x", "u32": "I4x", "u64": "Q", "f16": "e6x", "f32": "f4x",
                 "f64": "d"}  # fmt: skip
_TENSOR, _NUMBER, _COMPILED_IN, _FLOAT, _ARRAY = 0, 1, 2, 3, 4
_NUMBERS = (int, float, bool)


def float_slot(x):
    """A float parameter's value as struct packs it, rounding it once: a float, or an integer
    a double holds exactly; a larger integer takes the slow path (struct would round it to a
    double first, then again to the slot's type)."""
    if type(x) not in _NUMBERS:
        x = x.value
    if type(x) is float or -(2**53) <= x <= 2**53:
        return x
    raise struct.error("an integer past 2**53 for a float slot")


# What chooses the target and arch, and the optimization level (all join compile keys).
_CHOICE_NAMES = ("FLYDSL_COMPILE_BACKEND", "ARCH", "FLYDSL_GPU_ARCH", "FLYDSL_COMPILE_OPT_LEVEL")


def target_choice(environ=os.environ):
    """The target and arch the environment asks for (None: the library chooses)."""
    target = environ.get("FLYDSL_COMPILE_BACKEND") or None
    arch = environ.get("ARCH") or environ.get("FLYDSL_GPU_ARCH") or None
    return target, arch


try:  # os.environ.get encodes and decodes on every call; its raw dict is ten times cheaper
    _raw_env, _raw_names = os.environ._data, tuple(map(os.environ.encodekey, _CHOICE_NAMES))

    def raw_choice(_get=_raw_env.get, _names=_raw_names):
        """The environment's target choice as a hashable key, read cheaply."""
        return _get(_names[0]), _get(_names[1]), _get(_names[2]), _get(_names[3])

    def is_set(name, _get=_raw_env.get, _encode=os.environ.encodekey):
        """Whether the environment has `name` at all (cheaper than reading its option)."""
        return _get(_encode(name)) is not None

except AttributeError:  # not CPython's os.environ

    def raw_choice():
        return tuple(os.environ.get(n) for n in _CHOICE_NAMES)

    def is_set(name):
        return name in os.environ


_DYN = -(2**63)  # FLY_DYNAMIC


def bare_spec(ptr, strides, elem):
    """A plain tensor argument's layout spec (shape, stride, align): every extent and stride
    dynamic except a unit stride (the innermost mode with stride 1), and the largest power of
    two (up to 16 bytes) that the pointer and the other strides in bytes are multiples of, so
    copies can be as wide as the data allows (a separate compile per class). Extents do not
    enter: the launcher ignores the strides of modes of extent 0 or 1."""
    n = len(strides)
    unit = -1
    for m in range(n - 1, -1, -1):
        if strides[m] == 1:
            unit = m
            break
    g = ptr | 16
    for m in range(n):
        if m != unit:
            g |= strides[m] * elem
    align = g & -g
    stride = tuple(1 if m == unit else _DYN for m in range(n))
    return ((_DYN,) * n, stride, align if align >= elem else 0)


_SPECS = {}


def tensor_spec(t):
    """bare_spec of a torch tensor, remembered per (pointer mod 16, strides, dtype): on the
    launch hot path a dictionary lookup instead of the computation."""
    ptr = t.data_ptr()
    probe = (ptr & 15, t.stride(), t.dtype)
    spec = _SPECS.get(probe)
    if spec is None:
        if len(_SPECS) > 4096:  # many stride patterns: keep the memo small
            _SPECS.clear()
        spec = _SPECS[probe] = bare_spec(ptr, probe[1], t.element_size())
    return spec


_NOT_ELEMENTS = object()  # the memoized answer for strides that are not whole elements


def array_spec(a):
    """bare_spec of a numpy array, remembered as tensor_spec's; None where its byte strides are
    not whole elements (DLPack, the slow path, refuses it). Numpy arrays that are not writable
    join the key apart: the slow path refuses them too."""
    ptr = a.__array_interface__["data"][0]
    probe = (ptr & 15, a.strides, a.dtype, a.flags.writeable)
    spec = _SPECS.get(probe)
    if spec is None:
        if len(_SPECS) > 4096:
            _SPECS.clear()
        size = a.itemsize
        if not probe[3] or any(s % size for s in probe[1]):
            spec = _NOT_ELEMENTS
        else:
            spec = bare_spec(ptr, tuple(s // size for s in probe[1]), size)
        _SPECS[probe] = spec
    return None if spec is _NOT_ELEMENTS else spec


def signature_key(args, constexpr=None):
    """What decides the compiled kernel and the slot layout, read cheaply; None when an
    argument is not a torch tensor, a numpy array, a Python number or an fx scalar.
    `constexpr` marks the arguments whose values are compiled in: their type and value join
    the key."""
    torch, numpy = sys.modules.get("torch"), sys.modules.get("numpy")
    tensor_type = torch.Tensor if torch is not None else ()
    array_type = numpy.ndarray if numpy is not None else ()
    key = []
    for i, a in enumerate(args):
        t = type(a)
        if constexpr is not None and constexpr[i]:
            key.append((t, a))
        elif t in _NUMBERS or issubclass(t, Numeric):
            key.append(t)
        elif isinstance(a, tensor_type):
            key.append((a.dtype, a.is_cuda, tensor_spec(a)))
        elif t is array_type:
            spec = array_spec(a)
            if spec is None:
                return None
            key.append((a.dtype, spec))
        else:
            return None
    return tuple(key)


def dim3(x):
    if isinstance(x, int):
        return (x, 1, 1)
    n = len(x)
    return tuple(x) if n == 3 else tuple(x) + (1,) * (3 - n)


class PreparedLaunch:
    """One compiled kernel bound to a slot layout; `classified` is the first launch's, `args`
    its arguments (the kind of each tensor: a torch tensor or a numpy array)."""

    def __init__(self, compiled, classified, args):
        handle = ctypes.c_void_p()
        check(K.prepare_launch(compiled.handle, compiled.name.encode(), ctypes.byref(handle)))
        self.handle, self.compiled = handle, compiled  # the handle keeps the code alive anyway
        fmt, kinds = [_CONFIG], []
        for (kind, detail), arg in zip(classified, args):
            if kind == "tensor":
                fmt.append("Q" * (1 + 2 * detail.rank))
                numpy = sys.modules.get("numpy")
                array = numpy is not None and type(arg) is numpy.ndarray
                kinds.append((_ARRAY, detail.rank, arg.itemsize) if array else _TENSOR)
            elif kind == "scalar":
                fmt.append(_SCALAR_SLOTS[detail[0]])
                kinds.append(_FLOAT if detail[0].startswith("f") else _NUMBER)
            else:
                kinds.append(_COMPILED_IN)  # a Constexpr: no slot
        pack = struct.Struct("".join(fmt)).pack_into
        n_slots = K.prepared_num_slots(handle)
        self.buffer = ctypes.create_string_buffer(_CONFIG_SIZE + 8 * n_slots)
        address = ctypes.addressof(self.buffer)
        c_args = (handle, ctypes.c_void_p(address), ctypes.c_void_p(address + _CONFIG_SIZE),
                  ctypes.c_size_t(n_slots))  # fmt: skip
        self.launch = _specialize(kinds, pack, self.buffer, c_args)

    def __del__(self, _destroy=K.prepared_destroy):
        _destroy(self.handle)


def _specialize(kinds, pack, buffer, c_args):
    """launch(args, grid, block, smem, stream) -> the C status, written out for these argument
    kinds so a call runs no loop; raises struct.error (or OverflowError, a float past its
    slot's type) for a value its slot cannot hold."""
    names = [f"a{i}" for i in range(len(kinds))]
    values = []
    for name, kind in zip(names, kinds):
        if kind == _TENSOR:
            values.append(f"{name}.data_ptr(), *{name}.shape, *{name}.stride()")
        elif type(kind) is tuple:  # a numpy array: byte strides over its element size
            _, rank, size = kind
            strides = "".join(f", {name}.strides[{m}] // {size}" for m in range(rank))
            values.append(f"{name}.__array_interface__['data'][0], *{name}.shape{strides}")
        elif kind == _NUMBER:
            values.append(f"({name}.value if type({name}) not in _NUMBERS else {name})")
        elif kind == _FLOAT:
            values.append(f"({name} if type({name}) is float else float_slot({name}))")
    unpack = ", ".join(names) + ("," if len(names) == 1 else "")
    source = f"""
def launch(args, grid, block, smem, stream):
    {unpack + " = args" if names else ""}
    g = (grid, 1, 1) if type(grid) is int else dim3(grid)
    b = (block, 1, 1) if type(block) is int else dim3(block)
    pack(buffer, 0, {_CONFIG_SIZE}, *g, *b, smem, stream or 0{"".join(", " + v for v in values)})
    return call(*c_args)
"""
    scope = {"pack": pack, "buffer": buffer, "c_args": c_args, "dim3": dim3,
             "call": K.prepared_launch_slots, "_NUMBERS": _NUMBERS,
             "float_slot": float_slot}  # fmt: skip
    exec(source, scope)  # noqa: S102 (source built above from argument kinds only)
    return scope["launch"]


def usable(classified):
    return all(
        kind in ("tensor", "constexpr") or (kind == "scalar" and detail[0] in _SCALAR_SLOTS)
        for kind, detail in classified
    )
