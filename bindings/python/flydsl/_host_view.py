"""A host tensor argument seen through another layout: `fx.make_view(fx.get_iter(B), L)` in a
@flyc.jit function, before any kernel is traced. The launch passes the argument's memory and the
kernel sees `make_tensor(that memory, L)`."""


def is_host_tensor(obj):
    """A tensor that lives on the host side of a launch: a DLPack tensor, a marked one
    (flyc.from_dlpack) or a pointer argument (flyc.from_c_void_p)."""
    return hasattr(obj, "__dlpack__") or getattr(obj, "dltensor", None) is not None


def _span(obj):
    """Elements reachable from a DLPack tensor's start (None where unknown: a raw pointer)."""
    shape, stride = getattr(obj, "shape", None), None
    if shape is None or getattr(obj, "dltensor", None) is not None:
        return None
    if callable(getattr(obj, "stride", None)):  # torch (and flyc.from_dlpack's TensorArgument)
        stride = tuple(obj.stride())
    elif hasattr(obj, "strides") and hasattr(obj, "itemsize"):  # numpy: bytes
        stride = tuple(s // obj.itemsize for s in obj.strides)
    if stride is None:
        return None
    extents = tuple(int(e) for e in shape)
    if any(e == 0 for e in extents):
        return 0
    return 1 + sum((e - 1) * abs(int(s)) for e, s in zip(extents, stride))


class HostTensorView:
    """`source`'s memory through the host layout `layout` (static; a composed layout too)."""

    def __init__(self, source, layout):
        inner = layout._parts[2] if layout.is_composed else layout
        span = _span(getattr(source, "tensor", source))
        if span is not None and inner.cosize() > span:
            raise ValueError(
                f"make_view: the layout {layout} reaches {inner.cosize()} elements, the tensor "
                f"holds {span}"
            )
        self.source, self.layout = source, layout

    @property
    def dtype(self):
        return self.source.dtype

    @property
    def shape(self):
        return self.layout.shape

    def __repr__(self):
        return f"HostTensorView({self.layout})"
