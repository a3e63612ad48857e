#!/usr/bin/env bash
# Configures (once) and builds libflydsl.so, tests, examples and benchmarks in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/ccache_env.sh
if [ ! -f build/build.ninja ]; then
  meson setup build --native-file scripts/meson-dev.ini >/dev/null
fi
ninja -C build
