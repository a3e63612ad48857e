#!/usr/bin/env python3
"""Differential test of FlyDSL's layout algebra against CuTe C++ itself.

Random cases (nested shapes to depth 3, strides with 0 and size-1 modes, every algebra
operation, swizzled layouts) are written as CuTe C++ expressions over static integers, compiled
with g++ against the CuTe headers that the `nvidia-cutlass` package ships, and run; the same
cases go through FlyDSL's C API (by the Python binding) and the two texts are compared. A case
that CuTe rejects at compile time (a static_assert) must be an error in FlyDSL too.

    python3 tests/cute/cute_diff.py --seed 1 --count 3000
    python3 tests/cute/cute_diff.py --table tests/data/layout_cases.json --count 400

Exit status: 0 when every case agrees, 1 on any difference, 77 when the CuTe headers or g++
are missing (the message says which).
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

# ---------------------------------------------------------------------------------------------
# Values: IntTuples are Python ints and tuples; `None` is CuTe's `_`. Layouts are (shape, stride)
# pairs; composed layouts ("sw", bits, base, shift, offset, layout); tilers are ints, None,
# layouts or tuples of tilers.


class L:
    """A layout value of the generator: shape and stride as nested tuples."""

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride

    def text(self):
        return f"{tup_text(self.shape)}:{tup_text(self.stride)}"


class Composed:
    def __init__(self, bits, base, shift, offset, layout):
        self.bits, self.base, self.shift, self.offset, self.layout = (
            bits,
            base,
            shift,
            offset,
            layout,
        )

    def text(self):
        return f"Sw<{self.bits},{self.base},{self.shift}> o {self.offset} o {self.layout.text()}"


def tup_text(t):
    if t is None:
        return "_"
    if isinstance(t, tuple):
        return "(" + ",".join(tup_text(x) for x in t) + ")"
    return str(t)


def tiler_text(t):
    if isinstance(t, L):
        return t.text()
    if isinstance(t, tuple):
        return "(" + ",".join(tiler_text(x) for x in t) + ")"
    return tup_text(t)


def arg_text(a):
    if isinstance(a, (L, Composed)):
        return a.text()
    return tiler_text(a)


# C++ spellings over static integers.


def cpp_tup(t):
    if t is None:
        return "_"
    if isinstance(t, tuple):
        return "make_tuple(" + ",".join(cpp_tup(x) for x in t) + ")"
    return f"Int<{t}>{{}}"


def cpp_layout(lay):
    return f"make_layout({cpp_tup(lay.shape)},{cpp_tup(lay.stride)})"


def cpp_tiler(t):
    if isinstance(t, L):
        return cpp_layout(t)
    if isinstance(t, tuple):
        return "make_tile(" + ",".join(cpp_tiler(x) for x in t) + ")"
    return cpp_tup(t)


def cpp_composed(c):
    return (
        f"make_composed_layout(Swizzle<{c.bits},{c.base},{c.shift}>{{}},Int<{c.offset}>{{}},"
        f"{cpp_layout(c.layout)})"
    )


# ---------------------------------------------------------------------------------------------
# Random generation. Extents favour powers of two (as kernels do) but include 1, 3, 5 and 6 so
# that divisibility fails often enough to test the rejections.

EXTENTS = [1, 1, 2, 2, 2, 4, 4, 8, 3, 6, 5, 16]


def rand_shape(rng, depth=3, rank=None, top=True):
    if depth == 0 or (not top and rng.random() < 0.6):
        return rng.choice(EXTENTS)
    if rank is None:
        rank = rng.choice([1, 1, 2, 2, 2, 3]) if not top else rng.choice([1, 2, 2, 2, 3, 3])
    if top and rank == 1 and rng.random() < 0.5:
        return rng.choice(EXTENTS)  # a scalar shape
    return tuple(rand_shape(rng, depth - 1, None, False) for _ in range(rank))


def leaves(t):
    if isinstance(t, tuple):
        out = []
        for x in t:
            out += leaves(x)
        return out
    return [t]


def like(t, vals):
    it = iter(vals)

    def walk(x):
        if isinstance(x, tuple):
            return tuple(walk(y) for y in x)
        return next(it)

    return walk(t)


def rand_stride(rng, shape, kind=None):
    """Strides for a shape: compact in a random mode order (injective), scaled, with zeros, or
    arbitrary small values."""
    ext = leaves(shape)
    kind = kind or rng.choice(
        ["compact", "compact", "permuted", "permuted", "scaled", "zeros", "any"]
    )
    n = len(ext)
    order = list(range(n))
    if kind in ("permuted", "scaled", "zeros"):
        rng.shuffle(order)
    strides = [0] * n
    run = rng.choice([1, 1, 1, 2]) if kind == "scaled" else 1
    for i in order:
        strides[i] = run
        run *= ext[i] * (rng.choice([1, 1, 2]) if kind == "scaled" else 1)
    if kind == "zeros":
        for i in range(n):
            if rng.random() < 0.3:
                strides[i] = 0
    if kind == "any":
        strides = [rng.choice([0, 1, 2, 3, 4, 8, 16]) for _ in range(n)]
    return like(shape, strides)


def rand_layout(rng, depth=3, rank=None, kind=None):
    s = rand_shape(rng, depth, rank)
    return L(s, rand_stride(rng, s, kind))


def rand_injective(rng, depth=2, rank=None):
    return rand_layout(rng, depth, rank, rng.choice(["compact", "permuted", "scaled"]))


def rand_tiler(rng, layout, depth=2):
    """A tiler for a layout: a layout, an integer, or a tuple of those and `_` (rank <= the
    layout's rank, sometimes larger to test the rejection)."""
    r = rng.random()
    if r < 0.3:
        return rand_injective(rng, 1)
    if r < 0.45:
        return rng.choice([1, 2, 3, 4, 8, 15])
    rank = len(layout.shape) if isinstance(layout.shape, tuple) else 1
    n = max(1, min(rank + (1 if rng.random() < 0.05 else 0), rng.choice([1, 2, 3])))
    elems = []
    for _ in range(n):
        x = rng.random()
        if x < 0.15:
            elems.append(None)
        elif x < 0.55:
            elems.append(rng.choice([1, 2, 4, 3, 8]))
        else:
            elems.append(rand_injective(rng, 1, 1))
    return tuple(elems)


def rand_crd(rng, shape, natural=True):
    """A coordinate in shape: natural (congruent), or an integer for a tuple mode."""
    if isinstance(shape, tuple):
        if not natural and rng.random() < 0.3:
            return rng.randrange(prod(shape))
        return tuple(rand_crd(rng, s, natural) for s in shape)
    return rng.randrange(shape)


def rand_slice_crd(rng, shape):
    if isinstance(shape, tuple):
        return tuple(rand_slice_crd(rng, s) for s in shape)
    return None if rng.random() < 0.5 else rng.randrange(shape)


def prod(t):
    p = 1
    for x in leaves(t):
        p *= x
    return p


def profile_of(shape, rng):
    """A profile: a tuple structure at most as deep as shape (values do not matter)."""
    if isinstance(shape, tuple) and rng.random() < 0.7:
        return tuple(profile_of(s, rng) for s in shape)
    return 1


SWIZZLES = [(1, 0, 1), (2, 1, 2), (3, 3, 3), (2, 4, 3), (3, 4, 3), (1, 2, 3)]

# Each generator returns (op, args, kind of result). Results: "layout", "int", "tuple", "bool",
# "pair" (a tuple of two results).


def gen_case(rng):
    op = rng.choice(OPS)
    return GENERATORS[op](rng, op)


def g_unary(rng, op):
    inj = op in ("complement", "right_inverse", "left_inverse") and rng.random() < 0.8
    return op, [rand_injective(rng) if inj else rand_layout(rng)]


def g_complement_to(rng, op):
    lay = rand_injective(rng, 2) if rng.random() < 0.8 else rand_layout(rng, 2)
    cot = rng.choice([rng.choice([1, 4, 7, 9, 16, 24, 32, 64, 128]), rand_shape(rng, 1, 2)])
    return op, [lay, cot]


def g_profile(rng, op):
    lay = rand_layout(rng)
    return op, [lay, profile_of(lay.shape, rng)]


def g_composition(rng, op):
    a = rand_layout(rng)
    if rng.random() < 0.5:
        b = L(*_shape_within(rng, prod(a.shape)))
    else:
        b = rand_layout(rng, 2)
    return op, [a, b]


def _shape_within(rng, n):
    """A small layout whose size divides into n often: shapes built from n's factors."""
    fs = []
    m = n
    for p in (2, 3, 5):
        while m % p == 0:
            fs.append(p)
            m //= p
    rng.shuffle(fs)
    k = rng.randrange(0, len(fs) + 1) if fs else 0
    parts = fs[:k] or [rng.choice([1, 2, 4])]
    if len(parts) > 1 and rng.random() < 0.6:
        cut = rng.randrange(1, len(parts))
        shape = (prod(tuple(parts[:cut])), prod(tuple(parts[cut:])))
    else:
        shape = prod(tuple(parts))
    return shape, rand_stride(rng, shape, rng.choice(["compact", "permuted", "scaled", "any"]))


def g_tiler_op(rng, op):
    lay = rand_layout(rng)
    return op, [lay, rand_tiler(rng, lay)]


def g_block_product(rng, op):
    return op, [rand_injective(rng, 2), rand_injective(rng, 2)]


def g_pair_layouts(rng, op):
    a = rand_layout(rng, 2)
    b = L(a.shape, rand_stride(rng, a.shape)) if rng.random() < 0.7 else rand_layout(rng, 2)
    return op, [a, b]


def g_tile_to_shape(rng, op):
    b = rand_injective(rng, 1)
    r = len(b.shape) if isinstance(b.shape, tuple) else 1
    rank = rng.choice([max(r, 1), max(r, 2), 3])
    bs = leaves(b.shape) if not isinstance(b.shape, tuple) else [prod(x) for x in b.shape]
    target = tuple((bs[i] if i < len(bs) else 1) * rng.choice([1, 2, 3, 4]) for i in range(rank))
    if rng.random() < 0.1:
        target = tuple(x + 1 for x in target)
    return op, [b, target]


def g_make_layout(rng, op):
    return op, [rand_shape(rng)]


def g_ordered(rng, op):
    s = rand_shape(rng, 2)
    n = len(leaves(s))
    order = list(range(n))
    rng.shuffle(order)
    return op, [s, like(s, order)]


def g_layout_tv(rng, op):
    return op, [
        rand_injective(rng, 1, rng.choice([1, 2])),
        rand_injective(rng, 1, rng.choice([1, 2])),
    ]


def g_crd2idx(rng, op):
    lay = rand_layout(rng)
    return op, [rand_crd(rng, lay.shape, natural=rng.random() < 0.7), lay]


def g_idx2crd(rng, op):
    s = rand_shape(rng)
    return op, [rng.randrange(prod(s)), s]


def g_idx2crd_stride(rng, op):
    lay = rand_layout(rng, 2)
    return op, [rng.randrange(max(1, prod(lay.shape) * 2)), lay.shape, lay.stride]


def g_crd2crd(rng, op):
    s = rand_shape(rng, 2)
    n = prod(s)
    if isinstance(s, tuple):
        d = tuple(L(*_shape_within(rng, prod(x))).shape for x in s)
    else:
        d = L(*_shape_within(rng, n)).shape
    return op, [rand_crd(rng, s), s, d]


def g_slice(rng, op):
    lay = rand_layout(rng)
    return op, [rand_slice_crd(rng, lay.shape), lay]


def g_recast(rng, op):
    lay = rand_layout(rng, 2, None, rng.choice(["compact", "permuted", "scaled", "any"]))
    return op, [lay, rng.choice([8, 16, 32, 64]), rng.choice([8, 16, 32, 64])]


def g_tuple_binary(rng, op):
    a = rand_shape(rng, 2)
    if op == "elem_scale" or op == "inner_product":
        b = like(a, [rng.choice([1, 2, 3, 4]) for _ in leaves(a)])
    elif rng.random() < 0.5:
        b = rng.choice([1, 2, 3, 4, 8, 16])
    else:
        b = rand_shape(rng, 1)
    return op, [a, b]


def g_elem_less(rng, op):
    a = rand_shape(rng, 2)
    b = like(a, [x + rng.choice([-1, 0, 1, 2]) for x in leaves(a)])
    return op, [rand_crd(rng, a), b]


def g_tuple_unary(rng, op):
    return op, [rand_shape(rng)]


def g_composed(rng, op):
    bits, base, shift = rng.choice(SWIZZLES)
    inner = rand_layout(rng, 2, None, rng.choice(["compact", "permuted"]))
    c = Composed(bits, base, shift, rng.choice([0, 0, 0, 4, 16]), inner)
    if op == "composed_eval":
        return op, [c, rand_crd(rng, inner.shape)]
    return op, [c, rand_tiler(rng, inner)]


GENERATORS = {}
for _op in ["coalesce", "filter", "filter_zeros", "complement", "right_inverse", "left_inverse",
            "flatten", "size", "cosize", "rank", "depth"]:  # fmt: skip
    GENERATORS[_op] = g_unary
GENERATORS.update(
    complement_to=g_complement_to,
    coalesce_profile=g_profile,
    filter_profile=g_profile,
    composition=g_composition,
    blocked_product=g_block_product,
    raked_product=g_block_product,
    max_common_vector=g_pair_layouts,
    max_common_layout=g_pair_layouts,
    tile_to_shape=g_tile_to_shape,
    make_layout=g_make_layout,
    make_ordered_layout=g_ordered,
    make_layout_tv=g_layout_tv,
    crd2idx=g_crd2idx,
    idx2crd=g_idx2crd,
    idx2crd_stride=g_idx2crd_stride,
    crd2crd=g_crd2crd,
    slice=g_slice,
    dice=g_slice,
    recast_layout=g_recast,
    shape_div=g_tuple_binary,
    ceil_div=g_tuple_binary,
    elem_scale=g_tuple_binary,
    inner_product=g_tuple_binary,
    elem_less=g_elem_less,
    product_each=g_tuple_unary,
    compact_col_major=g_tuple_unary,
    composed_composition=g_composed,
    composed_eval=g_composed,
)
for _op in ["composition_tiler", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product"]:  # fmt: skip
    GENERATORS[_op] = g_tiler_op
# Weighted towards the operations with the most structure.
OPS = sorted(GENERATORS) + ["composition", "logical_divide", "logical_product", "complement",
                            "blocked_product", "raked_product", "zipped_divide",
                            "composition_tiler",
                            "left_inverse", "right_inverse", "coalesce"]  # fmt: skip

# The operations of the shared table (tests/data/layout_cases.tsv) that the C, Python, Rust and
# Julia tests all read.
TABLE_OPS = {
    "coalesce", "filter", "filter_zeros", "complement", "right_inverse", "left_inverse",
    "flatten", "size", "cosize", "complement_to", "coalesce_profile", "filter_profile",
    "composition", "composition_tiler", "logical_divide", "zipped_divide", "tiled_divide",
    "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product",
    "blocked_product", "raked_product", "max_common_vector", "tile_to_shape", "make_layout",
    "make_ordered_layout", "crd2idx", "idx2crd", "idx2crd_stride", "crd2crd", "shape_div",
    "ceil_div", "elem_scale", "product_each", "compact_col_major", "recast_layout",
}  # fmt: skip

# ---------------------------------------------------------------------------------------------
# The C++ side.


def cpp_expr(op, args):
    a = args
    lay = {
        "coalesce", "filter", "filter_zeros", "complement", "right_inverse", "left_inverse",
        "flatten", "size", "cosize", "rank", "depth",
    }  # fmt: skip
    if op in lay:
        return f"{op}({cpp_layout(a[0])})"
    if op == "complement_to":
        return f"complement({cpp_layout(a[0])},{cpp_tup(a[1])})"
    if op in ("coalesce_profile", "filter_profile"):
        return f"{op.split('_')[0]}({cpp_layout(a[0])},{cpp_tup(a[1])})"
    if op == "composition":
        return f"composition({cpp_layout(a[0])},{cpp_layout(a[1])})"
    if op == "composition_tiler":
        return f"composition({cpp_layout(a[0])},{cpp_tiler(a[1])})"
    if op in GENERATORS and GENERATORS[op] is g_tiler_op:
        return f"{op}({cpp_layout(a[0])},{cpp_tiler(a[1])})"
    if op in ("blocked_product", "raked_product", "max_common_vector", "max_common_layout"):
        return f"{op}({cpp_layout(a[0])},{cpp_layout(a[1])})"
    if op == "tile_to_shape":
        return f"tile_to_shape({cpp_layout(a[0])},{cpp_tup(a[1])})"
    if op == "make_layout":
        return f"make_layout({cpp_tup(a[0])})"
    if op == "make_ordered_layout":
        return f"make_ordered_layout({cpp_tup(a[0])},{cpp_tup(a[1])})"
    if op == "make_layout_tv":
        # CuTe C++ has no make_layout_tv; make_tiled_copy_tv computes the same pair.
        thr, val = cpp_layout(a[0]), cpp_layout(a[1])
        mn = f"raked_product({thr},{val})"
        return (f"make_tuple(product_each(shape({mn})),right_inverse({mn})"
                f".with_shape(make_shape(size({thr}),size({val}))))")  # fmt: skip
    if op == "crd2idx":
        return f"crd2idx({cpp_tup(a[0])},{cpp_layout(a[1])})"
    if op == "idx2crd":
        return f"idx2crd({cpp_tup(a[0])},{cpp_tup(a[1])})"
    if op == "idx2crd_stride":
        return f"idx2crd({cpp_tup(a[0])},{cpp_tup(a[1])},{cpp_tup(a[2])})"
    if op == "crd2crd":
        return f"crd2crd({cpp_tup(a[0])},{cpp_tup(a[1])},{cpp_tup(a[2])})"
    if op in ("slice", "dice"):
        return f"{op}({cpp_tup(a[0])},{cpp_layout(a[1])})"
    if op == "recast_layout":
        return f"recast_layout<uint_bit_t<{a[1]}>,uint_bit_t<{a[2]}>>({cpp_layout(a[0])})"
    if op in ("shape_div", "ceil_div", "elem_scale", "inner_product", "elem_less"):
        return f"{op}({cpp_tup(a[0])},{cpp_tup(a[1])})"
    if op in ("product_each", "compact_col_major"):
        return f"{op}({cpp_tup(a[0])})"
    if op == "composed_composition":
        return f"composition({cpp_composed(a[0])},{cpp_tiler(a[1])})"
    if op == "composed_eval":
        return f"{cpp_composed(a[0])}({cpp_tup(a[1])})"
    raise KeyError(op)


CPP_PRELUDE = r"""
#include <cute/layout.hpp>
#include <cute/layout_composed.hpp>
#include <cute/swizzle_layout.hpp>
#include <csetjmp>
#include <csignal>
#include <cstdio>
using namespace cute;
// Some cases leave CuTe's constant arithmetic and divide by zero at run time; they
// count as cases CuTe cannot evaluate.
static sigjmp_buf on_signal_jump;
static void on_signal(int) { siglongjmp(on_signal_jump, 1); }
template <class T> void show(T const& t) { print(t); }
template <class T> void show_pair(T const& t) {
  show(get<0>(t)); printf(" | "); show(get<1>(t));
}
void show(bool b) { printf("%d", int(b)); }
template <bool B> void show(bool_constant<B>) { printf("%d", int(B)); }
"""


def cpp_source(cases):
    lines = [CPP_PRELUDE]
    first = len("".join(lines).splitlines()) + 1
    for i, (op, args) in enumerate(cases):
        shower = "show_pair" if op == "make_layout_tv" else "show"
        lines.append(
            f'void c{i}() {{ auto r = {cpp_expr(op, args)}; printf("{i}\\t"); '
            f'{shower}(r); printf("\\n"); }}\n'
        )
    lines.append("int main() {\n  signal(SIGFPE, on_signal);\n  signal(SIGSEGV, on_signal);\n")
    lines.extend(
        f'  if (!sigsetjmp(on_signal_jump, 1)) c{i}(); else printf("{i}\\tSIGNAL\\n");\n'
        for i in range(len(cases))
    )
    lines.append("  return 0;\n}\n")
    return "".join(lines), first


def find_cute_include():
    env = os.environ.get("CUTE_INCLUDE")
    if env:
        return env if os.path.isfile(os.path.join(env, "cute", "layout.hpp")) else None
    spec = importlib.util.find_spec("cutlass_library")
    if spec and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            inc = os.path.join(loc, "source", "include")
            if os.path.isfile(os.path.join(inc, "cute", "layout.hpp")):
                return inc
    return None


def compile_and_run(cases, include, workdir, tag):
    """Returns ({case index: CuTe's text}, {indices CuTe rejects at compile time})."""
    alive = list(range(len(cases)))
    rejected = set()
    for _ in range(8):
        src, first = cpp_source([cases[i] for i in alive])
        path = os.path.join(workdir, f"cases_{tag}.cpp")
        exe = os.path.join(workdir, f"cases_{tag}")
        with open(path, "w") as f:
            f.write(src)
        cmd = ["g++", "-std=c++17", "-O0", "-w", "-ftemplate-backtrace-limit=0",
               "-I", os.path.join(HERE, "shim"), "-I", include, path, "-o", exe]  # fmt: skip
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            break
        bad = set()
        for m in re.finditer(re.escape(path) + r":(\d+):", proc.stderr):
            line = int(m.group(1))
            k = line - first
            if 0 <= k < len(alive):
                bad.add(k)
        if not bad:
            raise RuntimeError("g++ failed outside the cases:\n" + proc.stderr[-4000:])
        rejected |= {alive[k] for k in bad}
        alive = [alive[k] for k in range(len(alive)) if k not in bad]
    else:
        raise RuntimeError("g++ kept failing")
    out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    results = {}
    for line in out.splitlines():
        k, _, text = line.partition("\t")
        results[alive[int(k)]] = text
    return results, rejected


def normalize_cute(text):
    text = re.sub(r"(?<![\w])_(-?\d+)", r"\1", text)
    text = text.replace("true", "1").replace("false", "0")
    return text.replace(" ", "")


# ---------------------------------------------------------------------------------------------
# The FlyDSL side, through the C API by the Python binding.


def fly_eval(fx, op, args):
    def lay(lay):
        return fx.Layout.parse(lay.text())

    def tiler(t):
        if isinstance(t, L):
            return lay(t)
        if isinstance(t, tuple):
            return tuple(tiler(x) for x in t)
        return t

    def comp(c):
        return fx.make_composed_layout(fx.Swizzle(c.bits, c.base, c.shift), c.offset, lay(c.layout))

    a = args
    simple = {
        "coalesce": fx.coalesce, "filter": fx.filter, "filter_zeros": fx.filter_zeros,
        "complement": fx.complement, "right_inverse": fx.right_inverse,
        "left_inverse": fx.left_inverse, "flatten": fx.flatten, "size": fx.size,
        "cosize": fx.cosize, "rank": fx.rank, "depth": fx.depth,
    }  # fmt: skip
    if op in simple:
        return simple[op](lay(a[0]))
    if op == "complement_to":
        return fx.complement(lay(a[0]), a[1])
    if op == "coalesce_profile":
        return fx.coalesce(lay(a[0]), a[1])
    if op == "filter_profile":
        return fx.filter(lay(a[0]), a[1])
    if op == "composition":
        return fx.composition(lay(a[0]), lay(a[1]))
    if op == "composition_tiler":
        return fx.composition(lay(a[0]), tiler(a[1]))
    if GENERATORS.get(op) is g_tiler_op:
        return getattr(fx, op)(lay(a[0]), tiler(a[1]))
    if op in ("blocked_product", "raked_product", "max_common_vector", "max_common_layout"):
        return getattr(fx, op)(lay(a[0]), lay(a[1]))
    if op == "tile_to_shape":
        return fx.tile_to_shape(lay(a[0]), a[1])
    if op == "make_layout":
        return fx.make_layout(a[0])
    if op == "make_ordered_layout":
        return fx.make_ordered_layout(a[0], a[1])
    if op == "make_layout_tv":
        return fx.make_layout_tv(lay(a[0]), lay(a[1]))
    if op == "crd2idx":
        return fx.crd2idx(a[0], lay(a[1]))
    if op == "idx2crd":
        return fx.idx2crd(a[0], a[1])
    if op == "idx2crd_stride":
        return fx.idx2crd(a[0], a[1], a[2])
    if op == "crd2crd":
        return fx.crd2crd(a[0], a[1], a[2])
    if op == "slice":
        return fx.slice(lay(a[1]), a[0])
    if op == "dice":
        return fx.dice(lay(a[1]), a[0])
    if op == "recast_layout":
        return fx.recast_layout(lay(a[0]), a[1], a[2])
    if op in ("shape_div", "ceil_div", "elem_scale", "inner_product", "elem_less"):
        return getattr(fx, op)(a[0], a[1])
    if op in ("product_each", "compact_col_major"):
        return getattr(fx, op)(a[0])
    if op == "composed_composition":
        return fx.composition(comp(a[0]), tiler(a[1]))
    if op == "composed_eval":
        return comp(a[0])(a[1])
    raise KeyError(op)


def fly_text(value):
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, tuple) and len(value) == 2 and not isinstance(value[1], (int, tuple)):
        return fly_text(value[0]) + "|" + fly_text(value[1])
    if isinstance(value, (tuple, int)):
        return tup_text(value)
    return str(value).replace(" ", "")


# ---------------------------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=250, help="cases per compiled C++ file")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--table",
        help="write the cases of TABLE_OPS and CuTe's answers here (TSV: "
        "op, arguments, answer), the table every binding's test reads",
    )
    ap.add_argument("--show", type=int, default=20, help="differences to print")
    ap.add_argument(
        "--cute-only",
        action="store_true",
        help="only evaluate the cases with CuTe (with --save-cute; no FlyDSL needed)",
    )
    ap.add_argument("--save-cute", help="append CuTe's answers here (JSON lines, batch by batch)")
    ap.add_argument("--load-cute", action="append", default=[],
                    help="CuTe's answers saved by --save-cute for the same seed and count: compare "
                         "the cases they hold instead of compiling")  # fmt: skip
    opts = ap.parse_args(argv)

    rng = random.Random(opts.seed)
    cases = [gen_case(rng) for _ in range(opts.count)]
    if opts.load_cute:
        cute, rejected = {}, set()
        for path in opts.load_cute:
            with open(path) as f:
                for line in f:
                    rec = json.loads(line)
                    if rec["seed"] != opts.seed or rec["count"] != opts.count:
                        continue
                    for k, v in rec["results"].items():
                        cute[int(k)] = v
                    rejected |= set(rec["rejected"])
        return compare(opts, cases, cute, rejected, sorted(set(cute) | rejected))

    include = find_cute_include()
    if include is None:
        print("cute_diff: skipped: the CuTe headers are missing (pip install nvidia-cutlass, "
              "or set CUTE_INCLUDE)")  # fmt: skip
        return SKIP
    if shutil.which("g++") is None:
        print("cute_diff: skipped: g++ is missing")
        return SKIP

    batches = [cases[i : i + opts.batch] for i in range(0, len(cases), opts.batch)]
    cute, rejected = {}, set()
    with tempfile.TemporaryDirectory() as work:
        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
            futs = [
                pool.submit(compile_and_run, b, include, work, i) for i, b in enumerate(batches)
            ]
            for bi, fut in enumerate(futs):
                res, rej = fut.result()
                base = bi * opts.batch
                cute.update({base + k: v for k, v in res.items()})
                rejected |= {base + k for k in rej}
                if opts.save_cute:
                    with open(opts.save_cute, "a") as f:
                        rec = {"seed": opts.seed, "count": opts.count,
                               "results": {base + k: v for k, v in res.items()},
                               "rejected": sorted(base + k for k in rej)}  # fmt: skip
                        f.write(json.dumps(rec) + "\n")
    if opts.cute_only:
        print(f"cute_diff: seed {opts.seed}: CuTe evaluated {len(cases)} cases")
        return 0
    return compare(opts, cases, cute, rejected, range(len(cases)))


def fits_int32(value):
    """CuTe's static integers are `int`: a case with a larger input is outside its domain."""
    if isinstance(value, Composed):
        return fits_int32(value.layout)
    if isinstance(value, L):
        return fits_int32(value.shape) and fits_int32(value.stride)
    if isinstance(value, tuple):
        return all(fits_int32(x) for x in value)
    return value is None or -(2**31) <= value < 2**31


def compare(opts, cases, cute, rejected, indices):
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import flydsl.expr as fx

    diffs, table, outside = [], [], 0
    for i in indices:
        op, args = cases[i]
        if not all(fits_int32(a) for a in args):
            outside += 1
            continue
        try:
            ours = fly_text(fly_eval(fx, op, args))
        except Exception as e:  # noqa: BLE001 - any error is an answer to compare
            ours = f"error: {type(e).__name__}: {e}"
        crashed = cute.get(i) == "SIGNAL"
        want = "error" if i in rejected or crashed else normalize_cute(cute[i])
        got_error = ours.startswith("error")
        agree = got_error if want == "error" else ours.replace(" ", "") == want
        if not agree:
            diffs.append((i, op, args, want, ours))
        table.append((op, [arg_text(x) for x in args], want))

    by_op = {}
    for _, op, _, _, _ in diffs:
        by_op[op] = by_op.get(op, 0) + 1
    print(f"cute_diff: seed {opts.seed}: {len(table)} cases, {len(rejected)} rejected by CuTe, "
          f"{len(diffs)} differences ({outside} cases with integers past CuTe's 32-bit int left "
          f"out)")  # fmt: skip
    for op, n in sorted(by_op.items(), key=lambda x: -x[1]):
        print(f"  {op}: {n}")
    for i, op, args, want, ours in diffs[: opts.show]:
        shown = ", ".join(arg_text(x) for x in args)
        print(f"[{i}] {op}({shown})\n    cute: {want}\n    fly:  {ours}")
    if opts.table:
        with open(opts.table, "w") as f:
            f.write(
                "# Layout-algebra cases with CuTe C++'s answers, written by "
                f"tests/cute/cute_diff.py --seed {opts.seed} --count {opts.count}.\n"
                "# Columns: op, its arguments in CuTe text, the answer ('error' where CuTe "
                "rejects the case).\n"
            )
            for op, args, want in table:
                if op in TABLE_OPS:
                    f.write("\t".join([op] + args + [want]) + "\n")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
