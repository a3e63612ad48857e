"""The AST pass that turns a kernel's Python `for ... in range(...)`, `while` and `if` statements
into kernel loops and branches (see _control.py for what the rewritten code calls).

A rewritten statement's body becomes a nested function that takes and returns the carried
variables: the names it assigns that were already bound before it. A name first bound inside
an `if` and read after it leaves the `if` too (a dynamic `if` needs it from both branches);
other names first bound inside a body stay local to it. A loop's variable that was bound
before the loop, or is read after it, holds its last value after it, as in Python. Statements
that `break`, `continue` or `return` out of the body are left as Python (so their conditions
and bounds must be Python values); so are loops over `range_constexpr` and anything else that
is not `range`. Helper functions defined inside the kernel (without decorators) are rewritten
the same way; functions defined elsewhere are not.

In expressions, `a if c else b`, `and`, `or` and `not` on kernel values become kernel branches
and logic (the right side of `and` / `or` and the arms of `if` are still only evaluated where
they are taken); on Python values they keep Python's meaning.

FLYDSL_DEBUG_AST_DIFF=1 prints a unified diff of the source before and after the rewrite.
"""

import ast
import difflib
import inspect
import sys
import textwrap

from .utils import env

_RT = "__fly_control"


def _assigned(stmts):
    """Names bound by assignments in these statements, and names whose objects they store into
    (`lst[0] = v`), nested blocks included, nested functions and classes excluded (their own
    scopes)."""
    return set(assigned_in_order(stmts))


def assigned_in_order(stmts):
    """_assigned's names as a list, in the order the statements first assign them."""
    found = {}

    class _Names:
        @staticmethod
        def add(name):
            found.setdefault(name, None)

    names = _Names

    class V(ast.NodeVisitor):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Store):
                names.add(node.id)

        def _stored_into(self, node):  # `lst[0] = v`, `ns.x = v`: the container changes
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                base = node.value
                while isinstance(base, (ast.Subscript, ast.Attribute)):
                    base = base.value
                if isinstance(base, ast.Name):
                    names.add(base.id)
            self.generic_visit(node)

        visit_Subscript = visit_Attribute = _stored_into

        def visit_FunctionDef(self, node):
            names.add(node.name)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_ClassDef(self, node):
            names.add(node.name)

        def visit_Lambda(self, node):
            pass

        def _comprehension(self, node):  # its variables are its own; a walrus leaks out
            for n in ast.walk(node):
                if isinstance(n, ast.NamedExpr):
                    names.add(n.target.id)

        visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    for s in stmts:
        V().visit(s)
    return list(found)


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


def _init_loop(node):
    """FlyDSL's loop with explicit carried values, `for i, state in range(lo, hi, step,
    init=[...]):` whose body ends with `results = yield [next values]` (or a bare yield): its
    parts (index name, state name, init expression, yielded expression, results name or None),
    else None."""
    if not (
        isinstance(node, ast.For)
        and isinstance(node.target, ast.Tuple)
        and len(node.target.elts) == 2
        and all(isinstance(e, ast.Name) for e in node.target.elts)
        and isinstance(node.iter, ast.Call)
        and isinstance(node.iter.func, ast.Name)
        and node.iter.func.id == "range"
        and [k.arg for k in node.iter.keywords] == ["init"]
        and not node.orelse
        and node.body
    ):
        return None
    last = node.body[-1]
    if isinstance(last, ast.Assign) and len(last.targets) == 1:
        target, value = last.targets[0], last.value
        if not isinstance(target, ast.Name):
            return None
        results = target.id
    elif isinstance(last, ast.Expr):
        value, results = last.value, None
    else:
        return None
    if not isinstance(value, ast.Yield) or value.value is None:
        return None
    index, state = (e.id for e in node.target.elts)
    return index, state, node.iter.keywords[0].value, value.value, results


def _loads(node):
    """How often each name is read in this node, not counting a comprehension's or a lambda's
    own variables (their scopes)."""
    counts = {}

    class V(ast.NodeVisitor):
        shadowed = frozenset()

        def visit_Name(self, n):
            if isinstance(n.ctx, ast.Load) and n.id not in self.shadowed:
                counts[n.id] = counts.get(n.id, 0) + 1

        def _scope(self, n, own):
            outer, self.shadowed = self.shadowed, self.shadowed | own
            self.generic_visit(n)
            self.shadowed = outer

        def _comprehension(self, n):
            own = set()
            for g in n.generators:
                own |= {t.id for t in ast.walk(g.target) if isinstance(t, ast.Name)}
            self._scope(n, own)

        visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

        def visit_Lambda(self, n):
            self._scope(n, {a.arg for a in n.args.args + n.args.kwonlyargs})

    V().visit(node)
    return counts


def _flow(stmts):
    """(exposed, assigned): the names these statements may read before they assign them, and
    those they assign on every path through them that goes on after them."""
    exposed, assigned, _ = _paths(stmts)
    return exposed, assigned


# Statements after which the statements that follow them in their block do not run.
_LEAVES = (ast.Raise, ast.Return, ast.Continue, ast.Break)


def _paths(stmts):
    """_flow's (exposed, assigned), and whether a path runs on past the statements. A branch
    that cannot run on (it raises, returns, continues or breaks) leaves no name unassigned
    after the `if`: `x` set in the other branches of `if a: x = 1 else: raise` is bound after
    it."""
    exposed, assigned = set(), set()
    for s in stmts:
        if isinstance(s, ast.If):
            e1, a1, on1 = _paths(s.body)
            e2, a2, on2 = _paths(s.orelse)
            reads = set(_loads(s.test)) | e1 | e2
            if not (on1 or on2):
                return exposed | (reads - assigned), assigned, False
            sure = a1 & a2 if on1 and on2 else (a1 if on1 else a2)
        elif isinstance(s, (ast.For, ast.AsyncFor)):
            target = {n.id for n in ast.walk(s.target) if isinstance(n, ast.Name)}
            body = (_flow(s.body)[0] - target) | _flow(s.orelse)[0]  # the header binds target
            reads, sure = set(_loads(s.iter)) | body, set()
        elif isinstance(s, ast.While):
            reads, sure = set(_loads(s.test)) | _flow(s.body)[0] | _flow(s.orelse)[0], set()
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            e, sure = _flow(s.body)
            reads = e.union(*(_loads(item) for item in s.items))
        elif isinstance(s, ast.Try):
            reads = set().union(*(_flow(b)[0] for b in (s.body, s.orelse, s.finalbody)))
            reads |= set().union(*(_flow(h.body)[0] for h in s.handlers))
            sure = set()
        else:
            reads, sure = set(_loads(s)), _assigned([s])
        exposed |= reads - assigned
        assigned |= sure
        if isinstance(s, _LEAVES):
            return exposed, assigned, False
    return exposed, assigned, True


def _thunk(expr):
    return ast.Lambda(
        args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                           kwarg=None, defaults=[]),
        body=expr,
    )  # fmt: skip


class _Expressions(ast.NodeTransformer):
    """`a if c else b`, `a and b`, `a or b`, `not a` and chained comparisons as calls that
    decide at trace time whether they are Python or kernel logic."""

    @staticmethod
    def _rt(fn, args):
        func = ast.Attribute(value=ast.Name(id=_RT, ctx=ast.Load()), attr=fn, ctx=ast.Load())
        return ast.Call(func=func, args=args, keywords=[])

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return self._rt("ifexp", [node.test, _thunk(node.body), _thunk(node.orelse)])

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        fn = "and_" if isinstance(node.op, ast.And) else "or_"
        out = node.values[0]
        for v in node.values[1:]:
            out = self._rt(fn, [_thunk(out), _thunk(v)])
        return out

    def visit_Compare(self, node):
        """`a < b < c`: Python would take the truth of `a < b`; for kernel values the links
        are joined by a kernel `and` (compare_chain), each operand still evaluated once."""
        self.generic_visit(node)
        if len(node.ops) == 1:
            return node
        ops = ast.List(elts=[ast.Constant(type(op).__name__) for op in node.ops], ctx=ast.Load())
        return self._rt("compare_chain", [node.left, ops] + [_thunk(c) for c in node.comparators])

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return self._rt("not_", [node.operand])
        return node


class _Rewriter:
    def __init__(self):
        self.counter = 0
        # Names an `if` may leave unbound (first bound in a branch not taken): a later `if`
        # that carries one reads it without failing and leaves it unbound again if no branch
        # bound it.
        self.maybe_unbound = set()

    def _name(self, what):
        self.counter += 1
        return f"__fly_{what}_{self.counter}"

    @staticmethod
    def _tuple(names, ctx):
        return ast.Tuple(elts=[ast.Name(id=n, ctx=ctx()) for n in names], ctx=ctx())

    def _function(self, name, params, body, carried, preset=()):
        # Names the body may leave unbound start as UNSET, so the body can return them.
        body = [
            ast.Assign(targets=[ast.Name(id=n, ctx=ast.Store())],
                       value=ast.Attribute(value=ast.Name(id=_RT, ctx=ast.Load()), attr="UNSET",
                                           ctx=ast.Load()))
            for n in preset
        ] + body  # fmt: skip
        args = ast.arguments(
            posonlyargs=[],
            args=[ast.arg(arg=p) for p in params],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        )
        # A name an inner `if` may have left unbound is returned as UNSET.
        values = [
            (
                self._rt_call("bound_or_unset", [_thunk(ast.Name(id=n, ctx=ast.Load()))])
                if n in self.maybe_unbound
                else ast.Name(id=n, ctx=ast.Load())
            )
            for n in carried
        ]
        ret = ast.Return(value=ast.Tuple(elts=values, ctx=ast.Load()))
        return ast.FunctionDef(name=name, args=args, body=body + [ret], decorator_list=[])

    @staticmethod
    def _rt_call(fn, args):
        func = ast.Attribute(value=ast.Name(id=_RT, ctx=ast.Load()), attr=fn, ctx=ast.Load())
        return ast.Call(func=func, args=args, keywords=[])

    def _call(self, fn, args, carried):
        call = ast.Call(
            func=ast.Attribute(value=ast.Name(id=_RT, ctx=ast.Load()), attr=fn, ctx=ast.Load()),
            args=args,
            keywords=[],
        )
        if carried:
            return ast.Assign(targets=[self._tuple(carried, ast.Store)], value=call)
        return ast.Expr(value=call)

    def _init_loop(self, s, parts, bound, later):
        """`for i, state in range(..., init=...)`: a kernel loop carrying the list `state`; the
        body's final `yield` gives the next values, and the loop's last ones are `results`."""
        index, state, init, yielded, results = parts
        fn, final = self._name("for"), self._name("final")
        body = self.block(s.body[:-1], set(bound) | {index, state}, later)
        listed = ast.parse(f"{state} = list({state})").body[0]
        ret = ast.Return(value=ast.Tuple(elts=[ast.Call(func=ast.Name(id="list", ctx=ast.Load()),
                                                        args=[yielded], keywords=[])],
                                         ctx=ast.Load()))  # fmt: skip
        args = self._function(fn, [index, state], [], []).args
        stmts = [ast.FunctionDef(name=fn, args=args, body=[listed] + body + [ret],
                                 decorator_list=[])]  # fmt: skip
        initial = ast.Tuple(elts=[ast.Call(func=ast.Name(id="list", ctx=ast.Load()), args=[init],
                                           keywords=[])], ctx=ast.Load())  # fmt: skip
        call = self._call(
            "for_range",
            [
                ast.Tuple(elts=s.iter.args, ctx=ast.Load()),
                ast.Tuple(elts=[ast.Constant(state)], ctx=ast.Load()),
                initial,
                ast.Name(id=fn, ctx=ast.Load()),
            ],
            [final],
        )
        stmts.append(call)
        if results is not None:  # as the loop op's results: one value, or a list of them
            stmts.append(ast.parse(f"{results} = {_RT}.loop_results({final})").body[0])
            bound.add(results)
        return stmts

    def block(self, stmts, bound, after=frozenset()):
        """Rewrites a statement list; `bound` holds the names bound before it (updated), `after`
        the names read after it (in the blocks around it, and by a loop's next iteration)."""
        out = []
        for i, s in enumerate(stmts):
            rest_reads, rest_assigns = _flow(stmts[i + 1 :])
            later = frozenset(rest_reads | (after - rest_assigns))
            if isinstance(s, (ast.For, ast.AsyncFor, ast.While)):
                later |= _flow([s])[0]  # what the next iteration reads before assigning
            init_loop = _init_loop(s)
            if init_loop is not None:
                out += self._init_loop(s, init_loop, bound, later)
            elif _is_range_loop(s):
                var = s.target.id
                carried = sorted((_assigned(s.body) & bound) - {var})
                # The loop variable outlives the loop when it was bound before it (its value
                # then stays for a loop that runs no iteration) or is read after it.
                keep_var = var in bound or var in later
                body = self.block(s.body, set(bound) | {var}, later)
                fn = self._name("for")
                results = carried + [var] if keep_var else carried
                out.append(self._function(fn, [var] + carried, body, results))
                names = ast.Tuple(elts=[ast.Constant(n) for n in carried], ctx=ast.Load())
                # Bound on some path before the loop; a Python loop that ran no iteration
                # leaves it unbound, which the loop then treats as not bound before.
                before = (
                    self._rt_call("bound_or_none", [_thunk(ast.Name(id=var, ctx=ast.Load()))])
                    if var in bound
                    else ast.Constant(None)
                )
                call = self._call(
                    "for_range",
                    [
                        ast.Tuple(elts=s.iter.args, ctx=ast.Load()),
                        names,
                        self._tuple(carried, ast.Load),
                        ast.Name(id=fn, ctx=ast.Load()),
                    ],
                    results,
                )
                if keep_var:
                    call.value.keywords = [
                        ast.keyword(arg="var_before", value=before),
                        ast.keyword(arg="keep_var", value=ast.Constant(True)),
                    ]
                    bound.add(var)
                out.append(call)
            elif isinstance(s, ast.While) and not s.orelse and not _escapes(s.body, loop=True):
                carried = sorted(_assigned(s.body) & bound)
                cond_fn, body_fn = self._name("cond"), self._name("while")
                body = self.block(s.body, set(bound), later)
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
                assigned = _assigned(s.body) | _assigned(s.orelse)
                carried = sorted(assigned & bound)
                new = sorted((assigned - bound) & later)
                then_fn, else_fn = self._name("then"), self._name("else")
                then_body = self.block(s.body, set(bound), later)
                else_body = self.block(s.orelse, set(bound), later)
                results = carried + new
                out.append(self._function(then_fn, carried, then_body, results, new))
                out.append(self._function(else_fn, carried, else_body, results, new))
                names = ast.Tuple(elts=[ast.Constant(n) for n in results], ctx=ast.Load())
                values = [
                    (
                        self._rt_call("bound_or_unset", [_thunk(ast.Name(id=n, ctx=ast.Load()))])
                        if n in self.maybe_unbound
                        else ast.Name(id=n, ctx=ast.Load())
                    )
                    for n in carried
                ]
                out.append(
                    self._call(
                        "if_",
                        [
                            s.test,
                            names,
                            ast.Tuple(elts=values, ctx=ast.Load()),
                            ast.Name(id=then_fn, ctx=ast.Load()),
                            ast.Name(id=else_fn, ctx=ast.Load()),
                        ],
                        results,
                    )
                )
                # A branch not taken leaves its new names unbound, as Python does.
                for n in new + [n for n in carried if n in self.maybe_unbound]:
                    out.append(ast.parse(f"if {n} is {_RT}.UNSET:\n    del {n}").body[0])
                bound |= set(new)
                self.maybe_unbound |= set(new)
            elif isinstance(s, ast.FunctionDef) and not s.decorator_list:
                # A helper defined in the kernel runs while it is traced: its own body is
                # rewritten the same way, from its parameters on.
                a = s.args
                params = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
                params |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
                s.body = self.block(s.body, params)
                out.append(s)
                bound.add(s.name)
            else:
                before = set(bound)
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(s, field, None)
                    if (
                        isinstance(inner, list)
                        and inner
                        and not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    ):
                        setattr(s, field, self.block(inner, bound, later))
                out.append(s)
                bound |= _assigned([s])
                if isinstance(s, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try)):
                    # A Python branch or loop (a static `if`, one that returns) may not bind
                    # what it assigns: a later dynamic `if` reads those names guarded.
                    self.maybe_unbound |= bound - before
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
    # The annotations were read where the function was defined; evaluated again here, a name
    # from the enclosing function's scope would not resolve.
    func.returns = None
    for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs:
        a.annotation = None
    for a in (func.args.vararg, func.args.kwarg):
        if a is not None:
            a.annotation = None
    params = {a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs}
    for extra in (func.args.vararg, func.args.kwarg):
        if extra is not None:
            params.add(extra.arg)
    func = _Expressions().visit(func)
    func.body = _Rewriter().block(func.body, params)
    ast.increment_lineno(tree, fn.__code__.co_firstlineno - 1)
    ast.fix_missing_locations(tree)
    if env.debug.ast_diff:
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
