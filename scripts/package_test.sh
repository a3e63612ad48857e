#!/usr/bin/env bash
# Checks what scripts/package.sh put in dist/, as each language's users get it, away from the
# checkout's build folders:
#   scripts/package_test.sh wheel [PYTEST_ARGS...]  # a fresh venv installs the wheel: the
#       # examples run (on cpu; on a GPU where one is visible), then the Python tests import
#       # the installed package (FLYDSL_TEST_INSTALLED=1; default: the kernel and API tests)
#   scripts/package_test.sh archive  # the unpacked archive alone: its library needs nothing
#       # but glibc, zlib and zstd; a C program through pkg-config, a CMake project
#       # (find_package), a Rust program (flydsl-sys through pkg-config) and, where Julia is
#       # set up (scripts/setup_julia.sh), the Julia binding run against it
#   scripts/package_test.sh install VENV  # only a venv at VENV with the wheel installed (the
#       # device script's: its tests and benchmarks run there)
# FLYDSL_DIST names the folder that holds the wheel and the archive (dist/ by default).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
what=${1:-}
shift || true
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

dist=${FLYDSL_DIST:-dist}

# A fresh venv at $1 with the wheel installed, and the wheel's licence beside its package.
install() {
  local wheel venv=$1 start
  wheel=$(ls "$dist"/flydsl-*.whl)
  # The system's packages stay visible (numpy, pytest, torch where installed: a GPU host may
  # have no network); the wheel itself comes with nothing else.
  # (python3 may itself be a venv's, whose packages --system-site-packages would not reach:
  # its site folders go after the venv's own, by a .pth file.)
  rm -rf "$venv"
  python3 -m venv "$venv"
  python3 -c 'import site; print("\n".join(site.getsitepackages()))' >"$("$venv/bin/python" -c \
    'import site; print(site.getsitepackages()[0])')/host_packages.pth"
  start=$(date +%s%N)
  "$venv/bin/pip" install -q --no-deps --no-index "$wheel"
  echo "installed $(basename "$wheel") ($(du -m "$wheel" | cut -f1) MB) in" \
    "$(( ($(date +%s%N) - start) / 1000000 )) ms"
  "$venv/bin/python" -c 'import numpy, pytest' 2>/dev/null ||
    "$venv/bin/pip" install -q numpy pytest pytest-xdist
  "$venv/bin/python" -c 'import flydsl, pathlib, sys
sys.exit(0 if (pathlib.Path(flydsl.__file__).parent / "LICENSE").is_file() else "no LICENSE")'
}

wheel() {
  local venv=$scratch/venv start
  install "$venv"
  # Python of the venv only: no PYTHONPATH, no FLYDSL_LIB.
  local py=("env" "-u" "PYTHONPATH" "-u" "FLYDSL_LIB" "FLYDSL_RUNTIME_CACHE_DIR=$scratch/cache"
    "$venv/bin/python")
  "${py[@]}" -c 'import flydsl, sys; sys.exit("not the wheel" if "site-packages" not in flydsl.__file__ else 0)'
  start=$(date +%s%N)
  (cd "$scratch" && "${py[@]}" "$root/examples/01_vector_add_layout.py" >/dev/null)
  echo "import and the first cpu kernel, cold: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  local failed=0
  for example in examples/*.py; do
    (cd "$scratch" && "${py[@]}" "$root/$example" >"$scratch/example.log" 2>&1) ||
      { failed=1; echo "FAILED $example"; tail -5 "$scratch/example.log"; }
  done
  [ $failed -eq 0 ] && echo "examples/*.py: all ran"
  local tests=("$@")
  if [ ${#tests[@]} -eq 0 ]; then
    tests=(tests/python)
    "${py[@]}" -c 'import xdist' 2>/dev/null && tests+=(-n 4 --dist loadgroup)
  fi
  FLYDSL_TEST_INSTALLED=1 "${py[@]}" -m pytest -q -p no:cacheprovider "${tests[@]}" || failed=1
  return $failed
}

archive() {
  local tarball prefix
  tarball=$(ls "$dist"/flydsl-*-linux-x86_64.tar.xz)
  tar -xJf "$tarball" -C "$scratch"
  prefix=$(ls -d "$scratch"/flydsl-*-linux-x86_64)
  echo "unpacked $(basename "$tarball") ($(du -m "$tarball" | cut -f1) MB)"
  [ -f "$prefix/share/doc/flydsl/LICENSE" ] || { echo "FAILED: no LICENSE" && return 1; }
  # The library's needs: glibc, zlib and zstd, nothing of LLVM or the C++ runtime.
  local needed
  needed=$(readelf -d "$prefix"/lib/libflydsl.so.1 | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' |
    tr '\n' ' ')
  echo "libflydsl.so.1 needs: $needed"
  for lib in $needed; do
    case $lib in libc.so.* | libm.so.* | libz.so.* | libzstd.so.* | ld-linux*) ;;
    *) echo "FAILED: libflydsl.so.1 needs $lib" && return 1 ;;
    esac
  done
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig LD_LIBRARY_PATH=$prefix/lib
  export FLYDSL_RUNTIME_CACHE_DIR=$scratch/cache
  unset FLYDSL_LIB
  # C through pkg-config.
  # shellcheck disable=SC2046 # pkg-config's words
  cc -o "$scratch/vector_add" examples/vector_add.c $(pkg-config --cflags --libs flydsl)
  "$scratch/vector_add" | tail -1 | sed 's/^/C (pkg-config): /'
  # A CMake project.
  cmake -S tests/package -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
    -DEXAMPLES="$root/examples" >/dev/null
  cmake --build "$scratch/cmake" >/dev/null
  "$scratch/cmake/block_reduce" | tail -1 | sed 's/^/CMake (find_package): /'
  # Rust: flydsl-sys finds the library by pkg-config (where cargo is installed).
  if command -v cargo >/dev/null; then
    (cd bindings/rust && env -u FLYDSL_LIB_DIR cargo run -q --release -p flydsl --example readme \
      --target-dir "$scratch/rust") | tail -1 | sed 's/^/Rust (pkg-config): /'
  elif [ -x "$dist/rust_readme" ]; then
    # built against this archive by pkg-config elsewhere (scripts/device/cuda.sh pack-archive)
    "$dist/rust_readme" | tail -1 | sed 's/^/Rust (pkg-config, built elsewhere): /'
  else
    echo "Rust: no cargo here"
  fi
  # Julia, where it is set up: the README's example through FLYDSL_LIB.
  if [ -x .tools/julia/bin/julia ]; then
    FLYDSL_LIB=$prefix/lib/libflydsl.so.1 .tools/julia/bin/julia --project=bindings/julia/FlyDSL \
      bindings/julia/FlyDSL/test/readme.jl | tail -1 | sed 's/^/Julia: /'
  fi
}

case $what in
wheel) wheel "$@" ;;
archive) archive ;;
install) install "$1" ;;
*) echo "usage: $0 wheel [PYTEST_ARGS...] | archive | install VENV" >&2; exit 2 ;;
esac
