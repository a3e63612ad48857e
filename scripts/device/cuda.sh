#!/usr/bin/env bash
# FlyDSL on the lent CUDA machine (the `device` tool), which has torch and Triton but no
# LLVM 22. Two steps, one script:
#   bash scripts/device/cuda.sh pack  # here: the wheel (scripts/package.sh wheel: LLVM inside)
#                                     # and the C and Rust programs, into .device/ (ignored by
#                                     # git; carry it)
#   bash scripts/device/cuda.sh run   # there: a fresh venv installs the wheel; C API tests,
#                                     # the C and Rust examples (cpu), every Python kernel test
#                                     # and example on cuda with torch tensors, then the
#                                     # benchmarks (launch, bandwidth, layouts, the cpu target
#                                     # on the host's cores); the benchmark tables are printed
#                                     # last
# The device tool call: run(command="bash scripts/device/cuda.sh run", carry=[".device"]).
# The release archive for C, CMake, Rust and Julia users, checked on the host without LLVM:
#   bash scripts/device/cuda.sh pack-archive  # here, into .device-archive/
#   run(command="bash scripts/device/cuda.sh archive", carry=[".device-archive"])
# Before and after a change: `pack` then `pack-before REV` here, then `compare [BENCH ...]`
# there with carry=[".device-compare"] (the benchmark tables with each library in turn, on one
# card).
set -uo pipefail
cd "$(dirname "$0")/../.."

pack() {
  set -e
  bash scripts/package.sh wheel
  source scripts/ccache_env.sh
  # The programs link libflydsl.so.1 by its soname: there they run against the wheel's.
  ninja -C build tests/kernel_api_test bench/bench_launch_cuda examples/vector_add \
    examples/block_reduce examples/tiled_copy
  (cd bindings/rust && FLYDSL_LIB_DIR="$PWD/../../build" cargo build -q --release \
    -p flydsl --example kernels --example tiled_copy --target-dir ../../build/rust)
  rm -rf .device && mkdir -p .device
  cp dist/flydsl-*.whl .device/
  python3 -m pip download -q --no-deps --only-binary=:all: -d .device pytest-xdist execnet
  cp build/tests/kernel_api_test build/bench/bench_launch_cuda .device/
  cp build/examples/vector_add .device/example_vector_add
  cp build/examples/block_reduce .device/example_block_reduce
  cp build/examples/tiled_copy .device/example_tiled_copy
  cp build/rust/release/examples/kernels .device/example_rust_kernels
  cp build/rust/release/examples/tiled_copy .device/example_rust_tiled_copy
  ls -l .device
}

# The release archive, and the Rust README program built against it here by pkg-config (the
# lent machine has no cargo; scripts/package_test.sh runs it there when it cannot build it).
pack_archive() {
  set -e
  bash scripts/package.sh archive
  rm -rf .device-archive && mkdir -p .device-archive
  cp dist/flydsl-*-linux-x86_64.tar.xz .device-archive/
  local unpacked
  unpacked=$(mktemp -d)
  tar -xJf .device-archive/flydsl-*.tar.xz -C "$unpacked"
  (cd bindings/rust && env -u FLYDSL_LIB_DIR PKG_CONFIG_PATH="$(ls -d "$unpacked"/*/lib/pkgconfig)" \
    cargo build -q --release -p flydsl --example readme --target-dir "$unpacked/rust")
  cp "$unpacked/rust/release/examples/readme" .device-archive/rust_readme
  rm -rf "$unpacked"
  # CMake from PyPI, for a host that has none (there it installs from this file alone).
  python3 -m pip download -q --no-deps --only-binary=:all: -d .device-archive cmake
  ls -l .device-archive
}

archive() {
  if ! command -v cmake >/dev/null; then
    python3 -m venv /tmp/flydsl-cmake
    /tmp/flydsl-cmake/bin/pip install -q --no-index .device-archive/cmake-*.whl
    export PATH=$PATH:/tmp/flydsl-cmake/bin
  fi
  echo "C compiler: $(cc --version | head -1); $(cmake --version | head -1); glibc $(ldd --version |
    head -1 | awk '{print $NF}')"
  FLYDSL_DIST=.device-archive bash scripts/package_test.sh archive
}

# A fresh venv with the wheel of .device/ installed, first on PATH; the C programs find the
# wheel's library by its soname, and the checkout's Python (bench_layouts.py's and
# bench_compile.py's subprocesses) through FLYDSL_LIB.
use_wheel() {
  local venv=/tmp/flydsl-venv installed
  FLYDSL_DIST=.device bash scripts/package_test.sh install "$venv"
  installed=$("$venv/bin/python" -c 'import flydsl, os; print(os.path.dirname(flydsl.__file__))')
  # The soname beside the library: its RUNPATH ($ORIGIN/../flydsl.libs, auditwheel's zstd)
  # then resolves from the package's folder.
  ln -sf libflydsl.so "$installed/libflydsl.so.1"
  export PATH=$venv/bin:$PATH FLYDSL_LIB=$installed/libflydsl.so FLYDSL_TEST_INSTALLED=1
  export LD_LIBRARY_PATH=$installed:${LD_LIBRARY_PATH:-} PYTHONUNBUFFERED=1
  export FLYDSL_RUNTIME_CACHE_DIR=/tmp/flydsl-cache
  unset PYTHONPATH
}

# A library packed by pack-before, put where the checkout's Python finds it.
use_packed_library() {
  local packed=$1 lib
  lib=/tmp/flydsl-lib-$(basename "$packed" .so.1.xz)
  if [ ! -f "$lib/libflydsl.so.1" ]; then
    mkdir -p "$lib"
    xz -dc "$packed" >"$lib/libflydsl.so.1"
    ln -sf libflydsl.so.1 "$lib/libflydsl.so"
  fi
  export FLYDSL_LIB=$lib/libflydsl.so LD_LIBRARY_PATH=$lib:${LD_LIBRARY_PATH:-}
  export PYTHONUNBUFFERED=1 FLYDSL_RUNTIME_CACHE_DIR=/tmp/flydsl-cache
}

# What a new user of the wheel waits for: the import and a first kernel compiled for the cpu
# and run, with nothing cached.
first_kernel() {
  local start cache
  start=$(date +%s%N) cache=$(mktemp -d)
  FLYDSL_RUNTIME_CACHE_DIR=$cache FLYDSL_COMPILE_BACKEND=cpu \
    python3 examples/01_vector_add_layout.py >/dev/null
  echo "import and the first cpu kernel, cold: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  rm -rf "$cache"
}

run() {
  local out=${OUT:-/tmp/flydsl-out} status=0
  mkdir -p "$out"
  use_wheel
  first_kernel || status=1
  unset FLYDSL_COMPILE_BACKEND ARCH
  nvidia-smi -L
  python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'

  echo "== C API tests (they pass host arrays: cpu target)"
  FLYDSL_COMPILE_BACKEND=cpu .device/kernel_api_test 2>&1 | tail -2 || status=1

  echo "== C and Rust examples (host arrays: they choose the cpu target)"
  for example in .device/example_*; do
    "$example" | tail -1 | sed "s|^|$(basename "$example"): |" || status=1
  done

  echo "== Python kernel tests and examples (default target: the CUDA device)"
  # Spread over the host's cores (one process takes past a device call's ten minutes); the
  # pytest-xdist wheels that pack() puts beside the library install without a network.
  python3 -c 'import xdist' 2>/dev/null || pip install -q --no-index --find-links .device \
    pytest-xdist
  python3 -m pytest -q -rs -n 12 --dist loadgroup tests/python -p no:cacheprovider 2>&1 |
    tee "$out/pytest.log" | tail -40
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  [ "${1:-}" != check ] || { echo "== status $status" && return $status; }

  echo "== benchmarks"
  .device/bench_launch_cuda 2>&1 | tee "$out/bench_launch.log" || status=1
  python3 bench/bench_cuda.py 2>&1 | tee "$out/bench_cuda.log" || status=1
  python3 bench/bench_layouts.py 2>&1 | tee "$out/bench_layouts.log" || status=1
  python3 bench/bench_kernels.py 2>&1 | tee "$out/bench_kernels.log" || status=1
  cpu_bench || status=1
  echo "== status $status"
  return $status
}

# The cpu target on the host's cores: work-item loops against fibers and numpy.
cpu_bench() {
  local out=${OUT:-/tmp/flydsl-out}
  mkdir -p "$out"
  [ "${FLYDSL_TEST_INSTALLED:-}" = 1 ] || use_wheel
  python3 bench/bench_cpu.py 2>&1 | tee "$out/bench_cpu.log"
  return "${PIPESTATUS[0]}"
}

# A focused run: the named test files against torch, then one benchmark table.
focused() {
  local name=$1 bench=$2 out=${OUT:-/tmp/flydsl-out} status=0
  shift 2
  mkdir -p "$out"
  use_wheel
  unset FLYDSL_COMPILE_BACKEND ARCH
  python3 -m pytest -q -rs "$@" -p no:cacheprovider 2>&1 | tee "$out/pytest_$name.log" | tail -15
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  # shellcheck disable=SC2086 # BENCH_ARGS: words for the benchmark (bench_gemm.py's tiles)
  python3 "$bench" ${BENCH_ARGS:-} 2>&1 | tee "$out/bench_$name.log" || status=1
  echo "== status $status"
  return $status
}

# FlyDSL's own examples and tests against this package on cuda, from a FlyDSL checkout packed
# here (never committed: .device/ is ignored):
#   bash scripts/device/cuda.sh pack-flydsl PATH_TO_FLYDSL_GIT_DIR   # here
#   run(command="bash scripts/device/cuda.sh compat", carry=[".device"])  # there
pack_flydsl() {
  local tree
  tree=$(mktemp -d)
  git -C "$1" archive HEAD | tar -x -C "$tree"
  git -C "$1" rev-parse --short HEAD >"$tree/.commit"
  mkdir -p .device
  tar -C "$tree" -cJf .device/flydsl.tar.xz .
  rm -rf "$tree"
  ls -l .device/flydsl.tar.xz
}

compat() {
  local out=${OUT:-/tmp/flydsl-out} src=/tmp/flydsl-src
  mkdir -p "$out" && rm -rf "$src" && mkdir -p "$src"
  tar -xJf .device/flydsl.tar.xz -C "$src"
  use_wheel
  unset FLYDSL_COMPILE_BACKEND ARCH
  # shellcheck disable=SC2086 # COMPAT_ARGS: more words for the runner (--only, --timeout)
  python3 scripts/flydsl_compat.py "$src" ${COMPAT_ARGS:---timeout 120} 2>"$out/compat.err" |
    tee "$out/flydsl_compat.md"
}

# Before and after a change, in one run on one card: the library of an earlier commit with its
# Python package and benchmarks and this checkout's library, both packed by `pack-before REV`
# into .device-compare/ (two stripped libraries fit the carry's 64 MiB; two wheels do not),
# take turns on each benchmark table (layouts: tiled copy, transpose and cold compiles; the
# kernel library; the GEMM at 4096^3, 8192^3 and M=16) and on bench_compile.py's compile
# times, or on the tables named (`compare bench_gemm`: one device call has ten minutes).
compare() {
  local out=${OUT:-/tmp/flydsl-out} status=0 benches=("$@")
  [ ${#benches[@]} -gt 0 ] || benches=(bench_layouts bench_kernels bench_gemm bench_compile)
  mkdir -p "$out"
  unset FLYDSL_COMPILE_BACKEND ARCH
  nvidia-smi -L
  # The earlier library runs with its own Python package and benchmarks (the package of this
  # checkout binds C functions that library does not have).
  local before_tree=/tmp/flydsl-before-tree
  rm -rf "$before_tree" && mkdir -p "$before_tree"
  tar -xJf .device-compare/before-tree.tar.xz -C "$before_tree"
  local saved_path=${LD_LIBRARY_PATH:-}
  for bench in "${benches[@]}"; do
    for which in before after; do
      local root=$PWD
      export LD_LIBRARY_PATH=$saved_path
      use_packed_library ".device-compare/libflydsl-$which.so.1.xz"
      [ "$which" = after ] || root=$before_tree
      export FLYDSL_RUNTIME_CACHE_DIR=/tmp/flydsl-cache-$which PYTHONPATH=$root/bindings/python
      echo "== $bench, $which"
      # shellcheck disable=SC2046 # the device has no ROCm device libraries: cpu and cuda
      (cd "$root" && python3 "bench/$bench.py" $([ "$bench" = bench_compile ] && echo cpu cuda)) 2>&1 | tee "$out/${bench}_$which.log" | tail -30 || status=1
    done
  done
  echo "== status $status"
  return $status
}

# The library of commit REV, built static in a worktree beside this checkout, and the wheel's
# library of this checkout (`pack` first), stripped and packed into .device-compare/ with REV's
# Python package and benchmarks. REV's compile options are the wheel's (scripts/package.sh), so
# the two libraries differ in their source alone, and ccache, with paths taken relative to the
# worktree, hands back the objects whose source did not change.
pack_before() {
  set -e
  local tree=$PWD/../flydsl-before
  [ -d "$tree" ] || git worktree add -f "$tree" "$1"
  git -C "$tree" checkout -q --detach "$1"
  export CC="ccache gcc" CXX="ccache g++" CCACHE_BASEDIR=$tree CCACHE_NOHASHDIR=1
  [ -f "$tree/build-static/build.ninja" ] ||
    meson setup "$tree/build-static" "$tree" -Dstatic_llvm=true -Dbuildtype=debugoptimized \
      "--native-file=$PWD/scripts/meson-dev.ini" >/dev/null
  ninja -C "$tree/build-static" libflydsl.so.0.1.0
  local out=.device-compare
  rm -rf "$out" && mkdir -p "$out"
  strip --strip-unneeded -o "$out/libflydsl-before.so.1" "$tree/build-static/libflydsl.so.0.1.0"
  strip --strip-unneeded -o "$out/libflydsl-after.so.1" build-wheel/libflydsl.so
  xz -T2 -6 -f "$out"/libflydsl-*.so.1
  git -C "$tree" archive "$1" bindings/python bench examples tests/python |
    xz >"$out/before-tree.tar.xz"
  ls -l "$out"
}

# The kernel library's host time per call (bench_host_cost.py) with this Python package and,
# where `pack-before-python REV` packed one here, with commit REV's package over the same
# library; then the C launch table and the torch integration tests (torch.compile, graphs).
pack_before_python() {
  mkdir -p .device
  git archive "$1" bindings/python | xz >.device/before-tree.tar.xz
  ls -l .device/before-tree.tar.xz
}

host_cost() {
  local out=${OUT:-/tmp/flydsl-out} status=0 before_tree=/tmp/flydsl-before-tree
  mkdir -p "$out"
  use_wheel
  unset FLYDSL_COMPILE_BACKEND ARCH
  if [ -f .device/before-tree.tar.xz ]; then
    rm -rf "$before_tree" && mkdir -p "$before_tree"
    tar -xJf .device/before-tree.tar.xz -C "$before_tree"
    echo "== host cost, the earlier package"
    PYTHONPATH=$before_tree/bindings/python python3 bench/bench_host_cost.py 2>&1 |
      tee "$out/host_cost_before.log" || status=1
  fi
  echo "== host cost, this package"
  python3 bench/bench_host_cost.py 2>&1 | tee "$out/host_cost.log" || status=1
  .device/bench_launch_cuda 2>&1 | tee "$out/bench_launch.log" || status=1
  python3 -m pytest -q -rs tests/python/test_kernel_library_cuda.py \
    tests/python/test_kernel_library_torch.py -p no:cacheprovider 2>&1 |
    tee "$out/pytest_host_cost.log" | tail -15
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  echo "== status $status"
  return $status
}

case "${1:-}" in
pack) pack ;;
pack-archive) pack_archive ;;
archive) archive ;; # run(command="bash scripts/device/cuda.sh archive", carry=[".device-archive"])
pack-before-python) pack_before_python "$2" ;;
host-cost) host_cost ;; # run(command="bash scripts/device/cuda.sh host-cost", carry=[".device"])
pack-before) pack_before "$2" ;;
compare) shift && compare "$@" ;; # run(command="bash scripts/device/cuda.sh compare", carry=[".device-compare"])
# The kernel library, and the GEMM with the MMA atoms, against torch (and Triton, cuBLAS):
# run(command="bash scripts/device/cuda.sh kernels", carry=[".device"]), likewise gemm
# (BENCH_ARGS="32x32x128x4x1x2 ..." adds bench_gemm.py's tables of those tiles).
kernels) focused kernels bench/bench_kernels.py tests/python/test_kernel_library_cuda.py \
  tests/python/test_mma_cuda.py ;;
gemm) focused gemm bench/bench_gemm.py tests/python/test_gemm_cuda.py tests/python/test_mma_cuda.py ;;
# RoPE with the KV-cache write against torch: run(command="bash scripts/device/cuda.sh rope", ...)
rope) focused rope bench/bench_rope.py tests/python/test_kernel_rope_cuda.py ;;
# Paged-attention decode against torch and a Triton kernel: ... cuda.sh paged-attention
paged-attention) focused paged_attention bench/bench_paged_attention.py \
  tests/python/test_kernel_paged_attention_cuda.py ;;
# Attention forward against SDPA's backends and a Triton kernel: ... cuda.sh attention
# (BENCH_ARGS="--lengths=4096" for one row)
attention) focused attention bench/bench_attention.py tests/python/test_kernel_attention_cuda.py ;;
# The fused MoE against a cuBLAS loop and a Triton grouped GEMM: ... cuda.sh moe
moe) focused moe bench/bench_moe.py tests/python/test_kernel_moe_cuda.py ;;
# One benchmark alone with the wheel, its words passed on:
# run(command="bash scripts/device/cuda.sh bench bench/bench_gemm.py --shapes=128x8192x8192 128x64x64x8x2x1", ...)
bench) shift && use_wheel && unset FLYDSL_COMPILE_BACKEND ARCH && python3 "$@" ;;
run) run ;;
check) run check ;; # run's tests without its benchmarks
pack-flydsl) pack_flydsl "$2" ;;
compat) compat ;;
cpu-bench) cpu_bench ;; # only the cpu benchmark: run(command="bash scripts/device/cuda.sh cpu-bench")
*) echo "usage: $0 pack|pack-archive|archive|pack-before REV|run|bench SCRIPT [ARGS]|check|compare|kernels|gemm|rope|paged-attention|moe|cpu-bench|pack-flydsl PATH|compat" >&2; exit 2 ;;
esac
