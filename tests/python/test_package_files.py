"""The Python package that `pip install .` builds holds every module of the binding: meson.build
lists them one by one (meson-python installs what it lists), so a new module must be listed,
and installed in the folder of its own package."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"py\.install_sources\(files\(([^)]*)\), subdir : '([^']*)'\)")


def test_every_module_is_installed_where_it_belongs():
    package = ROOT / "bindings" / "python"
    meson = (ROOT / "meson.build").read_text()
    listed = set()
    for files, subdir in BLOCK.findall(meson):
        for path in re.findall(r"'bindings/python/([\w/]+\.py)'", files):
            assert str(Path(path).parent) == subdir, f"{path} is installed into {subdir}"
            listed.add(path)
    present = {str(p.relative_to(package)) for p in (package / "flydsl").rglob("*.py")}
    assert listed == present, f"missing from meson.build: {sorted(present - listed)}"
