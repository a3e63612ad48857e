"""Row gather and scatter through offset tensors: gather writes Dst[r, :] = Src[Idx[r], :] and
scatter writes Dst[Idx[r], :] = Src[r, :]. Each block handles a TILE_M x TILE_N tile of the
row-indexed side with a tiled copy of 128-bit calls; the indirection is layout algebra too:
Idx seen with a zero column stride gives every call its row, a counting tensor gives its
column, and fx.gather / fx.scatter move each call's four floats from (or to) the element
offset row * N + column of the other matrix.
Run: PYTHONPATH=bindings/python python3 examples/05_gather_scatter.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

TILE_M, TILE_N = 8, 32  # 64 threads, each 4 consecutive columns of one row


def offsets_and_copy(Idx, R, N, bm, bn):
    """This thread's tiled copy, and its element offsets row * N + column (one per call)."""
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    threads = fx.make_layout((TILE_M, TILE_N // 4), (TILE_N // 4, 1))
    thr = fx.make_tiled_copy_tv(atom, threads, fx.make_layout((1, 4), (1, 1)))
    thr = thr.get_slice(fx.thread_idx.x)
    tile = (TILE_M, TILE_N)
    rows = fx.make_view(fx.get_iter(Idx), fx.make_layout((R, N), (1, 0)))  # Idx[r] everywhere
    cols = fx.make_view(fx.make_int_tuple(0), fx.make_layout((R, N), (0, 1)))  # the column
    # The first value of each call stands for the call: [(0, None), None, None].
    t_rows = thr.partition_S(fx.flat_divide(rows, tile)[None, None, bm, bn])[(0, None), None, None]
    t_cols = thr.partition_S(fx.flat_divide(cols, tile)[None, None, bm, bn])[(0, None), None, None]
    r_off = fx.make_fragment_like(t_rows)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Int32), t_rows, r_off)
    r_off.store(r_off.load() * fx.Int32(N) + t_cols.load())
    return atom, thr, r_off


@flyc.kernel
def gather_rows(Src: fx.Tensor, Dst: fx.Tensor, Idx: fx.Tensor):
    bm, bn, _ = fx.block_idx
    R, N = Dst.shape.unpack()
    atom, thr, r_off = offsets_and_copy(Idx, R, N, bm, bn)
    t_dst = thr.partition_D(fx.flat_divide(Dst, (TILE_M, TILE_N))[None, None, bm, bn])
    r_dst = fx.make_fragment_like(t_dst)
    fx.gather(atom, fx.get_iter(Src), r_off, r_dst)
    fx.copy(atom, r_dst, t_dst)


@flyc.kernel
def scatter_rows(Src: fx.Tensor, Dst: fx.Tensor, Idx: fx.Tensor):
    bm, bn, _ = fx.block_idx
    R, N = Src.shape.unpack()
    atom, thr, r_off = offsets_and_copy(Idx, R, N, bm, bn)
    t_src = thr.partition_S(fx.flat_divide(Src, (TILE_M, TILE_N))[None, None, bm, bn])
    r_src = fx.make_fragment_like(t_src)
    fx.copy(atom, t_src, r_src)
    fx.scatter(atom, r_src, fx.get_iter(Dst), r_off)


def main():
    rng = np.random.default_rng(5)
    M, R, N = 64, 24, 96  # R and N are multiples of the tile
    src = rng.standard_normal((M, N)).astype(np.float32)
    idx = rng.permutation(M)[:R].astype(np.int32)
    dst = array(np.zeros((R, N), np.float32))
    grid, block = (R // TILE_M, N // TILE_N), (TILE_M * TILE_N // 4,)
    gather_rows(array(src), dst, array(idx)).launch(grid=grid, block=block)
    assert np.array_equal(host(dst), src[idx]), "gather is wrong"
    print(f"gather_rows {R}x{N} from {M} rows on {TARGET}: matches numpy")

    rows = rng.standard_normal((R, N)).astype(np.float32)
    out = array(np.zeros((M, N), np.float32))
    scatter_rows(array(rows), out, array(idx)).launch(grid=grid, block=block)
    expect = np.zeros((M, N), np.float32)
    expect[idx] = rows
    assert np.array_equal(host(out), expect), "scatter is wrong"
    print(f"scatter_rows {R}x{N} into {M} rows on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
