import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# FLYDSL_TEST_INSTALLED=1: the tests import the installed package (a wheel in a fresh venv,
# scripts/package_test.sh), not the checkout's bindings/python.
if os.environ.get("FLYDSL_TEST_INSTALLED") != "1":
    sys.path.insert(0, str(ROOT / "bindings" / "python"))


def pytest_configure(config):
    # pytest-xdist's mark, known without it too (a plain `pytest` run ignores it).
    config.addinivalue_line("markers", "xdist_group(name): run these tests in one process")


@pytest.fixture
def host_target(monkeypatch):
    """Kernels launched on numpy arrays run on the cpu target even where a GPU is visible (the
    target FlyDSL then picks): for the files that check the cpu's emulation of GPU archs."""
    monkeypatch.setenv("FLYDSL_COMPILE_BACKEND", "cpu")
