"""FlyDSL's `fx.utils.print_typst`: layouts, MMA atoms, tiled MMAs and tiled copies drawn as
Typst markup (`typst compile` makes a PDF of it), as CuTe's print_latex draws them. The library
makes the drawings (fly_layout_typst, fly_tiled_mma_typst, fly_tiled_copy_typst)."""

import os
import sys

from ..._host_layout import Layout
from ..._kernel_layout import TiledCopy
from ..._mma import MmaAtom, TiledMma


def print_typst(arg, *, color=None, file=None):
    """Prints `arg` (a static Layout or composed layout, an MmaAtom, a TiledMma or a TiledCopy)
    as Typst markup to stdout, or appends it to `file`: the page setup comes first in a new
    file, and each later drawing starts a new page. `color` gives a cell's fill "#rrggbb":
    color(index) for a layout, color(thread, value) for the others (None: CuTe's palettes)."""
    if not isinstance(arg, (Layout, MmaAtom, TiledMma, TiledCopy)):
        raise ValueError(
            "print_typst expects a Layout, ComposedLayout, MmaAtom, TiledMma or TiledCopy, got "
            f"{type(arg).__name__}"
        )
    fill = color
    if color is not None and isinstance(arg, Layout):
        fill = lambda index, _: color(index)  # noqa: E731 (a layout's colors take one index)
    new = file is None or not os.path.isfile(file) or os.path.getsize(file) == 0
    text = arg.typst(document=new, color=fill)
    if file is None:
        sys.stdout.write(text)
        return
    with open(file, "a") as out:
        out.write(text if new else "\n#pagebreak()\n\n" + text)


__all__ = ["print_typst"]
