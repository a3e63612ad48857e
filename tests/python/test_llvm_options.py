"""LLVM's command-line options for a compile, FlyDSL's way: the `llvm_options` compile hint of
a jit function and the `flydsl.compiler.llvm_options` block. They are the compile's own (a
cache key apart, reset after it), and the mistakes are errors: an unknown name, a value LLVM
refuses, a value of another type."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler.compilation_context import llvm_options_text, merge_compile_hints
from flydsl.compiler.kernel_function import KernelFunction
from flydsl.compiler.llvm_options import llvm_options
from flydsl.errors import InvalidArgumentError


@flyc.kernel
def double(x: fx.Tensor):
    i = fx.thread_idx.x
    x[i] = x[i] * 2.0


@flyc.jit
def launch(x: fx.Tensor):
    double(x).launch(block=(8,))


def test_a_jit_functions_hint_compiles_with_the_options_and_keys_apart():
    before = KernelFunction.compiles
    x = np.ones(8, np.float32)
    launch(x)
    plain = KernelFunction.compiles
    launch.compile_hints["llvm_options"] = {"enable-post-misched": False}
    try:
        launch(x)
        launch(x)
    finally:
        del launch.compile_hints["llvm_options"]
    tuned = KernelFunction.compiles
    launch(x)
    np.testing.assert_array_equal(x, np.full(8, 16.0))
    assert plain - before <= 1  # the plain kernel may be cached by an earlier test
    assert tuned == plain + 1  # one more compile for the options, then cached
    assert KernelFunction.compiles == tuned  # the plain one again: cached


def test_the_block_gives_its_options_to_the_kernels_compiled_in_it():
    x = np.ones(8, np.float32)
    with llvm_options({"enable-post-misched": False, "unroll-threshold": 100}):
        double(x).launch(block=(8,))
    np.testing.assert_array_equal(x, np.full(8, 2.0))


def test_hints_become_the_librarys_text_and_merge_option_by_option():
    hints = merge_compile_hints({"llvm_options": {"a": True, "b": 1}}, {"llvm_options": {"b": 2}})
    assert llvm_options_text(hints) == "a=true b=2"
    assert llvm_options_text({"llvm_options": {"name": "text"}}) == "name=text"
    assert llvm_options_text({}) is None and llvm_options_text({"llvm_options": {}}) is None


def test_an_unknown_option_fails_the_compile():
    unknown = llvm_options({"no-such-llvm-option-xyz": True})
    with unknown, pytest.raises(InvalidArgumentError, match="Unknown LLVM option 'no-such-llv"):
        double(np.ones(8, np.float32)).launch(block=(8,))


def test_a_value_llvm_refuses_fails_the_compile_and_the_next_compile_is_plain():
    refused = llvm_options({"enable-post-misched": "banana"})
    with refused, pytest.raises(flyc.CompileError, match="does not take the value 'banana'"):
        double(np.ones(4, np.float32)).launch(block=(4,))
    x = np.ones(4, np.float32)
    double(x).launch(block=(4,))
    np.testing.assert_array_equal(x, np.full(4, 2.0))


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"enable-post-misched": [1, 2]}, TypeError, "Unsupported type list"),
        ({"enable-post-misched": 1.5}, TypeError, "Unsupported type float"),
        ({"enable-post-misched": "a b"}, ValueError, "without spaces"),
        ({"enable-post-misched": ""}, ValueError, "without spaces"),
    ],
)
def test_values_are_bool_int_or_a_word(options, error, message):
    with pytest.raises(error, match=message), llvm_options(options):
        pass
