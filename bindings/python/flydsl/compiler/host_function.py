"""The host function of a @flyc.jit call: what its body computes from kernel values.

FlyDSL traces a @flyc.jit body into a host function of MLIR, compiles it and runs it. Here the
body runs as Python, and its host values (Python numbers, `fx.Int32(3)`, the call's arguments)
fold as Python computes them. What only a kernel can compute (vectors, math functions, prints,
the values the builders make) is built into a host function of its own instead, the first time
the body asks for one. After the body it is compiled for the cpu target and run once, on one
thread, so that its prints appear and its errors are raised by the call that made them; the
call's artifact shows its IR (`source_ir`) beside the kernels the call launched.

A value of the host function lives in it only: a kernel launched by the body cannot take one
as an argument (the host function runs after the body), and the launch says so."""

import ctypes

from .. import _kernel_api as K
from .._lib import check
from .._trace import current_fastmath
from ..errors import DiagRecord, DSLCompileError
from .backends import MlirCompiler
from .diagnostics import user_frames
from .kernel_function import CompiledKernel, _compile_options, compiling_only_active


class HostFunction:
    """The host function of one call of the @flyc.jit function `name` (see the module)."""

    def __init__(self, name):
        self.name = name
        self._module = None
        self._kernel = None

    @property
    def kernel(self):
        """The kernel the host function is built in; None before the first kernel operation."""
        return self._kernel

    @property
    def opened(self):
        return self._kernel is not None

    def open(self):
        """The kernel the host function is built in, made at the first kernel operation."""
        if self._kernel is None:
            module, kernel = ctypes.c_void_p(), ctypes.c_void_p()
            check(K.module_create(ctypes.byref(module)))
            self._module = module
            check(K.kernel_create(module, self.name.encode(), ctypes.byref(kernel)))
            K.set_block_size(kernel, 1, 1, 1)
            K.kernel_set_fastmath(kernel, current_fastmath())  # a block the body is in
            self._kernel = kernel
        return self._kernel

    def discard(self):
        """Drops what was built (the body raised)."""
        if self._module is not None:
            K.module_destroy(self._module)
        self._module = self._kernel = None

    def builder_error(self, error):
        """A builder's error while the body ran, as the compile error FlyDSL raises, at the
        body's line that made it."""
        frames = user_frames(error.__traceback__)
        where = f" (at {frames[0].filename}:{frames[0].line})" if frames else ""
        named = str(error) if str(error).startswith(f"{self.name}: ") else f"{self.name}: {error}"
        message = f"{named}{where}"
        return DSLCompileError(message, [DiagRecord(str(error), frames)])

    def finish(self):
        """Compiles the host function for the cpu and runs it once (not under COMPILE_ONLY or
        flyc.compile); gives its CompiledKernel."""
        module, self._module = self._module, None
        try:
            check(K.kernel_finish(self._kernel))
            options, _ = _compile_options("cpu")
            compiled = CompiledKernel(
                MlirCompiler.compile(module, options=options), module, self.name, [], options
            )
        except BaseException:
            K.module_destroy(module)
            raise
        if not compiling_only_active():
            config = K.LaunchConfig(ctypes.sizeof(K.LaunchConfig))
            config.grid[:] = (1, 1, 1)
            config.block[:] = (1, 1, 1)
            check(K.launch(compiled.handle, self.name.encode(), ctypes.byref(config), None, 0))
        return compiled


__all__ = ["HostFunction"]
