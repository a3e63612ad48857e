"""FlyDSL's environment options, by FlyDSL's names, types and defaults.

`flydsl.utils.env.debug.dump_ir` reads `FLYDSL_DUMP_IR` each time it is asked (a typed value,
or the default where the variable is unset); `help()` of a group lists its options. A
boolean is true for 1, true, yes or on (any case), the rule the C library applies to the
variables it reads itself: `FLYDSL_DUMP_IR`, `FLYDSL_DUMP_DIR`, `FLYDSL_DEBUG_PRINT_AFTER_ALL`,
`FLYDSL_RUNTIME_CACHE_DIR`, `FLYDSL_RUNTIME_ENABLE_CACHE` and `FLYDSL_COMPILE_BACKEND` (the
target; unset, the GPU present, else cpu). `FLYDSL_DEBUG_AST_DIFF` and
`FLYDSL_AUTOTUNE_CONFIG_DIR` are read through this module. The others exist so FlyDSL's
programs that read them run; docs/flydsl-api.md says which change nothing here.
"""

import os
import re
from pathlib import Path


class EnvOption:
    """An option read from one environment variable: `parse_value` turns its text into the
    option's type; `validator`, if given, must accept the value. Declared as a class attribute
    of an EnvManager, which names the variable unless `env_var` does."""

    def __init__(self, default, env_var=None, description="", validator=None):
        self.default = default
        self.env_var = env_var
        self.description = description
        self.validator = validator
        self.name = None

    def __set_name__(self, owner, name):
        self.name = name

    def parse_value(self, raw):
        raise NotImplementedError

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        if self.env_var is None:
            raise RuntimeError(
                f"the option {self.name or '?'} has no environment variable: declare it in an "
                "EnvManager subclass"
            )
        raw = os.environ.get(self.env_var)
        if raw is None:
            return self.default
        try:
            value = self.parse_value(raw)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{self.env_var}={raw!r} does not parse: {e}") from e
        if self.validator is not None and not self.validator(value):
            raise ValueError(f"{self.env_var}={raw!r} is not an allowed value")
        return value


class OptBool(EnvOption):
    """True for 1, true, yes or on (any case); anything else set is false."""

    def __init__(self, default=False, env_var=None, description=""):
        super().__init__(default, env_var, description)

    def parse_value(self, raw):
        return raw.strip().lower() in ("1", "true", "yes", "on")


class OptInt(EnvOption):
    """An integer, optionally within [min_value, max_value]."""

    def __init__(self, default=0, env_var=None, description="", min_value=None, max_value=None):
        def within(v):
            return (min_value is None or v >= min_value) and (max_value is None or v <= max_value)

        has_bounds = min_value is not None or max_value is not None
        super().__init__(default, env_var, description, within if has_bounds else None)
        self.min_value, self.max_value = min_value, max_value

    def parse_value(self, raw):
        return int(raw)


class OptStr(EnvOption):
    """A string, optionally one of `choices`."""

    def __init__(self, default="", env_var=None, description="", choices=None):
        super().__init__(default, env_var, description,
                         (lambda v: v in choices) if choices is not None else None)  # fmt: skip
        self.choices = choices

    def parse_value(self, raw):
        return raw


class OptList(EnvOption):
    """A list of strings or integers separated by `separator` (an empty value: [])."""

    def __init__(self, default=None, env_var=None, description="", separator=",",
                 element_type=str):  # fmt: skip
        super().__init__(list(default or []), env_var, description)
        self.separator, self.element_type = separator, element_type

    def parse_value(self, raw):
        if not raw:
            return []
        return [self.element_type(s.strip()) for s in raw.split(self.separator)]


class EnvManagerMeta(type):
    """Gives each option its variable, FLYDSL_<PREFIX>_<NAME>, where it names none itself; a
    subclass's prefix extends its parent's."""

    def __new__(mcs, name, bases, namespace, **kwargs):
        parents = [b for b in bases if hasattr(b, "env_prefix")]
        if len(parents) > 1:
            raise TypeError(f"{name}: an EnvManager has one EnvManager parent")
        parent = parents[0].env_prefix if parents else None
        if "env_prefix" in namespace and parent:
            namespace["env_prefix"] = f"{parent}_{namespace['env_prefix']}"
        elif "env_prefix" not in namespace and parent:
            namespace["env_prefix"] = parent
        cls = super().__new__(mcs, name, bases, namespace)
        options = {}
        for key, value in namespace.items():
            if isinstance(value, EnvOption):
                if value.env_var is None:
                    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", key).upper()
                    value.env_var = f"{cls.env_prefix}_{words}"
                options[key] = value
        cls.options = options
        return cls


class EnvManager(metaclass=EnvManagerMeta):
    """A group of options read from the environment."""

    env_prefix = "FLYDSL"
    options = {}

    def to_dict(self):
        return {name: getattr(self, name) for name in self.options}

    @classmethod
    def help(cls):
        lines = [f"{cls.__name__} Options:", ""]
        for name, opt in cls.options.items():
            lines += [
                f"  {name}:",
                f"    Environment: {opt.env_var}",
                f"    Default: {opt.default!r}",
                f"    Description: {opt.description or 'No description'}",
                "",
            ]
        return "\n".join(lines)

    def __repr__(self):
        return self.help()


class AutotuneEnvManager(EnvManager):
    """FLYDSL_AUTOTUNE_*."""

    env_prefix = "AUTOTUNE"
    config_dir = OptStr("", description="Where offline autotuning configs are kept; empty: none")


class CompileEnvManager(EnvManager):
    """FLYDSL_COMPILE_* (and FlyDSL's bare COMPILE_ONLY and ARCH)."""

    env_prefix = "COMPILE"
    opt_level = OptInt(2, min_value=0, max_value=3, description="Optimization level")
    compile_only = OptBool(
        False, env_var="COMPILE_ONLY", description="Compile without running (no GPU needed)"
    )
    arch = OptStr("", env_var="ARCH", description="The GPU arch to compile for (gfx942, gfx950)")
    backend = OptStr("rocm", description="The compile target (here: rocm, cuda or cpu)")
    llvm_dir = OptStr("", description="An external LLVM/MLIR install for code generation")


class DebugEnvManager(EnvManager):
    """FLYDSL_DEBUG_* and FLYDSL_DUMP_*."""

    env_prefix = "DEBUG"
    dump_asm = OptBool(False, description="Write the assembly to files")
    dump_ir = OptBool(False, env_var="FLYDSL_DUMP_IR", description="Write every stage's IR")
    dump_dir = OptStr(str(Path.home() / ".flydsl" / "debug"), env_var="FLYDSL_DUMP_DIR",
                      description="Where FLYDSL_DUMP_IR writes")  # fmt: skip
    ast_diff = OptBool(False, description="Print how the AST rewrite changed a function")
    log_level = OptStr("WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                       description="Logging level")  # fmt: skip
    log_to_file = OptStr("", description="A log file; empty: none")
    log_to_console = OptBool(False, description="Log to the console")
    print_origin_ir = OptBool(False, description="Print the IR as traced")
    print_after_all = OptBool(False, description="Print the IR after each pass")
    enable_debug_info = OptBool(False, description="Generate debug info")
    enable_verifier = OptBool(True, description="Verify the IR")
    show_stacktrace = OptBool(False, env_var="FLYDSL_DEBUG_SHOW_STACKTRACE",
                              description="Show whole tracebacks of compile errors")  # fmt: skip
    max_loc_depth = OptInt(5, min_value=1,
                           description="User frames kept in an op's source location")  # fmt: skip


class RuntimeEnvManager(EnvManager):
    """FLYDSL_RUNTIME_*."""

    env_prefix = "RUNTIME"
    kind = OptStr("rocm", description="The device runtime (matches FLYDSL_COMPILE_BACKEND)")
    cache_dir = OptStr(str(Path.home() / ".flydsl" / "cache"),
                       description="Where compiled kernels are cached")  # fmt: skip
    enable_cache = OptBool(True, description="Cache compiled kernels")
    run_only = OptBool(False, description="Load cached kernels only; a miss is an error")


autotune = AutotuneEnvManager()
compile = CompileEnvManager()
debug = DebugEnvManager()
runtime = RuntimeEnvManager()

__all__ = ["autotune", "compile", "debug", "runtime"]
