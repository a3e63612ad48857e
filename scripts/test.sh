#!/usr/bin/env bash
# Runs every test: C++ unit tests, the C and C++ API tests, the examples, the installed package
# (pkg-config and CMake consumers), the self-contained wheel and release archive, pytest, cargo
# test, the Julia tests, and the sanitizer job.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage says when it starts: CI has 90 minutes, and this shows where they go.
stage() { echo "== $1 (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"; }
stage build
bash scripts/build.sh
stage "meson test"
meson test -C build --print-errorlogs
stage "installed package"
bash tests/install/check_install.sh    # meson install; consumers through pkg-config and CMake
bash tests/install/check_python_package.sh  # the wheel, installed in a fresh venv
stage packages
bash scripts/package.sh                # the self-contained wheel and the release archive
bash scripts/package_test.sh archive   # C, CMake, Rust and Julia against the archive alone
bash scripts/package_test.sh wheel tests/python/test_kernel_library.py \
  tests/python/test_flydsl_api.py -q   # a fresh venv: the examples, then these tests
stage pytest
# -rs: skipped tests say why (the GPU-only ones); two processes, the large-memory tests in one.
# A cpu kernel's access past its block's shared memory crashes the test instead of passing
# silently (FLYDSL_CPU_GUARD_SHARED).
FLYDSL_CPU_GUARD_SHARED=1 python3 -m pytest -q -rs -n 2 --dist loadgroup tests/python
stage Rust
# bindgen (the raw-layer freshness test) loads libclang from LLVM 22.
(cd bindings/rust && LIBCLANG_PATH=/usr/lib/llvm-22/lib cargo test --quiet &&
  LIBCLANG_PATH=/usr/lib/llvm-22/lib cargo clippy --quiet --all-targets -- -D warnings &&
  RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps)
# A crate outside the workspace that depends on flydsl by path runs with `cargo run`.
rust_target="$(mktemp -d)"
got="$(cd tests/rust_dependent && CARGO_TARGET_DIR="$rust_target" cargo run --quiet)"
rm -rf "$rust_target"
[ "$got" = "(4,8):(8,1) 10" ] || { echo "rust dependent printed '$got'" >&2; exit 1; }
# The README's Rust example.
got="$(cd bindings/rust && cargo run --quiet --example readme)"
[ "$got" = "((2,4),(4,2)):((8,16),(1,4))" ] ||
  { echo "the README's Rust example printed '$got'" >&2; exit 1; }
stage Julia
# Julia: Pkg.develop into a fresh environment, `using FlyDSL`, the test suite. The scratch depot
# holds an empty local registry: Julia 1.5's Pkg wants one, and no registry is reachable here.
julia="$(bash scripts/setup_julia.sh)"
depot="$(mktemp -d)"
mkdir -p "$depot/registries/Empty"
printf 'name = "Empty"\nuuid = "5a2e2d0e-2b6f-4b1c-9a55-7f0c3d8e1a42"\nrepo = ""\n\n[packages]\n' \
  >"$depot/registries/Empty/Registry.toml"
JULIA_DEPOT_PATH="$depot" "$julia" bindings/julia/FlyDSL/test/pkg_develop.jl
rm -rf "$depot"
stage sanitizers
bash scripts/sanitize.sh               # ASan + UBSan build: C/C++ tests with leak checks, pytest
stage tsan
bash scripts/tsan.sh                   # TSan build of the code threads share: handle table, caches
stage fuzz
FUZZ_SECONDS="${FUZZ_SECONDS:-40}" bash scripts/fuzz.sh   # the fuzzers, 40 s each (scripts/fuzz.sh 3600: longer)
stage done
