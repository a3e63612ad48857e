"""The two entry points of FlyDSL's AST rewriter that kernel code calls by hand:
`ASTRewriter.transform(fn)`, which rewrites a helper's dynamic `for` / `while` / `if` as
@flyc.kernel does its body, and `ReplaceIfWithDispatch.scf_if_dispatch` /
`scf_ifexp_dispatch`, a dynamic `if` (or conditional expression) written as branch functions.
The rewriter's passes themselves (its transformer classes) are internal here: kernels are
rewritten by `flydsl._ast_rewrite` in one pass."""

import inspect

from .. import _control
from .._ast_rewrite import rewrite


class ASTRewriter:
    """`ASTRewriter.transform(fn)`: `fn` with its dynamic control flow traced as kernel code."""

    @staticmethod
    def transform(fn):
        return rewrite(fn)


def _call_branch(fn, names, values):
    """A branch function takes the carried values, or their names first (as FlyDSL's
    rewritten branches do) when it has room for them."""
    params = inspect.signature(fn).parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind == p.VAR_POSITIONAL for p in params) or len(positional) > len(values):
        return fn(names, *values)
    return fn(*values)


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


__all__ = ["ASTRewriter", "ReplaceIfWithDispatch"]
