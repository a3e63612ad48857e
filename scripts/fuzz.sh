#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang-22 (-fsanitize=fuzzer,address,
# undefined) and runs each for FUZZ_SECONDS (default 60) from its committed corpus (new inputs
# go to a scratch copy). The layout and cache-entry harnesses compile the code they test into
# themselves, so libFuzzer sees its coverage; the kernel-builder and kernel-library harnesses
# drive libflydsl.so from build/. Then the Python binding's argument conversion under atheris.
# Any crash, hang (over 10 s), leak or sanitizer report fails.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${FUZZ_SECONDS:-60}}"  # scripts/fuzz.sh 3600: an hour each, on demand
out=build/fuzz
mkdir -p "$out"
cxx=clang++-22
flags=(-std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -Iinclude -Isrc -DFLYDSL_VERSION_STRING='"fuzz"')
layout_sources=(src/layout/*.cpp src/capi/status.cpp src/capi/tokens.cpp src/capi/handles.cpp
                src/capi/handle_table.cpp src/capi/layout_api.cpp)
# The layout code is compiled once, two files at a time, for both layout harnesses.
mkdir -p "$out/layout-objects"
printf '%s\n' "${layout_sources[@]}" | xargs -P 2 -I{} sh -c \
  'src="$1"; shift; "$@" -c "$src" -o "'"$out"'/layout-objects/$(echo "$src" | tr / _).o"' \
  _ {} "$cxx" "${flags[@]}"
for h in layout_text layout_algebra; do
  "$cxx" "${flags[@]}" "tests/fuzz/${h}_fuzzer.cpp" "$out"/layout-objects/*.o -o "$out/$h"
done
"$cxx" "${flags[@]}" tests/fuzz/cache_entry_fuzzer.cpp src/compiler/disk_cache.cpp src/ir/dtype.cpp \
  -o "$out/cache_entry"
for h in kernel_builder kernel_library; do
  "$cxx" "${flags[@]}" "tests/fuzz/${h}_fuzzer.cpp" -Lbuild -lflydsl \
    -Wl,-rpath,"$PWD/build" -o "$out/$h"
done

status=0
for h in layout_text layout_algebra kernel_builder cache_entry kernel_library; do
  corpus="$out/corpus-$h"
  rm -rf "$corpus" && mkdir -p "$corpus"
  cp tests/fuzz/corpus/"$h"/* "$corpus"/
  echo "== fuzz $h for ${seconds}s"
  # The kernel builder's MLIR and LLVM are not instrumented; leaks are checked in our code, and
  # user poisoning is off as in scripts/sanitize.sh (LLVM's slabs shared with libMLIR).
  if ! ASAN_OPTIONS=detect_leaks=1:allow_user_poisoning=0 FLYDSL_RUNTIME_ENABLE_CACHE=0 \
      "$out/$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
      -print_final_stats=1 "$corpus" 2>"$out/$h.log"; then
    status=1
    tail -60 "$out/$h.log"
  fi
  grep -E "^stat::number_of_executed_units|^stat::new_units_added|Done [0-9]+ runs" \
    "$out/$h.log" | tr '\n' ' '
  echo
done
corpus="$out/corpus-python_args"
rm -rf "$corpus" && mkdir -p "$corpus"
cp tests/fuzz/corpus/python_args/* "$corpus"/
echo "== fuzz python_args for ${seconds}s"
if ! PYTHONPATH=bindings/python python3 tests/fuzz/python_args_fuzzer.py \
    -max_total_time="$seconds" -timeout=10 -artifact_prefix="$out/" "$corpus" \
    2>"$out/python_args.log"; then
  status=1
  tail -60 "$out/python_args.log"
fi
grep -E "Done [0-9]+ runs" "$out/python_args.log" || true
exit $status
