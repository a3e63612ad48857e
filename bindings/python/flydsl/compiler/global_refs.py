"""The module globals a traced function reads, as FlyDSL's JIT cache accounts for them.

A kernel's trace bakes the globals its body (and the helpers it calls) reads into the compiled
code: `if FOO:` or `fx.Float32(SCALE)` read at trace time. A cached kernel reused after such a
global changed would run the old value silently, so the traced functions record what they
read at their first compile and refuse a later call once one of those values changed (the
message names the global), as FlyDSL's @flyc.jit does.

`discover(fn)` finds the names (statically, from the code objects of `fn` and of the kernels,
jit functions and same-folder helpers it reaches), `snapshot(refs, stable=...)` reads their
values now, `drift(refs, baseline)` names the first that changed. A stable snapshot (no object
addresses) is what a key shared between processes may hold; the unstable one also tells a
rebound object from an equal one."""

import dis
import enum
import functools
import inspect
import os
import threading
import types

# A global that was not bound when the baseline was taken (it is then not checked).
NOT_IN_BASELINE = object()
_SCALARS = (int, float, bool, str, bytes, type(None))
_CONTAINERS = (tuple, list, set, frozenset, dict)
_SCALAR_TYPES = frozenset(_SCALARS)
_CONTAINER_TYPES = frozenset(_CONTAINERS)


def _sorted_items(summaries):
    """(key, value) summary pairs in a canonical order (by the keys where they compare)."""
    try:
        return tuple(sorted(summaries))
    except TypeError:  # keys of mixed types
        return tuple(sorted(summaries, key=repr))


def snapshot_value(value, *, stable, _walking=()):
    """A comparable summary of `value`: scalars and builtin containers by content (so an
    in-place change shows), modules, classes and callables by name (stable) or identity,
    other objects by type (stable) or identity. Called on every launch: the common kinds
    come first."""
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return ("scalar", value)
    if kind is types.ModuleType:
        return ("module", value.__name__) if stable else ("module", id(value))
    if kind in _CONTAINER_TYPES or isinstance(value, _CONTAINERS):
        if id(value) in _walking:
            return ("cycle", kind.__qualname__)
        walking = _walking + (id(value),)
        if isinstance(value, dict):
            return ("dict", _sorted_items(
                (snapshot_value(k, stable=stable, _walking=walking),
                 snapshot_value(v, stable=stable, _walking=walking)) for k, v in value.items()
            ))  # fmt: skip
        parts = [snapshot_value(v, stable=stable, _walking=walking) for v in value]
        if isinstance(value, (set, frozenset)):
            parts.sort(key=repr)
        return (kind.__qualname__, tuple(parts))
    if callable(value) and not isinstance(value, enum.Enum):
        if stable:
            if isinstance(value, TracedFunction):
                value = value.underlying
            name = getattr(value, "__qualname__", None) or getattr(value, "__name__", "?")
            return ("callable", getattr(value, "__module__", "?"), name)
        return ("callable", id(value))
    if isinstance(value, _SCALARS):
        return ("scalar", value)
    if isinstance(value, enum.Enum):
        return ("enum", kind.__qualname__, value.name)
    if stable:
        return ("obj", kind.__qualname__)
    return ("obj", id(value), kind.__qualname__)


class TracedFunction:
    """What @flyc.kernel and @flyc.jit make: a function whose code a compile depends on, whose
    dependencies are always followed (`traced_kind` says which of the two it is)."""

    traced_kind = None

    @property
    def underlying(self):
        raise NotImplementedError


def underlying_function(obj):
    """The Python function behind a kernel, a jit function, a method or a partial; None for
    what is not one."""
    if isinstance(obj, TracedFunction):
        return obj.underlying
    if isinstance(obj, functools.partial):
        return underlying_function(obj.func)
    if isinstance(obj, (types.MethodType, staticmethod, classmethod)):
        return underlying_function(obj.__func__)
    if isinstance(obj, types.FunctionType):
        return obj
    return None


def _source_folder(fn):
    try:
        return os.path.dirname(os.path.abspath(inspect.getfile(fn)))
    except (TypeError, OSError):
        return None


def is_user_function(fn, root_folder):
    """Whether `fn` is the user's own helper: defined in the folder of the function whose
    dependencies are walked (the standard library's and packages' are not followed)."""
    return root_folder is not None and _source_folder(fn) == root_folder


_GLOBAL_LOADS = frozenset(("LOAD_GLOBAL", "LOAD_NAME"))
_ATTRIBUTE_LOADS = frozenset(("LOAD_ATTR", "LOAD_METHOD"))


@functools.lru_cache(maxsize=1024)
def _loads(code, opnames):
    """The names that `code` and the functions, lambdas and comprehensions in it load by one
    of `opnames` (the bytecode tells a global from an attribute of the same name, which
    `co_names` mixes)."""
    names = {i.argval for i in dis.get_instructions(code) if i.opname in opnames}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _loads(const, opnames)
    return frozenset(names)


def _names(code):
    """The global names `code` reads."""
    return _loads(code, _GLOBAL_LOADS)


def _members(code):
    """The attribute names `code` reads (a method's `self.helper`)."""
    return _loads(code, _ATTRIBUTE_LOADS)


def _followed(value, root_folder):
    """The function a dependency walk goes into for `value`, or None."""
    fn = underlying_function(value)
    if fn is None:
        return None
    if isinstance(value, TracedFunction) or is_user_function(fn, root_folder):
        return fn
    return None


def discover(fn, owner_cls=None):
    """The globals `fn` and its dependencies read: a sorted list of (name, module name, the
    module's globals dict). It depends on the code only, so callers keep it."""
    root = _source_folder(fn)
    refs = {}
    seen = set()

    def walk(f, cls=None):
        if id(f) in seen:
            return
        seen.add(id(f))
        scope = getattr(f, "__globals__", {})
        module = scope.get("__name__", "?")
        for name in sorted(_names(f.__code__)):
            if name in scope and (name, module) not in refs:
                refs[(name, module)] = scope
                dep = _followed(scope[name], root)
                if dep is not None:
                    walk(dep)
        for name in sorted(_members(f.__code__)) if cls is not None else ():
            dep = underlying_function(getattr(cls, name, None))
            if dep is not None and is_user_function(dep, root):
                walk(dep, cls)
        for cell in f.__closure__ or ():
            try:
                dep = underlying_function(cell.cell_contents)
            except ValueError:  # an empty cell
                continue
            if dep is not None:
                walk(dep)

    walk(fn, owner_cls)
    return [(name, module, refs[(name, module)]) for name, module in sorted(refs)]


def snapshot(refs, *, stable):
    """The current values of `refs` (from discover), summarized: {(name, module): summary}."""
    return {(name, module): snapshot_value(scope[name], stable=stable)
            for name, module, scope in refs if name in scope}  # fmt: skip


def drift(refs, baseline):
    """(name, module, old, new) of the first global in `refs` whose value differs from the
    unstable `baseline`, or None."""
    for name, module, scope in refs:
        old = baseline.get((name, module), NOT_IN_BASELINE)
        if old is NOT_IN_BASELINE:
            continue
        new = snapshot_value(scope[name], stable=False) if name in scope else None
        if new != old:
            return name, module, old, new
    return None


def _mutable(value, _walking=()):
    """Whether `value` can change without being rebound: a builtin mutable container, or an
    immutable one holding one. (Other objects are summarized by identity: rebinding is all
    that shows.)"""
    if isinstance(value, (list, dict, set, bytearray)):
        return True
    if isinstance(value, (tuple, frozenset)) and id(value) not in _walking:
        return any(_mutable(v, _walking + (id(value),)) for v in value)
    return False


class Baseline:
    """The values of `refs` at one moment, checked on every launch: a name still bound to the
    same immutable object is unchanged without summarizing it again; a rebound name or a
    mutable container takes the full comparison (drift)."""

    __slots__ = ("refs", "summary", "_bound")

    def __init__(self, refs):
        self.refs = refs
        self.summary = snapshot(refs, stable=False)
        self._bound = [(scope, name, scope.get(name, NOT_IN_BASELINE)) for name, _, scope in refs]
        if any(_mutable(obj) for _, _, obj in self._bound):
            self._bound = None  # a container may change in place: always compare summaries

    def drift(self):
        """(name, module, old, new) of the first changed global, or None."""
        if self._bound is not None:
            for scope, name, obj in self._bound:
                if scope.get(name, NOT_IN_BASELINE) is not obj:
                    break
            else:
                return None
        return drift(self.refs, self.summary)


def drift_error(found, user):
    name, module, old, new = found
    return RuntimeError(
        f"FlyDSL: global '{name}' (module '{module}') used by {user} changed since first "
        f"compile (old={old!r}, new={new!r}): the compiled code holds the old value. "
        "Capturing live globals is unsafe; restart the process or avoid mutating the global. "
        "Prefer passing the value as an explicit argument so it participates in the cache key."
    )


def closure_values(fn, _seen=None):
    """`name=repr` of the scalars, tuples and enum members `fn` captures, and of those the
    functions it captures capture (prefixed `via:name:`): they select code as Constexprs do."""
    seen = set() if _seen is None else _seen
    if id(fn) in seen:
        return []
    seen.add(id(fn))
    out = []
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        if isinstance(value, _SCALARS + (tuple, enum.Enum)):
            out.append(f"{name}={value!r}")
            continue
        dep = underlying_function(value)
        if dep is not None:
            out.extend(f"via:{name}:{v}" for v in closure_values(dep, seen))
    return out


_in_progress = threading.local()


def keys_in_progress():
    """This thread's set of ids of the functions whose dependency key is being computed (a
    function that reaches itself gets a placeholder, not endless recursion)."""
    keys = getattr(_in_progress, "keys", None)
    if keys is None:
        keys = _in_progress.keys = set()
    return keys


def function_source(fn):
    try:
        return inspect.getsource(fn)
    except (OSError, TypeError):
        return getattr(fn, "__qualname__", repr(fn))


def dependency_sources(fn, root_file, seen=None, owner_cls=None):
    """What the code of `fn` depends on, as text: each kernel's and same-folder helper's source
    (followed into theirs), each jit function's own key (`manager_key`), found through the
    globals and closure cells `fn` reads and the members of `owner_cls` it names."""
    seen = set() if seen is None else seen
    root = os.path.dirname(os.path.abspath(root_file)) if root_file else None
    out = []

    def emit(prefix, name, value, dep):
        if getattr(value, "traced_kind", None) == "jit":
            if id(value.func) in keys_in_progress():
                label = getattr(value.func, "__qualname__", name)
                out.append(f"{prefix}jit-recursive:{name}:{label}")
            else:
                value._ensure_cache_manager()
                out.append(f"{prefix}jit:{name}:{value.manager_key}")
            return
        out.append(f"{prefix}{name}:{function_source(dep)}")
        out.extend(dependency_sources(dep, root_file, seen))

    for name in sorted(_names(fn.__code__)):
        value = fn.__globals__.get(name)
        dep = _followed(value, root)
        if dep is not None and id(dep) not in seen:
            seen.add(id(dep))
            emit("", name, value, dep)
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        dep = underlying_function(value)
        if dep is not None and id(dep) not in seen:
            seen.add(id(dep))
            emit("closure:", name, value, dep)
    if owner_cls is not None:
        for name in sorted(_members(fn.__code__)):
            dep = underlying_function(getattr(owner_cls, name, None))
            if dep is not None and id(dep) not in seen and is_user_function(dep, root):
                seen.add(id(dep))
                out.append(f"class:{owner_cls.__qualname__}.{name}:{function_source(dep)}")
                out.extend(dependency_sources(dep, root_file, seen, owner_cls))
    return out
