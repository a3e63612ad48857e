#!/usr/bin/env bash
# Runs the `// RUN:` lines of one .mlir test with fly-opt and FileCheck-22 (a small lit).
# Usage: run_mlir_test.sh FLY_OPT FILECHECK TEST.mlir
set -euo pipefail
fly_opt="$1" filecheck="$2" test="$3"
found=0
while IFS= read -r line; do
  cmd="${line#// RUN: }"
  cmd="${cmd//%s/$test}"
  cmd="${cmd//%fly-opt/fly-opt}"  # lit's substitution, as FlyDSL's tests spell it
  cmd="${cmd//fly-opt/$fly_opt}"
  cmd="${cmd//FileCheck/$filecheck}"
  echo "RUN: $cmd"
  bash -o pipefail -c "$cmd"
  found=1
done < <(grep '^// RUN: ' "$test")
[ "$found" = 1 ] || { echo "$test has no RUN line" >&2; exit 1; }
