#!/usr/bin/env bash
# Builds the wheel (`python -m build --wheel`, meson-python), looks at it (its tag and the library
# inside it), installs it into a fresh virtual environment, then `import flydsl` and an example
# run there with no environment variable set.
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The wheel is built with build/'s meson and flags (scripts/meson-dev.ini), in a folder beside
# build/ (meson-python's .mesonpy-*): the compile lines are then build/'s, and ccache hands back
# its objects instead of compiling the library a second time.
source scripts/ccache_env.sh
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q numpy build
MESON="$(command -v meson)" "$work/venv/bin/python" -m build --wheel --outdir "$work/dist" \
  -Csetup-args=-Dbuildtype=debugoptimized -Csetup-args=--native-file="$PWD/scripts/meson-dev.ini" \
  . >/dev/null
wheel="$(ls "$work"/dist/*.whl)"
case "$(basename "$wheel")" in
  flydsl-0.1.0-cp3*-cp3*-linux_x86_64.whl) ;;
  *) echo "unexpected wheel name $(basename "$wheel")" >&2; exit 1 ;;
esac
# The whole listing first: grep -q stops reading at its match, which would break the pipe.
listing="$(python3 -m zipfile -l "$wheel")"
grep -q 'flydsl/libflydsl.so' <<<"$listing"
"$work/venv/bin/pip" install -q "$wheel"
cp examples/layout_algebra.py "$work/"
(cd "$work" && env -u FLYDSL_LIB -u PYTHONPATH "$work/venv/bin/python" -c '
import pathlib, flydsl, flydsl.expr as fx
import flydsl.compiler.jit_argument, flydsl.expr.rocdl, flydsl.extension.coop, flydsl.runtime.device
lib = pathlib.Path(flydsl.__file__).parent / "libflydsl.so"
assert lib.is_file(), lib
assert str(fx.zipped_divide(fx.make_layout((4, 8), (8, 1)), (2, 4))) == "((2,4),(2,2)):((8,1),(16,4))"
print("python package:", flydsl.__version__, "library inside the package:", lib.name)
' && env -u FLYDSL_LIB -u PYTHONPATH "$work/venv/bin/python" layout_algebra.py | tail -1)

echo "python package: ok ($(basename "$wheel"))"
