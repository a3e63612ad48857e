"""fx.utils.print_typst: layouts, MMA atoms, tiled MMAs and tiled copies drawn as Typst markup,
each cell naming what lies at its coordinate, compiled by Typst's own compiler."""

import re

import flydsl.expr as fx
import pytest
from flydsl.errors import InvalidArgumentError

CELL = re.compile(
    r'grid\.cell\(fill: rgb\("(#[0-9a-f]{6})"\)\)\[#box\([^\]]*\)\[#align\(center \+ horizon\)\[([^\]]*)\]\]\]'
)


def cells(markup, grid=0):
    """The (fill, text) of each cell of the `grid`-th grid, row by row."""
    blocks = markup.split("#grid(\n  columns: ")[1:]
    blocks = [b for b in blocks if "stroke: 0.5pt" in b.split("\n")[1]]
    return CELL.findall(blocks[grid])


def test_a_layouts_cells_are_its_indices_row_by_row(capsys):
    layout = fx.make_layout((4, 3), (3, 1))
    fx.utils.print_typst(layout)
    out = capsys.readouterr().out
    assert out.startswith("#set page(") and "(4,3):(3,1)" in out
    texts = [int(t) for _, t in cells(out)]
    assert texts == [3 * m + n for m in range(4) for n in range(3)]
    greys = ["#ffffff", "#999999", "#cccccc", "#666666", "#e5e5e5", "#808080", "#b2b2b2", "#4c4c4c"]
    assert [f for f, _ in cells(out)] == [greys[i % 8] for i in texts]


def test_a_swizzled_layout_draws_its_swizzled_indices():
    layout = fx.make_composed_layout(fx.Swizzle(1, 0, 2), 0, fx.make_layout((4, 2), (2, 1)))
    texts = [int(t) for _, t in cells(layout.typst())]
    assert texts == [fx.crd2idx((m, n), layout) for m in range(4) for n in range(2)]


def holders(markup, grid):
    return [tuple(map(int, re.findall(r"\d+", t))) if t else None for _, t in cells(markup, grid)]


def test_an_mma_atoms_cells_name_the_thread_and_value_of_each_element():
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    markup = atom.typst()
    assert "v\\_mfma\\_f32\\_16x16x16\\_f16" in markup
    b, a, c = (holders(markup, g) for g in range(3))  # drawn B, then A, then C
    # C of the 16x16 MFMA: lane l holds column l % 16 of rows 4 * (l // 16) + v.
    for lane in (0, 17, 63):
        for v in range(4):
            row, col = 4 * (lane // 16) + v, lane % 16
            assert c[row * 16 + col] == (lane, v)
    # Each element of A (16 x 16) and B (K x N, 16 x 16) has a holder.
    assert None not in a and None not in b and len(a) == len(b) == 256


def test_a_tiled_mma_draws_its_whole_tile():
    atom = fx.make_mma_atom(fx.UniversalFMA(fx.Float32))
    tiled = fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0)))
    markup = tiled.typst()
    assert "Thr~Layout~VMNK:~" + str(tiled.thr_layout_vmnk) in markup
    c = holders(markup, 2)
    assert c == [(0, 0), (2, 0), (1, 0), (3, 0)]  # thread m + 2 n holds C(m, n)


def test_a_tiled_copy_draws_source_and_destination_side_by_side():
    copy = fx.make_tiled_copy(
        fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float16),
        fx.make_layout(((2, 2), 2), ((1, 4), 2)),
        (2, 4),
    )
    markup = copy.typst()
    src, dst = holders(markup, 0), holders(markup, 1)
    assert src == dst
    # (thread t, value v) -> index (t % 2) + 4 (t // 2) + 2 v of the column-major 2 x 4 tile.
    assert src == [(0, 0), (0, 1), (2, 0), (2, 1), (1, 0), (1, 1), (3, 0), (3, 1)]


def test_drawings_append_to_a_file_a_page_each(tmp_path):
    path = tmp_path / "layouts.typ"
    fx.utils.print_typst(fx.make_layout(4, 1), file=str(path))
    fx.utils.print_typst(fx.make_layout((2, 2), (1, 2)), file=str(path))
    text = path.read_text()
    assert text.count("#set page(") == 1 and text.count("#pagebreak()") == 1


def test_colors_come_from_the_callers_function():
    layout = fx.make_layout(3, 1)
    markup = layout.typst(color=lambda i, _: ["#112233", "#445566", "#778899"][i])
    assert [f for f, _ in cells(markup)] == ["#112233", "#445566", "#778899"]
    with pytest.raises(InvalidArgumentError, match="'red' for \\(0, 0\\); a fill is"):
        layout.typst(color=lambda i, _: "red")

    class Broken(Exception):
        pass

    def broken(i, _):
        raise Broken

    with pytest.raises(Broken):
        layout.typst(color=broken)


def test_what_cannot_be_drawn_is_refused():
    with pytest.raises(InvalidArgumentError, match="rank 1 or 2"):
        fx.make_layout((2, 2, 2), (1, 2, 4)).typst()
    with pytest.raises(ValueError, match="print_typst expects a Layout"):
        fx.utils.print_typst(42)


def test_the_drawings_compile():
    typst = pytest.importorskip("typst")
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    tiled = fx.make_tiled_mma(atom, fx.make_layout((1, 2, 1), (0, 1, 0)))
    copy = fx.make_tiled_copy_A(fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float16), tiled)
    swizzled = fx.make_composed_layout(fx.Swizzle(3, 0, 3), 0, fx.make_layout((8, 8), (8, 1)))
    body = [x.typst(document=False) for x in (atom, tiled, copy, swizzled)]
    document = atom.typst()[: atom.typst().index("#box(")] + "\n#pagebreak()\n".join(body)
    assert typst.compile(document.encode()).startswith(b"%PDF")
