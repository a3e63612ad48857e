"""FlyDSL's CompilationContext: the compile in progress on this thread (`get_current()`, None
outside one), unique kernel names within it, and compile hints scoped by a `with` block
(`CompilationContext.compile_hints({"fastmath": "contract"})`), nested blocks merged, later
non-None values winning.

What the hints change here: `fastmath` (flags) and `fast_fp_math` ("fast") are the fast-math
flags a kernel compiled under them gives its float ops, and part of its cache key; an op's
`fastmath=` and `with fx.fastmath(...)` still win. `llvm_options` ({name: value}) are LLVM's
command-line options while the kernel compiles (`flydsl.compiler.llvm_options`).
`waves_per_eu` and `maxnreg` are occupancy requests a compiler may decline, and are not
applied. Kernels read them with `get_compile_hints()`."""

import contextlib
import threading


def merge_compile_hints(*layers):
    """One dict of hint layers, a later layer's non-None values winning; `llvm_options`
    dicts merge option by option."""
    merged = {}
    for layer in layers:
        if layer:
            for k, v in layer.items():
                if k == "llvm_options" and isinstance(v, dict):
                    v = {**merged.get(k, {}), **v}
                if v is not None:
                    merged[k] = v
    return merged


def llvm_options_text(hints):
    """The hints' `llvm_options` ({name: bool, int or str}) as the library reads them,
    "name=value ..." (None: none)."""
    options = hints.get("llvm_options") if hints else None
    if not options:
        return None
    if not isinstance(options, dict):
        raise TypeError(f"llvm_options takes a dict, got {type(options).__name__}")
    words = []
    for name, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (int, str)):
            value = str(value)
        else:
            raise TypeError(
                f"Unsupported type {type(value).__name__} for LLVM option '{name}'; use bool, "
                "int, or str"
            )
        if not value or any(c.isspace() for c in name + value):
            raise ValueError(f"LLVM option '{name}' = {value!r}: a name and value without spaces")
        words.append(f"{name}={value}")
    return " ".join(words)


def effective_fastmath_hint(hints):
    """The fastmath a block of hints asks for: its `fastmath`, "fast" for `fast_fp_math`."""
    if "fastmath" in hints:
        return hints["fastmath"]
    return "fast" if hints.get("fast_fp_math") else None


class CompilationContext:
    """A compile in progress: `with CompilationContext.create() as ctx` makes ctx current on
    this thread until the block ends."""

    _current = threading.local()
    _hints = threading.local()

    def __init__(self):
        self.kernel_counter = 0
        self._kernel_names = set()
        self.compiled = []  # the CompiledKernels its launches and compiles used, in order

    @property
    def gpu_module_body(self):
        """The body of the module this compile's kernels go into, for `with
        ir.InsertionPoint(ctx.gpu_module_body):` (FlyDSL declares module-level things there;
        here kernels make what they use themselves, so nothing is built into it)."""
        from .._mlir._module import Block  # the facade is loaded only by programs that use it

        return Block(None)

    @classmethod
    def get_current(cls):
        return getattr(cls._current, "value", None)

    @classmethod
    @contextlib.contextmanager
    def create(cls):
        previous, cls._current.value = cls.get_current(), CompilationContext()
        try:
            yield cls._current.value
        finally:
            cls._current.value = previous

    @classmethod
    def run(cls, fn, *args, **kwargs):
        """fn(*args, **kwargs) in a compile of its own, unless one is current already (what
        @flyc.jit does for the host function it wraps)."""
        return cls.run_recording(fn, *args, **kwargs)[0]

    @classmethod
    def run_recording(cls, fn, *args, **kwargs):
        """As run, and the CompiledKernels the call used: (result, [compiled, ...])."""
        current = cls._current
        outer = getattr(current, "value", None)
        ctx = outer if outer is not None else CompilationContext()
        first = len(ctx.compiled)
        current.value = ctx
        try:
            return fn(*args, **kwargs), ctx.compiled[first:]
        finally:
            current.value = outer

    @classmethod
    def record(cls, compiled):
        """Notes a CompiledKernel used by the current compile (none: nothing)."""
        ctx = cls.get_current()
        if ctx is not None:
            ctx.compiled.append(compiled)

    @classmethod
    @contextlib.contextmanager
    def compile_hints(cls, hints):
        if not isinstance(hints, dict):
            raise TypeError(f"compile_hints takes a dict, got {type(hints).__name__}")
        previous = getattr(cls._hints, "data", None)
        cls._hints.data = merge_compile_hints(previous, hints)
        try:
            yield
        finally:
            cls._hints.data = previous

    @classmethod
    def get_compile_hints(cls):
        """The hints of the innermost compile_hints block on this thread ({} outside one)."""
        return dict(getattr(cls._hints, "data", None) or {})

    def next_kernel_id(self):
        kernel_id, self.kernel_counter = self.kernel_counter, self.kernel_counter + 1
        return kernel_id

    def unique_kernel_name(self, base_name, kernel_id):
        """`base_name`, or with a suffix counting up from kernel_id when it is taken."""
        name, suffix = base_name, kernel_id
        while name in self._kernel_names:
            name, suffix = f"{base_name}_{suffix}", suffix + 1
        self._kernel_names.add(name)
        return name
