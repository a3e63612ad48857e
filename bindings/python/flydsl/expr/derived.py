"""What FlyDSL builds from the primitives: tiled copies from thread and value layouts,
register tensors, gathers and scatters, and the per-thread views of tiled copies and MMAs."""

from .._host_layout import Layout, make_layout, make_layout_tv
from .._kernel_layout import (
    LayoutValue,
    TensorValue,
    ThrCopy,
    TiledCopy,
    gather,
    make_fragment,
    scatter,
)
from .._mma import ThrMma, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C


def make_tiled_copy_tv(atom, thr_layout, val_layout):
    """A tiled copy whose threads are laid out by thr_layout, each holding val_layout."""
    tile_mn, layout_tv = make_layout_tv(thr_layout, val_layout)
    return TiledCopy(atom, layout_tv, tile_mn)


def make_rmem_tensor(shape_or_layout, dtype):
    """A register tensor with a static shape or layout."""
    if not isinstance(shape_or_layout, (Layout, LayoutValue, TensorValue)):
        shape_or_layout = make_layout(shape_or_layout)
    return make_fragment(shape_or_layout, dtype)


__all__ = [
    "make_tiled_copy_tv", "make_rmem_tensor", "make_layout_tv", "gather", "scatter", "ThrCopy",
    "ThrMma", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C",
]  # fmt: skip
