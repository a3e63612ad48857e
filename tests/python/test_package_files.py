"""The Python package that `pip install .` builds holds every module of the binding: meson.build
lists them one by one (meson-python installs what it lists), so a new module must be listed."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_is_installed():
    listed = set(
        re.findall(r"'bindings/python/flydsl/(\w+\.py)'", (ROOT / "meson.build").read_text())
    )
    present = {p.name for p in (ROOT / "bindings" / "python" / "flydsl").glob("*.py")}
    assert listed == present, f"missing from meson.build: {sorted(present - listed)}"
