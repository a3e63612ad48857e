"""flydsl.autotune: configs, the order in which a call finds its decision (remembered winner,
offline config file, default heuristic, search), what FLYDSL_AUTOTUNE=1 forces, the disk
cache, restoring and zeroing arguments between timed runs, pruning, and the mistakes that are
errors. Stand-in arrays and timers keep these independent of the machine; one test tunes a
real kernel."""

import importlib
import json

import numpy as np
import pytest
from _examples import load
from flydsl.autotune import Autotuner, Config, autotune

# The module (flydsl.autotune the attribute is the decorator, as in FlyDSL).
at = importlib.import_module("flydsl.autotune")


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CONFIG_DIR", str(tmp_path / "configs"))
    monkeypatch.delenv("FLYDSL_AUTOTUNE", raising=False)
    return tmp_path


class Buffer:
    """An array stand-in with the methods the tuner calls (clone, copy_, zero_)."""

    def __init__(self, values, dtype="f32"):
        self.values, self.dtype = list(values), dtype
        self.shape = (len(self.values),)

    def stride(self):
        return (1,)

    def clone(self):
        return Buffer(self.values, self.dtype)

    def copy_(self, other):
        self.values = list(other.values)

    def zero_(self):
        self.values = [0] * len(self.values)


def timer(ms_of_block):
    """A do_bench_fn that runs the call once and reports ms_of_block[BLOCK]."""
    runs = []

    def bench(call, warmup, rep):
        runs.append(call())
        return ms_of_block[runs[-1]]

    return bench, runs


def kernel(x, out, n, BLOCK):
    out.values[0] += BLOCK
    return BLOCK


def tuner(**options):
    options.setdefault("configs", [Config(BLOCK=64), Config(BLOCK=128), Config(BLOCK=256)])
    options.setdefault("key", ["n"])
    return Autotuner(options.pop("fn", kernel), **options)


def test_config_splits_kwargs_from_compiler_options():
    c = Config(BLOCK=32, num_warps=8, waves_per_eu=2, maxnreg=64)
    assert c.kwargs == {"BLOCK": 32} and c.all_kwargs() == {"BLOCK": 32, "num_warps": 8}
    assert c.compiler_opts() == {"waves_per_eu": 2, "maxnreg": 64}
    assert Config.from_dict(c.to_dict()) == c and Config(BLOCK=1).compiler_opts() == {}


def test_the_fastest_config_wins_and_is_remembered_on_disk():
    bench, runs = timer({64: 3.0, 128: 1.0, 256: 2.0})
    t = tuner(do_bench_fn=bench)
    x, out = Buffer([1, 2]), Buffer([0])
    assert t(x, out, 2) == 128 and runs == [64, 128, 256]
    assert t(x, out, 2) == 128 and runs == [64, 128, 256]  # no second search
    t(x, out, 3)  # another key searches again
    assert len(runs) == 6
    again = tuner(do_bench_fn=lambda *a: pytest.fail("a remembered winner was searched"))
    assert again(x, out, 2) == 128
    stored = json.loads(t._cache_file.read_text())
    assert sorted(c["BLOCK"] for c in stored.values()) == [128, 128]


def test_the_key_follows_shapes_dtypes_and_stride_patterns():
    t = tuner(key=["x"])
    key = t._make_key((Buffer([1, 2]), Buffer([0]), 2), {})
    assert key == t._make_key((), {"out": Buffer([0]), "x": Buffer([5, 6]), "n": 2})
    assert key != t._make_key((Buffer([1, 2, 3]), Buffer([0]), 2), {})
    assert key != t._make_key((Buffer([1, 2], "f16"), Buffer([0]), 2), {})
    assert at._normalize_strides(np.zeros((4, 8), np.float32)) == ("s", 1)
    assert at._normalize_strides(np.broadcast_to(np.zeros(8, np.float32), (4, 8))) == (0, 1)


def test_default_decides_before_a_search_and_search_can_be_forced(monkeypatch):
    bench, runs = timer({64: 3.0, 128: 1.0, 256: 2.0})
    t = tuner(do_bench_fn=bench, default=lambda x, out, n: Config(BLOCK=256))
    x, out = Buffer([1]), Buffer([0])
    assert t(x, out, 1) == 256 and runs == [] and t.cache == {}
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    assert t(x, out, 1) == 128 and runs == [64, 128, 256]


def test_restored_and_zeroed_arguments_between_runs(monkeypatch):
    seen = []

    def in_place(x, out, n, BLOCK):
        seen.append((x.values[0], out.values[0]))
        x.values[0] += 100
        out.values[0] += 1

    def bench(call, warmup, rep):
        for _ in range(warmup + rep):
            call()
        return 1.0

    t = tuner(fn=in_place, do_bench_fn=bench, restore_value=["x"], reset_to_zero=["out"],
              warmup=1, rep=2)  # fmt: skip
    x, out = Buffer([7]), Buffer([5])
    t(x, out, 1)
    assert set(seen) == {(7, 0)} and len(seen) == 3 * (1 + 2) + 1
    assert out.values == [1]  # one clean run's result, not the benchmark's


def test_a_config_that_fails_is_skipped_and_all_failing_is_an_error(capsys):
    def picky(x, out, n, BLOCK):
        if BLOCK == 64:
            raise ValueError("64 threads do not fit")
        return BLOCK

    bench, runs = timer({128: 2.0, 256: 1.0})
    t = tuner(fn=picky, do_bench_fn=bench)
    assert t(Buffer([1]), Buffer([0]), 1) == 256 and runs == [128, 256]
    assert "skipped Config(BLOCK=64): ValueError: 64 threads do not fit" in capsys.readouterr().err
    with pytest.raises(RuntimeError, match="every config failed"):
        tuner(fn=picky, configs=[Config(BLOCK=64)], do_bench_fn=bench)(Buffer([1]), Buffer([0]), 2)


def test_compiler_options_are_compile_hints_of_the_runs():
    from flydsl.compiler.compilation_context import CompilationContext

    def hinted(x, out, n, BLOCK):
        return BLOCK, CompilationContext.get_compile_hints().get("waves_per_eu")

    configs = [Config(BLOCK=64, waves_per_eu=2), Config(BLOCK=128)]
    t = tuner(
        fn=hinted, configs=configs, do_bench_fn=lambda call, w, r: {2: 1.0}.get(call()[1], 2.0)
    )
    assert t(Buffer([1]), Buffer([0]), 1) == (64, 2)


def test_flydsl_method_names_time_and_run_a_config(monkeypatch):
    """FlyDSL's programs replace `_do_bench` (the timer), `_bench_one` (one config's time)
    and `_run_config` (the call itself) on a tuner."""
    t = tuner(default=lambda x, out, n: Config(BLOCK=128))
    monkeypatch.setattr(t, "_bench_one", lambda *a: pytest.fail("the default needs no search"))
    ran = []
    original = t._run_config
    monkeypatch.setattr(t, "_run_config", lambda c, a, k: ran.append(c) or original(c, a, k))
    assert t(Buffer([1]), Buffer([0]), 1) == 128 and ran == [Config(BLOCK=128)]
    monkeypatch.undo()  # back to the real _bench_one, which times through _do_bench
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    t._do_bench = lambda call, warmup, rep: float(call())
    assert t(Buffer([1]), Buffer([0]), 1) == 64  # the smallest BLOCK "runs fastest"


def test_pruning_and_callable_configs():
    bench, runs = timer({64: 1.0, 128: 2.0, 256: 3.0})
    t = tuner(configs=lambda x, out, n: [Config(BLOCK=b) for b in (64, 128, 256)],
              prune_configs_by=lambda configs, named: [c for c in configs
                                                       if c.kwargs["BLOCK"] >= named["n"]],
              do_bench_fn=bench)  # fmt: skip
    assert t(Buffer([1]), Buffer([0]), 100) == 128 and runs == [128, 256]


def test_offline_config_files(monkeypatch, private_dirs):
    monkeypatch.setattr(at, "_device_descriptor", lambda device=None: {"name": "t", "arch": "a"})
    bench, _ = timer({64: 2.0, 128: 1.0, 256: 3.0})
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    tuner(artifact_name="scale", do_bench_fn=bench)(Buffer([1]), Buffer([0]), 4)
    (path,) = (private_dirs / "configs").glob("*.json")
    payload = json.loads(path.read_text())
    assert payload["config"] == {"BLOCK": 128} and payload["identity"]["key"] == {"n": 4}
    monkeypatch.delenv("FLYDSL_AUTOTUNE")
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(private_dirs / "empty"))
    never = {"configs": lambda *a: pytest.fail("searched"), "default": lambda *a: Config(BLOCK=9)}
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 4) == 128
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 5) == 9  # no file
    path.write_text(json.dumps({**payload, "config": {"BLOCK": 128, "n": 4}}))
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 4) == 9  # invalid
    # Compiler options are no parameters of the function: integers, they load.
    path.write_text(json.dumps({**payload, "config": {"BLOCK": 256, "waves_per_eu": 2}}))
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 4) == 256
    path.write_text(json.dumps({**payload, "config": {"BLOCK": 256, "waves_per_eu": "2"}}))
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 4) == 9
    # Without a config folder there are no config files, read or written (as in FlyDSL).
    monkeypatch.delenv("FLYDSL_AUTOTUNE_CONFIG_DIR")
    path.write_text(json.dumps(payload))
    assert tuner(artifact_name="scale", **never)(Buffer([1]), Buffer([0]), 4) == 9
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    tuner(artifact_name="scale", do_bench_fn=bench)(Buffer([1]), Buffer([0]), 6)
    assert list((private_dirs / "configs").glob("*.json")) == [path]
    assert not list(private_dirs.glob("*/configs"))


def test_a_config_file_is_read_once_a_process(monkeypatch, private_dirs):
    monkeypatch.setattr(at, "_device_descriptor", lambda device=None: {"name": "t", "arch": "a"})
    bench, _ = timer({64: 2.0, 128: 1.0, 256: 3.0})
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    tuner(artifact_name="scale", do_bench_fn=bench)(Buffer([1]), Buffer([0]), 4)
    monkeypatch.delenv("FLYDSL_AUTOTUNE")
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(private_dirs / "empty"))
    (path,) = (private_dirs / "configs").glob("*.json")
    never = {"configs": lambda *a: pytest.fail("searched"), "default": lambda *a: Config(BLOCK=9)}
    t = tuner(artifact_name="scale", **never)
    assert t(Buffer([1]), Buffer([0]), 4) == 128
    t.cache.clear()  # the in-memory choice forgotten: the file's config again, not re-read
    path.write_text("not json")
    assert t(Buffer([1]), Buffer([0]), 4) == 128
    t.cache.clear()
    t._artifact_cache.clear()  # FlyDSL's memo of the files read: cleared, the file is read anew
    assert t(Buffer([1]), Buffer([0]), 4) == 9


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"artifact_name": "../up"}, ValueError, "artifact_name"),
        ({"artifact_name": 7}, TypeError, "artifact_name"),
        ({"artifact_name": "ok", "key": ["m"]}, ValueError, "artifact keys"),
    ],
)
def test_bad_tuner_options_are_errors(options, error, message):
    with pytest.raises(error, match=message):
        tuner(**options)


def test_a_config_a_file_cannot_hold_is_refused_before_anything_is_kept(monkeypatch):
    monkeypatch.setattr(at, "_device_descriptor", lambda device=None: {"name": "t"})
    monkeypatch.setenv("FLYDSL_AUTOTUNE", "1")
    t = tuner(artifact_name="scale", configs=[Config(BLOCK=(64,))], do_bench_fn=lambda c, w, r: 1)
    with pytest.raises(ValueError, match="preserve their types"):
        t(Buffer([1]), Buffer([0]), 1)
    assert t.cache == {} and not t._cache_file.exists()


def test_the_decorator_and_a_real_kernel():
    assert isinstance(autotune(configs=[Config(B=1)], key=[])(kernel), Autotuner)
    example = load("autotune")
    example.main()  # tunes the example's kernel on the default target and checks its result
    assert all(c.kwargs["BLOCK"] in (64, 128, 256) for c in example.scale_all.cache.values())


def test_flydsl_spelling_with_hooks_in_benchmark_runs_only():
    """FlyDSL's autotune(..., do_bench=, pre_hook=, post_hook=): the tuner's hooks run around
    each timed run, after the config's own pre_hook; the chosen config's real call runs only
    the config's pre_hook."""
    order = []
    configs = [Config(BLOCK=64, pre_hook=lambda kw: order.append(("config", kw["BLOCK"]))),
               Config(BLOCK=128)]  # fmt: skip

    def bench(call, warmup, rep):
        return {64: 2.0, 128: 1.0}[call()]

    tuned = autotune(configs=configs, do_bench=bench,
                     pre_hook=lambda kw: order.append(("pre", kw["BLOCK"])),
                     post_hook=lambda kw: order.append(("post", kw["BLOCK"])))(kernel)  # fmt: skip
    assert tuned.key == [] and tuned.rep == 25
    assert tuned(Buffer([1]), Buffer([0]), 4) == 128
    assert order == [("config", 64), ("pre", 64), ("post", 64), ("pre", 128), ("post", 128)]
    with pytest.raises(TypeError, match="not both"):
        autotune(configs=configs, do_bench=bench, do_bench_fn=bench)


def test_do_bench_gives_quantiles():
    from flydsl.autotune import do_bench

    calls = []
    low, mid, high = do_bench(lambda: calls.append(1), warmup=2, rep=9, quantiles=[0, 0.5, 1])
    assert len(calls) == 11 and low <= mid <= high
    assert isinstance(do_bench(lambda: None, warmup=0, rep=3), float)
    with pytest.raises(ValueError, match="fractions"):
        do_bench(lambda: None, quantiles=[50])
