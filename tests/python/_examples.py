"""The example scripts as modules, so tests can call their kernels directly, and the examples'
`device` helper (numpy on the cpu target, torch tensors on a CUDA device)."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))

import device as dev  # noqa: E402 (needs the path above)


def load(name):
    spec = importlib.util.spec_from_file_location(
        f"example_{name}", ROOT / "examples" / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


__all__ = ["dev", "load"]
