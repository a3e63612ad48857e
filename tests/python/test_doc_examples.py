"""Every worked example of the CuTe layout documentation, with its stated result."""

import json
from pathlib import Path

import flydsl.expr as fx
import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "cute_doc_examples.json"
CASES = json.loads(DATA.read_text())["cases"]


def as_tuple(x):
    """JSON arrays are tuples; null is CuTe's underscore."""
    if isinstance(x, list):
        return tuple(as_tuple(e) for e in x)
    return x


def layout_or_tiler(x):
    if isinstance(x, str):
        return fx.Layout.parse(x)
    if isinstance(x, list):
        return tuple(layout_or_tiler(e) for e in x)
    return x


def run(op, args):
    if op == "make_layout_from_shape":
        return fx.make_layout(as_tuple(args[0]))
    if op == "make_layout":
        return fx.make_layout(*[fx.Layout.parse(a) for a in args])
    if op == "evaluate":
        return fx.Layout.parse(args[0])(as_tuple(args[1]))
    if op in ("size", "cosize", "rank", "depth"):
        return getattr(fx, op)(fx.Layout.parse(args[0]))
    if op == "idx2crd":
        return fx.idx2crd(as_tuple(args[0]), as_tuple(args[1]))
    if op == "crd2idx":
        return fx.crd2idx(as_tuple(args[0]), as_tuple(args[1]), as_tuple(args[2]))
    if op == "shape_div":
        return fx.shape_div(as_tuple(args[0]), as_tuple(args[1]))
    if op == "get":
        return fx.get(fx.Layout.parse(args[0]), *args[1])
    if op == "slice":
        return fx.slice(fx.Layout.parse(args[0]), as_tuple(args[1]))
    if op == "slice_and_offset":
        layout, offset = fx.slice_and_offset(as_tuple(args[0]), fx.Layout.parse(args[1]))
        return (str(layout), offset)
    if op == "coalesce":
        profile = as_tuple(args[1]) if len(args) > 1 else None
        return fx.coalesce(fx.Layout.parse(args[0]), profile)
    if op == "complement":
        return fx.complement(fx.Layout.parse(args[0]), as_tuple(args[1]))
    if op in ("append", "prepend", "blocked_product", "raked_product"):
        return getattr(fx, op)(fx.Layout.parse(args[0]), fx.Layout.parse(args[1]))
    if op in ("flatten", "right_inverse", "left_inverse"):
        return getattr(fx, op)(fx.Layout.parse(args[0]))
    # Operations with a tiler: composition, divides, products.
    return getattr(fx, op)(fx.Layout.parse(args[0]), layout_or_tiler(args[1]))


def normalise(value):
    if isinstance(value, fx.Layout):
        return str(value)
    return value


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_documented_result(case):
    assert normalise(run(case["op"], case["args"])) == as_tuple(case["result"])


def test_every_case_is_covered():
    assert len(CASES) >= 180
