"""The code the kernel library compiles to, from two checkouts of this project compared: for the
GEMM (b column-major and row-major), softmax, layernorm and add on gfx942, gfx950, sm_80 and
sm_90, each checkout's final ISA or PTX (FLYDSL_DUMP_IR; COMPILE_ONLY: nothing runs, no GPU is
needed) and how far they differ. A change that moves work between the kernel builder and the
passes without changing the kernels shows no differing lines, or the same instructions in
another order.

    python3 scripts/codegen_diff.py BEFORE_CHECKOUT [AFTER_CHECKOUT]

Each checkout is compiled already (its build/libflydsl.so) and runs with its own Python package;
AFTER_CHECKOUT defaults to this one. For an earlier commit REV:

    git worktree add ../before REV && meson setup ../before/build && \\
        ninja -C ../before/build libflydsl.so.0.1.0    # ccache shares what did not change
"""

import collections
import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ARCHS = ("gfx942", "gfx950", "sm_80", "sm_90")

# One kernel a run: each compile writes its dump folder, which the next would replace.
KERNELS = {
    "gemm b col-major": "fk.gemm(r(a), r(bc), out=r(c))",
    "gemm b row-major": "fk.gemm(r(a), r(br), out=r(c))",
    "softmax": "fk.softmax(r(x), out=r(y))",
    "layernorm": "fk.layernorm(r(x), r(w), r(w), out=r(y))",
    "add": "fk.add(r(v), r(v), out=r(v))",
}

PRELUDE = """
import numpy as np, flydsl, flydsl.kernels as fk
from _dlpack import DLView, KDL_FLOAT, KDL_ROCM, KDL_CUDA
device = KDL_ROCM if "{arch}".startswith("gfx") else KDL_CUDA
r = lambda t: DLView(t, KDL_FLOAT, t.itemsize * 8, device)
a = np.zeros((512, 256), np.float16)
bc = np.zeros((256, 384), np.float16, order="F")
br = np.zeros((256, 384), np.float16)
c = np.zeros((512, 384), np.float16)
x, y, w = np.zeros((8, 1024), np.float16), np.zeros((8, 1024), np.float16), np.zeros(1024, np.float16)
v = np.zeros(4096, np.float16)
try:
    {call}
except flydsl.LaunchError:
    pass  # compiled, not run
"""


def final_code(checkout, arch, call, scratch):
    """The final ISA or PTX `call` compiles to for `arch` with `checkout`'s library."""
    env = {
        **os.environ,
        "COMPILE_ONLY": "1",
        "ARCH": arch,
        "FLYDSL_DUMP_IR": "1",
        "FLYDSL_DUMP_DIR": str(scratch),
        "FLYDSL_RUNTIME_CACHE_DIR": str(scratch / "cache"),
        "FLYDSL_LIB": str(checkout / "build" / "libflydsl.so"),
        "PYTHONPATH": os.pathsep.join(
            [str(checkout / "bindings" / "python"), str(checkout / "tests" / "python")]
        ),
    }
    subprocess.run(
        [sys.executable, "-c", PRELUDE.format(arch=arch, call=call)], check=True, env=env
    )
    (code,) = [p for p in scratch.glob("*/*_final_isa.*")]
    return [line for line in code.read_text().splitlines() if not line.lstrip().startswith("//")]


def instructions(lines):
    """The multiset of instruction mnemonics (registers and labels aside)."""
    return collections.Counter(
        m.group(1) for line in lines if (m := re.match(r"\s+([a-z_][\w.]*)", line))
    )


def main(argv):
    if not argv or len(argv) > 2:
        print(__doc__)
        return 2
    before = Path(argv[0]).resolve()
    after = Path(argv[1]).resolve() if len(argv) > 1 else Path(__file__).resolve().parents[1]
    print(f"{'kernel':<18} {'arch':<7} {'lines before':>12} {'lines after':>11} "
          f"{'differing':>9}  same instructions")  # fmt: skip
    changed = False
    for name, call in KERNELS.items():
        for arch in ARCHS:
            code = []
            for checkout in (before, after):
                with tempfile.TemporaryDirectory() as tmp:
                    code.append(final_code(checkout, arch, call, Path(tmp)))
            diff = difflib.unified_diff(code[0], code[1], lineterm="", n=0)
            differing = sum(1 for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---"))
            same = instructions(code[0]) == instructions(code[1])
            changed |= not same
            print(f"{name:<18} {arch:<7} {len(code[0]):>12} {len(code[1]):>11} {differing:>9}  "
                  f"{'yes' if same else 'NO'}")  # fmt: skip
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
