"""Compile errors as the user reads them (FlyDSL's `flydsl.compiler.diagnostics`).

A kernel that does not build raises `DSLCompileError`, whose DiagRecords carry the chain of
the user's source lines that led to the failing operation; printed, the error shows those
lines with the span marked. `install_excepthook()` makes an uncaught DSLCompileError print
only the user's frames (not this package's), a rule, and the error; with
FLYDSL_DEBUG_SHOW_STACKTRACE=1 the interpreter's whole traceback is printed instead."""

import sys
import traceback
from pathlib import Path

from ..errors import DiagRecord, DSLCompileError, SourceFrame
from ..utils import env

_PACKAGE = str(Path(__file__).resolve().parents[1])
_dsl_excepthook_installed = False


def _is_framework_file(filename):
    """Whether a frame's file is this package's (left out of what a DSL error shows)."""
    try:
        return str(Path(filename).resolve()).startswith(_PACKAGE)
    except (OSError, ValueError):
        return False


def user_frames(tb):
    """The SourceFrames of a traceback outside this package, innermost first."""
    frames = []
    for summary in traceback.extract_tb(tb):
        if _is_framework_file(summary.filename):
            continue
        col = summary.colno or 0
        end = summary.end_colno if summary.end_lineno == summary.lineno else None
        frames.append(SourceFrame(summary.filename, summary.lineno, col, end))
    return frames[::-1]


def _show_stacktrace():
    return bool(env.debug.show_stacktrace)


def install_excepthook():
    """An uncaught DSLCompileError prints the user's frames and the error, not this package's
    frames; other exceptions (and all of them under FLYDSL_DEBUG_SHOW_STACKTRACE=1) go to the
    hook that was installed before. Installing twice is installing once."""
    global _dsl_excepthook_installed
    if _dsl_excepthook_installed:
        return
    previous = sys.excepthook

    def hook(kind, value, tb):
        if not isinstance(value, DSLCompileError) or _show_stacktrace():
            return previous(kind, value, tb)
        kept = [s for s in traceback.extract_tb(tb) if not _is_framework_file(s.filename)]
        lines = ["Traceback (most recent call last):\n"]
        lines += traceback.format_list(kept)
        lines.append("-" * 72 + "\n")
        lines.append(f"{kind.__name__}: {value}\n")
        sys.stderr.write("".join(lines))

    sys.excepthook = hook
    _dsl_excepthook_installed = True


__all__ = ["DSLCompileError", "DiagRecord", "SourceFrame", "install_excepthook", "user_frames"]
