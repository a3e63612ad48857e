"""The shared table of layout-algebra cases with CuTe C++'s answers (tests/data/layout_cases.tsv,
written by tests/cute/cute_diff.py); the C, Rust and Julia tests read the same file."""

from pathlib import Path

import flydsl.expr as fx
import pytest
from flydsl import FlyDSLError

TABLE = Path(__file__).resolve().parents[1] / "data" / "layout_cases.tsv"
ROWS = [
    line.rstrip("\n").split("\t")
    for line in TABLE.read_text().splitlines()
    if line and not line.startswith("#")
]


def text(value):
    """CuTe text of a result: a layout, an integer or a tuple."""
    if isinstance(value, tuple):
        return "(" + ",".join(text(x) for x in value) + ")"
    return str(value)


def run(op, args):
    lay = fx.Layout.parse
    tup = fx.parse_tuple
    unary = ["coalesce", "filter", "filter_zeros", "complement", "right_inverse", "left_inverse",
             "flatten", "size", "cosize"]  # fmt: skip
    if op in unary:
        return getattr(fx, op)(lay(args[0]))
    if op == "complement_to":
        return fx.complement(lay(args[0]), tup(args[1]))
    if op == "coalesce_profile":
        return fx.coalesce(lay(args[0]), tup(args[1]))
    if op == "filter_profile":
        return fx.filter(lay(args[0]), tup(args[1]))
    if op == "composition":
        return fx.composition(lay(args[0]), lay(args[1]))
    if op == "composition_tiler":
        return fx.composition(lay(args[0]), args[1])
    if op.endswith("_divide") or op in ("logical_product", "zipped_product", "tiled_product",
                                        "flat_product"):  # fmt: skip
        return getattr(fx, op)(lay(args[0]), args[1])
    if op in ("blocked_product", "raked_product", "max_common_vector"):
        return getattr(fx, op)(lay(args[0]), lay(args[1]))
    if op == "tile_to_shape":
        return fx.tile_to_shape(lay(args[0]), tup(args[1]))
    if op == "make_layout":
        return fx.make_layout(tup(args[0]))
    if op == "make_ordered_layout":
        return fx.make_ordered_layout(tup(args[0]), tup(args[1]))
    if op == "crd2idx":
        return fx.crd2idx(tup(args[0]), lay(args[1]))
    if op == "idx2crd":
        return fx.idx2crd(tup(args[0]), tup(args[1]))
    if op == "idx2crd_stride":
        return fx.idx2crd(tup(args[0]), tup(args[1]), tup(args[2]))
    if op == "crd2crd":
        return fx.crd2crd(tup(args[0]), tup(args[1]), tup(args[2]))
    if op in ("shape_div", "ceil_div", "elem_scale"):
        return getattr(fx, op)(tup(args[0]), tup(args[1]))
    if op in ("product_each", "compact_col_major"):
        return getattr(fx, op)(tup(args[0]))
    if op == "recast_layout":
        return fx.recast_layout(lay(args[0]), int(args[1]), int(args[2]))
    raise AssertionError(f"unknown op {op}")


def test_table_covers_every_operation():
    assert len(ROWS) > 300
    assert len({r[0] for r in ROWS}) >= 35
    assert sum(r[-1] == "error" for r in ROWS) > 10


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_case_matches_cute(row):
    op, args, want = row[0], row[1:-1], row[-1]
    if want == "error":
        with pytest.raises(FlyDSLError):
            run(op, args)
    else:
        assert text(run(op, args)) == want
