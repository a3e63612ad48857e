"""Runs ROCm/FlyDSL's own examples, tests and IR tests (its tests/mlir, through this
repository's fly-opt and FileCheck-22) against this package and prints a table: file,
passed, failed, and why the first failure happened. The FlyDSL checkout is only read: its
files (all but its own `python/flydsl`) are copied to a scratch folder and run there, with
this repository's `flydsl` first on the import path, on whatever target the environment chooses (`cpu` without a GPU).

    scripts/flydsl_compat.sh PATH_TO_FLYDSL_CHECKOUT [--timeout S] [--only SUBSTRING]

The Python that runs it needs what FlyDSL's tests import on the host: pytest, numpy, torch
(a CPU build will do) and pandas (its test helpers); a missing one is named before the run.
"""

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# What the table covers, in this order: programs run as scripts, then pytest files.
EXAMPLES = ["examples/*.py", "examples/utils/*.py", "examples/extension/coop/*.py"]
TESTS = [
    "tests/unit/test_*.py",
    "tests/language/test_*.py",
    "tests/system/test_*.py",
    "tests/extension/*/test_*.py",
    "tests/kernels/test_*.py",
]
IR_TESTS = ["tests/mlir/**/*.mlir"]


def why(output):
    """The line that best says why a run failed: the last exception, else the last line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for pattern in (r"^E\s+(\w+(Error|Exception).*)", r"^(\w+(Error|Exception)\b.*)"):
        found = [m.group(1) for m in (re.match(pattern, line) for line in lines) if m]
        if found:
            return found[-1 if pattern.startswith("^(") else 0][:160]
    return lines[-1][:160] if lines else "no output"


def run(cmd, cwd, env, timeout):
    try:
        p = subprocess.run(
            cmd, cwd=cwd, env=env, timeout=timeout, capture_output=True, text=True, check=False
        )
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else ""
        return None, out + f"\ntimed out after {timeout} s"


def pytest_counts(output):
    counts = {}
    for number, what in re.findall(r"(\d+) (passed|failed|errors?|skipped)", output):
        counts[what.rstrip("s") if what.startswith("error") else what] = int(number)
    return counts


# What FlyDSL's tests import on the host besides this package.
HOST_MODULES = ("pytest", "numpy", "torch", "pandas")

HOST_KNOBS = {
    "FLYDSL_PERFTEST_USE_EVENTS": "1",
    "ROCDSL_SOFTMAX_SHAPES": "32,1024,f32;16,1000,f32;8,2048,f16;8,2048,bf16;4,8192,bf16",
    "ROCDSL_SOFTMAX_BWD_SHAPES": "32,1024,f32;16,1000,f32;8,2048,bf16",
    "ROCDSL_LAYERNORM_SHAPES": "16,1024,f32;8,2048,bf16;8,1000,f16",
    "ROCDSL_TOPK_GATING_SHAPES": "64,64,4,f32;32,128,8,bf16",
}


# FlyDSL's tests for one arch skip themselves on any other (`get_rocm_arch()`): files whose names
# say which run with that arch (emulated on the cpu target) unless ARCH is set already.
ARCH_OF_FILE = {
    "rdna3": "gfx1100",
    "rdna4": "gfx1201",
    "rdna_gemm": "gfx1201",
    "gfx950": "gfx950",
    "gfx1250": "gfx1250",
}


def arch_of(rel):
    """The ARCH a FlyDSL file's name asks for, or None."""
    name = Path(rel).name
    return next((arch for key, arch in ARCH_OF_FILE.items() if key in name), None)


def torch_without_gpu():
    """True when torch is installed but sees no GPU: the programs then run on the host."""
    probe = "import torch, sys; sys.exit(0 if not torch.cuda.is_available() else 3)"
    try:
        return (
            subprocess.run(
                [sys.executable, "-c", probe], check=False, capture_output=True
            ).returncode
            == 0
        )
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("flydsl", type=Path, help="a checkout (or git work tree) of ROCm/FlyDSL")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per file")
    ap.add_argument("--only", default="", help="run only files whose path contains this")
    args = ap.parse_args()
    if not (args.flydsl / "python" / "flydsl").is_dir():
        sys.exit(f"{args.flydsl} is not a FlyDSL checkout (no python/flydsl)")
    missing = [m for m in HOST_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        print(f"note: {', '.join(missing)} not importable by {sys.executable}: FlyDSL's tests "
              "that import them fail on that, not on this package", file=sys.stderr)  # fmt: skip

    scratch = Path(tempfile.mkdtemp(prefix="flydsl-compat-"))
    try:
        # Everything but FlyDSL's own package: its tests import its kernels/ and scripts/.
        for entry in args.flydsl.iterdir():
            if entry.name in ("python", ".git", "build", "build-fly"):
                continue
            if entry.is_dir():
                shutil.copytree(entry, scratch / entry.name, symlinks=True)
            else:
                shutil.copy2(entry, scratch / entry.name, follow_symlinks=False)
        env = dict(os.environ)
        paths = [str(REPO / "bindings" / "python"), str(scratch)]
        if torch_without_gpu():
            paths.insert(0, str(REPO / "scripts" / "compat"))  # its sitecustomize.py
            # The tests' own knobs for a host that emulates the GPU: time with events (the
            # profiler sees no device) and check shapes that a few CPU cores finish in time.
            for name, value in HOST_KNOBS.items():
                env.setdefault(name, value)
        env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")])
        env.setdefault("FLYDSL_LIB", str(REPO / "build" / "libflydsl.so"))
        # Its tests that run fly-opt find it by either name.
        for name in ("FLYDSL_FLY_OPT", "FLY_OPT"):
            env.setdefault(name, str(REPO / "build" / "fly-opt"))
        rows = []
        kinds = [(p, "example") for p in EXAMPLES] + [(p, "test") for p in TESTS]
        for pattern, kind in kinds + [(p, "ir") for p in IR_TESTS]:
            for path in sorted(scratch.glob(pattern)):
                rel = str(path.relative_to(scratch))
                if args.only not in rel:
                    continue
                if kind == "ir":
                    cmd = ["bash", str(REPO / "tests" / "mlir" / "run_mlir_test.sh"),
                           str(REPO / "build" / "fly-opt"), "FileCheck-22", str(path)]  # fmt: skip
                    rc, out = run(cmd, scratch, env, args.timeout)
                    # fly-opt's complaint (an unknown pass or op) before FileCheck's
                    errors = [line for line in out.splitlines()
                              if "Unknown command line argument" in line or "error:" in line]  # fmt: skip
                    note = "" if rc == 0 else (errors[0] if errors else why(out))
                    rows.append((rel, int(rc == 0), int(rc != 0), note.split("mlir/", 1)[-1][:160]))
                elif kind == "example":
                    rc, out = run([sys.executable, path.name], path.parent, env, args.timeout)
                    ok = rc == 0 and not re.search(r"^\s*FAIL", out, re.MULTILINE)
                    rows.append((rel, int(ok), int(not ok), "" if ok else why(out)))
                else:
                    # FlyDSL's scripts/run_tests.sh leaves its large_shape tests out by default
                    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--tb=line", "-rN", "-m", "not large_shape", rel]  # fmt: skip
                    arch = arch_of(rel) if "ARCH" not in os.environ else None
                    file_env = dict(env, ARCH=arch) if arch else env
                    rc, out = run(cmd, scratch, file_env, args.timeout)
                    c = pytest_counts(out)
                    failed = c.get("failed", 0) + c.get("error", 0)
                    if rc not in (0, 1, 5) and not failed:
                        failed = 1  # collection failed, or the run died
                    note = "" if not failed else why(out)
                    if c.get("skipped"):
                        note = (note + "; " if note else "") + f"{c['skipped']} skipped"
                    if arch:
                        note = (note + "; " if note else "") + f"ARCH={arch}"
                    rows.append((rel, c.get("passed", 0), failed, note))
                print(f"{rel}: {rows[-1][1]} passed, {rows[-1][2]} failed", file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    marker = args.flydsl / ".commit"  # flydsl_compat.sh's export of a bare mirror
    commit = marker.read_text().strip() if marker.exists() else subprocess.run(
        ["git", "-C", str(args.flydsl), "rev-parse", "--short", "HEAD"],
        check=False, capture_output=True, text=True).stdout.strip()  # fmt: skip
    print(f"FlyDSL {commit or '(not a git checkout)'} against flydsl from {REPO}\n")
    print("| file | passed | failed | why |\n| --- | --- | --- | --- |")
    for rel, passed, failed, note in rows:
        print(f"| {rel} | {passed} | {failed} | {note.replace('|', '/')} |")
    files_ok = sum(1 for _, p, f, _ in rows if f == 0 and p > 0)
    print(f"\n{files_ok} of {len(rows)} files pass entirely; "
          f"{sum(r[1] for r in rows)} passed, {sum(r[2] for r in rows)} failed in all.")  # fmt: skip


if __name__ == "__main__":
    main()
