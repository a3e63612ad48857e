"""The layout algebra against CuTe C++ itself: tests/cute/cute_diff.py on its fixed CI seed.

It compiles thousands of random cases against the CuTe headers that `nvidia-cutlass` ships
(scripts/setup.sh installs it) and compares every answer, rejections included."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = 77


def test_random_cases_agree_with_cute_cpp():
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "cute" / "cute_diff.py"), "--seed", "1",
         "--count", "2000"],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    print(proc.stdout, proc.stderr)
    if proc.returncode == SKIPPED:
        pytest.skip(proc.stdout.strip())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2000 cases" in proc.stdout and " 0 differences" in proc.stdout
