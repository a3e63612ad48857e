"""Each example runs to completion and checks its own results."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


SCRIPTS = sorted(p for p in (ROOT / "examples").glob("*.py") if p.name != "device.py")  # a helper


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_python_example(script):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    out = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("ok")
