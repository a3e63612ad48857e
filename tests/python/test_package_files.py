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
    declared = {
        "meson.build": re.search(r"license : '([^']+)'", (ROOT / "meson.build").read_text()),
        "pyproject.toml": re.search(r'license = \{ text = "([^"]+)" \}',
                                    (ROOT / "pyproject.toml").read_text()),  # fmt: skip
    }
    for crate in ("flydsl-sys", "flydsl"):
        path = f"bindings/rust/{crate}/Cargo.toml"
        declared[path] = re.search(r'^license = "([^"]+)"', (ROOT / path).read_text(), re.M)
    assert {k: m and m.group(1) for k, m in declared.items()} == dict.fromkeys(declared, "Apache-2.0")
