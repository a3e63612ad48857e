"""`@flyc.jit`: host functions that launch kernels."""


def jit(fn):
    """A host function that launches kernels; each launch compiles once per signature."""

    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    wrapper.__wrapped__ = fn
    wrapper.__name__ = fn.__name__
    return wrapper


__all__ = ["jit"]
