"""A @flyc.jit call's cache key, as FlyDSL computes it: runtime values and streams by type,
Constexpr values by value, tensors by dtype and layout signature, the compile hints in effect,
the target and the library; the tensor marks that choose what of a layout is dynamic."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler.compilation_context import CompilationContext
from flydsl.compiler.jit_argument import JitArgumentRegistry
from flydsl.compiler.protocol import cache_signature


def key_of(jit_fn, *args):
    jit_fn._ensure_sig()
    bound = jit_fn._sig.bind(*args)
    bound.apply_defaults()
    return jit_fn._resolve_and_make_cache_key(bound.arguments)


@flyc.jit
def launcher(x: fx.Tensor, n: fx.Int32, mode: fx.Constexpr[int], stream: fx.Stream = None):
    pass


def test_runtime_values_and_streams_enter_by_type():
    x = np.zeros(8, np.float32)
    assert key_of(launcher, x, 1, 0) == key_of(launcher, x, 2, 0, fx.Stream(0))
    assert ("n", (fx.Int32,)) in key_of(launcher, x, 1, 0)
    assert ("stream", (fx.Stream,)) in key_of(launcher, x, 1, 0)


def test_constexpr_values_and_tensor_signatures_enter_by_value():
    x = np.zeros(8, np.float32)
    assert key_of(launcher, x, 1, 0) != key_of(launcher, x, 1, 1)
    assert key_of(launcher, x, 1, 0) != key_of(launcher, np.zeros(8, np.float16), 1, 0)
    # A tensor as passed has a dynamic layout: its extents do not enter.
    assert key_of(launcher, x, 1, 0) == key_of(launcher, np.zeros(64, np.float32), 1, 0)
    assert key_of(launcher, x, 1, 0) != key_of(launcher, np.zeros((2, 4), np.float32), 1, 0)


def test_the_innermost_hints_win_and_enter_the_key():
    @flyc.jit
    def hinted(x: fx.Tensor):
        pass

    x = np.zeros(4, np.float32)
    hinted.compile_hints = {"waves_per_eu": 4}
    persistent = key_of(hinted, x)
    with CompilationContext.compile_hints({"waves_per_eu": 1}):
        assert hinted._effective_compile_hints() == {"waves_per_eu": 1}
        inner = key_of(hinted, x)
    assert hinted._effective_compile_hints() == {"waves_per_eu": 4}
    assert persistent != inner


def test_artifacts_are_kept_per_key():
    @flyc.kernel
    def add_one(x: fx.Tensor):
        x[fx.thread_idx.x] = x[fx.thread_idx.x] + 1.0

    @flyc.jit
    def run(x: fx.Tensor, threads: fx.Constexpr[int]):
        add_one(x).launch(grid=(1, 1, 1), block=(threads, 1, 1))

    x = np.zeros(8, np.float32)
    run(x, 4)
    run(x, 4)
    run(x, 8)
    np.testing.assert_array_equal(x, [3, 3, 3, 3, 1, 1, 1, 1])
    assert len(run._mem_cache) == 2
    key, artifact = run._last_compiled
    assert (
        "threads",
        (int, 8),
    ) in key and "known_block_size = array<i32: 8, 1, 1>" in artifact.source_ir


def test_registered_adapters_convert_arguments():
    class ForeignStream:
        cuda_stream = 0

    JitArgumentRegistry.register(ForeignStream)(fx.Stream)
    seen = []

    @flyc.jit
    def take(stream):
        seen.append(stream)

    take(ForeignStream())
    assert isinstance(seen[0], fx.Stream)
    assert ("stream", (fx.Stream,)) in key_of(take, ForeignStream())


def test_a_value_without_a_signature_is_refused():
    class Opaque:
        pass

    with pytest.raises(TypeError, match="__cache_signature__"):
        cache_signature(Opaque())

    @flyc.jit
    def take(thing):
        pass

    with pytest.raises(TypeError, match="Opaque has no __cache_signature__"):
        key_of(take, Opaque())
    # A tensor signs by dtype and layout, never by identity (which would keep it alive).
    assert cache_signature(np.zeros(4, np.float32)) == cache_signature(np.ones(9, np.float32))
    assert cache_signature((1, "a", fx.Float32)) == (tuple, ((int, 1), (str, "a"), fx.Float32))


def test_shape_and_stride_marks():
    t = np.zeros((8, 16, 32), np.float32)
    a = (
        flyc.from_dlpack(t)
        .mark_shape_dynamic(0, divisibility=8)
        .mark_stride_dynamic([0, 1], [4, 2])
    )
    assert a.shape_dyn_indices == (0,) and a.stride_dyn_indices == (0, 1)
    assert a.__cache_signature__() == ("float32", (-8, 16, 32), (-4, -2, 1))
    b = flyc.from_dlpack(np.zeros((64, 16, 32), np.float32)).mark_shape_dynamic(0, 8)
    b.mark_stride_dynamic([0, 1], [4, 2])
    assert a.__cache_signature__() == ("float32", (-8, 16, 32), (-4, -2, 1))
    assert b.__cache_signature__() == a.__cache_signature__()
    static = flyc.from_dlpack(t)
    assert static.__cache_signature__() == ("float32", (8, 16, 32), (512, 32, 1))
    assert static.shape_dyn_indices == () and static.stride_dyn_indices == ()
    dynamic = flyc.from_dlpack(t).mark_layout_dynamic()
    assert dynamic.__cache_signature__() == ("float32", (-1, -1, -1), (-1, -1, 1))
    assert flyc.from_dlpack(t).mark_shape_dynamic(-1).shape_dyn_indices == (2,)


@pytest.mark.parametrize(
    "dims, div, message",
    [
        (0, [1, 2], "divisibility must be an int"),
        ([0, 1], [1, 2, 4], "equal length"),
        (5, 1, "out of range"),
        (0, 3, "power of two"),
        ([0, 1], [8, 6], "power of two"),
        (0, 0, "power of two"),
    ],
)
def test_bad_marks(dims, div, message):
    with pytest.raises(ValueError, match=message):
        flyc.from_dlpack(np.zeros((8, 16), np.float32)).mark_shape_dynamic(dims, div)


@flyc.kernel
def copy_rows(src: fx.Tensor, dst: fx.Tensor):
    i, j = fx.block_idx.x, fx.thread_idx.x
    dst[i, j] = src[i, j]


@flyc.jit
def copy_all(src, dst, rows: fx.Constexpr[int], cols: fx.Constexpr[int]):
    copy_rows(src, dst).launch(grid=(rows, 1, 1), block=(cols, 1, 1))


def test_a_kernel_runs_with_marked_tensors_and_launches_check_the_marks():
    src = np.arange(48, dtype=np.float32).reshape(6, 8)
    dst = np.zeros_like(src)
    a = flyc.from_dlpack(src).mark_shape_dynamic(0, 2).mark_stride_dynamic(0, 8)
    b = flyc.from_dlpack(dst).mark_shape_dynamic(0, 2).mark_stride_dynamic(0, 8)
    copy_all(a, b, 6, 8)
    np.testing.assert_array_equal(dst, src)
    odd = np.zeros((5, 8), np.float32)
    with pytest.raises(
        ValueError, match="extent of dimension 0 is 5, not a multiple of the divisibility 2"
    ):
        copy_all(flyc.from_dlpack(odd).mark_shape_dynamic(0, 2), b, 5, 8)


def test_a_tensor_adapted_as_passed_keeps_the_first_unit_stride_static():
    from flydsl.compiler.jit_argument import TorchTensorJitArg

    # strides (8, 8, 1, 1): the first dimension of stride 1 is the third
    degenerate = TorchTensorJitArg(np.zeros((4, 1, 8, 1), np.float32))
    assert degenerate.stride_dyn_indices == (0, 1, 3)
    assert degenerate.shape_dyn_indices == (0, 1, 2, 3)
    a = TorchTensorJitArg(np.zeros(100, np.float32)).__cache_signature__()
    assert a == TorchTensorJitArg(np.zeros(999, np.float32)).__cache_signature__()
    assert a != TorchTensorJitArg(np.zeros((2, 5), np.float32)).__cache_signature__()
    strided = np.zeros((4, 8), np.float32)[:, ::2]  # no stride of 1 anywhere
    with pytest.raises(RuntimeError, match="auto-mark layout-dynamic"):
        TorchTensorJitArg(strided)
    static = flyc.from_torch_tensor(strided)  # a static layout is the explicit way
    assert static.__cache_signature__()[1:] == ((4, 4), (8, 2))


def test_type_parameters_enter_the_key_as_themselves_and_backends_name_targets():
    import typing

    from flydsl.compiler.jit_argument import is_type_param_annotation, resolve_signature

    @flyc.jit
    def typed(x: fx.Tensor, kind: typing.Type[fx.Numeric]):
        pass

    x = np.zeros(4, np.float32)
    assert ("kind", fx.Float32) in key_of(typed, x, fx.Float32)
    assert key_of(typed, x, fx.Float32) != key_of(typed, x, fx.Int32)
    assert is_type_param_annotation(type) and not is_type_param_annotation(int)
    assert resolve_signature(typed.func).parameters["x"].annotation is fx.Tensor
    target = flyc.get_backend("rocm", arch="gfx950").target
    assert target == flyc.GPUTarget("rocm", "gfx950", 64)
    assert flyc.compile_backend_name() == flyc.get_backend().target.backend
