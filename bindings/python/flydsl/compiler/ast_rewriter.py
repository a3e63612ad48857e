"""The two entry points of FlyDSL's AST rewriter that kernel code calls by hand:
`ASTRewriter.transform(fn)`, which rewrites a helper's dynamic `for` / `while` / `if` as
@flyc.kernel does its body, `ReplaceIfWithDispatch.scf_if_dispatch` / `scf_ifexp_dispatch`, a
dynamic `if` (or conditional expression) written as branch functions,
`InsertEmptyYieldForSCFFor.scf_for_dispatch`, a `for` over a range written as a body function,
and `CanonicalizeWhile.scf_while_dispatch`, a `while` written as a condition and a body.
The rewriter's passes themselves (its transformer classes) are internal here: kernels are
rewritten by `flydsl._ast_rewrite` in one pass."""

import ast
import inspect

from .. import _control
from .._ast_rewrite import _RT, assigned_in_order, rewrite


def _collect_assigned_vars(body_stmts, active_symbols, orelse_stmts=None, test_expr=None):
    """The names that an `if`'s statements (`body_stmts`, `orelse_stmts`, and a walrus in its
    `test_expr`) assign and that were bound before it (in one of the `active_symbols` scopes):
    the values the `if` carries, in the order they are first assigned."""
    stmts = list(body_stmts) + list(orelse_stmts or [])
    if test_expr is not None:
        stmts.insert(0, ast.Expr(test_expr))
    return [n for n in assigned_in_order(stmts) if any(n in scope for scope in active_symbols)]


def _collect_results(result_names, local_vars):
    """The values of `result_names` among a branch's `local_vars` (FlyDSL's branch epilogue)."""
    return {name: local_vars[name] for name in result_names}


class ASTRewriter:
    """`ASTRewriter.transform(fn)`: `fn` with its dynamic control flow traced as kernel code."""

    @staticmethod
    def transform(fn):
        rewritten = rewrite(fn)
        if rewritten is fn or not isinstance(getattr(fn, "__globals__", None), dict):
            return rewritten
        # As FlyDSL's rewriter does, the dispatch entry points become names of the function's
        # module, so that code written in the rewritten form by hand finds them there too.
        for name, value in _GLOBALS.items():
            fn.__globals__.setdefault(name, value)
        if fn.__closure__:  # its code cannot change in place: the rewritten function is new
            return rewritten
        # As in FlyDSL, the function itself now runs the rewritten code.
        fn.__globals__.setdefault(_RT, _control)
        fn.__code__ = rewritten.__code__
        return fn


def _call_branch(fn, names, values, leading=()):
    """A branch function takes `leading` (a loop's index), then the carried values, or their
    names before those (as FlyDSL's rewritten branches do) when it has room for them."""
    params = inspect.signature(fn).parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    room = len(positional) > len(leading) + len(values)
    if any(p.kind == p.VAR_POSITIONAL for p in params) or room:
        return fn(*leading, names, *values)
    return fn(*leading, *values)


def _branch_values(result, names, before, label):
    """What a branch returned (a dict by name, a tuple, one value or None) as one value per
    carried name; names it does not give keep their value from before the `if`."""
    if not names:
        return []
    if isinstance(result, dict):
        given = dict(result)
    elif result is None:
        given = {}
    elif len(names) == 1 and not isinstance(result, (list, tuple)):
        given = {names[0]: result}
    elif isinstance(result, (list, tuple)) and len(result) == len(names):
        given = dict(zip(names, result))
    else:
        raise TypeError(
            f"the {label} returns {type(result).__name__}; a dict by name, a tuple of "
            f"{len(names)} values or None is expected"
        )
    return [given[n] if n in given else before[n] for n in names]


class ReplaceIfWithDispatch:
    @staticmethod
    def scf_if_dispatch(
        cond,
        then_fn,
        else_fn=None,
        *,
        result_names=(),
        result_values=(),
        state_names=(),
        state_values=(),
        auto_else=False,
    ):
        """`then_fn` where `cond` holds, else `else_fn` (or nothing), each given the values of
        `result_names` (`state_names` is the older spelling) and returning their new values;
        returns them after the `if`: None, the one value, or a tuple."""
        names = tuple(result_names or state_names)
        values = tuple(result_values or state_values)
        if len(names) != len(values):
            raise ValueError(
                f"result_names and result_values must have the same length, got {len(names)} "
                f"and {len(values)}"
            )

        def branch(fn, label):
            def run(*carried):
                if fn is None:
                    return carried
                got = _call_branch(fn, names, carried)
                return tuple(_branch_values(got, names, dict(zip(names, carried)), label))

            return run

        out = _control.if_(
            cond, list(names), list(values), branch(then_fn, "then-branch"),
            branch(else_fn, "else-branch"),
        )  # fmt: skip
        if not names:
            return None
        return out[0] if len(names) == 1 else tuple(out)

    @staticmethod
    def scf_ifexp_dispatch(cond, then_fn, else_fn):
        """`then_fn() if cond else else_fn()`: one branch called for a Python condition, both
        traced into one kernel branch with a result for a kernel condition."""
        return _control.ifexp(cond, then_fn, else_fn)


def _unset(names, values, loop):
    unset = [n for n, v in zip(names, values) if v is None]
    if unset:
        raise TypeError(
            f"{unset} start as None before a {loop} loop whose values a kernel carries: give "
            "each a value of the type the body assigns (fx.Int32(0), fx.Float32(0.0))"
        )


def _named(names, values):
    names, values = tuple(names), tuple(values)
    if len(names) != len(values):
        raise ValueError(
            f"result_names and result_values must have the same length, got {len(names)} and "
            f"{len(values)}"
        )
    return names, values


def _results(names, out):
    if not names:
        return None
    return out[0] if len(names) == 1 else tuple(out)


class InsertEmptyYieldForSCFFor:
    @staticmethod
    def scf_for_dispatch(start, stop, step, body_fn, *, result_names=(), result_values=()):
        """`for iv in range(start, stop, step)` as a kernel loop whose body `body_fn` is given
        the loop index (then the names, where it has room for them) and the carried values of
        `result_names`, and returns their new values. Returns them after the loop: None, the
        one value, or a tuple."""
        names, values = _named(result_names, result_values)
        _unset(names, values, "for")

        def body(iv, *carried):
            got = _call_branch(body_fn, names, carried, (iv,))
            return tuple(_branch_values(got, names, dict(zip(names, carried)), "for-body"))

        return _results(names, _control.for_range((start, stop, step), list(names), values, body))


class CanonicalizeWhile:
    @staticmethod
    def scf_while_dispatch(before_fn, after_fn, *, result_names=(), result_values=()):
        """A `while` written as two functions: `before_fn` gives the condition and `after_fn`
        the body's new values of `result_names` (by name, as a tuple, or one value), each given
        the carried values (after the names, where it has room for them). Returns the values
        after the loop: None, the one value, or a tuple."""
        names, values = _named(result_names, result_values)
        _unset(names, values, "while")

        def body(*carried):
            got = _call_branch(after_fn, names, carried)
            return tuple(_branch_values(got, names, dict(zip(names, carried)), "while-body"))

        cond = lambda *c: _call_branch(before_fn, names, c)  # noqa: E731
        return _results(names, _control.while_(list(names), list(values), cond, body))


_GLOBALS = {
    "scf_if_dispatch": ReplaceIfWithDispatch.scf_if_dispatch,
    "scf_ifexp_dispatch": ReplaceIfWithDispatch.scf_ifexp_dispatch,
    "scf_if_collect_results": _collect_results,
    "scf_for_dispatch": InsertEmptyYieldForSCFFor.scf_for_dispatch,
    "scf_for_collect_results": _collect_results,
    "scf_while_dispatch": CanonicalizeWhile.scf_while_dispatch,
    "scf_while_collect_results": _collect_results,
}

__all__ = ["ASTRewriter", "CanonicalizeWhile", "InsertEmptyYieldForSCFFor", "ReplaceIfWithDispatch"]
