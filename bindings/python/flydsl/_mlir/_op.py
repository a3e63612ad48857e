"""MLIR's op classes (`arith.MulIOp(a, b).result`) over this facade's builder functions: an
op object holds what the builder made as `result` / `results`, and is its own `operation`,
whose `attributes` take the hints MLIR's ops carry (fast-math flags, alias scopes): accepted,
not applied (the op is already built)."""


def op_class(name, build):
    """The class `name` whose construction calls build(*args, **kwargs) (MLIR's `loc` and
    `ip` keywords dropped) and keeps its value."""

    def __init__(self, *args, loc=None, ip=None, **kwargs):
        value = build(*args, **kwargs)
        self.results = list(value) if isinstance(value, tuple) else [value]
        self.result = self.results[0] if self.results else None
        self.operation, self.attributes = self, {}

    return type(name, (), {"__init__": __init__, "__doc__": f"MLIR's {name}: `.result`."})
