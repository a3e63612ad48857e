"""Modules and functions as MLIR's Python bindings build them, over the C API's kernel builder:
`ir.Module.create()`, `with ir.InsertionPoint(module.body):`, `func.FuncOp(name, type)`,
`f.add_entry_block()` and `str(module)`.

A function here is a kernel of the module whose parameters are the function's scalar arguments
and the lanes of its vector arguments (one scalar parameter each, a launch passes them so);
building inside its entry block traces into that kernel, so FlyDSL's expression API
(`fx.exp(x)`, `Float32(a) + b`) works on the arguments as it does in a @flyc.kernel. Printing
the module shows the IR the builder made (before the compiler's passes). A kernel returns
nothing, so a function's results are memory: one tensor parameter per result, after the
arguments, whose element 0 `func.ReturnOp([values])` writes."""

import ctypes

from .. import _kernel_api as K
from .._control import _array
from .._kernel_layout import TensorValue
from .._lib import check, take_string
from .._trace import _BuilderError, _Tracing, _wrap, as_value, current


class FunctionType:
    """A function's argument and result types."""

    def __init__(self, inputs, results):
        self.inputs, self.results = list(inputs), list(results)

    @staticmethod
    def get(inputs, results, context=None):
        return FunctionType(inputs, results)

    def __str__(self):
        results = ", ".join(map(str, self.results))
        return f"({', '.join(map(str, self.inputs))}) -> ({results})"


class Block:
    """Where ops go: a module's body, or a function's entry block (its arguments)."""

    def __init__(self, module, function=None, arguments=()):
        self.module, self.function, self.arguments = module, function, list(arguments)

    @property
    def operations(self):
        """A module body's functions. The operations of a function's body are the kernel
        builder's and are not offered (print the module to read them)."""
        if self.function is not None:
            raise NotImplementedError(
                "the operations of a function's body are not offered: the library builds "
                "them behind its C API; print the module to read them"
            )
        return list(self.module._functions) if self.module is not None else []


class Module:
    """An MLIR module of functions (kernels of one fly_module), or of parsed text
    (`Module.parse`), which takes no functions and can be printed and run through passes."""

    def __init__(self, handle=None):
        if handle is None:
            handle = ctypes.c_void_p()
            check(K.module_create(ctypes.byref(handle)))
        self.handle = handle
        self._functions = []
        self.body = Block(self)

    @staticmethod
    def create(loc=None):
        return Module()

    @staticmethod
    def parse(asm, context=None):
        """The module of MLIR text `asm` (str or bytes); InvalidArgumentError (a ValueError)
        where it does not parse."""
        text = asm.encode() if isinstance(asm, str) else bytes(asm)
        handle = ctypes.c_void_p()
        check(K.module_parse(text, ctypes.byref(handle)))
        return Module(handle)

    @property
    def operation(self):
        return self

    def verify(self):
        """Ends every function; a builder error raises (MLIR's verifier would refuse it)."""
        for f in self._functions:
            f._finish()
        return True

    def __str__(self):
        self.verify()
        text = ctypes.c_void_p()
        check(K.module_to_string(self.handle, ctypes.byref(text)))
        return take_string(text)

    def __del__(self):
        if getattr(self, "handle", None):
            K.module_destroy(self.handle)
            self.handle = None


class InsertionPoint:
    """`with InsertionPoint(block):` builds into the block: a module body takes functions, a
    function's entry block its operations."""

    _stack = []

    def __init__(self, block):
        if not isinstance(block, Block):
            raise TypeError(f"an insertion point is a module body or an entry block, not {block!r}")
        self.block = block
        self._tracing = None

    @classmethod
    def current(cls):
        if not cls._stack:
            raise RuntimeError("no insertion point: use `with ir.InsertionPoint(block):`")
        return cls._stack[-1]

    def __enter__(self):
        f = self.block.function
        if f is not None:
            f._check_open()
            self._tracing = _Tracing(f.kernel)
            self._tracing.__enter__()
        InsertionPoint._stack.append(self)
        return self

    def __exit__(self, *exc):
        InsertionPoint._stack.pop()
        if self._tracing is not None:
            self._tracing.__exit__(*exc)
            self._tracing = None
        return False


class Function:
    """func.FuncOp: a kernel of the module at the insertion point."""

    def __init__(self, name, type, *, visibility=None, loc=None, ip=None):  # noqa: A002
        point = ip if ip is not None else InsertionPoint.current()
        if point.block.function is not None:
            raise ValueError("a function goes in a module body, not inside another function")
        self.module, self.name, self.type = point.block.module, name, type
        kernel = ctypes.c_void_p()
        check(K.kernel_create(self.module.handle, name.encode(), ctypes.byref(kernel)))
        self.kernel = kernel
        # Every parameter first (the builder takes them before any operation), then the
        # arguments as values.
        slots = []
        for i, t in enumerate(type.inputs):
            dtype, lanes = getattr(t, "dtype", None), getattr(t, "lanes", 1)
            if dtype is None:
                raise TypeError(
                    f"function {name}: argument {i} has type {t}, not a scalar or vector"
                )
            # A vector argument is passed as its lanes, one scalar parameter each (launch
            # slots are scalars); the entry block puts them back together. An i1 travels as a
            # byte (launch slots are whole bytes) and is that byte != 0.
            slot = "i8" if dtype == "i1" else dtype
            handles = [K.scalar_param(kernel, K.DTYPES[slot]) for _ in range(lanes)]
            slots.append((handles, slot, i, t, dtype))
        self._result_dtypes = []
        self.results = [self._result(i, t) for i, t in enumerate(type.results)]
        self.arguments = []
        for handles, slot, i, t, dtype in slots:
            lanes_of = [self._argument(h, slot, i, t, dtype) for h in handles]
            self.arguments.append(lanes_of[0] if len(lanes_of) == 1 else lanes_of)
        self._returned = False
        self._entry = None
        self._finished = False
        self.module._functions.append(self)

    def _argument(self, handle, slot, i, t, dtype):
        if not handle:
            message = K.kernel_error(self.kernel)
            raise TypeError(
                f"function {self.name}: argument {i} ({t}) cannot be a kernel parameter: "
                + (message.decode() if message else "the builder refused it")
            )
        with _Tracing(self.kernel):
            v = _wrap(handle, slot)
            return (v != 0 if dtype == "i1" else v).typed(raw=True)  # MLIR's own block argument

    def _result(self, i, t):
        dtype = getattr(t, "dtype", None)
        if dtype is None or getattr(t, "lanes", 1) != 1:
            raise TypeError(f"function {self.name}: result {i} has type {t}, not a scalar")
        # An i1 travels as a byte, as arguments do; an index as an i64.
        stored = {"i1": "i8", "index": "i64"}.get(dtype, dtype)
        handle = K.tensor_param(self.kernel, K.DTYPES[stored], 1)
        if not handle:
            message = K.kernel_error(self.kernel)
            raise TypeError(
                f"function {self.name}: result {i} ({t}) cannot be returned: "
                + (message.decode() if message else "the builder refused it")
            )
        self._result_dtypes.append(dtype)
        return TensorValue(handle, stored, 1)

    def _return(self, values):
        """func.ReturnOp's values: each written to its result's memory."""
        if self._returned:
            raise ValueError(f"function {self.name} has returned already")
        if len(values) != len(self.results):
            raise ValueError(
                f"function {self.name} returns {len(self.results)} values, not {len(values)}"
            )
        values = [as_value(v) for v in values]
        declared = self._result_dtypes

        def integer(dtype):
            return dtype == "index" or (dtype[0] in "iu" and dtype[1:].isdigit() and dtype != "i1")

        for i, v in enumerate(values):  # all checked, then written
            # An integer of another width converts as C's return converts it (this library
            # computes layout sizes in i64 where FlyDSL's i32 could wrap).
            converts = integer(v.ir_dtype) and integer(declared[i])
            if v.lanes != 1 or (v.ir_dtype != declared[i] and not converts):
                raise TypeError(f"function {self.name}: result {i} is {declared[i]}, not {v!r}")
        for v, result in zip(values, self.results):
            if v.ir_dtype == "i1":
                v = _wrap(K.cast_ext(current(), v.handle, K.DTYPES["i8"], K.CAST_FROM_UNSIGNED))
            result.store(0, v.to(result.ir_dtype))
        self._returned = True

    def add_entry_block(self, arg_locs=None):
        if self._entry is not None:
            raise RuntimeError(f"function {self.name} has its entry block already")
        with _Tracing(self.kernel):
            self.arguments = [
                (
                    _wrap(
                        K.vector_from_elements(current(), _array(a), len(a)), a[0].ir_dtype
                    ).typed(raw=True)
                    if isinstance(a, list)
                    else a
                )
                for a in self.arguments
            ]
        self._entry = Block(self.module, self, self.arguments)
        return self._entry

    @property
    def entry_block(self):
        if self._entry is None:
            raise RuntimeError(f"function {self.name} has no entry block: call add_entry_block()")
        return self._entry

    @property
    def operation(self):
        return self

    def _check_open(self):
        if self._finished:
            raise RuntimeError(f"function {self.name} is finished: the module was printed")

    def _finish(self):
        if not self._finished:
            if self.results and not self._returned:
                raise ValueError(
                    f"function {self.name} ends without func.ReturnOp of its "
                    f"{len(self.results)} result(s)"
                )
            self._finished = True
            status = K.kernel_finish(self.kernel)
            if status:
                message = K.kernel_error(self.kernel)
                raise _BuilderError(message.decode() if message else f"{self.name}: invalid")
