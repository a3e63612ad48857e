#!/usr/bin/env bash
# The sanitizer job: builds libflydsl and the tests with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/, runs the C and C++ tests with leak checking,
# and the Python tests with ASan preloaded (leaks off there: CPython keeps its own). Any
# report fails the job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/ccache_env.sh
# -Og: instrumented -O2 compiles the MLIR translation units four times slower, and the tests spend
# their time in the uninstrumented system MLIR and LLVM, not in our code.
if [ ! -f build-asan/build.ninja ]; then
  meson setup build-asan --native-file scripts/meson-dev.ini -Doptimization=g \
    -Db_sanitize=address,undefined -Db_lundef=false >/dev/null
fi
ninja -C build-asan

export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The cpu runtime switches stacks (fibers) at barriers; ASan is told where they are, and
# stack-use-after-return detection does not follow such switches. LLVM's bump allocators poison
# a new slab and unpoison what they hand out only where their inline code is instrumented: the
# system's libMLIR is not, so a type it allocates from a slab our code started reads as
# "use-after-poison". User poisoning is therefore off (heap redzones still guard the slabs).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0:allow_user_poisoning=0
echo "== sanitizers: C and C++ tests (leaks checked)"
meson test -C build-asan --print-errorlogs

echo "== sanitizers: Python tests (ASan preloaded)"
asan="$(gcc -print-file-name=libasan.so)"
ubsan="$(gcc -print-file-name=libubsan.so)"
LD_PRELOAD="$asan $ubsan" ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:allow_user_poisoning=0 \
  FLYDSL_LIB="$PWD/build-asan/libflydsl.so" FLYDSL_RUNTIME_CACHE_DIR="$(mktemp -d)" \
  FLYDSL_TEST_LARGE=0 python3 -m pytest -q -x -p no:cacheprovider -n 2 --dist loadgroup tests/python \
  --deselect tests/python/test_cute_diff.py::test_random_cases_agree_with_cute_cpp
echo "sanitizers: no reports"
