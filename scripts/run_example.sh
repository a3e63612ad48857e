#!/usr/bin/env bash
# The main job: builds the library, then builds kernels through the C API, compiles them for
# the best target present (cpu on a machine without a GPU), runs them and checks their
# results; and works the CuTe documentation's layout examples from C and Python.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
./build/examples/vector_add
./build/examples/block_reduce
./build/examples/layout_tour
PYTHONPATH=bindings/python python3 examples/layout_algebra.py
