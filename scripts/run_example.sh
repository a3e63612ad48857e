#!/usr/bin/env bash
# The main job: builds the library and works the CuTe documentation's layout
# examples through it, from C and from Python, checking each stated result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
./build/examples/layout_tour
PYTHONPATH=bindings/python python3 examples/layout_algebra.py
