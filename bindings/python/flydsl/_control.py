"""Dynamic control flow for traced kernels: what the AST rewrite (_ast_rewrite.py) calls.

`for i in range(...)` becomes `for_range(args, carried, body)`, `while c:` becomes
`while_(carried, cond, body)` and `if c:` becomes `if_(c, carried, then, orelse)`. The body
functions take and return the carried variables:
the names the statement assigns that were bound before it. Carried numbers become kernel
values; each carried value keeps its dtype through the loop or branch.
"""

import ctypes

from . import _kernel_api as K
from ._kernel_layout import TensorValue
from ._trace import Value, _BuilderError, as_value, current


def _check():
    message = K.kernel_error(current())
    if message:
        raise _BuilderError(message.decode())


def _carried_values(names, values):
    out = []
    for name, v in zip(names, values):
        if isinstance(v, TensorValue):
            raise TypeError(f"`{name}` is a tensor: a dynamic loop or branch cannot reassign it")
        try:
            out.append(as_value(v))
        except TypeError:
            raise TypeError(
                f"`{name}` ({type(v).__name__}) is assigned in a dynamic loop or branch, "
                "so it must be a kernel value or a number"
            ) from None
    return out


def _yielded(names, values, like):
    if not isinstance(values, tuple) or len(values) != len(like):
        raise RuntimeError("internal: a rewritten body returned the wrong carried values")
    out = []
    for name, v, init in zip(names, values, like):
        if isinstance(v, (int, float, bool)):
            v = as_value(v, init).to(init.dtype)
        elif not isinstance(v, Value):
            raise TypeError(f"`{name}` became a {type(v).__name__} inside a dynamic loop or branch")
        elif v.dtype != init.dtype:
            raise TypeError(
                f"`{name}` is {init.dtype} before the loop or branch and {v.dtype} inside it; "
                f"give it its type before (e.g. fx.Int64(0), fx.Float32(0.0) or .to(...))"
            )
        out.append(v)
    return out


def _array(values):
    return (ctypes.c_void_p * max(1, len(values)))(*[v.handle for v in values])


def _index_values(bounds):
    """start, stop, step as kernel integers of one dtype (i64 if any is i64, else i32)."""
    dtype = "i32"
    for b in bounds:
        if isinstance(b, Value):
            if b.dtype not in ("i8", "i16", "i32", "i64", "index"):
                raise TypeError(f"range() needs integers, got a {b.dtype} value")
            if b.dtype in ("i64", "index"):
                dtype = "i64"
        elif not isinstance(b, int) or isinstance(b, bool):
            raise TypeError(f"range() needs integers, got {type(b).__name__}")
    return [as_value(b, Value(None, dtype)).to(dtype) for b in bounds]


def for_range(range_args, names, carried, body):
    if not 1 <= len(range_args) <= 3:
        raise TypeError(f"range expected 1 to 3 arguments, got {len(range_args)}")
    start, stop, step = (
        (0, range_args[0], 1)
        if len(range_args) == 1
        else (range_args[0], range_args[1], range_args[2] if len(range_args) == 3 else 1)
    )
    if isinstance(step, int) and step <= 0:
        raise ValueError("a kernel loop needs a positive step")
    lb, ub, st = _index_values((start, stop, step))
    inits = _carried_values(names, carried)
    k = current()
    iter_args = (ctypes.c_void_p * max(1, len(inits)))()
    iv = K.for_begin(k, lb.handle, ub.handle, st.handle, _array(inits), len(inits), iter_args)
    _check()
    iv = Value(iv, lb.dtype)
    inner = [Value(iter_args[i], v.dtype) for i, v in enumerate(inits)]
    yields = _yielded(names, body(iv, *inner), inits)
    results = (ctypes.c_void_p * max(1, len(inits)))()
    K.for_end(k, _array(yields), len(yields), results)
    _check()
    return tuple(Value(results[i], v.dtype) for i, v in enumerate(inits))


def while_(names, carried, cond, body):
    first = cond(*carried)
    if not isinstance(first, Value):
        # A Python condition: an ordinary loop, unrolled while tracing.
        while first:
            carried = body(*carried)
            first = cond(*carried)
        return tuple(carried)
    inits = _carried_values(names, carried)
    k = current()
    n = len(inits)
    before = (ctypes.c_void_p * max(1, n))()
    K.while_begin(k, _array(inits), n, before)
    _check()
    c = as_value(cond(*[Value(before[i], v.dtype) for i, v in enumerate(inits)]))
    if c.dtype != "i1":
        c = c != 0
    body_args = (ctypes.c_void_p * max(1, n))()
    K.while_do(k, c.handle, body_args, n)
    _check()
    inner = [Value(body_args[i], v.dtype) for i, v in enumerate(inits)]
    yields = _yielded(names, body(*inner), inits)
    results = (ctypes.c_void_p * max(1, n))()
    K.while_end(k, _array(yields), len(yields), results)
    _check()
    return tuple(Value(results[i], v.dtype) for i, v in enumerate(inits))


def if_(cond, names, carried, then, orelse):
    if not isinstance(cond, Value):
        # A Python condition: an ordinary branch, decided while tracing.
        return then(*carried) if cond else orelse(*carried)
    if cond.dtype != "i1":
        cond = cond != 0
    inits = _carried_values(names, carried)
    k = current()
    types = (ctypes.c_int * max(1, len(inits)))(*[K.DTYPES[v.dtype] for v in inits])
    K.if_begin(k, cond.handle, types, len(inits))
    _check()
    then_values = _yielded(names, then(*inits), inits)
    K.if_else(k, _array(then_values), len(then_values))
    _check()
    else_values = _yielded(names, orelse(*inits), inits)
    results = (ctypes.c_void_p * max(1, len(inits)))()
    K.if_end(k, _array(else_values), len(else_values), results)
    _check()
    return tuple(Value(results[i], v.dtype) for i, v in enumerate(inits))


__all__ = ["for_range", "while_", "if_"]
