"""A host tensor argument seen through another layout: `fx.make_view(fx.get_iter(B), L)` in a
@flyc.jit function, before any kernel is traced. The launch passes the argument's memory and the
kernel sees `make_tensor(that memory, L)`."""


def is_host_tensor(obj):
    """A tensor that lives on the host side of a launch: a DLPack tensor, a marked one
    (flyc.from_dlpack) or a pointer argument (flyc.from_c_void_p)."""
    return hasattr(obj, "__dlpack__") or getattr(obj, "dltensor", None) is not None


class HostTensorView:
    """`source`'s memory through the host layout `layout` (static; a composed layout too).
    As in FlyDSL the view may span more than the tensor holds (a view of M_max rows of which a
    launch reads M): like a pointer's, its accesses are the kernel's to keep inside."""

    def __init__(self, source, layout):
        self.source, self.layout = source, layout

    def __cache_signature__(self):
        return ("view", str(self.dtype), self.layout)

    @property
    def dtype(self):
        return self.source.dtype

    @property
    def shape(self):
        return self.layout.shape

    def __repr__(self):
        return f"HostTensorView({self.layout})"
