#!/usr/bin/env bash
# Runs every test: C++ unit tests, the C and C++ API tests, the examples, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
meson test -C build --print-errorlogs
python3 -m pytest -q tests/python
