"""The stand-in for a name of MLIR's Python bindings that this facade does not offer."""


class NotOffered:
    """Importable, so that a module naming it at the top still loads; any use says why not."""

    def __init__(self, qualname, reason):
        self._qualname, self._reason = qualname, reason

    def _refuse(self, *args, **kwargs):
        raise NotImplementedError(f"{self._qualname} is not offered: {self._reason}")

    __call__ = _refuse

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return NotOffered(f"{self._qualname}.{name}", self._reason)

    def __repr__(self):
        return f"<not offered: {self._qualname}>"

    def __mro_entries__(self, bases):
        self._refuse()


def module_getattr(module, reason):
    """A module `__getattr__` that offers every other public name as NotOffered."""

    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return NotOffered(f"{module}.{name}", reason)

    return __getattr__
