#!/usr/bin/env bash
# Measures how much of ROCm/FlyDSL's own examples and tests run on this package, from a
# FlyDSL checkout that stays outside this repository:
#   scripts/flydsl_compat.sh PATH_TO_FLYDSL_CHECKOUT [--timeout S] [--only SUBSTRING]
# A git directory without a work tree (a bare mirror) is checked out to a scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 PATH_TO_FLYDSL_CHECKOUT [--timeout S] [--only SUBSTRING]" >&2; exit 2; }
src="$1"; shift
bash scripts/build.sh >/dev/null
if [ ! -d "$src/python/flydsl" ] && git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  tree="$(mktemp -d)"; trap 'rm -rf "$tree"' EXIT
  git -C "$src" archive HEAD | tar -x -C "$tree"
  git -C "$src" rev-parse --short HEAD > "$tree/.commit"
  src="$tree"
fi
python3 scripts/flydsl_compat.py "$src" "$@"
