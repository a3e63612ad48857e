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


class _Unset:
    """What a name first bound inside a branch holds where the branch did not bind it."""

    def __repr__(self):
        return "UNSET"


UNSET = _Unset()


def bound_or_none(read):
    """read() of a name, or None where the name is not bound."""
    try:
        return read()
    except NameError:
        return None


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


def for_range(range_args, names, carried, body, var_before=None, keep_var=False):
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
    if keep_var:  # the loop variable's last value, carried out (its value before, or start)
        before = lb if var_before is None else as_value(var_before, lb)
        inits.append(before if before.dtype == lb.dtype else before.to(lb.dtype))
        names = tuple(names) + ("loop variable",)
    k = current()
    iter_args = (ctypes.c_void_p * max(1, len(inits)))()
    iv = K.for_begin(k, lb.handle, ub.handle, st.handle, _array(inits), len(inits), iter_args)
    _check()
    iv = Value(iv, lb.dtype)
    inner = [Value(iter_args[i], v.dtype) for i, v in enumerate(inits)]
    yields = _yielded(names, body(iv, *inner[: len(inner) - keep_var]), inits)
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


def _new_values(names, values, like=None):
    """The values of names first bound in a dynamic branch: kernel values, converted to the
    other branch's dtypes when it came first."""
    out = []
    for i, (name, v) in enumerate(zip(names, values)):
        if v is UNSET:
            raise NameError(
                f"`{name}` is assigned in only one branch of a dynamic `if` and read after it; "
                "assign it before the `if` or in both branches"
            )
        other = like[i] if like is not None else None
        try:
            v = as_value(v, other)
        except TypeError:
            raise TypeError(
                f"`{name}` ({type(v).__name__}) is assigned in a dynamic branch, so it must be "
                "a kernel value or a number"
            ) from None
        if other is not None and v.dtype != other.dtype:
            raise TypeError(f"`{name}` is {other.dtype} in one branch and {v.dtype} in the other")
        v.lanes  # noqa: B018 (asked while its branch is open: the other branch reads it)
        out.append(v)
    return out


def if_(cond, names, carried, then, orelse):
    """`names` are the carried names, then those first bound in the branches."""
    if not isinstance(cond, Value):
        # A Python condition: an ordinary branch, decided while tracing.
        return then(*carried) if cond else orelse(*carried)
    if cond.dtype != "i1":
        cond = cond != 0
    n = len(carried)
    inits = _carried_values(names[:n], carried)
    k = current()
    K.if_begin_typed_by_then(k, cond.handle)
    _check()
    got = then(*inits)
    then_values = _yielded(names[:n], got[:n], inits) + _new_values(names[n:], got[n:])
    K.if_else(k, _array(then_values), len(then_values))
    _check()
    got = orelse(*inits)
    else_values = _yielded(names[:n], got[:n], inits) + _new_values(
        names[n:], got[n:], then_values[n:]
    )
    results = (ctypes.c_void_p * max(1, len(then_values)))()
    K.if_end(k, _array(else_values), len(else_values), results)
    _check()
    return tuple(Value(results[i], v.dtype) for i, v in enumerate(then_values))


def _truth(v):
    """A kernel value as i1 (nonzero is true), or a Python value's truth."""
    if isinstance(v, Value):
        return v if v.dtype == "i1" else v != 0
    return bool(v)


def _i1(x):
    return x if isinstance(x, Value) else as_value(bool(x), Value(None, "i1"))


def _logic(first, rest, when_first):
    """`first() and rest()` (when_first False) / `first() or rest()` (True): Python's on a
    Python value, else a kernel branch that evaluates `rest` only where it decides."""
    a = first()
    if not isinstance(a, Value):
        return rest() if bool(a) != when_first else a
    k = current()
    K.if_begin_typed_by_then(k, _truth(a).handle)
    _check()
    taken = _i1(True) if when_first else _i1(_truth(rest()))
    K.if_else(k, _array([taken]), 1)
    _check()
    other = _i1(_truth(rest())) if when_first else _i1(False)
    result = (ctypes.c_void_p * 1)()
    K.if_end(k, _array([other]), 1, result)
    _check()
    return Value(result[0], "i1")


def and_(first, rest):
    return _logic(first, rest, False)


def or_(first, rest):
    return _logic(first, rest, True)


def not_(v):
    return _truth(v) == 0 if isinstance(v, Value) else not v


def ifexp(cond, then, orelse):
    """`then() if cond else orelse()`: a kernel branch with one result for a kernel condition."""
    if not isinstance(cond, Value):
        return then() if cond else orelse()
    (value,) = if_(cond, ("the value",), (), lambda: (then(),), lambda: (orelse(),))
    return value


__all__ = ["for_range", "while_", "if_", "ifexp", "and_", "or_", "not_", "UNSET", "bound_or_none"]
