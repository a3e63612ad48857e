"""Property tests of the algebra over random layouts."""

import random

import flydsl.expr as fx
import pytest


def random_injective(rng):
    """A layout with permuted, possibly gapped strides: always injective."""
    r = rng.randint(1, 4)
    shape = [rng.randint(1, 4) for _ in range(r)]
    order = list(range(r))
    rng.shuffle(order)
    stride = [0] * r
    running = rng.randint(1, 2)
    for i in order:
        stride[i] = running
        running *= shape[i] * rng.randint(1, 2)
    return fx.make_layout(tuple(shape), tuple(stride))


SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_right_inverse_is_identity_on_its_image(seed):
    rng = random.Random(seed)
    for _ in range(10):
        layout = random_injective(rng)
        inv = fx.right_inverse(layout)
        composed = fx.composition(layout, inv)
        for i in range(fx.size(inv)):
            assert layout(inv(i)) == i
            assert composed(i) == i


@pytest.mark.parametrize("seed", SEEDS)
def test_left_inverse_undoes_the_layout(seed):
    rng = random.Random(seed)
    for _ in range(10):
        layout = random_injective(rng)
        inv = fx.left_inverse(layout)
        for i in range(fx.size(layout)):
            assert inv(layout(i)) == i


@pytest.mark.parametrize("seed", SEEDS)
def test_complement_never_overlaps_and_sizes_multiply_up(seed):
    rng = random.Random(seed)
    for _ in range(10):
        layout = random_injective(rng)
        m = fx.cosize(layout) * rng.randint(1, 3)
        comp = fx.complement(layout, m)
        image = {layout(i) for i in range(fx.size(layout))}
        for j in range(1, fx.size(comp)):
            assert comp(j) not in image
        # Together they cover the cotarget: size(L) * size(complement) >= M, and
        # the combined layout is injective.
        both = fx.make_layout(layout, comp)
        offsets = [both(i) for i in range(fx.size(both))]
        assert len(set(offsets)) == len(offsets)
        assert fx.size(layout) * fx.size(comp) >= m


@pytest.mark.parametrize("seed", SEEDS)
def test_logical_divide_is_composition_with_the_complement(seed):
    rng = random.Random(seed)
    for _ in range(10):
        n = rng.choice([8, 12, 16, 24, 32])
        layout = fx.make_layout(n, rng.randint(1, 3))
        tile = fx.make_layout(rng.choice([d for d in (2, 4) if n % d == 0]), rng.randint(1, 2))
        try:
            expect = fx.composition(layout, fx.make_layout(tile, fx.complement(tile, n)))
        except fx.__dict__.get("DivisibilityError", ValueError):
            continue
        assert fx.logical_divide(layout, tile) == expect


@pytest.mark.parametrize("seed", SEEDS)
def test_coalesce_keeps_the_function_and_the_size(seed):
    rng = random.Random(seed)
    for _ in range(10):
        layout = random_injective(rng)
        c = fx.coalesce(layout)
        assert fx.size(c) == fx.size(layout)
        assert [c(i) for i in range(fx.size(c))] == [layout(i) for i in range(fx.size(c))]


@pytest.mark.parametrize("seed", SEEDS)
def test_composition_is_function_composition(seed):
    rng = random.Random(seed)
    for _ in range(10):
        a = random_injective(rng)
        b = fx.make_layout(rng.choice([d for d in range(1, fx.size(a) + 1) if fx.size(a) % d == 0]))
        try:
            c = fx.composition(a, b)
        except ValueError:
            continue
        for i in range(fx.size(b)):
            assert c(i) == a(b(i))


@pytest.mark.parametrize("seed", SEEDS)
def test_text_round_trips(seed):
    rng = random.Random(seed)
    for _ in range(10):
        layout = random_injective(rng)
        assert fx.Layout.parse(str(layout)) == layout
