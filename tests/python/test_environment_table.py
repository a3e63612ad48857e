"""docs/environment.md names every environment variable that the library and the bindings read:
the names are collected from the sources (the C++ helpers' calls, the Python package's reads
and the options of flydsl.utils.env it asks for, the Rust and Julia reads), so a new variable
that the table does not name fails here."""

import re
from pathlib import Path

from flydsl.utils import env

ROOT = Path(__file__).resolve().parents[2]
# Read by the sources but not the library's settings: the user's home (the caches' default
# place) and what cargo gives a build script.
NOT_SETTINGS = {"HOME", "OUT_DIR", "CARGO_MANIFEST_DIR", "DEP_FLYDSL_LIBDIR"}


def sources(folder, *patterns):
    for pattern in patterns:
        for path in sorted((ROOT / folder).rglob(pattern)):
            if "tests" not in path.relative_to(ROOT).parts and "target" not in path.parts:
                yield path.read_text(errors="replace")


def c_names():
    names = set()
    for text in [*sources("src", "*.cpp", "*.h"), *sources("kernels", "*.cpp", "*.h")]:
        names |= set(re.findall(r'\b(?:env|envFlag|envCount|std::getenv)\("([A-Z_0-9]+)"', text))
        for listed in re.findall(r"for \(const char \*name : \{([^}]*)\}\)", text):
            names |= set(re.findall(r'"([A-Z_0-9]+)"', listed))
    return names


def python_names():
    names = set()
    options = {}
    for manager in (env.autotune, env.compile, env.debug, env.runtime):
        for attr, option in vars(type(manager)).items():
            if isinstance(option, env.EnvOption):
                options[(type(manager).env_prefix, attr)] = option.env_var
    prefixes = {m: type(getattr(env, m)).env_prefix for m in ("autotune", "compile", "debug",
                                                             "runtime")}  # fmt: skip
    for text in sources("bindings/python/flydsl", "*.py"):
        names |= set(re.findall(r'environ(?:\.get)?[(\[]"([A-Z_0-9]+)"', text))
        for listed in re.findall(r"_CHOICE_NAMES = \(([^)]*)\)", text):
            names |= set(re.findall(r'"([A-Z_0-9]+)"', listed))
        for manager, attr in re.findall(r"\benv\.(autotune|compile|debug|runtime)\.(\w+)", text):
            names.add(options[(prefixes[manager], attr)])
    return names


def rust_and_julia_names():
    names = set()
    for text in sources("bindings/rust", "*.rs"):
        names |= set(re.findall(r'env::var\("([A-Z_0-9]+)"\)', text))
    for text in sources("bindings/julia", "*.jl"):
        names |= set(re.findall(r'ENV\["([A-Z_0-9]+)"\]', text))
    return names


def test_every_variable_read_is_in_the_table():
    table = (ROOT / "docs" / "environment.md").read_text()
    listed = set(re.findall(r"`([A-Z][A-Z_0-9]+)`", table))
    read = (c_names() | python_names() | rust_and_julia_names()) - NOT_SETTINGS
    # The collection itself finds what it should (a regex that finds nothing passes vacuously).
    assert {"FLYDSL_RUNTIME_CACHE_MAX_MB", "FLYDSL_GEMM_TILE", "ARCH"} <= c_names()
    assert {"FLYDSL_LIB", "FLYDSL_COMPILE_OPT_LEVEL", "FLYDSL_DEBUG_AST_DIFF"} <= python_names()
    assert {"FLYDSL_LIB_DIR", "FLYDSL_LIB"} <= rust_and_julia_names()
    assert read - listed == set(), f"read but not in docs/environment.md: {sorted(read - listed)}"
