#!/usr/bin/env bash
# The main job: builds the library, then runs Python kernels on the best target present (a
# CUDA GPU with torch tensors, else cpu): a vector add and a tiled copy written with layouts,
# the kernel library (its GEMM included) and GEMMs on tiled MMAs (FMA and matrix-core atoms);
# builds kernels through the C API for the cpu target (host arrays), runs them and checks
# their results; and works the CuTe documentation's layout examples from C and Python.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
PYTHONPATH=bindings/python python3 examples/vector_add.py  # best target: a CUDA GPU, else cpu
PYTHONPATH=bindings/python python3 examples/02_tiled_copy.py
PYTHONPATH=bindings/python python3 examples/kernel_library.py  # the kernel library
PYTHONPATH=bindings/python python3 examples/fma_gemm.py  # a GEMM with a tiled MMA
PYTHONPATH=bindings/python python3 examples/03_tiled_mma.py  # the same on matrix-core atoms
PYTHONPATH=bindings/python python3 examples/08_mxfp4_mfma.py  # block-scaled MFMA (gfx950), emulated
PYTHONPATH=bindings/python python3 examples/04_wgmma.py  # Hopper wgmma reading shared memory
PYTHONPATH=bindings/python python3 examples/07_tma_copy.py  # Hopper bulk tensor copies (TMA)
./build/examples/tma_copy
./build/examples/tiled_mma
./build/examples/vector_add
./build/examples/tiled_copy
./build/examples/block_reduce
./build/examples/kernel_library
./build/examples/layout_tour
PYTHONPATH=bindings/python python3 examples/layout_algebra.py
