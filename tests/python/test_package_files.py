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


def declared_version(path):
    """The `version = "..."` line of a TOML manifest."""
    return re.search(r'^version = "([^"]+)"', (ROOT / path).read_text(), re.MULTILINE).group(1)


def test_one_version_everywhere():
    # meson.build's project version is the one version: the library reports it (and it names
    # the shared object, flydsl.pc and the CMake config); the package metadata of the bindings
    # repeats it and must agree.
    import flydsl

    version = re.search(r"version : '([^']+)'", (ROOT / "meson.build").read_text()).group(1)
    manifests = ["pyproject.toml", "bindings/rust/flydsl-sys/Cargo.toml",
                 "bindings/rust/flydsl/Cargo.toml", "bindings/julia/FlyDSL/Project.toml"]  # fmt: skip
    assert {m: declared_version(m) for m in manifests} == dict.fromkeys(manifests, version)
    assert flydsl.__version__ == version


def test_one_licence_everywhere():
    # LICENSE holds the licence's text; meson.build, the Python metadata and the crates name it.
    text = (ROOT / "LICENSE").read_text().split()
    assert text[:4] == ["Apache", "License", "Version", "2.0,"]
    sources = {
        "meson.build": r"license : '([^']+)'",
        "pyproject.toml": r'license = \{ text = "([^"]+)" \}',
        "bindings/rust/flydsl-sys/Cargo.toml": r'^license = "([^"]+)"',
        "bindings/rust/flydsl/Cargo.toml": r'^license = "([^"]+)"',
    }
    declared = {}
    for path, pattern in sources.items():
        found = re.search(pattern, (ROOT / path).read_text(), re.MULTILINE)
        declared[path] = found and found.group(1)
    assert declared == dict.fromkeys(sources, "Apache-2.0")


def test_every_script_has_its_line():
    # docs/building.md's table of scripts names each tracked file under scripts/ once.
    table = (ROOT / "docs" / "building.md").read_text().split("## The scripts", 1)[1]
    named = re.findall(r"^\| `(scripts/[^`]+)` \|", table, re.MULTILINE)
    present = sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "scripts").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )  # fmt: skip
    assert sorted(named) == present
