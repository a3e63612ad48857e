#!/usr/bin/env bash
# Installs what FlyDSL needs on a fresh Debian bookworm machine. Idempotent: when
# everything is present it only checks, in about a second.
set -euo pipefail

debs=(meson ninja-build ccache pkg-config g++ cmake libgtest-dev libdlpack-dev
      llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22 liblld-22-dev libclang-22-dev
      rocm-device-libs zlib1g-dev libzstd-dev)

missing=()
for p in "${debs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: need root to install ${missing[*]} (apt-get install)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || { echo "setup: apt-get update failed" >&2; exit 1; }
  apt-get install -y -qq "${missing[@]}" >/dev/null ||
    { echo "setup: could not install ${missing[*]}" >&2; exit 1; }
fi

# pytest-xdist: the test scripts run pytest on two processes (-n 2).
if ! python3 -c 'import pytest, numpy, xdist' >/dev/null 2>&1; then
  echo "setup: installing pytest, pytest-xdist and numpy"
  python3 -m pip install -q --root-user-action=ignore pytest pytest-xdist numpy ||
    { echo "setup: pip install pytest pytest-xdist numpy failed" >&2; exit 1; }
fi

# The CuTe C++ headers for the differential test of the layout algebra (tests/cute): the
# package ships them with pycute; its Python dependencies are not needed.
if ! python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("cutlass_library") is None)' 2>/dev/null; then
  echo "setup: installing nvidia-cutlass (CuTe headers for tests/cute)"
  python3 -m pip install -q --root-user-action=ignore --no-deps nvidia-cutlass==4.2.0.0 ||
    { echo "setup: pip install nvidia-cutlass failed" >&2; exit 1; }
fi

# Typst's compiler, which checks that the library's drawings (fx.utils.print_typst) compile.
if ! python3 -c 'import typst' >/dev/null 2>&1; then
  echo "setup: installing typst"
  python3 -m pip install -q --root-user-action=ignore typst==0.15.* ||
    { echo "setup: pip install typst failed" >&2; exit 1; }
fi

# The Python binding's fuzzer (scripts/fuzz.sh).
if ! python3 -c 'import atheris' >/dev/null 2>&1; then
  echo "setup: installing atheris"
  python3 -m pip install -q --root-user-action=ignore atheris ||
    { echo "setup: pip install atheris failed" >&2; exit 1; }
fi

bash scripts/setup_julia.sh >/dev/null

for tool in llvm-config-22 mlir-tblgen-22 meson ninja cargo; do
  command -v "$tool" >/dev/null ||
    { echo "setup: $tool is missing (cargo comes from rustup, the rest from Debian)" >&2; exit 1; }
done
