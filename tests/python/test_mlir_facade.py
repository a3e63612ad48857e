"""flydsl._mlir, the facade over the C API that stands where FlyDSL embeds MLIR's Python
bindings: its type objects, kernel values as ir.Value, the dialect builders with kernel ops
behind them, and the names it does not offer, which import and refuse with a reason."""

import ctypes
import re
import subprocess

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from _ir_module import module_text
from _tools import needs_llvm_tools
from flydsl import _kernel_api as K
from flydsl._lib import check
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, func, gpu, llvm
from flydsl._mlir.dialects.fly_rocdl import MmaOpCDNA3_MFMAType
from flydsl._mlir.extras import types as T
from flydsl._mlir.passmanager import PassManager
from flydsl.compiler.kernel_function import (
    create_gpu_func,
    create_gpu_module,
    get_gpu_module_body,
)


def test_type_objects_print_and_compare_as_mlir_types():
    i32, f32 = ir.IntegerType.get_signless(32), ir.F32Type.get()
    v4 = ir.VectorType.get([4], f32)
    assert (str(i32), str(f32), str(v4)) == ("i32", "f32", "vector<4xf32>")
    assert ir.Type.parse("vector<4xf32>") == v4 and ir.Type.parse("i32") == i32
    assert str(ir.Type.parse("f8E4M3FN")) == "f8E4M3FN" and T.f16() == ir.F16Type.get()
    assert isinstance(v4, ir.VectorType) and ir.VectorType(v4).element_type == f32
    assert ir.IntegerType.isinstance(i32) and not ir.FloatType.isinstance(i32)
    assert (i32.width, v4.shape, T.vector(8, T.bf16()).lanes) == (32, [4], 8)
    with pytest.raises(ValueError, match="1, 4, 8, 16, 32 or 64 bits"):
        ir.IntegerType.get_signless(7)
    with pytest.raises(ValueError, match="one dimension of at least 1 lane"):
        ir.VectorType.get([2, 2], f32)
    with pytest.raises(ValueError, match="one dimension of at least 1 lane"):
        ir.VectorType.get([0], f32)
    with pytest.raises(ValueError, match="no kernel type is spelled"):
        ir.Type.parse("tensor<4xf32>")


def test_kernel_values_are_ir_values_with_types():
    seen = {}

    @flyc.kernel
    def typed(out: fx.Tensor):
        t = gpu.thread_id(gpu.Dimension.x)
        c = arith.ConstantOp(ir.IntegerType.get_signless(32), 5).result
        h = arith.constant(ir.F32Type.get(), 0.5)
        v = fx.Vector.from_elements([h, h])
        seen.update(t=isinstance(t, ir.Value), c=str(c.type), v=str(v.type))
        with ir.Context(), ir.Location.unknown():  # the library's: entering changes nothing
            out[t] = t + c + (v.reduce(fx.ReductionOp.ADD)).to(fx.Int32)

    out = dev.array(np.zeros(4, np.int32))
    typed(out).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(out), np.arange(4) + 6)
    assert seen == {"t": True, "c": "i32", "v": "vector<2xf32>"}


def test_context_current_is_the_innermost_entered_context():
    assert ir.Context.current is None
    with ir.Context() as outer:
        assert ir.Context.current is outer
        with ir.Context() as inner:
            assert ir.Context.current is inner
        assert ir.Context.current is outer
    assert ir.Context.current is None
    # Programs unwind contexts a failed compile left open by exiting Context.current until
    # there is none (FlyDSL's kernels/common/tensor_shim.py): that loop ends.
    for _ in range(3):
        ir.Context().__enter__()
    unwound = 0
    while ir.Context.current is not None and unwound < 10:
        ir.Context.current.__exit__(None, None, None)
        unwound += 1
    assert unwound == 3


def test_a_values_owner_is_its_operation_or_block():
    seen = {}

    @flyc.kernel
    def owners(out: fx.Tensor, n: fx.Int32):
        i32 = ir.IntegerType.get_signless(32)
        a = arith.ConstantOp(i32, 5).result
        b = a + 1
        q, r = fx.Int32(b) // 3, fx.Int32(b) % 3
        seen.update(a=a.owner, again=a.owner, b=b.owner, n=n.ir_value().owner)
        out[0] = q + r + n

    out = dev.array(np.zeros(1, np.int32))
    owners(out, 2).launch(block=(1,))
    assert dev.host(out)[0] == 2 + 0 + 2
    assert seen["a"] == seen["again"] and seen["a"].name == "arith.constant"
    assert seen["b"] != seen["a"] and seen["b"].name == "arith.addi"
    assert seen["n"].name == "" and seen["n"] == seen["n"].operation  # the kernel's block

    @flyc.kernel
    def misuse(out: fx.Tensor):
        fx.make_layout(4, 1).owner  # noqa: B018 (a layout is no MLIR value)

    with pytest.raises(AttributeError):
        misuse(dev.array(np.zeros(1, np.int32))).launch(block=(1,))


def test_names_not_offered_import_and_say_why():
    for thing, name in [(llvm.insertvalue, "llvm.insertvalue"),
                        (MmaOpCDNA3_MFMAType, "fly_rocdl"),
                        (ir.Operation.create, "ir.Operation.create")]:  # fmt: skip
        with pytest.raises(NotImplementedError, match=f"{name}.* is not offered: kernels are"):
            thing()
    with pytest.raises(AttributeError):
        ir._private  # noqa: B018


def test_functions_built_in_a_module_print_the_ops_made():
    f32, i32 = ir.F32Type.get(), ir.IntegerType.get_signless(32)

    def build(x, n):
        # MLIR's block arguments are raw values: no numeric class claims them until typed, and
        # FlyDSL's functions of raw values give raw values
        assert isinstance(x, ir.Value) and not isinstance(x, fx.Float32)
        assert isinstance(fx.Float32(x), fx.Float32) and isinstance(fx.Int32(n), fx.Int32)
        assert not isinstance(fx.math.exp(x), fx.Float32)
        assert not isinstance(fx.arith.maxnumf(x, x), fx.Float32)
        assert isinstance(fx.arith.maxnumf(fx.Float32(x), x), fx.Float32)
        assert fx.arith.maxnumf is not arith.maxnumf
        y = fx.math.log1p(x) * x
        fx.math.ipowi(n, n)
        v = arith.constant(
            ir.VectorType.get([4], f32),
            ir.DenseElementsAttr.get_splat(ir.VectorType.get([4], f32), ir.FloatAttr.get(f32, 2.0)),
        )
        fx.math.sqrt(v)
        return y

    text = module_text(build, f32, i32)
    assert "@probe(%arg0: f32, %arg1: i32)" in text
    for op in ("math.log1p %arg0 : f32", "arith.mulf", "math.ipowi %arg1, %arg1 : i32",
               "math.sqrt"):  # fmt: skip
        assert op in text, op
    assert next(ln for ln in text.splitlines() if "math.sqrt" in ln).endswith(": vector<4xf32>")


def test_a_vector_argument_is_its_lanes_put_back_together():
    f32 = ir.F32Type.get()
    seen = {}

    def build(v, s):
        seen.update(shape=v.shape, numel=v.numel, scalar=s.shape, lane=str(v[3].type))
        fx.math.sqrt(v * s)

    text = module_text(build, ir.VectorType.get([4], f32), f32)
    assert "@probe(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32, %arg4: f32)" in text
    assert seen == {"shape": (4,), "numel": 4, "scalar": (), "lane": "f32"}
    assert next(ln for ln in text.splitlines() if "math.sqrt" in ln).endswith(": vector<4xf32>")


def test_function_misuse_is_refused_with_a_reason():
    f32 = ir.F32Type.get()
    with ir.Context():
        module = ir.Module.create()
        with pytest.raises(RuntimeError, match="no insertion point"):
            func.FuncOp("lost", ir.FunctionType.get([f32], []))
        with ir.InsertionPoint(module.body):
            with pytest.raises(TypeError, match="result 0 has type vector<4xf32>, not a scalar"):
                func.FuncOp("wide", ir.FunctionType.get([f32], [ir.VectorType.get([4], f32)]))
            f = func.FuncOp("ok", ir.FunctionType.get([f32], []))
            with pytest.raises(RuntimeError, match="no entry block"):
                f.entry_block  # noqa: B018
            with ir.InsertionPoint(f.add_entry_block()):
                with pytest.raises(ValueError, match="returns 0 values, not 1"):
                    func.ReturnOp([f.arguments[0]])
                with pytest.raises(TypeError, match="math.ctpop takes integers, not f32"):
                    fx.math.ctpop(f.arguments[0])
    assert "gpu.func @ok" in str(module)
    with pytest.raises(RuntimeError, match="is finished"), ir.InsertionPoint(f.entry_block):
        pass


def test_results_are_memory_the_function_writes():
    # A kernel returns nothing: each result is a tensor parameter after the arguments, and
    # func.ReturnOp writes its element 0. An i1 argument travels as a byte.
    i1, i32 = ir.IntegerType.get_signless(1), ir.IntegerType.get_signless(32)
    f32 = ir.F32Type.get()
    with ir.Context():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("pick", ir.FunctionType.get([i1, f32], [f32, i32]))
            with ir.InsertionPoint(f.add_entry_block()):
                flag, x = f.arguments
                assert flag.ir_dtype == "i1"
                with pytest.raises(TypeError, match="result 1 is i32, not"):
                    func.ReturnOp([x, x])
                func.ReturnOp([x * 2.0, fx.Int32(7)])
                with pytest.raises(ValueError, match="has returned already"):
                    func.ReturnOp([x, fx.Int32(7)])
            g = func.FuncOp("positive", ir.FunctionType.get([f32], [i1]))  # an i1 is a byte
            with ir.InsertionPoint(g.add_entry_block()):
                with pytest.raises(TypeError, match="result 0 is i1, not"):
                    func.ReturnOp([g.arguments[0]])
                func.ReturnOp([g.arguments[0] > 0.0])
        text = str(module)
        silent = ir.Module.create()
        with ir.InsertionPoint(silent.body):
            func.FuncOp("silent", ir.FunctionType.get([], [f32])).add_entry_block()
        with pytest.raises(ValueError, match="ends without func.ReturnOp of its 1 result"):
            str(silent)
    assert "@pick(%arg0: i8, %arg1: f32, %arg2: !llvm.ptr<1>" in text
    assert "arith.cmpi ne" in text
    stores = re.findall(r"fly\.memref\.store\(%\w+, %\w+, %\w+\) : \((\w+), ", text)
    assert stores == ["f32", "i32", "i8"]
    assert "@positive(%arg0: f32, %arg1: !llvm.ptr<1>" in text


@flyc.kernel
def raw_buffers(src: fx.Tensor, dst: fx.Tensor, n_bytes: fx.Int32):
    from flydsl._mlir.dialects import fly, rocdl

    i = fx.thread_idx.x
    base = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), src)
    # The resource starts one i32 in and covers n_bytes: reads past it give zeros.
    moved = llvm.GEPOp(base.type, base, [], [4], ir.IntegerType.get_signless(8), None).result
    rsrc = rocdl.MakeBufferRsrcOp(ir.Type.parse("!llvm.ptr<8>"), moved, 0, n_bytes, 0).result
    v4 = ir.VectorType.get([4], ir.IntegerType.get_signless(32))
    off = arith.MulIOp(i, arith.constant(ir.IntegerType.get_signless(32), 16)).result
    words = rocdl.RawPtrBufferLoadOp(v4, rsrc, off, 0).result
    out = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), dst)
    addr = llvm.PtrToIntOp(ir.IntegerType.get_signless(64), out).result
    back = llvm.IntToPtrOp(ir.Type.parse("!llvm.ptr<1>"), addr).result
    wrsrc = rocdl.MakeBufferRsrcOp(ir.Type.parse("!llvm.ptr<8>"), back, 0, 32, 0).result
    rocdl.RawPtrBufferStoreOp(words, wrsrc, off, 0)  # threads 2 and 3 fall outside: dropped


def test_raw_buffer_resources_over_pointers_bound_their_accesses(host_target):
    src = np.arange(1, 18, dtype=np.int32)
    dst = np.full(16, -1, np.int32)
    raw_buffers(src, dst, 24).launch(block=(4,))  # 6 words: src[1..6]
    np.testing.assert_array_equal(dst[:8], [2, 3, 4, 5, 6, 7, 0, 0])
    np.testing.assert_array_equal(dst[8:], -1)


def test_raw_buffer_misuse_is_refused(host_target):
    from flydsl._mlir.dialects import fly, rocdl

    @flyc.kernel
    def strided(src: fx.Tensor):
        base = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), src)
        rocdl.MakeBufferRsrcOp(ir.Type.parse("!llvm.ptr<8>"), base, 16, 64, 0)

    with pytest.raises(flyc.CompileError, match="structured buffer"):
        strided(np.zeros(4, np.int32)).launch(block=(1,))
    with pytest.raises(NotImplementedError, match="more than one index"):
        llvm.GEPOp(None, None, [], [0, 1], ir.F32Type.get(), None)
    with pytest.raises(NotImplementedError, match="rocdl.ds_swizzle is not offered"):
        rocdl.ds_swizzle()


@flyc.kernel
def raw_atomics(acc: fx.Tensor, hits: fx.Tensor, src: fx.Tensor, dst: fx.Tensor):
    from flydsl._mlir.dialects import fly

    i = fx.thread_idx.x
    i64 = ir.IntegerType.get_signless(64)
    ptr1 = ir.Type.parse("!llvm.ptr<1>")
    # acc[i % 4] += 0.5 and hits[0] += 1 from every thread, through addresses
    base = llvm.PtrToIntOp(i64, fly.extract_aligned_pointer_as_index(ptr1, acc)).result
    offset = (i % 4).to("i64") * 4
    at = llvm.IntToPtrOp(ptr1, llvm.AddOp(base, offset, llvm.IntegerOverflowFlags(0)).result)
    half = arith.constant(ir.F32Type.get(), 0.5)
    llvm.AtomicRMWOp(llvm.AtomicBinOp.fadd, at.result, half, llvm.AtomicOrdering.monotonic,
                     syncscope="agent", alignment=4)  # fmt: skip
    counter = fly.extract_aligned_pointer_as_index(ptr1, hits)
    one = arith.constant(ir.IntegerType.get_signless(32), 1)
    old = llvm.AtomicRMWOp(llvm.AtomicBinOp.add, counter, one, llvm.AtomicOrdering.monotonic)
    hits[1 + i] = old.result  # each thread saw a different count before its own
    # a 16-byte load and store through pointers
    v4 = ir.VectorType.get([4], ir.IntegerType.get_signless(32))
    if i == 0:
        words = llvm.LoadOp(v4, fly.extract_aligned_pointer_as_index(ptr1, src), alignment=16)
        llvm.StoreOp(words.result, fly.extract_aligned_pointer_as_index(ptr1, dst), alignment=16)


def test_raw_llvm_atomics_loads_and_stores_through_pointers(host_target):
    acc, hits = np.zeros(4, np.float32), np.zeros(9, np.int32)
    src, dst = np.arange(4, dtype=np.int32) + 7, np.zeros(4, np.int32)
    raw_atomics(acc, hits, src, dst).launch(block=(8,))
    np.testing.assert_array_equal(acc, [1.0, 1.0, 1.0, 1.0])
    assert hits[0] == 8 and sorted(hits[1:]) == list(range(8))
    np.testing.assert_array_equal(dst, src)


def test_raw_llvm_atomics_refuse_what_they_cannot_honour(host_target):
    from flydsl._mlir.dialects import fly

    @flyc.kernel
    def ordered(x: fx.Tensor, how: fx.Constexpr[int]):
        p = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), x)
        one = arith.constant(ir.F32Type.get(), 1.0)
        if fx.const_expr(how == 0):
            llvm.AtomicRMWOp(llvm.AtomicBinOp.fadd, p, one, llvm.AtomicOrdering.seq_cst)
        elif fx.const_expr(how == 1):
            llvm.AtomicRMWOp(llvm.AtomicBinOp.fsub, p, one, llvm.AtomicOrdering.monotonic)
        elif fx.const_expr(how == 2):
            llvm.AtomicRMWOp(llvm.AtomicBinOp.add, p, one, llvm.AtomicOrdering.monotonic)
        else:
            v2 = ir.VectorType.get([2], ir.F32Type.get())
            llvm.LoadOp(v2, p, alignment=4)

    x = np.zeros(2, np.float32)
    with pytest.raises(NotImplementedError, match="seq_cst ordering is not offered"):
        ordered(x, 0).launch(block=(1,))
    with pytest.raises(NotImplementedError, match="fsub is not offered"):
        ordered(x, 1).launch(block=(1,))
    with pytest.raises(TypeError, match="add does not take f32"):
        ordered(x, 2).launch(block=(1,))
    with pytest.raises(NotImplementedError, match="8 bytes aligned to 4 is not offered"):
        ordered(x, 3).launch(block=(1,))
    assert not x.any()


@flyc.kernel
def signalled(data: fx.Tensor, flag: fx.Tensor, out: fx.Tensor):
    from flydsl._mlir.dialects import fly

    ptr1 = ir.Type.parse("!llvm.ptr<1>")
    i32 = ir.IntegerType.get_signless(32)
    signal = fly.extract_aligned_pointer_as_index(ptr1, flag)
    if fx.block_idx.x == 0:
        # Block 0 writes two words as FlyDSL's split-K zeroes its output (coherent stores),
        # then raises the flag with an atomic store.
        words = fx.Vector.from_elements([fx.Float32(1.5), fx.Float32(-2.0)], fx.Float32)
        at = fly.extract_aligned_pointer_as_index(ptr1, data)
        llvm.InlineAsmOp(None, [at, words], "global_store_dwordx2 $0, $1, off sc0 sc1", "v,v",
                         has_side_effects=True)  # fmt: skip
        llvm.StoreOp(arith.constant(i32, 1), signal, alignment=4,
                     ordering=llvm.AtomicOrdering.monotonic, syncscope="agent")  # fmt: skip
    else:
        # Block 1 spins until it sees the flag: each atomic load reads memory again.
        seen = llvm.LoadOp(i32, signal, alignment=4, ordering=llvm.AtomicOrdering.monotonic)
        cur = seen.result
        while cur == 0:
            cur = llvm.LoadOp(i32, signal, ordering=llvm.AtomicOrdering.monotonic).result
        out[0] = data[0]
        out[1] = data[1]
        out[2] = cur.to(fx.Float32)


def test_a_block_waits_for_a_flag_another_block_raises(host_target):
    data, flag, out = np.zeros(2, np.float32), np.zeros(1, np.int32), np.zeros(3, np.float32)
    signalled(data, flag, out).launch(grid=(2,), block=(1,))
    np.testing.assert_array_equal(data, [1.5, -2.0])
    np.testing.assert_array_equal(out, [1.5, -2.0, 1.0])
    assert flag[0] == 1


def test_atomic_loads_and_stores_take_one_word_in_a_relaxed_order(host_target):
    from flydsl._mlir.dialects import fly

    @flyc.kernel
    def atomic_access(x: fx.Tensor, how: fx.Constexpr[int]):
        p = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), x)
        f32 = ir.F32Type.get()
        if fx.const_expr(how == 0):
            llvm.LoadOp(f32, p, ordering=llvm.AtomicOrdering.acquire)
        elif fx.const_expr(how == 1):
            llvm.StoreOp(arith.constant(f32, 1.0), p, ordering=llvm.AtomicOrdering.release)
        elif fx.const_expr(how == 2):
            llvm.LoadOp(ir.VectorType.get([2], f32), p, ordering=llvm.AtomicOrdering.monotonic)
        else:  # an f32 flag: read back through the same bits
            old = llvm.LoadOp(f32, p, ordering=llvm.AtomicOrdering.monotonic).result
            llvm.StoreOp(old + 2.0, p, ordering=llvm.AtomicOrdering.monotonic)
            x[1] = llvm.AtomicRMWOp(llvm.AtomicBinOp.xchg, p, arith.constant(f32, 0.25),
                                    llvm.AtomicOrdering.monotonic).result  # fmt: skip

    x = np.array([0.5, 0.0], np.float32)
    with pytest.raises(NotImplementedError, match="LoadOp with acquire ordering is not offered"):
        atomic_access(x, 0).launch(block=(1,))
    with pytest.raises(NotImplementedError, match="StoreOp with release ordering is not offered"):
        atomic_access(x, 1).launch(block=(1,))
    with pytest.raises(NotImplementedError, match="atomic llvm.LoadOp of .* is not offered"):
        atomic_access(x, 2).launch(block=(1,))
    atomic_access(x, 3).launch(block=(1,))
    np.testing.assert_array_equal(x, [0.25, 2.5])


@flyc.kernel
def buffer_adds(acc: fx.Tensor, pairs: fx.Tensor, n_bytes: fx.Int32):
    from flydsl._mlir.dialects import rocdl

    i = fx.thread_idx.x
    # A buffer tensor's own resource: its byte count bounds the adds (the last word is outside).
    rsrc = fx.rocdl.get_buffer_rsrc(
        fx.get_iter(fx.rocdl.make_buffer_tensor(acc, num_records_bytes=n_bytes))
    )
    rocdl.raw_ptr_buffer_atomic_fadd(fx.Float32(0.5), rsrc, (i % 4) * 4, 0, 0)
    half = fx.Vector.from_elements([fx.Float16(1.0), fx.Float16(2.0)], fx.Float16)
    prsrc = fx.rocdl.get_buffer_rsrc(fx.rocdl.make_buffer_tensor(pairs))
    fx.rocdl.raw_ptr_buffer_atomic_fadd(half, prsrc, (i % 2) * 4, 0, 0)  # fx.rocdl has it too


def test_buffer_atomic_adds_accumulate_and_drop_what_is_outside(host_target):
    acc, pairs = np.zeros(4, np.float32), np.zeros(4, np.float16)
    buffer_adds(acc, pairs, 12).launch(block=(64,))  # 16 threads add into each word
    np.testing.assert_array_equal(acc, [8, 8, 8, 0])
    np.testing.assert_array_equal(pairs, [32, 64, 32, 64])


@needs_llvm_tools
def test_buffer_atomic_adds_are_the_arch_instructions(tmp_path):
    from flydsl._mlir.dialects import rocdl

    @flyc.kernel
    def pair_add(x: fx.Tensor, dtype: fx.Constexpr[str]):
        rsrc = fx.rocdl.get_buffer_rsrc(fx.rocdl.make_buffer_tensor(x))
        two = fx.Vector.from_elements([1.0, 2.0], dtype)
        rocdl.RawPtrBufferAtomicFaddOp(two, rsrc, 0, 0, 0)

    x = np.zeros(4, np.float16)
    path = tmp_path / "k.hsaco"
    path.write_bytes(pair_add.compile(x, "f16", target="rocm", arch="gfx942").binary)
    asm = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert "buffer_atomic_pk_add_f16" in asm
    with pytest.raises(flyc.CompileError, match="bf16 pair needs gfx950 or gfx12"):
        pair_add.compile(x, "bf16", target="rocm", arch="gfx942")
    assert pair_add.compile(x, "bf16", target="rocm", arch="gfx950").binary

    @flyc.kernel
    def wrong(x: fx.Tensor):
        rocdl.raw_ptr_buffer_atomic_fadd(fx.Float16(1.0), fx.rocdl.get_buffer_rsrc(x), 0, 0, 0)

    with pytest.raises(flyc.CompileError, match="an f32 or a pair of f16 or bf16, not 1 x f16"):
        wrong.compile(x, target="rocm", arch="gfx942")


def test_a_packed_pair_add_through_a_pointer(host_target):
    from flydsl._mlir.dialects import fly

    @flyc.kernel
    def pairs(x: fx.Tensor):
        p = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), x)
        two = fx.Vector.from_elements([fx.BFloat16(1.0), fx.BFloat16(0.5)], fx.BFloat16)
        old = llvm.AtomicRMWOp(llvm.AtomicBinOp.fadd, p, two, llvm.AtomicOrdering.monotonic)
        assert old.result is None  # a pair's old value is not offered
        with pytest.raises(NotImplementedError, match="fmax on 2 x bf16 is not offered"):
            llvm.AtomicRMWOp(llvm.AtomicBinOp.fmax, p, two, llvm.AtomicOrdering.monotonic)

    x = np.zeros(2, np.uint16)  # bf16 bits (numpy has no bf16)
    pairs(x).launch(block=(64,))
    assert [hex(v) for v in x] == ["0x4280", "0x4200"]  # 64.0 and 32.0


@flyc.kernel
def through_assembly(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout(4, 1))
    smem[i] = x[i]
    void = ir.Type.parse("!llvm.void")
    llvm.inline_asm(void, [], "s_waitcnt lgkmcnt(0)\n\ts_barrier", "", has_side_effects=True)
    llvm.InlineAsmOp(None, [], "s_nop 7", "", has_side_effects=True)
    v = llvm.inline_asm(ir.F32Type.get(), [smem[3 - i]], "", "=v,0", has_side_effects=True)
    out[i] = v * 2.0


def test_inline_assembly_with_a_meaning_here(host_target):
    x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    out = np.zeros(4, np.float32)
    through_assembly(x, out).launch(block=(4,))
    np.testing.assert_array_equal(np.asarray(out), x[::-1] * 2)


@flyc.kernel
def mfma_through_assembly(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    # gfx950's 16x16x128 f8f6f4 on fp8 codes: lane l holds row (A) or column (B) l % 16 and
    # K 16 (l / 16) + 0..15, then 64 more; D column l % 16, rows 4 (l / 16) + 0..3.
    lane = fx.thread_idx.x
    row, k0 = lane % 16, (lane // 16) * 16
    ks = [k0 + i for i in range(16)] + [64 + k0 + i for i in range(16)]
    a = fx.Vector.from_elements([A[row, k] for k in ks]).bitcast(fx.Int32)
    b = fx.Vector.from_elements([B[row, k] for k in ks]).bitcast(fx.Int32)
    c = fx.Vector.filled(4, 1.0, fx.Float32)
    text = "v_mfma_f32_16x16x128_f8f6f4 $0, $1, $2, $0"
    d = llvm.inline_asm(T.vector(4, T.f32()), [a, b, c], text, "=a,v,v,0", has_side_effects=True)
    for i in range(4):
        D[(lane // 16) * 4 + i, row] = d[i]


def test_an_mfma_in_assembly_is_that_mfma(host_target, monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    rng = np.random.default_rng(8)
    values = rng.integers(-3, 4, (2, 16, 128))
    # OCP E4M3 codes of the small integers -3..3
    code = {0: 0x00, 1: 0x38, 2: 0x40, 3: 0x44}
    codes = np.vectorize(lambda v: code[abs(v)] | (0x80 if v < 0 else 0))(values).astype(np.uint8)
    d = np.zeros((16, 16), np.float32)
    mfma_through_assembly(codes[0].view(np.int8), codes[1].view(np.int8), d).launch(block=(64,))
    np.testing.assert_array_equal(d, values[0] @ values[1].T + 1.0)


@pytest.mark.parametrize(
    "args, message",
    [
        (("v_add_f32 v0, v1, v2",), "'v_add_f32 v0, v1, v2' is not offered"),
        (("s_waitcnt lgkmcnt(0) bogus",), "is not offered"),
        (("s_nop 99",), "'s_nop 99' is not offered"),
        (("", "=v,v"), "empty anchor is offered for values each tied"),
        (("global_store_dwordx2 $0, $1, off", "v,v"), "stores 64 bits; the value has 32"),
        (("global_store_dword $0, $1, off glc", "v,v"), "is not offered"),
    ],
)
def test_other_inline_assembly_is_refused(host_target, args, message):
    @flyc.kernel
    def asm(out: fx.Tensor):
        text, constraints = args if len(args) == 2 else (args[0], "")
        operands = [out[0]] if constraints else []
        if text.startswith("global_store"):
            from flydsl._mlir.dialects import fly

            ptr = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), out)
            operands = [ptr, out[0]]
        llvm.inline_asm(None, operands, text, constraints, has_side_effects=True)

    with pytest.raises(NotImplementedError, match=message):
        asm(np.zeros(1, np.float32)).launch(block=(1,))


@flyc.kernel
def through_intrinsics(x: fx.Tensor, bits: fx.Tensor, out: fx.Tensor, rounded: fx.Tensor):
    i = fx.thread_idx.x
    f32, i32 = ir.F32Type.get(), ir.IntegerType.get_signless(32)
    v = x[i]
    out[i * 4] = llvm.call_intrinsic(f32, "llvm.amdgcn.rcp.f32", [v], [], [])
    out[i * 4 + 1] = llvm.CallIntrinsicOp(f32, "llvm.amdgcn.exp2.f32", [v], [], []).result
    # quad_perm [1, 0, 3, 2] (0xB1): each lane takes its neighbour's value
    swapped = llvm.call_intrinsic(
        i32, "llvm.amdgcn.update.dpp.i32",
        [arith.constant(i32, 0), i, arith.constant(i32, 0xB1), 15, 15, True], [], [],
    )  # fmt: skip
    out[i * 4 + 2] = swapped.to(fx.Float32)
    sel = arith.constant(i32, 0x0C0C0004)  # low to high: hi's byte 0, lo's byte 0, 0, 0
    out[i * 4 + 3] = llvm.call_intrinsic(i32, "llvm.amdgcn.perm", [i + 7, i, sel], [], []).to(
        fx.Float32
    )
    pair = llvm.call_intrinsic(
        T.vector(2, T.bf16()),
        "llvm.amdgcn.cvt.sr.bf16.f32",
        [llvm.mlir_undef(T.vector(2, T.bf16())), v, bits[i], arith.constant(T.bool(), 1)],
        [], [],
    )  # fmt: skip
    rounded[i] = fx.rocdl.cdna4.cvt_sr_f32_to_bf16(v, bits[i]).to(fx.Float32)
    rounded[i + 8] = pair[1].to(fx.Float32)
    rounded[i + 16] = pair[0].to(fx.Float32)


def _sr_bf16(x, bits):
    """The stochastic rounding of gfx950's v_cvt_sr_bf16_f32, on the host: the low 16 random
    bits added before the cut, NaN kept quiet."""
    u = x.view(np.uint32).astype(np.uint64)
    cut = ((u + (bits.astype(np.uint64) & 0xFFFF)) >> 16).astype(np.uint32)
    cut = np.where(np.isnan(x), (u >> 16).astype(np.uint32) | 0x40, cut)
    return (cut << 16).astype(np.uint32).view(np.float32)


def test_amd_intrinsics_called_by_name(host_target):
    one_ulp_up = np.float32(1.0) + np.float32(2.0**-7)  # the bf16 just above 1.0
    x = np.array([1.0, 2.5, -3.25, 1.0 + 2.0**-8, 1.0 + 2.0**-8, np.nan, 3.4e38, -0.75],
                 np.float32)  # fmt: skip
    bits = np.array([0, 5, 9, 0x7FFF, 0x18000, 7, 0xFFFF, 3], np.uint32)
    out = np.zeros(32, np.float32)
    rounded = np.zeros(24, np.float32)
    through_intrinsics(x, bits, out, rounded).launch(block=(8,))
    got = np.asarray(out).reshape(8, 4)
    np.testing.assert_allclose(got[:, 0][~np.isnan(x)], (1 / x)[~np.isnan(x)], rtol=1e-6)
    np.testing.assert_allclose(got[[0, 1, 2, 7], 1], np.exp2(x[[0, 1, 2, 7]]), rtol=1e-6)
    np.testing.assert_array_equal(got[:, 2], [1, 0, 3, 2, 5, 4, 7, 6])
    lanes = np.arange(8)
    np.testing.assert_array_equal(got[:, 3], lanes << 8 | (lanes + 7))
    want = _sr_bf16(x, bits)
    for part in (slice(0, 8), slice(8, 16)):
        np.testing.assert_array_equal(np.asarray(rounded)[part], want)
    np.testing.assert_array_equal(np.asarray(rounded)[16:], 0)  # the undef half: zeros here
    # Half of 2^-8 above 1.0 rounds up when the random half-word is at least 0x8000: 0x7FFF
    # keeps 1.0, and only the low 16 bits of 0x18000 count. Near the largest float it does
    # not saturate.
    assert want[3] == 1.0 and want[4] == one_ulp_up and np.isinf(want[6])


def test_an_intrinsic_not_offered_is_refused_by_name(host_target):
    @flyc.kernel
    def setreg(out: fx.Tensor):
        llvm.call_intrinsic(None, "llvm.amdgcn.s.setreg", [282, 1], [], [])

    with pytest.raises(NotImplementedError, match="'llvm.amdgcn.s.setreg' is not offered"):
        setreg(np.zeros(1, np.float32)).launch(block=(1,))


def test_integer_results_convert_as_a_return_converts_them():
    # A layout's size is an i64 here where FlyDSL's i32 could wrap; returned as an i32 it is
    # truncated, and an index result travels as an i64.
    i32, index = ir.IntegerType.get_signless(32), ir.IndexType.get()
    with ir.Context():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("sizes", ir.FunctionType.get([i32], [i32, index]))
            with ir.InsertionPoint(f.add_entry_block()):
                (n,) = f.arguments
                size = fx.get_scalar(fx.size(fx.make_layout((n, 8), (8, 1))))
                assert size.ir_dtype == "i64"
                func.ReturnOp([size, arith.IndexCastOp(index, n).result])
        text = str(module)
    assert "arith.trunci" in text and "!llvm.ptr<1>" in text
    stores = re.findall(r"fly\.memref\.store\(%\w+, %\w+, %\w+\) : \((\w+), ", text)
    assert stores == ["i32", "i64"]


def test_modules_parse_from_text_and_take_no_functions():
    m = ir.Module.parse("func.func @f(%x: i32) -> i32 {\n  return %x : i32\n}\n")
    assert "func.func @f(%arg0: i32) -> i32" in str(m)
    with pytest.raises(ValueError, match="not an MLIR module: .*expected"):
        ir.Module.parse("func.func @f(")
    with pytest.raises(ValueError, match="not an MLIR module"):
        ir.Module.parse('"fly.print"(%nowhere) <{format = ""}> : (i32) -> ()')
    with ir.InsertionPoint(m.body), pytest.raises(flydsl.FlyDSLError, match="parsed from text"):
        func.FuncOp("more", ir.FunctionType.get([], []))


PRINTING = """
gpu.module @m {
  gpu.func @k(%i: i32, %x: f32, %n: i32) kernel {
    %s = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(2,?)>
    "fly.print"(%i, %x, %s) <{format = "i={} x={} s={}"}> : (i32, f32, !fly.int_tuple<(2,?)>) -> ()
    gpu.return
  }
}
"""


def test_a_pass_pipeline_rewrites_a_module_in_place():
    m = ir.Module.parse(PRINTING)
    PassManager.parse("builtin.module(fly-layout-lowering,canonicalize,cse)").run(m.operation)
    text = str(m)
    assert 'gpu.printf "i=%d x=%.2f s=(2,%d)\\0A", %arg0, %arg1, %arg2 : i32, f32, i32' in text
    assert "fly." not in text


@pytest.mark.parametrize(
    "pipeline, message",
    [("builtin.module(no-such-pass)", "'no-such-pass' does not refer to a registered pass"),
     ("func.func(cse)", "runs on func.func, not on a module"),
     ("builtin.module(cse", "does not parse"),
     ("builtin.module(cse)\0", "NUL")],
)  # fmt: skip
def test_a_pipeline_that_does_not_parse_is_refused(pipeline, message):
    with pytest.raises(ValueError, match=message):
        PassManager.parse(pipeline)


def test_a_built_module_runs_through_the_passes_and_then_no_longer_compiles():
    i32 = ir.IntegerType.get_signless(32)
    with ir.Context():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("count", ir.FunctionType.get([i32], [i32]))
            with ir.InsertionPoint(f.add_entry_block()):
                (n,) = f.arguments
                layout = fx.make_layout((n, 4), (1, n))
                fx.printf("size={} layout={}", fx.get_scalar(fx.size(layout)), n)
                func.ReturnOp([fx.get_scalar(fx.size(layout)) * 2])
        assert "fly.print" in str(module) and "fly.size" in str(module)
        PassManager.parse("builtin.module(fly-canonicalize,fly-layout-lowering,cse)").run(
            module.operation
        )
        text = str(module)
    assert "gpu.printf" in text and "fly.size" not in text and "fly.print" not in text
    options = K.CompileOptions(ctypes.sizeof(K.CompileOptions), b"cpu", None, 2)
    with pytest.raises(flydsl.UnsupportedError, match="rewritten by a pass pipeline"):
        check(
            K.compile_module(module.handle, ctypes.byref(options), ctypes.byref(ctypes.c_void_p()))
        )


def test_a_failing_pass_says_why():
    m = ir.Module.parse(
        "func.func @f(%l: !fly.layout<(2,?):(1,2)>) {\n"
        '  "fly.print"(%l) <{format = ""}> : (!fly.layout<(2,?):(1,2)>) -> ()\n  return\n}\n'
    )
    with pytest.raises(flydsl.CompileError, match="fly-lower-to-llvm.*failed: .*cannot be lowered"):
        PassManager.parse("builtin.module(fly-lower-to-llvm)").run(m.operation)


def test_gpu_modules_and_functions_built_by_hand_are_kernels():
    i32 = ir.IntegerType.get_signless(32)
    with ir.Context():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            mod = create_gpu_module("mod")
            with ir.InsertionPoint(get_gpu_module_body(mod)):
                k = create_gpu_func(
                    "hello", ir.FunctionType.get([i32], []), known_block_size=[4, 1, 1]
                )
                with ir.InsertionPoint(k.add_entry_block()):
                    fx.printf("x={}", k.arguments[0])
                    gpu.ReturnOp([])
                with pytest.raises(ValueError, match="exactly 3 elements"):
                    create_gpu_func("bad", ir.FunctionType.get([], []), known_block_size=[4])
        text = str(module)
    assert "gpu.func @hello(%arg0: i32) kernel" in text
    assert "known_block_size = array<i32: 4, 1, 1>" in text
    assert '"fly.print"(%arg0) <{format = "x={}"}> : (i32) -> ()' in text
