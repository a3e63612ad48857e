"""FlyDSL's `flydsl._mlir`: there, MLIR's own Python bindings, which FlyDSL embeds; here, a
facade over the C API with what kernel code and FlyDSL's IR tests use.

This package builds kernels through libflydsl's stable C ABI, which keeps MLIR behind it, so
MLIR's own Python objects (contexts, operations, pass managers) do not exist on this side.
What programs reach for does: `ir.Value` is a kernel value, the type objects
(`ir.IntegerType.get_signless(32)`, `ir.VectorType.get([4], ir.F32Type.get())`, `value.type`),
the dialect builders that have a kernel op behind them (`arith`, `math`, `vector`, `gpu`), and
modules of functions (`ir.Module.create()`, `func.FuncOp`, `str(module)`), each function a
kernel of the module. Every other name can be imported, so that modules which import it at
the top still load, and using it raises NotImplementedError that says it is not offered and
why. docs/flydsl-api.md lists both.
"""

from . import dialects, ir  # noqa: F401
