"""`@flyc.kernel` and `@flyc.jit`: Python functions traced into kernels through libflydsl.

    import flydsl.compiler as flyc
    import flydsl.expr as fx

    @flyc.kernel
    def add(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, n: fx.Int32):
        i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
        C.store(i, A.load(i, pred=i < n) + B.load(i, pred=i < n), pred=i < n)

    add(a, b, c, n).launch(grid=(blocks,), block=(256,))

The first launch with a new signature (tensor dtypes and ranks, scalar types, Constexpr
values) traces and compiles; later ones reuse the compiled kernel.
"""

from .._trace import Value
from ..errors import CompileError, LaunchError
from .backends import GPUTarget, compile_backend_name, get_backend
from .event import Event
from .jit_argument import (
    JitArgumentRegistry,
    PointerArgument,
    TensorArgument,
    from_c_void_p,
    from_dlpack,
    from_torch_tensor,
)
from .jit_function import jit
from .kernel_function import (
    CompiledFunction,
    CompiledKernel,
    KernelFunction,
    code_object_resource_usage,
    compile,
    kernel,
)

__all__ = ["kernel", "jit", "compile", "CompiledFunction", "Event", "KernelFunction",
           "CompiledKernel", "CompileError", "code_object_resource_usage", "LaunchError", "Value",
           "from_dlpack", "from_torch_tensor", "from_c_void_p", "TensorArgument",
           "PointerArgument", "JitArgumentRegistry", "GPUTarget", "compile_backend_name",
           "get_backend"]  # fmt: skip
