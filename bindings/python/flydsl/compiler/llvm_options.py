"""FlyDSL's `llvm_options`: LLVM's command-line options (`enable-post-misched`, `amdgpu-...`)
for the kernels compiled inside a `with` block, as the `llvm_options` compile hint gives them
to one jit function:

    with llvm_options({"enable-post-misched": False}):
        launch(...)

The library sets them only while such a kernel compiles (no other compile runs meanwhile) and
resets them to LLVM's defaults after, so they never leak into other compiles; they are part of
the kernel's cache key. Values are bool, int or str; an unknown name fails the compile."""

import contextlib

from .compilation_context import CompilationContext, llvm_options_text


@contextlib.contextmanager
def llvm_options(opts):
    llvm_options_text({"llvm_options": opts})  # a bad type fails here, not at a later compile
    with CompilationContext.compile_hints({"llvm_options": dict(opts)}):
        yield


__all__ = ["llvm_options"]
