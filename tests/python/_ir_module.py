"""Modules built through the flydsl._mlir facade, as FlyDSL's IR-building unit tests make them:
one function of the given argument types whose body build(*arguments) writes."""

from flydsl._mlir import ir
from flydsl._mlir.dialects import func


def module_text(build, *types, name="probe"):
    """The text of a verified module with one function `name` of arguments `types`."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp(name, ir.FunctionType.get(list(types), []))
            with ir.InsertionPoint(f.add_entry_block()):
                build(*f.entry_block.arguments)
                func.ReturnOp([])
        assert module.operation.verify()
        return str(module)
