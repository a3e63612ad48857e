"""MLIR's type objects as FlyDSL code spells them (`ir.IntegerType.get_signless(32)`,
`ir.VectorType.get([4], ir.F32Type.get())`, `value.type`), over the element types this package
names with strings ("i32", "f32", ...). A type with lanes is a VectorType."""

import re

_FLOATS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f8e4m3": 8, "f8e5m2": 8,
           "f8e4m3fnuz": 8, "f8e5m2fnuz": 8}  # fmt: skip
_INTS = {"i1": 1, "i4": 4, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
_UINTS = {"u8": 8, "u16": 16, "u32": 32, "u64": 64}
# MLIR's spelling of an element type, where it differs from this package's.
_MLIR_NAMES = {"f8e4m3": "f8E4M3FN", "f8e5m2": "f8E5M2", "f8e4m3fnuz": "f8E4M3FNUZ",
               "f8e5m2fnuz": "f8E5M2FNUZ"}  # fmt: skip


# The numeric class of each dtype name (expr.numeric registers them as it defines them).
NUMERIC_CLASSES = {}


class DtypeName(str):
    """A kernel value's dtype: its name ("f32"), which also answers as FlyDSL's numeric class
    of it does: `.width`, `.signed`, `.ir_type`, `== fx.Float32`, and `dtype(x)` makes a value
    of the class."""

    __slots__ = ()

    def _cls(self):
        cls = NUMERIC_CLASSES.get(str(self))
        if cls is None:
            raise AttributeError(f"dtype {str(self)!r} has no numeric class")
        return cls

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._cls(), name)

    def __call__(self, *args, **kwargs):
        return self._cls()(*args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, type):
            return NUMERIC_CLASSES.get(str(self)) is other
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = str.__hash__


class ElementTyped:
    """Holds an element type by name in `ir_dtype` ("f32"); `.dtype` is FlyDSL's numeric class
    of it (`fx.Float32`), the name where no class exists."""

    __slots__ = ()

    @property
    def dtype(self):
        return NUMERIC_CLASSES.get(self.ir_dtype, self.ir_dtype)


_NAMES = {}


def dtype_name(dtype):
    """`dtype` (a name) as its DtypeName, one object per name."""
    if type(dtype) is DtypeName or dtype is None:
        return dtype
    name = _NAMES.get(dtype)
    if name is None:
        name = _NAMES[dtype] = DtypeName(dtype)
    return name


def bit_width(dtype):
    """Bits of an element of `dtype` ("index" counts as 64)."""
    return _INTS.get(dtype) or _UINTS.get(dtype) or _FLOATS.get(dtype) or 64


class Type:
    """An element type (`dtype`), or a vector of `lanes` of one."""

    def __init__(self, dtype, lanes=1):
        self.dtype, self.lanes = dtype, int(lanes)

    @property
    def ir_dtype(self):
        """The element type's name, as kernel values give theirs (`value.ir_dtype`)."""
        return self.dtype

    @staticmethod
    def parse(text, context=None):
        text = text.strip()
        m = re.fullmatch(r"vector<(\d+)x(\w+)>", text)
        if m:
            return VectorType(_scalar(_element(m.group(2))), int(m.group(1)))
        m = re.fullmatch(r"!llvm\.ptr(?:<(\d+)>)?", text)
        if m:
            return LLVMPointerType(int(m.group(1) or 0))
        if text == "!llvm.void":
            return LLVM_VOID
        m = re.fullmatch(r"!llvm\.struct<\((.*)\)>", text)
        if m:
            return LLVMStructType([Type.parse(f) for f in m.group(1).split(",")])
        return _scalar(_element(text))

    def __eq__(self, other):
        return isinstance(other, Type) and (self.dtype, self.lanes) == (other.dtype, other.lanes)

    def __hash__(self):
        return hash((self.dtype, self.lanes))

    def __str__(self):
        name = _MLIR_NAMES.get(self.dtype, self.dtype)
        if self.dtype in _UINTS:  # a kernel's integers are signless; the ops carry the sign
            name = "i" + self.dtype[1:]
        return name if self.lanes == 1 else f"vector<{self.lanes}x{name}>"

    def __repr__(self):
        return f"Type({self})"

    @property
    def width(self):
        return bit_width(self.dtype)

    @classmethod
    def isinstance(cls, t):
        return isinstance(t, cls)


def _element(name):
    for ours, theirs in _MLIR_NAMES.items():
        if name == theirs:
            return ours
    if name in _INTS or name in _FLOATS or name == "index":
        return name
    raise ValueError(f"no kernel type is spelled {name!r}")


def _scalar(dtype):
    if dtype in _INTS or dtype in _UINTS:
        return IntegerType(dtype)
    if dtype == "index":
        return IndexType(dtype)
    floats = {"f16": F16Type, "bf16": BF16Type, "f32": F32Type, "f64": F64Type,
              "f8e4m3": Float8E4M3FNType, "f8e5m2": Float8E5M2Type,
              "f8e4m3fnuz": Float8E4M3FNUZType, "f8e5m2fnuz": Float8E5M2FNUZType}  # fmt: skip
    return floats[dtype](dtype)


def type_of(dtype, lanes=1):
    """The type object of a value of `dtype` with `lanes` lanes."""
    return VectorType(_scalar(dtype), lanes) if lanes > 1 else _scalar(dtype)


class IntegerType(Type):
    @staticmethod
    def get_signless(width, context=None):
        if f"i{width}" not in _INTS:
            raise ValueError(f"kernel integers have 1, 4, 8, 16, 32 or 64 bits, not {width}")
        return IntegerType(f"i{width}")

    get_signed = get_signless

    @staticmethod
    def get_unsigned(width, context=None):
        if f"u{width}" not in _UINTS:
            raise ValueError(f"kernel unsigned integers have 8, 16, 32 or 64 bits, not {width}")
        return IntegerType(f"u{width}")

    @property
    def is_signless(self):
        return self.dtype not in _UINTS

    @property
    def is_unsigned(self):
        return self.dtype in _UINTS


class IndexType(Type):
    @staticmethod
    def get(context=None):
        return IndexType("index")


class FloatType(Type):
    pass


def _float_type(dtype):
    class _Float(FloatType):
        @staticmethod
        def get(context=None):
            return _scalar(dtype)

    return _Float


F16Type = _float_type("f16")
BF16Type = _float_type("bf16")
F32Type = _float_type("f32")
F64Type = _float_type("f64")
Float8E4M3FNType = _float_type("f8e4m3")
Float8E5M2Type = _float_type("f8e5m2")
Float8E4M3FNUZType = _float_type("f8e4m3fnuz")
Float8E5M2FNUZType = _float_type("f8e5m2fnuz")
for _cls, _name in ((F16Type, "F16Type"), (BF16Type, "BF16Type"), (F32Type, "F32Type"),
                    (F64Type, "F64Type"), (Float8E4M3FNType, "Float8E4M3FNType"),
                    (Float8E5M2Type, "Float8E5M2Type"), (Float8E4M3FNUZType, "Float8E4M3FNUZType"),
                    (Float8E5M2FNUZType, "Float8E5M2FNUZType")):  # fmt: skip
    _cls.__name__ = _cls.__qualname__ = _name


class VectorType(Type):
    def __init__(self, element, lanes=None):
        if lanes is None:  # VectorType(t): a cast of a type known to be a vector
            if not isinstance(element, VectorType):
                raise ValueError(f"{element} is not a vector type")
            element, lanes = element.element_type, element.lanes
        super().__init__(element.dtype, lanes)
        self.element_type = element

    @staticmethod
    def get(shape, element_type, context=None):
        shape = list(shape)
        # The library bounds the lanes when a kernel makes such a value.
        if len(shape) != 1 or not isinstance(shape[0], int) or shape[0] < 1:
            raise ValueError(f"kernel vectors have one dimension of at least 1 lane, got {shape}")
        return VectorType(element_type, shape[0])

    @property
    def shape(self):
        return [self.lanes]

    @property
    def rank(self):
        return 1


class LLVMPointerType(Type):
    """LLVM's opaque pointer in an address space (`!llvm.ptr<1>`): global memory is 1, shared
    memory 3, an AMD buffer resource 8. A pointer value is its 64-bit address."""

    def __init__(self, address_space=0):
        super().__init__("i64")
        self.address_space = int(address_space)

    @staticmethod
    def get(address_space=0, context=None):
        return LLVMPointerType(address_space)

    def __eq__(self, other):
        return isinstance(other, LLVMPointerType) and other.address_space == self.address_space

    def __hash__(self):
        return hash(("ptr", self.address_space))

    def __str__(self):
        return "!llvm.ptr" if not self.address_space else f"!llvm.ptr<{self.address_space}>"


class LLVMStructType:
    """`!llvm.struct<(i32, i32)>`: the type of an op's several results taken together, which
    `llvm.extractvalue` takes apart. A value of it is a tuple of kernel values."""

    def __init__(self, fields):
        self.fields = list(fields)

    def __eq__(self, other):
        return isinstance(other, LLVMStructType) and other.fields == self.fields

    def __hash__(self):
        return hash(("struct", *self.fields))

    def __str__(self):
        return f"!llvm.struct<({', '.join(map(str, self.fields))})>"

    __repr__ = __str__


class _LLVMVoidType:
    """`!llvm.void`: the result type of an op with no result (inline assembly run for its
    effect)."""

    def __str__(self):
        return "!llvm.void"

    __repr__ = __str__


LLVM_VOID = _LLVMVoidType()
