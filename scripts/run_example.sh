#!/usr/bin/env bash
# The main job: builds the library, then runs Python kernels on the best target present (a
# CUDA GPU with torch tensors, else cpu): a vector add and a tiled copy written with layouts,
# the kernel library (its GEMM included) and GEMMs on tiled MMAs (FMA and matrix-core atoms);
# builds kernels through the C API for the cpu target (host arrays), runs them and checks
# their results; and works the CuTe documentation's layout examples from C and Python.
set -euo pipefail
cd "$(dirname "$0")/.."

# The build's progress on one line that rewrites itself (a line every 25 steps when the output
# is not a terminal); its whole output is kept in a log, shown where it fails.
progress() {
  local line n=0
  while IFS= read -r line; do
    if [ -t 1 ]; then
      printf '\r\033[K  %s' "${line:0:$((${COLUMNS:-100} - 4))}"
    elif [[ $line =~ ^\[[0-9]+/[0-9]+\] ]] && ((n++ % 25 == 0)); then
      echo "  $line"
    fi
  done
  [ -t 1 ] && printf '\r\033[K'
  return 0
}

log=$(mktemp)
echo "== building libflydsl.so, its tests and examples in build/ (the first build compiles the"
echo "   MLIR-based compiler: many minutes on a small machine; later builds are quick)"
set +e
bash scripts/build.sh 2>&1 | tee "$log" | progress
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  tail -40 "$log"
  echo "== the build failed (whole log: $log)"
  exit "$status"
fi
rm -f "$log"

run() {
  echo "== $1"
  shift
  "$@"
}

py() { PYTHONPATH=bindings/python python3 "$@"; }
run "a vector add (Python), checked against numpy on the best target" py examples/vector_add.py
run "a tiled copy with layouts (Python)" py examples/02_tiled_copy.py
run "the kernel library: elementwise, softmax, norms, GEMM" py examples/kernel_library.py
run "a decode step: RoPE, the paged KV-cache write, paged attention" py examples/paged_decode.py
run "a prefill step: causal attention over packed prompts" py examples/attention_prefill.py
run "a mixture-of-experts layer: the router, then the experts" py examples/moe_layer.py
run "a GEMM on a tiled MMA of FMA atoms" py examples/fma_gemm.py
run "the same GEMM on matrix-core atoms" py examples/03_tiled_mma.py
run "block-scaled MFMA (gfx950), emulated" py examples/08_mxfp4_mfma.py
run "RDNA3 integer WMMA (gfx1100, i8 and i4), emulated" py examples/rdna3_integer_wmma.py
run "Hopper wgmma reading shared memory" py examples/04_wgmma.py
run "Hopper bulk tensor copies (TMA)" py examples/07_tma_copy.py
run "C: TMA copies through the C API" ./build/examples/tma_copy
run "C: a tiled MMA through the C API" ./build/examples/tiled_mma
run "C: a vector add through the C API" ./build/examples/vector_add
run "C: a tiled copy through the C API" ./build/examples/tiled_copy
run "C: a block reduction through the C API" ./build/examples/block_reduce
run "C: the kernel library through the C API" ./build/examples/kernel_library
run "C: CuTe's layout examples" ./build/examples/layout_tour
run "Python: CuTe's layout algebra examples" py examples/layout_algebra.py
echo "== all examples ran and passed their checks"
