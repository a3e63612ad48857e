"""The GEMM's tiles as a choice (fly_kernels_gemm_tiles, fly_kernels_gemm_tiled; fk.gemm_tiles,
gemm(tile=...), gemm(tune=True)): the tiles each arch offers for a problem, the table's first;
every offered tile computing the same product; tiles refused with the reason before anything
compiles; and the autotuner timing them once, remembering its choice on disk for a later
process, accumulating into c = out only once."""

import json

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest
from test_gemm_fp8 import operands

RNG = np.random.default_rng(23)


def problem(m, n, k):
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    return a, b, a.astype(np.float64) @ b.astype(np.float64)


def test_the_first_tile_is_the_tables_own():
    """Running tile 0 explicitly finds the kernel the plain call made: nothing new is built."""
    a, b, want = problem(48, 40, 64)
    tiles = fk.gemm_tiles(a, b, out_dtype=np.float32)
    assert len(tiles) >= 2 and len({tuple(t.items()) for t in tiles}) == len(tiles)
    np.testing.assert_allclose(fk.gemm(a, b, out_dtype=np.float32), want, atol=1e-3)
    built = fk.kernels_built()
    np.testing.assert_allclose(fk.gemm(a, b, out_dtype=np.float32, tile=tiles[0]), want, atol=1e-3)
    assert fk.kernels_built() == built


def test_every_offered_tile_computes_the_product():
    """gfx942's MFMA tiles (2 x 2 waves over 64 or 128 square and oblong blocks), each a kernel
    of its own, on a problem with ragged edges for all of them."""
    a, b, want = problem(72, 136, 96)
    tiles = fk.gemm_tiles(a, b, out_dtype=np.float32)
    assert {(t["bm"], t["bn"]) for t in tiles} == {(64, 64), (128, 128), (64, 128), (128, 64)}
    for tile in tiles:
        got = fk.gemm(a, b, out_dtype=np.float32, tile=tile)
        np.testing.assert_allclose(got, want, atol=1e-3, err_msg=str(tile))


@pytest.mark.parametrize(
    "arch,m,family",
    [("sm_90", 256, "wgmma"), ("sm_90", 16, "skinny"), ("sm_80", 256, "mma.sync")],
)
def test_each_arch_offers_its_own_tiles(monkeypatch, arch, m, family):
    """Hopper's warpgroup tiles (64 K values deep, split along K only for 64-row tiles), the
    skinny stream's column of four warps, mma.sync's 2 x 2 and 2 x 4 warps; every one fits the
    arch's shared memory (227 KiB on sm_90, 163 KiB on sm_80)."""
    monkeypatch.setenv("ARCH", arch)
    a = np.zeros((m, 4096), np.float16)
    b = np.asfortranarray(np.zeros((4096, 4096), np.float16))
    tiles = fk.gemm_tiles(a, b)
    capacity = {"sm_90": 227, "sm_80": 163}[arch] * 1024
    for t in tiles:
        assert t["stages"] * (t["bm"] + t["bn"]) * t["bk"] * 2 <= capacity, t
    if family == "wgmma":
        assert all(t["bk"] == 64 and t["warps_n"] == 1 for t in tiles)
        assert {t["bm"] for t in tiles} == {64, 128}
        assert all(t["split_k"] == 1 for t in tiles if t["bm"] == 128)
        assert {t["split_k"] for t in tiles if t["bm"] == 64} >= {1, 2, 4}
    elif family == "skinny":
        assert all(t["bm"] == 16 and (t["warps_m"], t["warps_n"]) == (1, 4) for t in tiles)
    else:
        assert {(t["warps_m"], t["warps_n"]) for t in tiles} == {(2, 2), (2, 4)}


def test_fp8_tiles_are_twice_as_deep_and_never_split(monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")
    a, b, av, bv = operands("Float8E4M3FN", 192, 128, 256)
    out = np.zeros((192, 128), np.float32)
    tiles = fk.gemm_tiles(a, b, out=out)
    assert tiles and all(t["bk"] == 128 and t["split_k"] == 1 for t in tiles)
    one = np.ones(1, np.float32)
    fk.gemm_scaled(a, b, one, one, out=out, tile=tiles[-1])
    np.testing.assert_allclose(out, av @ bv, rtol=1e-5, atol=1e-5 * np.abs(av @ bv).max())
    with pytest.raises(flydsl.InvalidArgumentError, match="which the fp8 GEMM does not"):
        fk.gemm_scaled(a, b, one, one, out=out, tile={**tiles[0], "bm": 64, "split_k": 2})


def refused_tiles():
    good = {"bm": 64, "bn": 64, "bk": 32, "stages": 2, "warps_m": 2, "warps_n": 2}
    return [
        ({**good, "bm": 100}, flydsl.InvalidArgumentError, "the GEMM tile 100x64x32x2x2x2 is not"),
        ({**good, "bk": 48}, flydsl.InvalidArgumentError, "BK a power of two"),
        ({**good, "warps_m": 3}, flydsl.InvalidArgumentError, "is not BMxBNxBKxSTAGES"),
        ({**good, "split_k": 17}, flydsl.InvalidArgumentError, "K split 0..16 ways"),
        ({**good, "bm": 256, "bn": 256, "bk": 128, "warps_m": 4, "warps_n": 4},
         flydsl.InvalidArgumentError,
         "needs 263168 bytes of shared memory a block; cpu gfx942 has 65536"),
        ({**good, "bm": 256, "bn": 256, "warps_m": 1, "warps_n": 1}, flydsl.InvalidArgumentError,
         "gives each of its 64 threads 1024 accumulators"),
        ({**good, "bm": 2**40}, ValueError, "out of range"),
        ({**good, "depth": 3}, ValueError, r"unknown fields \['depth'\]"),
        ({"bm": 64}, ValueError, "missing fields"),
        ({**good, "stages": True}, TypeError, "must be an int"),
        ((64, 64, 32, 2, 2, 2), TypeError, "tile must be a dict"),
    ]  # fmt: skip


@pytest.mark.parametrize("tile,error,message", refused_tiles())
def test_a_tile_the_problem_cannot_take_is_refused_and_out_untouched(tile, error, message):
    a, b, _ = problem(16, 16, 32)
    out = np.full((16, 16), 7.0, np.float32)
    with pytest.raises(error, match=message):
        fk.gemm(a, b, out=out, tile=tile)
    assert (out == 7.0).all()


def test_tile_and_tune_are_one_choice():
    a, b, _ = problem(16, 16, 32)
    with pytest.raises(ValueError, match="not both"):
        fk.gemm(a, b, tile=fk.gemm_tiles(a, b)[0], tune=True)


@pytest.fixture
def tuner_cache(monkeypatch, tmp_path):
    """A fresh tuner whose disk cache is a folder of this test's, timing the first two tiles of
    each problem (each compile on the cpu target takes seconds)."""
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fk, "_tuner", None)
    monkeypatch.setattr(fk, "_tuned_tiles", {})
    offered = fk.gemm_tiles
    monkeypatch.setattr(fk, "gemm_tiles", lambda a, b, out=None: offered(a, b, out)[:2])
    return tmp_path


def test_tuning_times_the_tiles_once_and_a_later_process_reads_the_choice(tuner_cache, monkeypatch):
    a, b, want = problem(40, 72, 64)
    got = fk.gemm(a, b, out_dtype=np.float32, tune=True)
    np.testing.assert_allclose(got, want, atol=1e-3)
    stored = json.loads((tuner_cache / "flydsl_kernels_gemm.json").read_text())
    (choice,) = stored.values()
    assert set(choice) == {"bm", "bn", "bk", "stages", "warps_m", "warps_n", "split_k"}
    # A new tuner (as in another process) finds the choice on disk and times nothing.
    monkeypatch.setattr(fk, "_tuner", None)
    monkeypatch.setattr(fk, "_tuned_tiles", {})
    monkeypatch.setattr(fk, "gemm_tiles", lambda *args: pytest.fail("timed the tiles again"))
    np.testing.assert_allclose(fk.gemm(a, b, out_dtype=np.float32, tune=True), want, atol=1e-3)
    # Another shape is another search (which the patched gemm_tiles refuses).
    c, d, _ = problem(40, 72, 96)
    with pytest.raises(pytest.fail.Exception, match="timed the tiles again"):
        fk.gemm(c, d, out_dtype=np.float32, tune=True)


def test_tuning_an_accumulation_into_c_adds_c_once(tuner_cache):
    a, b, want = problem(24, 40, 32)
    c = RNG.standard_normal((24, 40)).astype(np.float32)
    out = c.copy()
    assert fk.gemm(a, b, c=out, beta=1.0, out=out, tune=True) is out
    np.testing.assert_allclose(out, want + c, atol=1e-3)


def test_close_tiles_are_timed_again_in_turns_against_a_drifting_clock(tmp_path, monkeypatch):
    """A clock that runs 8 % slower with each timing: in one pass the table's tile (timed first)
    looks fastest, though "quick" takes 0.92 of its time. Timed again in turns, the order
    reversed every other round, each tile's median sees the same drift and "quick" wins; "slow"
    (1.5) is not timed again."""
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(tmp_path))
    cost = {"table": 1.0, "quick": 0.92, "slow": 1.5}
    ran, timed = [], []

    def clock(call, warmup, rep):
        call()
        timed.append(ran[-1])
        return cost[ran[-1]] * (1 + 0.08 * (len(timed) - 1))

    configs = [fk.Config(tile=name) for name in cost]
    tuner = fk._GemmTuner(lambda x, tile: ran.append(tile), configs, key=["x"], do_bench_fn=clock)
    tuner.table = configs[0]
    assert tuner.choose(np.zeros(1)).kwargs == {"tile": "quick"}
    rounds = timed[3:]
    assert timed[:3] == ["table", "quick", "slow"] and "slow" not in rounds
    assert rounds == ["table", "quick", "quick", "table"] * (tuner.rounds // 2)
    # Without drift the table's tile keeps its 3 % and a tile 2 % faster does not displace it.
    cost["quick"], timed[:] = 0.98, []
    tuner = fk._GemmTuner(lambda x, tile: ran.append(tile), configs, key=["x"],
                          do_bench_fn=lambda call, w, r: (call(), cost[ran[-1]])[1])  # fmt: skip
    tuner.table = configs[0]
    assert tuner.choose(np.zeros(2)).kwargs == {"tile": "table"}
