"""Dynamic control flow for traced kernels: what the AST rewrite (_ast_rewrite.py) calls.

`for i in range(...)` becomes `for_range(args, carried, body)`, `while c:` becomes
`while_(carried, cond, body)` and `if c:` becomes `if_(c, carried, then, orelse)`. The body
functions take and return the carried variables:
the names the statement assigns that were bound before it. Carried numbers become kernel
values; each carried value keeps its dtype through the loop or branch.
"""

import ctypes
import operator
import types

from . import _kernel_api as K
from ._kernel_layout import TensorValue
from ._trace import Value, _BuilderError, as_value, current


class _Unset:
    """What a name first bound inside a branch holds where the branch did not bind it."""

    def __repr__(self):
        return "UNSET"


UNSET = _Unset()


def bound_or_unset(read):
    """read() of a name, or UNSET where the name is not bound."""
    try:
        return read()
    except NameError:
        return UNSET


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


_LEAF = "leaf"


def _flatten(name, v, leaves, like=None):
    """v's structure, with its kernel values and numbers appended to `leaves`: lists, tuples,
    dicts and SimpleNamespaces of them are carried element by element; any other object is
    carried as itself and must stay the same object. Keys keep their order, or the order of
    structure `like` (what the value had on entry) where they are its keys in another order."""
    if isinstance(v, (list, tuple)):
        inner = like[1] if _kind(like) is type(v) and len(like[1]) == len(v) else [None] * len(v)
        return (type(v), tuple(_flatten(name, x, leaves, t) for x, t in zip(v, inner)))
    if isinstance(v, (types.SimpleNamespace, dict)):
        fields = vars(v) if isinstance(v, types.SimpleNamespace) else v
        keys, inner = tuple(fields), [None] * len(fields)
        if _kind(like) is type(v) and set(like[1]) == set(keys):
            keys, inner = like[1], like[2]
        return (
            type(v),
            keys,
            tuple(_flatten(name, fields[k], leaves, t) for k, t in zip(keys, inner)),
        )
    if isinstance(v, (Value, int, float)):
        leaves.append(v)
        return _LEAF
    return ("static", v)


def _kind(tree):
    """The container type a structure is of (None for a leaf or a kept object)."""
    return tree[0] if isinstance(tree, tuple) and tree[0] != "static" else None


def _unflatten(tree, leaves):
    if tree == _LEAF:
        return next(leaves)
    if tree[0] == "static":
        return tree[1]
    if tree[0] in (types.SimpleNamespace, dict):
        fields = {k: _unflatten(t, leaves) for k, t in zip(*tree[1:])}
        return types.SimpleNamespace(**fields) if tree[0] is types.SimpleNamespace else fields
    return tree[0](_unflatten(t, leaves) for t in tree[1])


def _same_shape(a, b):
    if a == _LEAF or b == _LEAF:
        return a == b
    if a[0] == "static" or b[0] == "static":
        return a[0] == b[0] and a[1] is b[1]
    return (
        a[0] is b[0]
        and a[1:-1] == b[1:-1]
        and len(a[-1]) == len(b[-1])
        and all(_same_shape(x, y) for x, y in zip(a[-1], b[-1]))
    )


def _as_kernel_value(name, v, like=None):
    if isinstance(v, TensorValue):
        raise TypeError(f"`{name}` is a tensor: a dynamic loop or branch cannot reassign it")
    try:
        return as_value(v, like)
    except TypeError:
        raise TypeError(
            f"`{name}` ({type(v).__name__}) is assigned in a dynamic loop or branch, so it must "
            "be a kernel value, a number, or a list, tuple, dict or SimpleNamespace of them"
        ) from None


def _carried_values(names, values):
    """(trees, leaves): each carried value's structure, and its leaves as kernel values."""
    trees, out = [], []
    for name, v in zip(names, values):
        leaves = []
        trees.append(_flatten(name, v, leaves))
        out += [_as_kernel_value(name, x) for x in leaves]
    return trees, out


def _like(handle, v):
    """A loop's or branch's value standing for `v`: its dtype, and its lanes and shape where
    they are known (so that they can be read after the kernel is traced, as FlyDSL's can)."""
    out = Value(handle, v.ir_dtype)
    out._shape = v._shape
    out.lanes  # noqa: B018 (asked while the kernel is being traced, kept for after)
    return out


def _rebuild(trees, values):
    it = iter(values)
    return tuple(_unflatten(t, it) for t in trees)


def _yielded(names, values, trees, like):
    """The leaves of the values a body ends with, checked against the structure and dtypes they
    had before it."""
    if not isinstance(values, tuple) or len(values) != len(trees):
        raise RuntimeError("internal: a rewritten body returned the wrong carried values")
    leaves, owners = [], []
    for name, v, tree in zip(names, values, trees):
        if not _same_shape(_flatten(name, v, leaves, tree), tree):
            if tree != _LEAF and tree[0] == "static" and isinstance(tree[1], TensorValue):
                raise TypeError(
                    f"`{name}` is a tensor: a dynamic loop or branch cannot reassign it"
                )
            raise TypeError(
                f"carried variable `{name}` does not match the region entry: it changes inside "
                "a dynamic loop or branch into something of another "
                "structure (a list of another length, another object); keep its structure"
            )
        owners += [name] * (len(leaves) - len(owners))
    out = []
    for name, v, init in zip(owners, leaves, like):
        if isinstance(v, (int, float, bool)):
            v = as_value(v, init).to(init.ir_dtype)
        elif not isinstance(v, Value):
            raise TypeError(f"`{name}` became a {type(v).__name__} inside a dynamic loop or branch")
        elif v.ir_dtype != init.ir_dtype:
            raise TypeError(
                f"carried variable `{name}` does not match the region entry: it is "
                f"{init.ir_dtype} before the loop or branch and {v.ir_dtype} inside it; give it "
                "its type before (e.g. fx.Int64(0), fx.Float32(0.0) or .to(...))"
            )
        out.append(v)
    return out


def _array(values):
    return (ctypes.c_void_p * max(1, len(values)))(*[v.handle for v in values])


def _index_values(bounds):
    """start, stop, step as kernel integers of one dtype: i64 if any is i64 or an unsigned
    32-bit value (which a signed i32 would turn negative past 2**31), else i32."""
    dtype = "i32"
    for b in bounds:
        if isinstance(b, Value):
            if b.ir_dtype not in ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "index"):
                raise TypeError(f"range() needs integers, got a {b.ir_dtype} value")
            if b.ir_dtype in ("i64", "index", "u32", "u64"):
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
    carried = tuple(carried)
    if keep_var:  # the loop variable's last value, carried out (its value before, or start)
        before = lb if var_before is None else as_value(var_before, lb)
        carried += (before if before.ir_dtype == lb.ir_dtype else before.to(lb.ir_dtype),)
        names = tuple(names) + ("loop variable",)
    trees, inits = _carried_values(names, carried)
    k = current()
    iter_args = (ctypes.c_void_p * max(1, len(inits)))()
    iv = K.for_begin(k, lb.handle, ub.handle, st.handle, _array(inits), len(inits), iter_args)
    _check()
    iv = Value(iv, lb.ir_dtype)
    inner = _rebuild(trees, [_like(iter_args[i], v) for i, v in enumerate(inits)])
    yields = _yielded(names, body(iv, *inner[: len(inner) - keep_var]), trees, inits)
    results = (ctypes.c_void_p * max(1, len(inits)))()
    K.for_end(k, _array(yields), len(yields), results)
    _check()
    return _rebuild(trees, [_like(results[i], v) for i, v in enumerate(inits)])


def loop_results(values):
    """What `results = yield [...]` leaves after a loop: its one value, or the list of them."""
    return values[0] if len(values) == 1 else values


def while_(names, carried, cond, body):
    first = cond(*carried)
    if not isinstance(first, Value):
        # A Python condition: an ordinary loop, unrolled while tracing.
        while first:
            carried = body(*carried)
            first = cond(*carried)
        return tuple(carried)
    trees, inits = _carried_values(names, carried)
    k = current()
    n = len(inits)
    before = (ctypes.c_void_p * max(1, n))()
    K.while_begin(k, _array(inits), n, before)
    _check()
    c = as_value(cond(*_rebuild(trees, [_like(before[i], v) for i, v in enumerate(inits)])))
    if c.ir_dtype != "i1":
        c = c != 0
    body_args = (ctypes.c_void_p * max(1, n))()
    K.while_do(k, c.handle, body_args, n)
    _check()
    inner = _rebuild(trees, [_like(body_args[i], v) for i, v in enumerate(inits)])
    yields = _yielded(names, body(*inner), trees, inits)
    results = (ctypes.c_void_p * max(1, n))()
    K.while_end(k, _array(yields), len(yields), results)
    _check()
    return _rebuild(trees, [_like(results[i], v) for i, v in enumerate(inits)])


def _new_values(names, values, trees=None, like=None):
    """(trees, leaves) of the names first bound in a dynamic branch: kernel values (or
    containers of them), converted to the other branch's dtypes when it came first."""
    out_trees, leaves = [], []
    for name, v in zip(names, values):
        if v is UNSET:
            raise NameError(
                f"`{name}` is assigned in only one branch of a dynamic `if` and read after it; "
                "assign it before the `if` or in both branches"
            )
        mine = []
        first = trees[len(out_trees)] if trees is not None else None  # the other branch's
        tree = _flatten(name, v, mine, first)
        if trees is not None and not _same_shape(tree, first):
            raise TypeError(
                f"carried variable `{name}` does not match the region entry: it has another "
                "structure in each branch of a dynamic `if`"
            )
        out_trees.append(tree)
        for x in mine:
            other = like[len(leaves)] if like is not None else None
            x = _as_kernel_value(name, x, other)
            if other is not None and x.ir_dtype != other.ir_dtype:
                raise TypeError(
                    f"carried variable `{name}` does not match the region entry: it is "
                    f"{other.ir_dtype} in one branch and {x.ir_dtype} in the other"
                )
            x.lanes  # noqa: B018 (asked while its branch is open: the other branch reads it)
            leaves.append(x)
    return out_trees, leaves


def if_(cond, names, carried, then, orelse):
    """`names` are the carried names, then those first bound in the branches."""
    if not isinstance(cond, Value):
        # A Python condition: an ordinary branch, decided while tracing.
        return then(*carried) if cond else orelse(*carried)
    unbound = [name for name, v in zip(names, carried) if v is UNSET]
    if unbound:
        raise NameError(
            f"{', '.join(unbound)} must be bound before a branch on a kernel value that assigns "
            "it: an earlier `if` bound it on some paths only"
        )
    if cond.ir_dtype != "i1":
        cond = cond != 0
    n = len(carried)
    trees, inits = _carried_values(names[:n], carried)
    k = current()
    K.if_begin_typed_by_then(k, cond.handle)
    _check()
    # Each branch gets its own copy of the carried containers, so what one mutates the other
    # does not see.
    got = then(*_rebuild(trees, inits))
    new_trees, new_leaves = _new_values(names[n:], got[n:])
    then_values = _yielded(names[:n], got[:n], trees, inits) + new_leaves
    K.if_else(k, _array(then_values), len(then_values))
    _check()
    got = orelse(*_rebuild(trees, inits))
    _, else_new = _new_values(names[n:], got[n:], new_trees, new_leaves)
    else_values = _yielded(names[:n], got[:n], trees, inits) + else_new
    results = (ctypes.c_void_p * max(1, len(then_values)))()
    K.if_end(k, _array(else_values), len(else_values), results)
    _check()
    return _rebuild(trees + new_trees, [_like(results[i], v) for i, v in enumerate(then_values)])


def _truth(v):
    """A kernel value as i1 (nonzero is true), or a Python value's truth."""
    if isinstance(v, Value):
        return v if v.ir_dtype == "i1" else v != 0
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


_COMPARISONS = {
    "Lt": operator.lt, "LtE": operator.le, "Gt": operator.gt, "GtE": operator.ge,
    "Eq": operator.eq, "NotEq": operator.ne, "Is": operator.is_, "IsNot": operator.is_not,
    "In": lambda a, b: a in b, "NotIn": lambda a, b: a not in b,
}  # fmt: skip


def compare_chain(left, ops, *operands):
    """Python's chained comparison `left ops[0] operands[0] ops[1] operands[1] ...` (the
    operands as thunks): each operand evaluated at most once and in order, a Python-false link
    ends it as Python does. Links on kernel values are all evaluated and joined by arith.andi,
    as FlyDSL joins them (no branch: a chain's operands are values, not effects)."""
    right = operands[0]()
    link = _COMPARISONS[ops[0]](left, right)
    if len(ops) == 1:
        return link
    if not isinstance(link, Value):
        return compare_chain(right, ops[1:], *operands[1:]) if link else link
    rest = compare_chain(right, ops[1:], *operands[1:])
    if not isinstance(rest, Value):
        return link if rest else rest
    return _truth(link) & _truth(rest)


def not_(v):
    return _truth(v) == 0 if isinstance(v, Value) else not v


def ifexp(cond, then, orelse):
    """`then() if cond else orelse()`: a kernel branch with one result for a kernel condition."""
    if not isinstance(cond, Value):
        return then() if cond else orelse()
    (value,) = if_(cond, ("the value",), (), lambda: (then(),), lambda: (orelse(),))
    return value


__all__ = [
    "for_range",
    "while_",
    "if_",
    "ifexp",
    "and_",
    "or_",
    "not_",
    "compare_chain",
    "UNSET",
    "bound_or_none",
]
