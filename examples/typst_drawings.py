"""Layouts, an MMA atom, a tiled MMA and a tiled copy drawn as Typst markup with
fx.utils.print_typst (CuTe's print_latex pictures): each cell of a grid names the index a layout
gives there, or the thread and value that hold an element of an MMA's or a copy's tile. The
drawings go to one file, a page each; `typst compile FILE` makes a PDF of it, which is done here
where Typst's Python package is installed.
Run: PYTHONPATH=bindings/python python3 examples/typst_drawings.py [FILE]
"""

import os
import sys
import tempfile

import flydsl.expr as fx


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(tempfile.mkdtemp(), "layouts.typ")
    if os.path.exists(path):
        os.remove(path)  # print_typst appends
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    # Two atoms side by side in N; K permuted so that each thread's values of A are 4 apart.
    tiled = fx.make_tiled_mma(
        atom, fx.make_layout((1, 2, 1), (0, 1, 0)), (None, None, fx.make_layout((4, 4), (4, 1)))
    )
    copy = fx.make_tiled_copy_A(fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float16), tiled)
    swizzled = fx.make_composed_layout(fx.Swizzle(2, 0, 2), 0, fx.make_layout((4, 4), (4, 1)))
    for drawing in (fx.make_layout((4, 8), (8, 1)), swizzled, atom, tiled, copy):
        fx.utils.print_typst(drawing, file=path)
    with open(path) as f:
        text = f.read()
    print(f"{path}: {text.count('#pagebreak()') + 1} pages of Typst, {len(text)} bytes")
    try:
        import typst
    except ImportError:
        typst = None
    if typst is not None:
        pdf = typst.compile(path)
        assert pdf.startswith(b"%PDF")
        print(f"typst compiled it: a PDF of {len(pdf)} bytes")
    print("ok")


if __name__ == "__main__":
    main()
