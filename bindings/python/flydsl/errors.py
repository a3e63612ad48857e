"""Exceptions raised for the C API's status codes."""


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
    11: CompileError,
    12: LaunchError,
}


def error_for_status(status, name, message):
    return _BY_STATUS.get(status, FlyDSLError)(message, name)
