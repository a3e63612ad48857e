#!/usr/bin/env bash
# Configures (once) and builds libflydsl.so, tests, examples and benchmarks in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if command -v ccache >/dev/null; then
  export CC="ccache gcc" CXX="ccache g++"
fi
if [ ! -f build/build.ninja ]; then
  meson setup build --native-file scripts/meson-dev.ini >/dev/null
fi
ninja -C build
