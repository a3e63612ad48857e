"""The disk cache across processes: entries appear, a second process reuses them without
rewriting, corrupted or truncated entries are rebuilt, the cache can be turned off, and eight
processes compiling the same kernel at once all succeed."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A kernel whose IR depends on argv[1], so each test gets entries of its own.
SCRIPT = """
import sys
import numpy as np
import flydsl.compiler as flyc
import flydsl.expr as fx
from device import array, host

SCALE = float(sys.argv[1])

@flyc.kernel
def scale(x: fx.Tensor, n: fx.Int32):
    i = fx.thread_idx.x
    x.store(i, x.load(i, pred=i < n) * SCALE, pred=i < n)

x = array(np.arange(10, dtype=np.float32))
scale(x, 10).launch(block=(16,))
assert np.array_equal(host(x), np.arange(10, dtype=np.float32) * SCALE), x
print("ok")
"""


def run(cache, scale, **env_extra):
    env = {k: v for k, v in os.environ.items() if k != "FLYDSL_RUNTIME_ENABLE_CACHE"}
    path = os.pathsep.join(str(ROOT / d) for d in ("bindings/python", "examples"))
    env.update(PYTHONPATH=path, FLYDSL_RUNTIME_CACHE_DIR=str(cache))
    env.update(env_extra)
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(scale)], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def finish(p):
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0 and out.strip() == "ok", out + err


def entries(cache):
    return sorted(cache.glob("*.flyc"))


def test_a_second_process_reuses_the_entry(tmp_path):
    finish(run(tmp_path, 2.0))
    (entry,) = entries(tmp_path)
    before = entry.stat()
    finish(run(tmp_path, 2.0))
    after = entry.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_corrupted_and_truncated_entries_are_rebuilt(tmp_path):
    finish(run(tmp_path, 3.0))
    (entry,) = entries(tmp_path)
    good = entry.read_bytes()
    for damaged in (good[: len(good) // 2], good[:-1] + bytes([good[-1] ^ 0xFF]), b"", b"junk"):
        entry.write_bytes(damaged)
        finish(run(tmp_path, 3.0))
        assert entry.read_bytes() == good
    assert not list(tmp_path.glob("*.tmp.*"))


def test_the_cache_can_be_turned_off(tmp_path):
    for value in ("0", "false"):
        finish(run(tmp_path, 4.0, FLYDSL_RUNTIME_ENABLE_CACHE=value))
        assert entries(tmp_path) == []


def test_eight_concurrent_processes_all_succeed(tmp_path):
    procs = [run(tmp_path, 5.0) for _ in range(8)]
    for p in procs:
        finish(p)
    assert len(entries(tmp_path)) == 1
    assert not list(tmp_path.glob("*.tmp.*"))


# The library's GEMM: its kernels are found on disk by their spec, without being generated.
GEMM = """
import numpy as np
from flydsl import kernels

rng = np.random.default_rng(0)
a = rng.standard_normal((70, 40)).astype(np.float16)
b = rng.standard_normal((40, 30)).astype(np.float16)
c = kernels.gemm(a, b).astype(np.float32)
want = a.astype(np.float32) @ b.astype(np.float32)
assert np.allclose(c, want, rtol=1e-2, atol=5e-2), abs(c - want).max()
print(kernels.kernels_built(), kernels.kernels_generated())
"""


def gemm_counts(cache):
    env = {k: v for k, v in os.environ.items() if k != "FLYDSL_RUNTIME_ENABLE_CACHE"}
    env.update(PYTHONPATH=str(ROOT / "bindings/python"), FLYDSL_RUNTIME_CACHE_DIR=str(cache))
    p = subprocess.run([sys.executable, "-c", GEMM], env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    return tuple(int(n) for n in p.stdout.split())


def test_library_kernels_come_from_disk_without_being_generated(tmp_path):
    assert gemm_counts(tmp_path) == (1, 1)
    (entry,) = entries(tmp_path)
    assert gemm_counts(tmp_path) == (1, 0)
    entry.write_bytes(entry.read_bytes()[:100])  # damaged: generated again, and rewritten
    assert gemm_counts(tmp_path) == (1, 1)
    assert gemm_counts(tmp_path) == (1, 0)
