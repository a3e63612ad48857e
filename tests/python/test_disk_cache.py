"""The disk cache across processes: entries appear, a second process reuses them without
rewriting, corrupted or truncated entries are rebuilt, the cache can be turned off, and eight
processes compiling the same kernel at once all succeed. What it trusts: only a directory of
this user's that no one else can write, and in it only regular files of this user's; any
other entry (another user's, a FIFO, a link to a device, one that parses but does not load)
is rebuilt. And its bound: the least recently used entries go beyond the size limit."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
    return err


def entries(cache):
    return sorted(cache.glob("*.flyc"))


def test_a_second_process_reuses_the_entry(tmp_path):
    finish(run(tmp_path, 2.0))
    (entry,) = entries(tmp_path)
    before = entry.stat()
    finish(run(tmp_path, 2.0))
    after = entry.stat()
    assert after.st_ino == before.st_ino  # read, not replaced
    assert after.st_mtime_ns >= before.st_mtime_ns  # marked used, for eviction


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


def fnv1a(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def test_an_entry_that_parses_but_does_not_load_is_rebuilt(tmp_path):
    """A well-formed entry (right key, right checksum) whose object is garbage: the process
    that finds it compiles afresh and replaces it, rather than failing every compile. (The cpu
    target, which loads its code when it compiles.)"""
    cpu = {"FLYDSL_COMPILE_BACKEND": "cpu"}
    finish(run(tmp_path, 6.0, **cpu))
    (entry,) = entries(tmp_path)
    good = entry.read_bytes()
    header, payload = good[:24], good[24:]
    image = payload.rindex(b"\x7fELF")  # the object is the payload's last field
    bad = payload[:image] + bytes(len(payload) - image)
    forged = header[:16] + fnv1a(bad).to_bytes(8, "little") + bad
    entry.write_bytes(forged)
    finish(run(tmp_path, 6.0, **cpu))
    assert entry.read_bytes() == good


def test_swapped_entries_are_rebuilt(tmp_path):
    finish(run(tmp_path, 7.0))
    finish(run(tmp_path, 8.0))
    first, second = entries(tmp_path)
    a, b = first.read_bytes(), second.read_bytes()
    first.write_bytes(b)
    second.write_bytes(a)
    finish(run(tmp_path, 7.0))  # the script checks the kernel's results
    finish(run(tmp_path, 8.0))
    assert (first.read_bytes(), second.read_bytes()) == (a, b)


def test_a_fifo_or_a_link_to_a_device_is_not_read(tmp_path):
    finish(run(tmp_path, 9.0))
    (entry,) = entries(tmp_path)
    good = entry.read_bytes()
    entry.unlink()
    os.mkfifo(entry)  # opening it for reading would wait for a writer
    finish(run(tmp_path, 9.0))
    assert entry.read_bytes() == good
    entry.unlink()
    entry.symlink_to("/dev/zero")  # reading it would never end
    finish(run(tmp_path, 9.0))
    assert not entry.is_symlink() and entry.read_bytes() == good


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_another_users_entry_is_not_run(tmp_path):
    """The case of a root process: an entry owned by someone else is rebuilt, not loaded."""
    assert gemm_counts(tmp_path) == (1, 1)
    (entry,) = entries(tmp_path)
    os.chown(entry, 65534, 65534)
    assert gemm_counts(tmp_path) == (1, 1)  # generated again
    assert entry.stat().st_uid == 0
    assert gemm_counts(tmp_path) == (1, 0)


def test_an_untrusted_directory_is_not_used(tmp_path):
    open_to_all = tmp_path / "open"
    open_to_all.mkdir()
    open_to_all.chmod(0o777)  # anyone could plant an entry here
    err = finish(run(open_to_all, 10.0))
    assert "not trusted" in err and "writable by others" in err and str(open_to_all) in err
    assert entries(open_to_all) == []
    os.symlink(tmp_path / "elsewhere", tmp_path / "link")
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    err = finish(run(tmp_path / "link", 10.0))
    assert "symbolic link" in err and entries(tmp_path / "elsewhere") == []


def test_a_new_cache_directory_is_private(tmp_path):
    cache = tmp_path / "a" / "b"
    finish(run(cache, 11.0))
    assert (cache.stat().st_mode & 0o777) == 0o700
    assert all((e.stat().st_mode & 0o022) == 0 for e in entries(cache))


def test_the_least_recently_used_entries_go_beyond_the_limit(tmp_path):
    old = tmp_path / "0000000000000000.flyc"
    old.write_bytes(bytes(2 << 20))  # 2 MiB, used long ago
    os.utime(old, (1, 1))
    finish(run(tmp_path, 12.0, FLYDSL_RUNTIME_CACHE_MAX_MB="1"))
    remaining = entries(tmp_path)
    assert old not in remaining and len(remaining) == 1
