"""Registers, LDS, scratch and occupancy of AMD kernels: of any code object, or of the kernel
library's GEMM as compiled for gfx942 and gfx950 (nothing runs: the code is only built).

  python3 scripts/resource_usage.py FILE.hsaco ARCH [KERNEL [BLOCK_THREADS]]
  python3 scripts/resource_usage.py --gemm [M N K]     # default 4096 4096 4096, b column-major

Code objects come from FLYDSL_DUMP_IR=1 (each compile writes <dir>/rocm-<arch>/NN_code_object.hsaco).
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bindings" / "python"), str(ROOT / "tests" / "python")]

from flydsl.compiler import code_object_resource_usage  # noqa: E402

COLUMNS = ("registers", "acc_registers", "scalar_registers", "shared_bytes", "scratch_bytes",
           "occupancy")  # fmt: skip


def show(title, usage):
    print(f"{title:>28} " + " ".join(f"{usage[c]:>9}" for c in COLUMNS))


def header():
    print(f"{'':>28} " + " ".join(f"{c.split('_')[0][:9]:>9}" for c in COLUMNS))
    print(f"{'':>28}  (VGPRs, AGPRs, SGPRs, LDS bytes, scratch bytes a lane, waves a SIMD)")


def gemm(m, n, k):
    script = (
        "import numpy as np, flydsl, flydsl.kernels as fk\n"
        "from _dlpack import DLView, KDL_FLOAT, KDL_ROCM\n"
        "r = lambda a: DLView(a, KDL_FLOAT, a.itemsize * 8, KDL_ROCM)\n"
        f"a = np.zeros(({m}, {k}), np.float16); b = np.zeros(({k}, {n}), np.float16, order='F')\n"
        "try:\n"
        f"    fk.gemm(r(a), r(b), out=r(np.zeros(({m}, {n}), np.float16)))\n"
        "except flydsl.LaunchError:\n"  # COMPILE_ONLY: compiled, not run
        "    pass\n"
    )
    header()
    for arch in ("gfx942", "gfx950"):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1", "ARCH": arch,
                   "FLYDSL_DUMP_DIR": tmp, "PYTHONPATH": os.pathsep.join(sys.path[:2])}  # fmt: skip
            subprocess.run([sys.executable, "-c", script], check=True, env=env)
            hsaco = next((Path(tmp) / f"rocm-{arch}").glob("*_code_object.hsaco")).read_bytes()
        show(f"gemm {m}x{n}x{k} f16 {arch}", code_object_resource_usage(hsaco, "main", arch))


def main(argv):
    if argv and argv[0] == "--gemm":
        gemm(*(int(x) for x in (argv[1:4] if len(argv) >= 4 else (4096, 4096, 4096))))
    elif len(argv) >= 2:
        kernel = argv[2] if len(argv) > 2 else "main"
        threads = int(argv[3]) if len(argv) > 3 else 0
        header()
        hsaco = Path(argv[0]).read_bytes()
        show(f"{kernel} {argv[1]}", code_object_resource_usage(hsaco, kernel, argv[1], threads))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
