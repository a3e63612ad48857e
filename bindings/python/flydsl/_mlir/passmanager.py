"""MLIR's `passmanager`: a textual pass pipeline run on a module of this facade, through the
library (fly_module_run_passes), with the passes fly-opt has that compile kernels: the Fly
dialect's (fly-canonicalize, fly-layout-lowering, convert-fly-to-rocdl, ...), every target's
lowering stages, canonicalize and cse. The module is rewritten in place; print it to see the
result (a rewritten module no longer compiles)."""

from .. import _kernel_api as K
from .._lib import c_text, check


class PassManager:
    """`PassManager.parse("builtin.module(fly-layout-lowering,cse)").run(module.operation)`."""

    def __init__(self, anchor_op="any", context=None):
        self._pipeline = f"{anchor_op}()"

    @staticmethod
    def parse(pipeline, context=None):
        """The pass manager of a textual pipeline; InvalidArgumentError (a ValueError) where
        it names a pass that does not exist here or does not parse."""
        text = c_text(pipeline, "the pass pipeline")
        check(K.pass_pipeline_check(text))
        pm = PassManager()
        pm._pipeline = pipeline
        return pm

    def run(self, operation):
        """Runs the pipeline on a module (`module.operation`); its functions end first. A
        failing pass raises CompileError with its diagnostics."""
        module = getattr(operation, "operation", operation)
        if not hasattr(module, "_functions"):
            raise TypeError(f"a pass pipeline runs on a module, not {operation!r}")
        module.verify()
        check(K.module_run_passes(module.handle, c_text(self._pipeline, "the pass pipeline")))

    def __str__(self):
        return self._pipeline
