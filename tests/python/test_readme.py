"""The README's examples run: the Python one as a program, the C one compiled against the
library and run; the Rust and Julia ones are files of their binding's examples and tests
(scripts/test.sh runs the first, the Julia suite includes the second), which the README must
show as they are."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = "((2,4),(4,2)):((8,16),(1,4))"


def blocks():
    text = (ROOT / "README.md").read_text()
    return dict(re.findall(r"```(python|c|rust|julia)\n(.*?)```", text, re.DOTALL))


def test_the_python_example_runs():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "bindings" / "python")}
    out = subprocess.run([sys.executable, "-c", blocks()["python"]], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == LAYOUT


@pytest.mark.skipif(not shutil.which("cc"), reason="no C compiler")
def test_the_c_example_compiles_and_runs(tmp_path):
    library = Path(os.environ.get("FLYDSL_LIB", ROOT / "build" / "libflydsl.so")).resolve()
    source = tmp_path / "readme.c"
    source.write_text(blocks()["c"])
    program = tmp_path / "readme"
    # The compiler runs without the sanitizer job's preloaded runtimes; the program keeps them.
    compile_env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", f"-I{ROOT / 'include'}", str(source),
                    str(library), f"-Wl,-rpath,{library.parent}", "-o", str(program)],
                   check=True, env=compile_env)  # fmt: skip
    out = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == LAYOUT


@pytest.mark.parametrize(
    "language, path",
    [("rust", "bindings/rust/flydsl/examples/readme.rs"),
     ("julia", "bindings/julia/FlyDSL/test/readme.jl")],
)  # fmt: skip
def test_the_rust_and_julia_examples_are_the_files_that_run(language, path):
    assert blocks()[language] == (ROOT / path).read_text()
