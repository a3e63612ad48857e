"""`flydsl.autotune`: choose a kernel's compile-time parameters by measuring them, as FlyDSL's
`@autotune` does.

    @autotune(configs=[Config(BLOCK=128), Config(BLOCK=256)], key=["n"])
    @flyc.jit
    def add(a, b, n, BLOCK: fx.Constexpr[int]): ...

A call looks for a decision in this order: the tuned winner remembered for the call's key (in
memory, and on disk under FLYDSL_AUTOTUNE_CACHE_DIR), an offline config file for the key and
the device (FLYDSL_AUTOTUNE_CONFIG_DIR, when the tuner has an `artifact_name`; each file read
once a process, kept in `_artifact_cache` as FlyDSL keeps it), the `default`
heuristic, and only then a search. FLYDSL_AUTOTUNE=1 forces the search (and writes the
offline config file); FLYDSL_AUTOTUNE=0 or unset keeps it for when nothing else decides.
A search runs every config (after `prune_configs_by`), timed by `do_bench`, restoring the
`restore_value` arguments and zeroing the `reset_to_zero` ones before every run, then calling
the config's `pre_hook` and the tuner's `pre_hook`, the function, and the tuner's `post_hook`;
a config whose run raises is reported and skipped. A config's compiler options (`waves_per_eu`,
`maxnreg`) are the compile hints of its runs. As in FlyDSL, `_bench_one(config, args, kwargs)`
times one config through `_do_bench(call, warmup, rep)`, and `_run_config(config, args,
kwargs)` makes the call itself: programs replace them on a tuner.
"""

import hashlib
import inspect
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

from .utils import env
from .utils.file import atomic_write

# Config options that are not keyword arguments of the tuned function.
_COMPILER_OPTIONS = ("waves_per_eu", "maxnreg")
_ARTIFACT_VERSION = 1
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class Config:
    """One point of the search: keyword arguments for the tuned function, `num_warps` (passed
    as one of them), compiler options (`waves_per_eu`, `maxnreg`), and a `pre_hook` called with
    the full keyword arguments before each run."""

    def __init__(self, num_warps=None, waves_per_eu=None, maxnreg=None, pre_hook=None, **kwargs):
        self.kwargs = dict(kwargs)
        self.num_warps, self.waves_per_eu, self.maxnreg = num_warps, waves_per_eu, maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        """What the tuned function receives: the kwargs, and num_warps when set."""
        out = dict(self.kwargs)
        if self.num_warps is not None:
            out["num_warps"] = self.num_warps
        return out

    def compiler_opts(self):
        return {n: getattr(self, n) for n in _COMPILER_OPTIONS if getattr(self, n) is not None}

    def to_dict(self):
        return {**self.all_kwargs(), **self.compiler_opts()}

    @classmethod
    def from_dict(cls, d):
        return cls(**d)

    def __repr__(self):
        return "Config(" + ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items()) + ")"

    def __eq__(self, other):
        return isinstance(other, Config) and other.to_dict() == self.to_dict()

    def __hash__(self):
        return hash(json.dumps(self.to_dict(), sort_keys=True, default=repr))


def _is_tensor(x):
    return hasattr(x, "shape") and hasattr(x, "dtype") and not isinstance(x, (int, float, str))


def _strides(t):
    stride = getattr(t, "stride", None)
    if callable(stride):
        return tuple(stride())
    item = getattr(t, "itemsize", 1) or 1  # numpy: bytes
    return tuple(s // item for s in getattr(t, "strides", ()))


def _normalize_strides(t):
    """A tensor's strides as a pattern: 0 (broadcast) and 1 (contiguous) kept, others "s"."""
    return tuple(s if s in (0, 1) else "s" for s in _strides(t))


def _describe(value):
    if _is_tensor(value):
        return f"{tuple(value.shape)}:{value.dtype}:{_normalize_strides(value)}"
    return repr(value)


def _toolchain_fingerprint():
    """This library's version and build: a rebuilt compiler may tune differently."""
    from ._lib import lib

    path = getattr(lib, "_name", "")
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        stamp = 0
    return f"{lib.fly_version().decode()}-{stamp}"


def _device_fingerprint():
    """The device kernels compile for now (its descriptor, read at each call)."""
    return json.dumps(_device_descriptor(), sort_keys=True)


def _env_fingerprint():
    """The environment settings that change what a compile produces."""
    names = ("FLYDSL_COMPILE_BACKEND", "ARCH", "FLYDSL_GPU_ARCH", "FLYDSL_GEMM_TILE")
    return tuple((n, os.environ[n]) for n in names if n in os.environ)


def _device_descriptor(device=None):
    """The device a config file is for, as FlyDSL's: its product name (the driver's, the host
    processor's on cpu), arch and how many processors blocks run on; None when that cannot be
    told. Two devices of one arch (an H100 and an H200) have configs of their own."""
    import ctypes

    from . import _kernel_api as K
    from .runtime.device import resolve_target

    try:
        target, arch = resolve_target()
    except Exception:  # noqa: BLE001 (any failure means: no identity)
        return None
    ordinal = int(device or 0)
    count, name = ctypes.c_int(), ctypes.c_void_p()
    if K.device_name(target.encode(), ordinal, ctypes.byref(name)) != 0:
        return None
    name = K.take_string(name)
    status = K.device_processors(target.encode(), ordinal, ctypes.byref(count))
    return {"name": name, "arch": arch, "compute_units": count.value if status == 0 else None}


def _cache_dir():
    default = Path.home() / ".flydsl" / "autotune"
    return Path(os.environ.get("FLYDSL_AUTOTUNE_CACHE_DIR") or default)


def _mode():
    """ "search" when FLYDSL_AUTOTUNE=1 forces one, else "normal"."""
    return "search" if os.environ.get("FLYDSL_AUTOTUNE", "") == "1" else "normal"


def do_bench(fn, warmup=5, rep=25, quantiles=None):
    """Milliseconds one `fn()` takes: the median of `rep` timings after `warmup` untimed
    calls, or with `quantiles` (fractions, FlyDSL's) the timing at each. On cpu each call is
    timed by the clock. On a GPU each timing is a batch of calls between two events, as many
    as take about a millisecond (at least one), so that what is timed is the device's work, not
    the host's wait for it; where issuing a call takes the host longer than the device needs
    for it, the host's rate is what the events see (time CUDA graphs of calls for such kernels:
    flydsl.kernels' GEMM tuner does with torch's)."""
    from .compiler.event import Event
    from .runtime.device import resolve_target

    if quantiles is not None and not all(0 <= q <= 1 for q in quantiles):
        raise ValueError(f"quantiles are fractions in [0, 1], got {list(quantiles)}")
    target = resolve_target()[0]
    for _ in range(warmup):
        fn()
    if target == "cpu":
        times = []
        for _ in range(rep):
            start = time.perf_counter()
            fn()
            times.append((time.perf_counter() - start) * 1e3)
    else:
        start, end = Event(target), Event(target)

        def batch(calls):
            start.record()
            for _ in range(calls):
                fn()
            end.record()
            end.synchronize()
            return start.elapsed_ms(end) / calls

        calls = max(1, min(100, int(1.0 / max(batch(1), 1e-3))))
        times = [batch(calls) for _ in range(rep)]
    if quantiles is None:
        return statistics.median(times)
    times.sort()
    return [times[min(int(q * len(times)), len(times) - 1)] for q in quantiles]


class Autotuner:
    """The tuner `@autotune` makes around a function; see the module's description."""

    def __init__(self, fn, configs, key=None, warmup=5, rep=25, restore_value=None,
                 reset_to_zero=None, prune_configs_by=None, do_bench_fn=None, default=None,
                 artifact_name=None, pre_hook=None, post_hook=None):  # fmt: skip
        self.fn, self.configs, self.key = fn, configs, list(key or [])
        self.pre_hook, self.post_hook = pre_hook, post_hook
        self.warmup, self.rep = warmup, rep
        self.restore_value = list(restore_value) if restore_value else []
        self.reset_to_zero = list(reset_to_zero) if reset_to_zero else []
        self.prune_configs_by, self.default = prune_configs_by, default
        self._do_bench = do_bench_fn or do_bench
        self.signature = inspect.signature(fn)
        self.arg_names = list(self.signature.parameters)
        if artifact_name is not None:
            if not isinstance(artifact_name, str):
                raise TypeError(f"artifact_name must be a string, got {artifact_name!r}")
            if not _SAFE_NAME.match(artifact_name) or ".." in artifact_name:
                raise ValueError(f"artifact_name {artifact_name!r} must be a plain file name")
            unknown = [k for k in self.key if k not in self.arg_names]
            if unknown:
                raise ValueError(f"artifact keys {unknown} are not parameters of {fn.__name__}")
        self.artifact_name = artifact_name
        # Config files read (or found missing) in this process, by path: each is read once.
        self._artifact_cache = {}
        name = re.sub(r"[^A-Za-z0-9._-]", "_", getattr(fn, "__name__", "fn"))
        self._cache_file = _cache_dir() / f"{name}.json"
        self.cache = self._read_cache()

    # The key ------------------------------------------------------------------------------

    def _bind(self, args, kwargs):
        bound = self.signature.bind_partial(*args, **kwargs)
        bound.apply_defaults()
        return bound.arguments

    def _make_key(self, args, kwargs):
        named = self._bind(args, kwargs)
        parts = [f"{k}={_describe(named[k])}" for k in self.key if k in named]
        parts += [f"{k}:{v.dtype}:{_normalize_strides(v)}" for k, v in sorted(named.items())
                  if _is_tensor(v) and k not in self.key]  # fmt: skip
        if self.artifact_name is not None:  # a new config-file schema is a new search
            parts.append(f"_artifact_{self.artifact_name}")
        hints = getattr(self.fn, "_effective_compile_hints", None)
        if callable(hints):
            parts.append(f"_hints_{sorted(hints().items())!r}")
        parts += [f"_env_{_env_fingerprint()!r}", f"_toolchain_{_toolchain_fingerprint()}",
                  f"_device_{_device_fingerprint()}"]  # fmt: skip
        return tuple(parts)

    # The disk cache of searched winners ---------------------------------------------------

    def _read_cache(self):
        try:
            stored = json.loads(self._cache_file.read_text())
            return {tuple(json.loads(k)): Config.from_dict(v) for k, v in stored.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def _write_cache(self):
        try:
            persistable = {json.dumps(list(k)): c.to_dict() for k, c in self.cache.items()
                           if c.pre_hook is None}  # fmt: skip
            with atomic_write(self._cache_file) as out:
                out.write(json.dumps(persistable, indent=1, default=repr))
        except OSError as e:
            print(f"autotune: could not write {self._cache_file}: {e}", file=sys.stderr)

    # Offline config files -----------------------------------------------------------------

    def _artifact_ref(self, args, kwargs, required=False):
        """(path, identity) of the config file for these arguments on this device; None (or,
        with `required`, an error) when the device cannot be told."""
        if not self._artifacts():
            return None
        device = _device_descriptor()
        if device is None:
            if required:
                raise ValueError("cannot generate offline config identity: the device is unknown")
            return None
        named = self._bind(args, kwargs)
        key = {k: (_describe(named[k]) if _is_tensor(named[k]) else named[k]) for k in self.key}
        identity = {"artifact": self.artifact_name, "key": key, "device": device}
        digest = hashlib.sha256(json.dumps(identity, sort_keys=True, default=repr).encode())
        path = self._artifact_dir() / f"{self.artifact_name}-{digest.hexdigest()[:16]}.json"
        return path, identity

    def _artifacts(self):
        """Whether this tuner reads and writes config files: it has an `artifact_name` and
        FLYDSL_AUTOTUNE_CONFIG_DIR names their folder (as FlyDSL's: no folder, no files)."""
        return self.artifact_name is not None and bool(env.autotune.config_dir)

    @staticmethod
    def _artifact_dir():
        return Path(env.autotune.config_dir).expanduser()

    def _check_persistable(self, config):
        if config.pre_hook is not None:
            raise ValueError(f"{config} has a pre_hook, which a config file cannot hold")
        d = config.to_dict()
        if json.loads(json.dumps(d, default=repr)) != d:
            raise ValueError(f"{config}: config values must preserve their types through JSON")

    def _emit_artifact(self, config, ref, args, kwargs):
        self._check_persistable(config)
        path, identity = ref
        payload = {"version": _ARTIFACT_VERSION, "identity": identity, "config": config.to_dict()}
        with atomic_write(path) as out:
            out.write(json.dumps(payload, indent=1))
        self._artifact_cache[str(path)] = payload["config"]

    def _load_artifact(self, ref, args, kwargs):
        """The config file's config when it is for exactly these arguments and this device and
        fits the function; else None (the caller decides otherwise), as for no file (None)."""
        if ref is None:
            return None
        path, identity = ref
        if str(path) not in self._artifact_cache:
            try:
                payload = json.loads(path.read_text())
                same = isinstance(payload, dict) and payload.get("version") == _ARTIFACT_VERSION
                same = same and payload.get("identity") == identity
                self._artifact_cache[str(path)] = payload["config"] if same else None
            except (OSError, ValueError, TypeError, KeyError):
                self._artifact_cache[str(path)] = None
        config = self._artifact_cache[str(path)]
        if not isinstance(config, dict):
            return None
        try:
            params = self.signature.parameters
            for name, value in config.items():
                if name in _COMPILER_OPTIONS:  # compile hints, integers
                    if type(value) is not int:
                        return None
                    continue
                if name not in params or name in self.key or name in kwargs:
                    return None
                coerce = getattr(params[name].annotation, "__coerce__", None)
                if coerce is not None:
                    coerce(value)
            return Config.from_dict(config)
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None

    # Running ------------------------------------------------------------------------------

    def _run_with_hints(self, config, args, kwargs):
        """The function called with the config's arguments under its compiler options (as
        compile hints: kernels read them with get_compile_hints())."""
        call_kwargs = {**kwargs, **config.all_kwargs()}
        hints = config.compiler_opts()
        if not hints:
            return self.fn(*args, **call_kwargs)
        from .compiler.compilation_context import CompilationContext

        with CompilationContext.compile_hints(hints):
            return self.fn(*args, **call_kwargs)

    def _everything(self, config, args, kwargs):
        """The arguments as hooks see them: every parameter by name, the config's included."""
        return {**self._bind(args, kwargs), **config.all_kwargs()}

    def _bench_one(self, config, args, kwargs):
        """Milliseconds a call with `config` takes (`_do_bench` of one run): before each run
        the `restore_value` arguments are restored and the `reset_to_zero` ones zeroed, then
        the config's and the tuner's pre_hook run; the tuner's post_hook after it. The
        restored arguments are left as one clean run would leave them."""
        named = self._bind(args, kwargs)
        snapshot = {n: named[n].clone() for n in self.restore_value}
        everything = self._everything(config, args, kwargs)

        def call():
            self._prepare(named, snapshot)
            if config.pre_hook is not None:
                config.pre_hook(everything)
            if self.pre_hook is not None:
                self.pre_hook(everything)
            result = self._run_with_hints(config, args, kwargs)
            if self.post_hook is not None:
                self.post_hook(everything)
            return result

        try:
            return self._do_bench(call, self.warmup, self.rep)
        finally:
            self._prepare(named, snapshot)

    def _run_config(self, config, args, kwargs):
        """The call itself with `config` (the `reset_to_zero` arguments zeroed and the
        config's pre_hook run first); gives what the function gives."""
        self._prepare(self._bind(args, kwargs), None)
        if config.pre_hook is not None:
            config.pre_hook(self._everything(config, args, kwargs))
        return self._run_with_hints(config, args, kwargs)

    def _prepare(self, named, snapshot):
        for name, saved in (snapshot or {}).items():
            named[name].copy_(saved)
        for name in self.reset_to_zero:
            named[name].zero_()

    def _prune(self, configs, args, kwargs):
        if self.prune_configs_by is None:
            return list(configs)
        return list(self.prune_configs_by(list(configs), self._bind(args, kwargs)))

    def _search(self, args, kwargs, key):
        """Times every config (a config whose run fails is reported and skipped, as FlyDSL
        skips it) and remembers the fastest."""
        ref = self._artifact_ref(args, kwargs, required=True) if self._artifacts() else None
        configs = self.configs(*args, **kwargs) if callable(self.configs) else self.configs
        configs = self._prune(configs, args, kwargs)
        if not configs:
            raise ValueError(f"autotune of {self.fn.__name__}: no configs to try")
        show = sys.stderr.isatty()
        timings, failures = [], []
        for i, config in enumerate(configs):
            try:
                timings.append((self._bench_one(config, args, kwargs), i))
            except Exception as e:  # noqa: BLE001 (a config that cannot run is not chosen)
                failures.append(f"{config}: {type(e).__name__}: {e}")
            if show:
                best = f"best {min(timings)[0]:.4f} ms" if timings else "none ran yet"
                print(f"\rautotune {self.fn.__name__}: {i + 1}/{len(configs)} configs, {best}",
                      end="", file=sys.stderr, flush=True)  # fmt: skip
        if show:
            print(file=sys.stderr)
        if not timings:
            raise RuntimeError(f"autotune of {self.fn.__name__}: every config failed:\n  "
                               + "\n  ".join(failures))  # fmt: skip
        for failure in failures:
            print(f"autotune {self.fn.__name__}: skipped {failure}", file=sys.stderr)
        best = configs[min(self._settle(configs, timings, args, kwargs))[1]]
        if ref is not None:
            self._check_persistable(best)
        self.cache[key] = best
        self._write_cache()
        if ref is not None:
            self._emit_artifact(best, ref, args, kwargs)
        return best

    def _settle(self, configs, timings, args, kwargs):
        """The (milliseconds, config index) pairs the choice is made on: the first pass's.
        A tuner whose device drifts while it times may time its close candidates again."""
        return timings

    def choose(self, *args, **kwargs):
        """The config a call with these arguments runs with (searching, and so running the
        function, only where nothing else decides), without the call itself."""
        key = self._make_key(args, kwargs)
        if _mode() == "search":
            return self._search(args, kwargs, key)
        if key in self.cache:
            return self.cache[key]
        ref = self._artifact_ref(args, kwargs) if self._artifacts() else None
        config = self._load_artifact(ref, args, kwargs) if ref is not None else None
        if config is None and self.default is not None:
            config = self.default(*args, **kwargs)
        if config is None:
            config = self._search(args, kwargs, key)
        return config

    def __call__(self, *args, **kwargs):
        return self._run_config(self.choose(*args, **kwargs), args, kwargs)


def autotune(
    configs, key=None, warmup=5, rep=25, prune_configs_by=None, reset_to_zero=None,
    restore_value=None, pre_hook=None, post_hook=None, do_bench=None, default=None,
    artifact_name=None, do_bench_fn=None,
):  # fmt: skip
    """A decorator making an Autotuner around a function (see the module's description);
    FlyDSL's parameters, with `do_bench_fn` its earlier name for `do_bench`."""
    if do_bench is not None and do_bench_fn is not None:
        raise TypeError("autotune takes do_bench or do_bench_fn (its earlier name), not both")

    def wrap(fn):
        return Autotuner(fn, configs, key, warmup, rep, restore_value, reset_to_zero,
                         prune_configs_by, do_bench or do_bench_fn, default, artifact_name,
                         pre_hook, post_hook)  # fmt: skip

    return wrap


__all__ = ["Autotuner", "Config", "autotune", "do_bench"]
