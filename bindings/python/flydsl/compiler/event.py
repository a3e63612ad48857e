"""GPU events for timing device work."""

import ctypes

from .. import _kernel_api as K
from .._lib import check
from .jit_argument import _stream_handle


class Event:
    """A GPU event for timing device work (the cuda and rocm targets):

    start, end = flyc.Event(), flyc.Event()
    start.record(stream); kernel(...).launch(..., stream=stream); end.record(stream)
    end.synchronize(); start.elapsed_ms(end)
    """

    def __init__(self, target="cuda", device=0):
        self.handle = ctypes.c_void_p()
        check(K.event_create(target.encode(), int(device), ctypes.byref(self.handle)))

    def __del__(self, _destroy=K.event_destroy):
        if self.handle:
            _destroy(self.handle)

    def record(self, stream=None):
        """Records the event on the stream (fx.Stream, a torch stream, a raw handle or None)."""
        check(K.event_record(self.handle, _stream_handle(stream)))

    def synchronize(self):
        check(K.event_synchronize(self.handle))

    def elapsed_ms(self, end):
        """Milliseconds from this event to `end`, both recorded and `end` finished."""
        ms = ctypes.c_float()
        check(K.event_elapsed_ms(self.handle, end.handle, ctypes.byref(ms)))
        return ms.value


__all__ = ["Event"]
