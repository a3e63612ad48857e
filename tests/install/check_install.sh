#!/usr/bin/env bash
# Installs the build into a scratch root (meson install --destdir) and builds a consumer program
# against it twice, through pkg-config and through CMake's find_package(FlyDSL); both must run.
# Usage: tests/install/check_install.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:-build}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
meson install -C "$build" --destdir "$root" --quiet
prefix="$root$(meson introspect "$build" --buildoptions |
  python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')"
pc="$(dirname "$(find "$root" -name flydsl.pc)")"
lib="$(dirname "$(find "$root" -name 'libflydsl.so.*' | head -1)")"
test -f "$prefix/include/flydsl/flydsl.h"
test -L "$lib/libflydsl.so"
[ "$(readelf -d "$lib/libflydsl.so" | grep -o 'libflydsl.so.[0-9]*' | head -1)" = libflydsl.so.1 ]

# pkg-config: the .pc names the final prefix; the sysroot points it at the scratch root.
flags="$(PKG_CONFIG_PATH="$pc" PKG_CONFIG_SYSROOT_DIR="$root" pkg-config --cflags --libs flydsl)"
# shellcheck disable=SC2086
cc tests/install/consumer.c $flags -o "$root/consumer-pkgconfig"
LD_LIBRARY_PATH="$lib" "$root/consumer-pkgconfig"

# CMake: find_package(FlyDSL) from the installed prefix.
cmake -S tests/install -B "$root/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$root/cmake-build" >/dev/null
LD_LIBRARY_PATH="$lib" "$root/cmake-build/consumer"
# Rust: flydsl-sys finds the installed library through pkg-config (no FLYDSL_LIB_DIR), and
# the program runs from the folder pkg-config named.
(cd bindings/rust && env -u FLYDSL_LIB_DIR PKG_CONFIG_PATH="$pc" PKG_CONFIG_SYSROOT_DIR="$root" \
  cargo build -q -p flydsl --example kernels --target-dir "$root/rust-target")
readelf -d "$root/rust-target/debug/examples/kernels" | grep -q "RUNPATH.*$lib" ||
  { echo "the Rust example does not run from the installed library" >&2; exit 1; }
"$root/rust-target/debug/examples/kernels" | tail -1
echo "install: ok (headers, soname libflydsl.so.1, flydsl.pc, FlyDSLConfig.cmake; C through" \
  "pkg-config and CMake, Rust through pkg-config)"
