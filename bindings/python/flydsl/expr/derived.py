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
    make_register_tensor,
    scatter,
)
from .._mma import ThrMma, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C


def make_tiled_copy_tv(atom, thr_layout, val_layout):
    """A tiled copy whose threads are laid out by thr_layout, each holding val_layout."""
    tile_mn, layout_tv = make_layout_tv(thr_layout, val_layout)
    return TiledCopy(atom, layout_tv, tile_mn)


def make_rmem_tensor(shape_or_layout, dtype):
    """A register tensor: of a shape, column-major; of a layout, that layout itself, as
    CuTe's make_tensor<T>(layout) (registers for its cosize; a stride-0 mode repeats one
    register, so a write through one coordinate is read through the others)."""
    if not isinstance(shape_or_layout, (Layout, LayoutValue, TensorValue)):
        return make_fragment(make_layout(shape_or_layout), dtype)
    if isinstance(shape_or_layout, TensorValue) or (
        isinstance(shape_or_layout, Layout) and shape_or_layout.is_composed
    ):
        return make_fragment(shape_or_layout, dtype)
    return make_register_tensor(shape_or_layout, dtype)


__all__ = [
    "make_tiled_copy_tv", "make_rmem_tensor", "make_layout_tv", "gather", "scatter", "ThrCopy",
    "ThrMma", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C",
]  # fmt: skip
