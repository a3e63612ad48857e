"""flydsl.utils.env: FlyDSL's option names, types and defaults, how values parse and fail, how
groups name their variables, and the C library reading its flags by the same rule."""

import os
import subprocess
import sys
from pathlib import Path

import flydsl
import pytest
from flydsl.utils import env
from flydsl.utils.env import EnvManager, OptInt, OptList, OptStr

CLEARED = [opt.env_var for group in (env.autotune, env.compile, env.debug, env.runtime)
           for opt in type(group).options.values()]  # fmt: skip


@pytest.fixture
def clean(monkeypatch):
    for name in CLEARED:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_defaults_are_flydsls(clean):
    assert env.debug.dump_ir is False
    assert env.debug.dump_dir == str(Path.home() / ".flydsl" / "debug")
    assert env.debug.enable_verifier is True and env.debug.max_loc_depth == 5
    assert env.debug.log_level == "WARNING"
    assert env.compile.opt_level == 2 and env.compile.backend == "rocm"
    assert env.runtime.enable_cache is True
    assert env.runtime.cache_dir == str(Path.home() / ".flydsl" / "cache")
    assert env.autotune.config_dir == ""


def test_variable_names(clean):
    names = {name: opt.env_var for name, opt in type(env.compile).options.items()}
    assert names == {"opt_level": "FLYDSL_COMPILE_OPT_LEVEL", "compile_only": "COMPILE_ONLY",
                     "arch": "ARCH", "backend": "FLYDSL_COMPILE_BACKEND",
                     "llvm_dir": "FLYDSL_COMPILE_LLVM_DIR"}  # fmt: skip
    assert type(env.debug).options["dump_ir"].env_var == "FLYDSL_DUMP_IR"
    assert type(env.debug).options["ast_diff"].env_var == "FLYDSL_DEBUG_AST_DIFF"
    assert type(env.runtime).options["enable_cache"].env_var == "FLYDSL_RUNTIME_ENABLE_CACHE"
    assert "FLYDSL_AUTOTUNE_CONFIG_DIR" in env.autotune.help()


@pytest.mark.parametrize("text, value", [("1", True), ("Yes", True), ("ON", True),
                                         ("true", True), ("0", False), ("off", False),
                                         ("2", False)])  # fmt: skip
def test_flags_parse_as_flydsl_does(clean, text, value):
    clean.setenv("FLYDSL_DUMP_IR", text)
    assert env.debug.dump_ir is value


def test_values_are_read_each_time(clean):
    clean.setenv("FLYDSL_COMPILE_OPT_LEVEL", "3")
    assert env.compile.opt_level == 3
    clean.setenv("FLYDSL_COMPILE_OPT_LEVEL", "0")
    assert env.compile.to_dict()["opt_level"] == 0


@pytest.mark.parametrize("name, text, message", [
    ("FLYDSL_COMPILE_OPT_LEVEL", "4", "is not an allowed value"),
    ("FLYDSL_COMPILE_OPT_LEVEL", "fast", "does not parse"),
    ("FLYDSL_DEBUG_LOG_LEVEL", "LOUD", "is not an allowed value"),
    ("FLYDSL_DEBUG_MAX_LOC_DEPTH", "0", "is not an allowed value"),
])  # fmt: skip
def test_bad_values_say_which_variable(clean, name, text, message):
    clean.setenv(name, text)
    group, attr = {"FLYDSL_COMPILE_OPT_LEVEL": (env.compile, "opt_level"),
                   "FLYDSL_DEBUG_LOG_LEVEL": (env.debug, "log_level"),
                   "FLYDSL_DEBUG_MAX_LOC_DEPTH": (env.debug, "max_loc_depth")}[name]  # fmt: skip
    with pytest.raises(ValueError, match=f"{name}={text!r} {message}"):
        getattr(group, attr)


def test_groups_name_their_options(clean):
    class Tuning(EnvManager):
        env_prefix = "TUNING"
        blockSizes = OptList([64], element_type=int)
        mode = OptStr("fast", choices=["fast", "exact"])

    class Deeper(Tuning):
        env_prefix = "DEEP"
        depth = OptInt(1, min_value=1)

    assert Tuning.options["blockSizes"].env_var == "FLYDSL_TUNING_BLOCK_SIZES"
    assert Deeper.options["depth"].env_var == "FLYDSL_TUNING_DEEP_DEPTH"
    clean.setenv("FLYDSL_TUNING_BLOCK_SIZES", "32, 128")
    assert Tuning().blockSizes == [32, 128]
    clean.setenv("FLYDSL_TUNING_BLOCK_SIZES", "")
    assert Tuning().blockSizes == []
    with pytest.raises(TypeError, match="one EnvManager parent"):
        type("Both", (Tuning, Deeper), {})


DUMPING = """
import flydsl.compiler as flyc, flydsl.expr as fx, numpy as np

@flyc.kernel
def add_one(x: fx.Tensor):
    x[fx.thread_idx.x] = x[fx.thread_idx.x] + 1.0

x = np.zeros(4, np.float32)
add_one(x).launch(grid=(1,), block=(4,))
assert (x == 1).all()
"""


@pytest.mark.parametrize("flag, dumps", [("true", True), ("on", True), ("2", False)])
def test_the_library_reads_flags_by_the_same_rule(tmp_path, flag, dumps):
    package_root = str(Path(flydsl.__file__).resolve().parents[1])
    script = tmp_path / "dump.py"
    script.write_text(DUMPING)
    dump_dir = tmp_path / "dump"
    run_env = dict(os.environ, PYTHONPATH=package_root, FLYDSL_COMPILE_BACKEND="cpu",
                   FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYDSL_DUMP_IR=flag,
                   FLYDSL_DUMP_DIR=str(dump_dir))  # fmt: skip
    p = subprocess.run(
        [sys.executable, str(script)], env=run_env, capture_output=True, text=True, check=False
    )
    assert p.returncode == 0, p.stderr
    assert any(dump_dir.rglob("*")) == dumps
    assert ("reading FLYDSL_DUMP_IR=2 as false" in p.stderr) == (flag == "2")
