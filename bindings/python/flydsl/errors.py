"""Exceptions raised for the C API's status codes, and compile errors that show where in the
user's source they arose."""

import linecache
from dataclasses import dataclass, field


class FlyDSLError(Exception):
    """A failed libflydsl call. `status` is the C status name, the message the C message."""

    def __init__(self, message, status="FLY_ERROR_INTERNAL"):
        super().__init__(message)
        self.status = status


class InvalidArgumentError(FlyDSLError, ValueError):
    pass


class ParseError(FlyDSLError, ValueError):
    pass


class RankMismatchError(FlyDSLError, ValueError):
    pass


class DivisibilityError(FlyDSLError, ValueError):
    pass


class LayoutOverflowError(FlyDSLError, OverflowError):
    pass


class InvalidHandleError(FlyDSLError):
    pass


class UnsupportedError(FlyDSLError, NotImplementedError):
    pass


class CompileError(FlyDSLError):
    pass


@dataclass
class SourceFrame:
    """A place in the user's source: a file, a 1-based line and the 0-based columns of the
    span on it (end_col None: to the end of the line's code)."""

    filename: str
    line: int
    col: int = 0
    end_col: int = None


@dataclass
class DiagRecord:
    """One diagnostic: its message and the source frames that led to it, innermost first."""

    message: str
    chain: list = field(default_factory=list)


def _render_frame(frame):
    text = linecache.getline(frame.filename, frame.line).rstrip("\n")
    lines = [f'  File "{frame.filename}", line {frame.line}']
    if text.strip():
        indent = len(text) - len(text.lstrip())
        lines.append("    " + text.strip())
        end = frame.end_col if frame.end_col is not None else len(text.rstrip())
        if end > frame.col >= indent:
            lines.append("    " + " " * (frame.col - indent) + "^" * (end - frame.col))
    return lines


class DSLCompileError(CompileError):
    """A kernel that does not compile (FlyDSL's name). `diagnostics` are DiagRecords; printed,
    each shows the source lines that led to it, outermost first, with the span marked."""

    def __init__(self, message, diagnostics=(), status="FLY_ERROR_COMPILE"):
        super().__init__(message, status)
        self.message = message
        self.diagnostics = list(diagnostics)

    def __str__(self):
        records = [r for r in self.diagnostics if r.message]
        if not records:
            return self.message
        out = [self.message]
        for r in records:
            out += ["", "DSL Traceback (most recent operation last):"]
            for frame in reversed(r.chain):
                out += _render_frame(frame)
            out.append(r.message)
        return "\n".join(out)


class LaunchError(FlyDSLError):
    pass


class LaunchArgumentError(LaunchError, ValueError):
    """A launch refused for what it was given (a block other than the kernel's declared one),
    a ValueError as FlyDSL raises it."""


_BY_STATUS = {
    1: InvalidArgumentError,
    2: ParseError,
    3: RankMismatchError,
    4: DivisibilityError,
    5: LayoutOverflowError,
    6: InvalidHandleError,
    7: UnsupportedError,
    11: DSLCompileError,
    12: LaunchError,
}


def error_for_status(status, name, message):
    return _BY_STATUS.get(status, FlyDSLError)(message, status=name)
