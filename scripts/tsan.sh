#!/usr/bin/env bash
# The ThreadSanitizer job: builds in build-tsan/ with -fsanitize=thread and runs the tests of
# the code that threads share without MLIR in between: the handle table (lookups racing
# destroys), the in-memory cache, the environment, LLVM's fatal errors caught per thread. `--full` builds the whole library too and
# runs the C and C++ API tests under TSan (slow: every MLIR translation unit again). Any report
# fails the job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/ccache_env.sh
if [ ! -f build-tsan/build.ninja ]; then
  meson setup build-tsan -Db_sanitize=thread -Db_lundef=false >/dev/null
fi
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
if [ "${1:-}" = "--full" ]; then
  ninja -C build-tsan
  meson test -C build-tsan --print-errorlogs runtime-unit llvm-fatal-errors c-api kernel-c-api \
    kernel-library-c-api
else
  ninja -C build-tsan tests/runtime_unit_tests tests/llvm_fatal_errors_test
  meson test -C build-tsan --no-rebuild --print-errorlogs runtime-unit llvm-fatal-errors
fi
echo "tsan: no reports"
