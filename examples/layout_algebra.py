"""The layout algebra from Python: build layouts, tile them, print what comes out.

Run: PYTHONPATH=bindings/python python3 examples/layout_algebra.py
"""

import flydsl.expr as fx


def table(layout):
    rows, cols = fx.size(fx.get(layout, 0)), fx.size(fx.get(layout, 1))
    return "\n".join(
        "    " + " ".join(f"{layout(m, n):3d}" for n in range(cols)) for m in range(rows)
    )


def main():
    # A 4x8 row-major matrix, split into 2x4 tiles.
    matrix = fx.make_layout((4, 8), (8, 1))
    tiles = fx.zipped_divide(matrix, (2, 4))
    print("matrix            ", matrix)
    print(table(matrix))
    print("zipped_divide 2x4 ", tiles)
    first_tile = tiles(None, 0)
    print("tile 0            ", first_tile, "->", [first_tile(i) for i in range(8)])

    # Threads and values: 4x8 threads each owning a 2x2 block.
    tiler, tv = fx.make_layout_tv(fx.make_layout((4, 8), (8, 1)), fx.make_layout((2, 2)))
    print("make_layout_tv    ", tiler, tv)
    assert fx.size(tv) == 128

    # A swizzled shared-memory layout and its first row.
    smem = fx.make_composed_layout(fx.Swizzle(3, 2, 3), 0, fx.make_layout((8, 8), (8, 1)))
    print("swizzled smem     ", smem, "row 5 ->", [smem(5, n) for n in range(8)])
    # FlyDSL's compositions chain further: two one-bit swizzles of an index, then a layout
    # that reads the swizzled index as a (row, column) position of a 4 x 16 tile.
    swizzles = fx.make_composed_layout(
        fx.Swizzle(1, 0, 3), fx.make_composed_layout(fx.Swizzle(1, 1, 1), fx.make_layout(64, 1))
    )
    tile = fx.make_composed_layout(fx.make_layout((4, 16), (16, 1)), swizzles)
    print("chained           ", tile, "->", [tile(i) for i in range(8)])
    assert [tile(i) for i in range(4)] == [0, 16, 32, 48]

    # The algebra checks CuTe's preconditions instead of returning a wrong layout.
    try:
        fx.composition(fx.Layout.parse("(4,6):(1,5)"), fx.make_layout(6))
    except ValueError as e:
        print("rejected          ", type(e).__name__ + ":", e)

    # Coordinates between shapes, with CuTe C++'s answers.
    print("idx2crd stride    ", fx.idx2crd(11, (8, 2, 2), (2, 1, 16)))
    assert fx.idx2crd(11, (8, 2, 2), (2, 1, 16)) == (5, 1, 0)
    assert fx.crd2crd((1, (1, 1)), (3, (3, 3)), (4, 1)) == (1, 4)
    assert fx.crd2idx((1, (2, 1)), (4, (3, 2))) == 21
    assert fx.compact_col_major((1, ((3, 2), 3))) == (0, ((1, 3), 6))
    assert str(fx.filter(fx.Layout.parse("(1,6,4):(1,1,6)"), (1, 1, 1))) == "(1,6,4):(0,1,6)"
    # Operands of different rank are padded as CuTe pads them.
    raked = fx.raked_product(fx.Layout.parse("(2,8):(1,2)"), fx.Layout.parse("(8):(1)"))
    print("raked_product     ", raked)
    assert str(raked) == "((8,2),(1,8)):((16,1),(0,2))"

    # Checked against the CuTe documentation's stated results.
    assert str(tiles) == "((2,4),(2,2)):((8,1),(16,4))"
    assert (
        str(fx.blocked_product(fx.Layout.parse("(2,5):(5,1)"), fx.Layout.parse("(3,4):(1,3)")))
        == "((2,3),(5,4)):((5,10),(1,30))"
    )
    print("ok")


if __name__ == "__main__":
    main()
