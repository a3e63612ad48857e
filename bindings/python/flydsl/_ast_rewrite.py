"""The AST pass that turns a kernel's Python `for ... in range(...)`, `while` and `if` statements
into kernel loops and branches (see _control.py for what the rewritten code calls).

A rewritten statement's body becomes a nested function that takes and returns the carried
variables: the names it assigns that were already bound before it. Names first bound inside
the body stay local to it. Statements that `break`, `continue` or `return` out of the body are
left as Python (so their conditions and bounds must be Python values); so are loops over
`range_constexpr` and anything else that is not `range`.

FLYDSL_DEBUG_AST_DIFF=1 prints a unified diff of the source before and after the rewrite.
"""

import ast
import difflib
import inspect
import os
import sys
import textwrap

_RT = "__fly_control"


def _assigned(stmts):
    """Names bound by assignments in these statements, nested blocks included, nested
    functions and classes excluded (their own scopes)."""
    names = set()

    class V(ast.NodeVisitor):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Store):
                names.add(node.id)

        def visit_FunctionDef(self, node):
            names.add(node.name)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_ClassDef(self, node):
            names.add(node.name)

        def visit_Lambda(self, node):
            pass

    for s in stmts:
        V().visit(s)
    return names


def _escapes(stmts, loop):
    """True when a statement leaves the body other than by falling off its end."""

    class V(ast.NodeVisitor):
        found = False

        def visit_Return(self, node):
            self.found = True

        def visit_Break(self, node):
            if loop_depth[0] == 0:
                self.found = True

        visit_Continue = visit_Break

        def visit_For(self, node):
            loop_depth[0] += 1
            for s in node.body + node.orelse:
                self.visit(s)
            loop_depth[0] -= 1

        visit_While = visit_For

        def visit_FunctionDef(self, node):
            pass

        visit_AsyncFunctionDef = visit_FunctionDef
        visit_Lambda = visit_FunctionDef

    loop_depth = [0]
    v = V()
    for s in stmts:
        v.visit(s)
    return v.found


def _is_range_loop(node):
    return (
        isinstance(node, ast.For)
        and isinstance(node.target, ast.Name)
        and isinstance(node.iter, ast.Call)
        and isinstance(node.iter.func, ast.Name)
        and node.iter.func.id == "range"
        and not node.iter.keywords
        and not node.orelse
        and not _escapes(node.body, loop=True)
    )


class _Rewriter:
    def __init__(self):
        self.counter = 0

    def _name(self, what):
        self.counter += 1
        return f"__fly_{what}_{self.counter}"

    @staticmethod
    def _tuple(names, ctx):
        return ast.Tuple(elts=[ast.Name(id=n, ctx=ctx()) for n in names], ctx=ctx())

    def _function(self, name, params, body, carried):
        args = ast.arguments(
            posonlyargs=[],
            args=[ast.arg(arg=p) for p in params],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        )
        ret = ast.Return(value=self._tuple(carried, ast.Load))
        return ast.FunctionDef(name=name, args=args, body=body + [ret], decorator_list=[])

    def _call(self, fn, args, carried):
        call = ast.Call(
            func=ast.Attribute(value=ast.Name(id=_RT, ctx=ast.Load()), attr=fn, ctx=ast.Load()),
            args=args,
            keywords=[],
        )
        if carried:
            return ast.Assign(targets=[self._tuple(carried, ast.Store)], value=call)
        return ast.Expr(value=call)

    def block(self, stmts, bound):
        """Rewrites a statement list; `bound` holds the names bound before it (updated)."""
        out = []
        for s in stmts:
            if _is_range_loop(s):
                var = s.target.id
                carried = sorted((_assigned(s.body) & bound) - {var})
                body = self.block(s.body, set(bound) | {var})
                fn = self._name("for")
                out.append(self._function(fn, [var] + carried, body, carried))
                names = ast.Tuple(elts=[ast.Constant(n) for n in carried], ctx=ast.Load())
                out.append(
                    self._call(
                        "for_range",
                        [
                            ast.Tuple(elts=s.iter.args, ctx=ast.Load()),
                            names,
                            self._tuple(carried, ast.Load),
                            ast.Name(id=fn, ctx=ast.Load()),
                        ],
                        carried,
                    )
                )
            elif isinstance(s, ast.While) and not s.orelse and not _escapes(s.body, loop=True):
                carried = sorted(_assigned(s.body) & bound)
                cond_fn, body_fn = self._name("cond"), self._name("while")
                body = self.block(s.body, set(bound))
                out.append(
                    ast.FunctionDef(
                        name=cond_fn,
                        args=self._function(cond_fn, carried, [], carried).args,
                        body=[ast.Return(value=s.test)],
                        decorator_list=[],
                    )
                )
                out.append(self._function(body_fn, carried, body, carried))
                names = ast.Tuple(elts=[ast.Constant(n) for n in carried], ctx=ast.Load())
                out.append(
                    self._call(
                        "while_",
                        [
                            names,
                            self._tuple(carried, ast.Load),
                            ast.Name(id=cond_fn, ctx=ast.Load()),
                            ast.Name(id=body_fn, ctx=ast.Load()),
                        ],
                        carried,
                    )
                )
            elif isinstance(s, ast.If) and not _escapes(s.body + s.orelse, loop=False):
                carried = sorted((_assigned(s.body) | _assigned(s.orelse)) & bound)
                then_fn, else_fn = self._name("then"), self._name("else")
                then_body = self.block(s.body, set(bound))
                else_body = self.block(s.orelse, set(bound))
                out.append(self._function(then_fn, carried, then_body, carried))
                out.append(self._function(else_fn, carried, else_body, carried))
                names = ast.Tuple(elts=[ast.Constant(n) for n in carried], ctx=ast.Load())
                out.append(
                    self._call(
                        "if_",
                        [
                            s.test,
                            names,
                            self._tuple(carried, ast.Load),
                            ast.Name(id=then_fn, ctx=ast.Load()),
                            ast.Name(id=else_fn, ctx=ast.Load()),
                        ],
                        carried,
                    )
                )
            else:
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(s, field, None)
                    if (
                        isinstance(inner, list)
                        and inner
                        and not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    ):
                        setattr(s, field, self.block(inner, bound))
                out.append(s)
                bound |= _assigned([s])
        return out


def rewrite(fn):
    """fn with its dynamic loops and branches rewritten; fn itself when it has no source."""
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return fn
    tree = ast.parse(source)
    func = tree.body[0]
    if not isinstance(func, ast.FunctionDef):
        return fn
    func.decorator_list = []
    params = {a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs}
    for extra in (func.args.vararg, func.args.kwarg):
        if extra is not None:
            params.add(extra.arg)
    func.body = _Rewriter().block(func.body, params)
    ast.increment_lineno(tree, fn.__code__.co_firstlineno - 1)
    ast.fix_missing_locations(tree)
    if os.environ.get("FLYDSL_DEBUG_AST_DIFF", "0") not in ("", "0"):
        after = ast.unparse(tree)
        diff = difflib.unified_diff(
            ast.unparse(ast.parse(source)).splitlines(),
            after.splitlines(),
            f"{fn.__name__} (source)",
            f"{fn.__name__} (rewritten)",
            lineterm="",
        )
        sys.stderr.write("\n".join(diff) + "\n")
    from . import _control

    scope = dict(fn.__globals__)
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                scope[name] = cell.cell_contents
            except ValueError:  # an empty cell: not bound yet
                pass
    scope[_RT] = _control
    filename = inspect.getsourcefile(fn) or "<flydsl kernel>"
    code = compile(tree, filename, "exec")
    exec(code, scope)
    return scope[func.name]
