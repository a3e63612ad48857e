"""Compile errors that point at the user's source: DSLCompileError's records, their rendering
with the failing span marked, and the excepthook that hides this package's own frames."""

import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler import diagnostics
from flydsl.compiler.diagnostics import DiagRecord, DSLCompileError, SourceFrame
from flydsl.errors import CompileError


@flyc.kernel
def three_coordinates(A: fx.Tensor):
    A[(0, 0, 0)] = 1.0


def compile_failure():
    with pytest.raises(DSLCompileError) as e:
        three_coordinates.compile(np.zeros((4, 6), np.float32))
    return e.value


def test_a_kernel_error_shows_the_line_that_made_it():
    err = compile_failure()
    assert isinstance(err, CompileError)  # what code catching CompileError still catches
    (record,) = err.diagnostics
    line = three_coordinates.fn.__code__.co_firstlineno + 2
    assert (record.chain[0].filename, record.chain[0].line) == (__file__, line)
    text = str(err).splitlines()
    at = text.index("    A[(0, 0, 0)] = 1.0")
    assert text[at - 1] == f'  File "{__file__}", line {line}'
    # The caret marks the statement's span on its line (from its first column).
    assert text[at + 1].strip() and set(text[at + 1].strip()) == {"^"}
    assert "do not have matching ranks" in text[-1]
    assert text[0].startswith("three_coordinates: tensor access: ")  # the kernel named once


def test_rendering_strips_indentation_and_orders_outermost_first(tmp_path):
    src = tmp_path / "k.py"
    src.write_text("def f():\n    y = g(a)\nh()\n")
    inner = SourceFrame(str(src), 2, 8, 12)
    outer = SourceFrame(str(src), 3, 0, 3)
    text = str(DSLCompileError("failed", [DiagRecord("bad call", [inner, outer])]))
    assert text.index("line 3") < text.index("line 2")
    assert "    y = g(a)\n        ^^^^\nbad call" in text
    assert str(DSLCompileError("plain", [DiagRecord("", [inner])])) == "plain"


def test_the_excepthook_shows_user_frames_unless_asked_for_all(monkeypatch, capsys):
    saved = sys.excepthook
    monkeypatch.setattr(diagnostics, "_dsl_excepthook_installed", False)
    earlier = []
    sys.excepthook = lambda *a: earlier.append(a)
    try:
        diagnostics.install_excepthook()
        diagnostics.install_excepthook()  # once is enough
        hook = sys.excepthook
        err = compile_failure()
        monkeypatch.setenv("FLYDSL_DEBUG_SHOW_STACKTRACE", "0")
        hook(type(err), err, err.__traceback__)
        shown = capsys.readouterr().err
        assert __file__ in shown and "kernel_function.py" not in shown
        assert "-" * 72 in shown and "DSLCompileError: three_coordinates:" in shown
        assert not earlier
        monkeypatch.setenv("FLYDSL_DEBUG_SHOW_STACKTRACE", "1")
        hook(type(err), err, err.__traceback__)
        other = ValueError("not a compile error")
        monkeypatch.setenv("FLYDSL_DEBUG_SHOW_STACKTRACE", "0")
        hook(ValueError, other, None)
        assert [a[1] for a in earlier] == [err, other] and capsys.readouterr().err == ""
    finally:
        sys.excepthook = saved
