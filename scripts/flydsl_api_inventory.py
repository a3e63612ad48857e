"""Writes docs/flydsl-api.md: every public name of ROCm/FlyDSL's Python package (read from a
checkout's source, never imported) and whether this package offers it.

    python3 scripts/flydsl_api_inventory.py PATH_TO_FLYDSL_CHECKOUT > docs/flydsl-api.md

A module's public names are its `__all__` where it has a literal one, else its top-level
functions, classes and assignments whose names do not start with an underscore. A name is
looked up in the module of the same path here, then in `flydsl.expr` and `flydsl.compiler`.
"""

import ast
import datetime
import importlib
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

MODULES = [
    "flydsl.expr.arith", "flydsl.expr.math", "flydsl.expr.gpu", "flydsl.expr.numeric",
    "flydsl.expr.primitive", "flydsl.expr.derived", "flydsl.expr.typing", "flydsl.expr.struct",
    "flydsl.expr.meta", "flydsl.expr.utils", "flydsl.expr.rocdl", "flydsl.expr.rocdl.cdna3", "flydsl.expr.rocdl.cdna4",
    "flydsl.expr.rocdl.rdna3", "flydsl.expr.rocdl.rdna4", "flydsl.expr.rocdl.universal",
    "flydsl.compiler", "flydsl.compiler.jit_function", "flydsl.compiler.kernel_function",
    "flydsl.compiler.jit_argument", "flydsl.compiler.ast_rewriter", "flydsl.compiler.diagnostics",
    "flydsl.compiler.backends",
    "flydsl.extension.coop", "flydsl.autotune", "flydsl.runtime.device",
    "flydsl.utils.smem_allocator", "flydsl.utils.env",
]  # fmt: skip


# Where a name exists here but does not (yet) behave as FlyDSL's, and why.
DIFFERENCES = """
- `@flyc.jit` functions run as Python, not traced into IR: a parameter annotated `fx.Tensor`
  arrives as a tensor argument with FlyDSL's host view (`A.shape.unpack()`, `A.stride()`), which
  kernels take as they take the tensor; one annotated `fx.Int32` (any numeric type) arrives as
  a runtime value of that type holding the call's value (`n.runtime`; arithmetic on it stays
  runtime, `n.ir_value()` is itself), which a launch takes as a dynamic block and a kernel as
  a run-time argument. A host tuple or layout made from one has its value, with a dynamic
  leaf in its type (`!fly.int_tuple<(?,3)>`), so its algebra is computed on the host where
  FlyDSL's emits dynamic IR. A jit function's body runs as Python, and what it computes from
  kernel values (vectors, math functions, prints, values of MLIR's builders) goes to a host
  function of its own, which is compiled for the cpu after the body and run once: its prints
  come after those of the kernels the body launched, and its values cannot be kernel
  arguments (a TypeError says so). FlyDSL's host function also holds the arithmetic on the
  runtime arguments; here that folds in Python, so it is not in the IR (`(~n)` of an
  `fx.Int32` argument shows no `arith.xori`). A call's cache key is FlyDSL's
  (`_build_full_cache_key`: the globals read, `_env_`, the GPUTarget, the hints, the
  arguments), and `_mem_cache` / `_last_compiled` give the host function and the kernels that
  calls with a key compiled, their IR as built in `source_ir` (empty where the call built
  neither). As in
  FlyDSL, the module globals a jit function and the kernels it reaches read are checked on
  every call against their first values, and a change raises RuntimeError naming the global;
  here a kernel launched by itself checks the globals its body reads too. The globals read are found in the bytecode (global loads), where FlyDSL takes every name
  of `co_names`, attribute names included. `manager_key` is computed as FlyDSL's, but no
  per-function disk cache hangs on it (`cache_manager` is None): the library's disk cache
  keys compiled kernels by their IR. `COMPILE_ONLY=1` makes a jit call compile its kernels and
  launch none, as there.
- `@flyc.kernel` and `@flyc.jit` methods bind `self` as FlyDSL's do, but a kernel's compile is
  keyed by the instance's plain attributes (numbers, strings, containers of them) as well as
  its class: FlyDSL keys by the class alone, so a second instance, or a changed attribute,
  would run the kernel traced for the first instance's values. A method kernel's launches take
  the slow path (the instance is read at each).
- Slices of host layouts (made outside kernels) keep CuTe's form: a slice that keeps one mode
  is `((2,4)):((8,1))`, as CuTe C++ gives it, against which the host algebra is checked. In
  kernels, and in the Fly dialect's `fly.slice` / `fly.dice`, such a slice is the mode itself,
  `(2,4):(8,1)` (and `(8):(1)` is `8:1`), as FlyDSL's slice gives it. The two are one function.
- Kernels launched on host arrays run on the cpu target even where a GPU is present (the
  memory the arguments lie in chooses the target when neither the call nor
  `FLYDSL_COMPILE_BACKEND` names one); FlyDSL compiles for the GPU and fails at the launch.
- `fx.make_composed_layout(inner, [offset,] outer)` takes FlyDSL's general compositions: a
  swizzle, a layout or a composition inside, a layout or a composition outside, kernel layouts
  with run-time strides among them; `crd2idx` through one is inner(offset + outer(c)) on the
  host and in kernels. A swizzle over a plain host layout with an integer offset is CuTe's
  ComposedLayout (a `Layout`, which kernels' tensors take); any other composition is a
  `ComposedFunction`, which `crd2idx`, `size`, `shape`, `rank` and the `composed_get_*`
  functions read, but which is not a tensor's layout here (FlyDSL's `fly.decomposition` of
  such tensors is not built).
- `fx.get(t, i)` of a kernel tuple is its mode `i` as an `fx.Index`, as FlyDSL's (a scalar of
  the selected mode); of a host layout it stays CuTe's `get<i>`, the mode as a layout.
- `fx.utils.print_typst` draws what FlyDSL's draws (grids of indices or of threads and values,
  a page each, CuTe's palettes), made by the C library (`fly_layout_typst`, ...); its cell
  sizes and text panels are this library's own, and its private helpers (`_typst_grid_block`,
  ...) do not exist.
- gfx950's copy atoms (`fx.rocdl.cdna4`): `LDSReadTrans16_64b` / `8_64b` copied through a
  tiled copy give each thread the elements the transposing read delivers (the tiled copy's
  thread-value layout, so `make_tiled_copy_A/B` of one feeds an MFMA from a tile stored the
  other way round), read one element per call on every target; copied by the atom itself from
  one contiguous run of a lane's 64 bits of shared memory into registers, they are the
  instruction (`ds_read_b64_tr_b16` / `_b8` on gfx950, emulated by lane exchanges on cpu and
  cuda), as FlyDSL's sliding-window attention reads V. The 4- and 6-bit forms are refused
  (kernels here hold whole bytes per element). `BufferLoadAsyncLDS`
  (32 and 128 bits) is the synchronous buffer load into LDS, whose completion the compiler
  waits for, so `asyncmark` / `wait_asyncmark` emit nothing; the 96-bit form and
  `GlobalLoadAsyncLDS` (from a global pointer, not a buffer) are refused with a reason (LLVM 22
  has no asynchronous LDS DMA).
- `fx.rocdl.WMMA` dispatches on the arch compiled for, as FlyDSL's: on gfx12 (RDNA4) lane l
  holds row (or column) l % 16 and K 8 (l / 16) + 0..7, FlyDSL's numbering (AMD's matrix
  instruction calculator has k 4..7 and 8..11 swapped, in A and B alike: the same products);
  on gfx11 RDNA3's atom, sixteen K values a lane. RDNA3's 8-bit integer WMMA takes FlyDSL's
  `sign_a` / `sign_b` / `clamp` keywords (unsigned and wrapping by default, as FlyDSL's;
  `fly_tiled_mma_create_integer` underneath), compiled to the instruction's `neg_lo` and
  `clamp` bits and emulated on cpu; float atoms refuse them. Its 4-bit form takes a lane's
  sixteen values as a vector of `fx.Int4` bitcast from two packed `fx.Int32` words, as
  FlyDSL's test passes them: Int4 values live in registers only (vectors, scalars), and a
  tensor, parameter, shared array or copy atom of Int4 is a compile error naming that.
- `@fx.struct` of value fields (numbers, tensors, structs, `fx.Constexpr[T]`) is a frozen class
  as FlyDSL's: one value per field, `replace`, a class per set of Constexpr values
  (`Params[tile=32]`), and a kernel argument whose Constexpr values compile in and whose other
  fields are parameters. A struct of `fx.Array` fields stays a storage type for
  `SharedAllocator.allocate` (FlyDSL's one struct type is both). A union (`@fx.union`,
  `fx.Union[...]`) lays any storable fields (arrays, numbers, `fx.Align`, structs) over the
  same bytes and, as FlyDSL's, has no value form: constructing or peeking one is an error; a
  struct of values may hold one as a field (a view of its storage).
  `fx.Storage[T]` reads and writes a T through a pointer (numbers, structs of them,
  `fx.Align[T, n]`, anything with the Storable methods) and views a field at its byte offset;
  `fx.Arena` bumps Storages over a base pointer. `SharedAllocator` has FlyDSL's
  `is_static`, `allocated_bytes`, `base_ptr` (dynamic mode) and `allocate(T, alignment=)` of
  numbers, structs of values and raw bytes (a Storage each); it places a struct of values in
  one buffer where FlyDSL's static mode makes one allocation per leaf, and a kernel may make
  more than one. The protocol functions (`get_ir_types`, `extract_to_ir_values`,
  `construct_from_ir_values`, `c_abi_spec`) take structs of values as FlyDSL's; the IR they
  act on is this builder's (pointer reads are loads of a flat view, not `fly.ptr.load`).
- Numeric values outside a kernel are host values, also a `@flyc.jit` function's numeric
  arguments (above): their `.to()`, `.bitcast()`, `.select()`, operators and comparisons
  (a `Boolean`) follow FlyDSL's rules in Python. A rounding mode needs a value a kernel
  computes: `.to(dtype, rounding_mode=...)` of a host value raises ValueError, as FlyDSL's does
  for a compile-time value, and here for a jit function's runtime argument too (FlyDSL's
  traces that one into an `arith.truncf` of its host function). `.bitcast()` of a host fp8
  value is not offered (kernel values have it). `fx.Int128` and `fx.Uint128` are host values
  only (wrapped to their width, promoted by FlyDSL's rules); a kernel refuses them with
  NotImplementedError, as its integers are at most 64 bits wide. `fx.Int4` is both: a host
  value wrapped to 4 bits, and in kernels a register value (above).
- `fx.gpu.shuffle_idx(v, lane, width)` reads the wave's lane `lane` (an absolute lane id, as
  FlyDSL's and MLIR's `gpu.shuffle idx`) on every target, and where that lane lies outside the
  caller's segment of `width` lanes the caller keeps its own value; FlyDSL's on AMD also reads a
  lane of a segment below the caller's (its check is only against the segment's end).
- `fx.printf` takes FlyDSL's `{}` placeholders (integers in decimal, floats with two decimals,
  a kernel's int tuples and layouts as `(3,4):(4,1)` with their run-time leaves' values, Python
  values written into the text; FlyDSL's `fly.print`, which ends the line) and also C's
  `%` conversions when the format has no `{}`, printed as written (a `gpu.printf`); those are
  checked against the values when the kernel is built. `fx.printf(a, b)` without a format
  prints the values separated by spaces (FlyDSL's drops them and prints an empty line), a
  `%` of a `{}` format is text (FlyDSL's passes it on to printf as a conversion), and a true
  `Boolean` prints as 1 (FlyDSL's, sign-extended on the way, prints -1, which its notebook
  calls a quirk).
- A pointer argument (`flyc.from_c_void_p`) is a rank-1 tensor of unknown extent in the
  kernel: nothing checks its indexes, as nothing checks a raw pointer's in FlyDSL.
- `fx.Tensor(x)` wraps a tensor value of a kernel or, in a `@flyc.jit` function, a view of a
  tensor argument (`fx.make_view(fx.get_iter(B), layout)`, which the launch passes as the
  argument's memory under that layout; as in FlyDSL, nothing checks that the view stays inside
  the tensor); `fx.coop`'s default width is the wave of the arch the kernel is compiled for
  (the cpu target emulates gfx942: 64).
- A kernel call's `value_attrs` takes FlyDSL's occupancy hints (`rocdl.waves_per_eu`,
  `rocdl.flat_work_group_size`), which this compiler does not apply, and LLVM `passthrough`
  attributes that only permit faster float math (flushed denormals, `no-nans-fp-math`,
  `unsafe-fp-math`), which it does not apply either (the kernel then computes IEEE results,
  denormals kept); any other attribute (`rocdl.cluster_dims`: clusters are gfx1250's) is
  refused rather than dropped.
- `flydsl._mlir` is, in FlyDSL, MLIR's own Python bindings embedded in the package. Here it is
  a facade over the C API, which keeps MLIR behind it: `ir.Value` is a kernel value; the type
  objects (`ir.IntegerType.get_signless`, `ir.F32Type.get`, `ir.VectorType.get`, `ir.Type.parse`
  of element and vector types, `value.type`), `ir.Context` / `ir.Location` (contexts that
  change nothing but `Context.current`: the innermost entered, else None), constant attributes
  (`DenseElementsAttr.get_splat` for vectors), `extras.types`, and the
  dialect builders with a kernel op behind them (`arith` with `constant` / `ConstantOp`, every
  `math` op, `vector`, `gpu` indices and barriers) work. So do modules of functions:
  `ir.Module.create()`, `ir.InsertionPoint(module.body)`, `func.FuncOp(name,
  ir.FunctionType.get(args, results))`, `f.add_entry_block()`, `func.ReturnOp(values)`, `verify()` and
  `str(module)`: a function is a kernel of the module whose arguments are scalar parameters,
  and the text is the kernel builder's IR (a `gpu.func` in a `gpu.module`, before the
  compiler's passes). A vector argument is passed as its lanes (one scalar parameter each;
  the entry block rebuilds the vector, which has FlyDSL's `shape` and `numel`; an `i1` argument
  travels as a byte). A kernel returns nothing, so a function's scalar results are memory: one
  tensor parameter each after the arguments, whose element 0 `func.ReturnOp(values)` writes
  (every value checked first; an integer of another width converts as C's return converts it,
  since layout sizes are i64 here where FlyDSL's i32 could wrap; an `index` result is an i64;
  a function that ends without it is an error). `create_gpu_module(name)`,
  `get_gpu_module_body(m)` and `create_gpu_func(name, type, known_block_size=...)` of
  `flydsl.compiler.kernel_function` build the same kernels (every function is a `gpu.func` of
  the module's one `gpu.module`, named `kernels` whatever name is asked for), and
  `gpu.ReturnOp([])` ends one. `ir.Module.parse(text)` reads a module of MLIR text in the
  dialects kernels use (it takes no functions). `passmanager.PassManager.parse(pipeline)`
  checks a textual pipeline (`builtin.module(fly-canonicalize,fly-layout-lowering,cse)`) and
  `run(module.operation)` rewrites the module in place through the library, with the passes
  fly-opt has that compile kernels: the Fly dialect's (`convert-fly-to-rocdl` among them),
  every target's lowering stages, `canonicalize` and `cse`; a rewritten module prints but no
  longer compiles. What the module holds is read by printing it: the operations of a
  function's body (`entry_block.operations`, `op.owner.attributes`) are the builder's, behind
  the C API, and are not offered. Since a function is a kernel, `fx.printf` in one lowers to
  `gpu.printf`, where FlyDSL's host `func.func` gets `vector.print` (the Fly pass does give
  `vector.print` outside a `gpu.func`, in IR parsed from text). The raw pointer and
  buffer ops that FlyDSL's kernels build their buffer resources with exist too: `!llvm.ptr<N>`
  types, `fly.extract_aligned_pointer_as_index`, `llvm.GEPOp` (one index), `PtrToIntOp`,
  `IntToPtrOp`, `rocdl.MakeBufferRsrcOp` (stride 0; the flags word is the arch's),
  `RawPtrBufferLoadOp` / `RawPtrBufferStoreOp` / `RawPtrBufferAtomicFaddOp` (an f32 or a pair
  of f16 or bf16; the `aux` cache bits are not applied; also as `fx.rocdl.*`, with
  `fx.rocdl.get_buffer_rsrc` of a buffer tensor),
  integer `llvm.AddOp` / `SubOp` / `MulOp` (overflow flags accepted, the ops wrap),
  `llvm.LoadOp` / `StoreOp` through a pointer (vectors aligned to their size; with an
  `ordering` of unordered or monotonic, one i32, i64, f32 or f64 read by an atomic `or` of zero
  or written by an atomic exchange, so that a spin on a flag reads memory each time) and
  `llvm.AtomicRMWOp` (add, max, min, and, or, inc, dec, xchg; monotonic in the system scope,
  which covers any narrower `syncscope`; a stronger ordering is refused, not weakened; an fadd
  of a pair of f16 or bf16 is the packed buffer atomic add, whose old value is not offered); a
  pointer is its 64-bit address. `llvm.inline_asm` / `InlineAsmOp` are read, not passed on (the
  C API takes no assembly): lines of `s_waitcnt` with named counters, `s_barrier` and `s_nop`
  (dropped: the compiler inserts the delays hazards need), an empty text whose one output
  is tied to its one input (the input itself), and `global_store_dword[x2|x3|x4] $0, $1, off`
  of a value through a global pointer (with `sc0` / `sc1`, coherent for other blocks, each
  word is an atomic exchange); other assembly is refused, naming the line.
  `llvm.call_intrinsic` / `CallIntrinsicOp` take the AMD intrinsics that FlyDSL's kernels call
  by name and that `fx.rocdl` offers as builders (`llvm.amdgcn.rcp.f32`, `exp2.f32`, `perm`,
  `update.dpp.i32` with constant controls, `readlane.i32`, `readfirstlane.i32`,
  `cvt.sr.bf16.f32`), each built as that builder is, so the cpu computes it too; another name
  (`llvm.amdgcn.s.setreg`, `s.buffer.load.*`) is refused by name. `llvm.mlir_undef`,
  `mlir_poison` and `mlir_zero` give zeros of their type (one choice an undef may take).
  The `fly` dialect's layout builders (`fly.static(IntTupleType.get((4, 8)))`,
  `fly.make_int_tuple(type, values)`, `fly.make_layout(shape, stride=s)`, `fly.select(t,
  indices=[0])`, `fly.get`, `fly.take`, `fly.coalesce`, `fly.complement(l, codomain_size=c)`,
  `fly.composition`, the divides and products, ...) are the flydsl.expr operations of the same
  names under the dialect's keywords, and `fly.IntTupleType` / `LayoutType` the types below.
  `fly_rocdl.TargetAddressSpace.BufferDesc` is the address space of a buffer tensor's pointer
  (`fx.get_iter(fx.rocdl.make_buffer_tensor(t)).type`): `fx.PointerType.get(elem_ty=...,
  address_space=TargetAddressSpace.BufferDesc, alignment=...)` with `fx.recast_iter` reads a
  buffer tensor's memory as another type of the same width (FlyDSL's fp8 GEMMs read their int8
  arguments as fp8 so); a recast to another width, or from a buffer pointer to a plain one, is
  refused. `llvm.inline_asm` takes its operand list as `operands` or, as MLIR's generated
  builder names it, `operands_`. `fly.mma_atom_call_ssa([type], atom, a, b, c)` is one call of
  an MMA atom on a lane's values (vectors; bf16 and fp8 operands may come as integer lanes
  holding their bits), and `fly.copy_atom_call_ssa([type], atom, src)` reads the atom's bits
  from a tensor's first element on as a value of that type (the tensor's element type only
  places the start, as FlyDSL's one-element slices of `logical_divide(t, make_layout(1, 1))`
  use it; with `pred=` a conditional read, `dst=` the value where it is false), or with a value
  as `src` writes it into the tensor `dst=`. gfx950's transposing LDS reads
  `rocdl.ds_read_tr16_b64` / `ds_read_tr8_b64(type, ptr)` run the instruction on rocm for
  gfx950 (another arch is a compile error) and are emulated by shuffles on cpu and cuda;
  `rocdl.permlane32_swap(struct_type, old, src, fi, bound_ctrl)` gives the struct value that
  `llvm.extractvalue` takes apart (`ir.Type.parse("!llvm.struct<(i32, i32)>")`), built from xor
  shuffles by 32 on every target, rocm included (not the native v_permlane32_swap);
  `rocdl.raw_ptr_buffer_load_lds(rsrc, lds_ptr, size, voffset, soffset, offset, aux)` is the
  buffer load into LDS (size and offset constants, aux not applied). FlyDSL's
  `fx.rocdl.cvt_pk_bf16_f32` and `cvt_off_f32_i4` (inline assembly there) are computed from
  conversions here, alike on every target. `llvm.inline_asm` also reads FlyDSL's attention
  kernels' assembly: `v_cmp_<op>_<i32|u32>_e64` and `v_cndmask_b32_e64` lines (run lane by
  lane; a mask output is the wave's ballot), `s_cmp_eq_u32 $0, 0; s_cbranch_scc0 1f;
  s_barrier; 1:` (a barrier where the operand is 0), `ds_read_b64_tr_b16 $0, $1 offset:N` and
  empty anchors of several tied values (a struct value). `llvm.FPExtOp` / `FPTruncOp` /
  `bitcast` / `intr_expect` and `vector.BitCastOp` are the conversions; an op's
  `operation.attributes` (fast-math flags, alias scopes) and `ir.Attribute.parse` are accepted
  and not applied; `ir.Value(v)` is v. Every other name of `ir` and of the dialects
  (`llvm`, `rocdl`, `fly`, `fly_rocdl`, `scf`, `memref`, `builtin`) imports, so that modules naming them at the top load, and raises
  NotImplementedError saying it is not offered when used: operations and blocks built by hand
  need MLIR's own objects.
- Kernel values are instances of FlyDSL's numeric classes by their type (`isinstance(v,
  fx.Float32)` for an f32 scalar), but a value is not wrapped in an object of that class:
  `fx.Float32(v)` inside a kernel is the converted value itself. As in FlyDSL, the values that
  MLIR's own builders make (`flydsl._mlir`: a function's block arguments, `arith.constant`,
  `arith.*` and `math.*` of the dialects) are raw: no numeric class claims them until
  `fx.Float32(v)` types them, and `fx.math.*` / `fx.arith.*` of raw operands give raw results
  (of a typed operand, typed ones). Python operators on a raw value give typed values (FlyDSL's
  raw `ir.Value` has none).
- Values have FlyDSL's Fly types on the host as in kernels: `layout.type` is
  `!fly.layout<(4,8):(1,4)>` (a composed layout's `!fly.composed_layout<...>`),
  `fx.make_int_tuple(t).type` `!fly.int_tuple<...>` (`?` where a kernel leaf is dynamic, and
  on the host where a leaf comes from a `@flyc.jit` function's runtime parameter, as in
  FlyDSL's IR: `(?,3)`, `?E0`; `fx.get_leaves(t, dynamic_only=True)` gives those), with
  `rank`, `depth`, `is_leaf`, `is_static`, `is_leaf_basis`, `get_leaf_as_basis`, `at(i)` and a
  layout type's `shape` / `stride`. As FlyDSL's dialect does, `fx.take` and `fx.select` of one
  mode give that mode (`128:1`, where CuTe's `take<0,1>` keeps the rank-1 `(128):(1)`).
- `fx.complement(l, codomain_size=c)` of a layout that is not injective raises
  DivisibilityError, as CuTe's precondition says; FlyDSL's dialect returns some layout.
- Outside kernels, `fx.Int32(7)` and friends fold as FlyDSL's host values do (`-fx.Int32(7)`,
  `fx.Index(n) // 64 + 1`, integers wrapped to their width, `value.dtype` the class), and
  `arith.index_cast` and the other conversions of a host value give a host value.
- Integer `//` rounds toward negative infinity (`arith.floordivsi`, Python's and FlyDSL's
  rule) while `%` is `arith.remsi` (the sign of the dividend), as in FlyDSL; integer `/`
  divides as f32 (f64 above 32 bits). `fx.Index` operands divide signed here, where FlyDSL
  divides them unsigned (`divui`): an index may be negative here.
- `flydsl.compiler.ast_rewriter` offers what kernels call by hand, `ASTRewriter.transform`
  (as in FlyDSL it rewrites a function in place, a function with a closure excepted, which it
  returns rewritten anew, and puts the dispatch entry points `scf_if_dispatch`,
  `scf_for_dispatch`, ... among its module's names), `ReplaceIfWithDispatch.scf_if_dispatch`
  and `_collect_assigned_vars`; the rewriter's transformer classes are internal (one pass
  rewrites a kernel here), so a rewritten `if` does not call the module's `scf_if_dispatch`.
  A chained comparison (`0 <= x < n`) of kernel values evaluates each operand once, in order,
  and joins its links by `arith.andi`, as FlyDSL does (a Python-false link still ends it).
- On the `cpu` target, kernels whose threads run as fibers make every shared-memory access in
  turn across the block, as a wave's lanes do in one instruction: FlyDSL kernels that read a
  slot another wave overwrites right after, or exchange values through LDS within a wave
  without a barrier, give the GPU's answer. Kernels that become work-item loops run a region
  one thread after another; `FLYDSL_CPU_FIBERS=1` sends every kernel to fibers.
- `fastmath=` and `with fx.fastmath(...)` give float ops LLVM's fast-math flags, as in FlyDSL;
  the compile hints `fastmath` / `fast_fp_math` set a kernel's default and are part of its
  cache key.
- The compile hint `llvm_options` ({name: bool, int or str}) and the
  `flydsl.compiler.llvm_options` block give LLVM's command-line options to the kernels
  compiled under them: FlyDSL sets them in the process for the block's length, here the library
  sets them only while such a compile runs (no other compile meanwhile) and resets them to
  LLVM's defaults after, and they are part of the cache key. FlyDSL's
  `_mlirDialectsFly.set_llvm_option_*` (setting one for the whole process) is not offered.
- Unsigned integers (`fx.Uint8`..`fx.Uint64`) are kernel integers that remember their
  signedness: the library's integers are signless, and the binding picks the unsigned
  division, shifts, comparisons and conversions for them.
- The warp collectives dispatch by target as FlyDSL's do: for an AMD arch `fx.coop` takes
  `fx.coop.warp.rocdl`, which on gfx9 folds with DPP row moves and readlane (the library's
  fly_warp_reduce_dpp / fly_warp_scan_dpp), and `fx.coop.universal` keeps the shuffles. The cpu
  emulating an AMD arch takes the rocdl form too (FlyDSL has no cpu target to choose for),
  so that it runs the kernel that GPU would. The
  block collectives (`fx.coop.BlockReduce`, `fx.coop.BlockScan`) run the library's one
  implementation on every target, so `fx.coop.universal` has the same ones; their default
  policy comes from the `_default_algorithm_for(target)` hook of
  `flydsl.extension.coop.block._spec.BlockAlgorithmMeta`, and the algorithms FlyDSL names but
  has not implemented raise NotImplementedError here too.
- A launch's block specializes the kernel as in FlyDSL (its `gpu.func` carries
  `known_block_size`, one compile per block size), and `fx.known_block_size()` gives it;
  `kernel.compile(...)` (no launch) has no block in scope, so a kernel that asks then raises
  RuntimeError. A block size computed from a `@flyc.jit` function's `fx.Int32` parameter is
  a run-time value, as in FlyDSL, and does not specialize the kernel.
- A kernel value's `dtype` is its numeric class (`v.dtype is fx.Float32`), as in FlyDSL, and
  the aliases `fx.Float32x4` and friends are Vector types of fixed lanes. Arithmetic types
  its result as FlyDSL does, on scalars, vectors and host values alike: a Python int is an
  Int32 (Int64 past its range), a float a Float32; a float with an integer is the float
  widened to the integer's width (`bf16 + 1` and `bf16_vector + 1.0` are f32, `f32 + Int64`
  f64); two floats give the wider (`f16 + bf16`: f32); integers widen, the unsigned type
  winning at one width (`Int8(x) + 1` is an Int32). Only a predicate (i1) with a Python
  number keeps the predicate's type (`pred == 0`). `v.shuffle(w, mask)` is one
  `vector.shuffle` (a one-lane operand taken as a vector of one).
- `fx.make_rmem_tensor(layout, dtype)` keeps the layout, as FlyDSL's and CuTe's
  `make_tensor<T>(layout)`: registers for its cosize, a stride-0 mode repeating one register;
  of a shape, the layout is column-major. The kernel's IR holds FlyDSL's ops for it:
  `fly.memref.alloca` of a `fly.make_layout` (of a shape: `fly.make_ordered_layout`), typed
  `!fly.memref<f32, register, (2,3):(1,2)>`; the registers are aligned to their element, as
  FlyDSL's. `fx.make_fragment_like` is column-major over the
  shape here, where FlyDSL's (CuTe's make_fragment_like) orders the modes after the first by
  their strides; `fx.make_fragment_layout_like` computes CuTe's rule (`src/layout/fragment.h`)
  and gives CuTe's answer, a mode of one nested mode kept as a tuple (`((2,2),(4))`), where
  FlyDSL's op, as the dialect's `fly.make_fragment_layout_like` here, prints `((2,2),4)`.
- `fx.int_tuple_div` and `fx.int_tuple_mod` round toward negative infinity (Python's `//` and
  `%`, the rule the rest of the layout algebra here uses), where FlyDSL's divide toward zero (C's
  `/` and `%`); they agree on the non-negative values shapes, strides and coordinates hold. A
  leaf against a tuple is an error here, where FlyDSL's builder asserts.
- `fx.rocdl.mfma_*(result_type, [a, b, c])` (the MFMA intrinsics by name) are each one call
  of the MFMA atom of that shape over the lanes' registers, so the cpu target runs them; the
  broadcast controls (cbsz, abid, blgp) are taken as 0 only.
- `fx.copy` with a one-element source or destination and an atom of several values moves one
  atom call from that element on, as FlyDSL's copy does; the accesses must still be shown
  aligned to the atom's width by the tensors' layouts and alignment, where FlyDSL trusts the
  program (a dynamic offset into a buffer tensor with a 128-bit atom is refused here).
- `flyc.compile(launch, *args)` runs the launcher once, launching its kernels, as FlyDSL's
  does (FlyDSL's kernels rely on that first run), and returns None under `COMPILE_ONLY`.
- `fx.rocdl.BufferAtomicMin` of integers is AMD's unsigned min (`buffer_atomic_umin`, the one
  MLIR's ROCDL dialect has) and `BufferAtomicMax` the signed max (`smax`), as FlyDSL's; here
  each refuses an integer type of the other signedness (`BufferAtomicMin(fx.Int32)` raises,
  `BufferAtomicMin(fx.Uint32)` is the atom), where FlyDSL compares signed values unsigned. A
  float max needs gfx10 and later (gfx9 has no `buffer_atomic_fmax` of f32): a compile error
  for gfx942 / gfx950 here, a failed instruction selection there.

## FlyDSL's unit tests that do not pass here

`scripts/flydsl_compat.sh PATH --only tests/unit` runs FlyDSL's 57 unit-test files against
this package. Those that do not pass entirely, and why (each reason read from the file's
first failure):

- FlyDSL's internals, which this package does not have (its launch path, caches and rewriter
  are built otherwise): `test_ast_wrap_locations` (the rewriter's `FallbackLocations`),
  `test_callstate_dispatch` (`CallState`), `test_class_bound_jit_kernel` (resets
  `_call_state_cache`), `test_tensor_cache_signature` (1 test: the launch ABI's
  `__c_abi_spec__`), `test_extern_runtime_integration` (`jit_executor`), `test_link_utils`
  (`link_utils`), `test_print_typst` (the Typst module's private helpers),
  `test_if_dispatch_paths` (1 test: it replaces the module global `scf_if_dispatch` and expects
  the rewritten `if` to call it; the rewritten code here calls its own control-flow module).
- FlyDSL's own source or build tree: `test_compile_backends` imports `python/flydsl/compiler`
  of the FlyDSL checkout by path; `test_expr_optional_rocdl` (skipped) wants its `build-fly`.
- MLIR's native Python libraries (`flydsl._mlir._mlir_libs`, which the IR facade here does not
  have): `test_compile_hints` (9 of 15), `test_external_llvm_codegen`; and through the facade,
  `test_static_vs_dynamic` (2 of 4: they walk a function body's operations) and
  `test_rocir_print` (1 of 6: a `func.FuncOp` of the facade is a kernel, so `fly.print` lowers
  to `gpu.printf` where the test wants the host's `vector.print`).
- Host IR of `@flyc.jit` bodies: `test_layout_algebra` (3 of 31) reads the `source_ir` of host
  tuple arithmetic, which folds in Python here.
- AMD hardware or gfx1250: `test_kernel_known_block_size` (3 of 24 read
  `max_flat_workgroup_size` from a code object's metadata), `test_cluster_launch_gfx1250`,
  `test_gfx1250_atoms` (`fx.rocdl.cdna5`), `test_tdm_mcast_add_gfx1250` (TDM),
  `test_cluster_mcast_gemm_gfx1250` (skipped).
- A GPU under torch: `test_multi_stream_launch` (1 of 7 captures a CUDA graph).
- `test_device_runtime`: `flydsl.runtime.device_runtime` (FlyDSL's registry of one device
  runtime per process, HIP by default) is not offered: launches here take their device from
  the tensors and their target from the library.
- `test_launch_overhead` holds no test (a benchmark script).
"""


def source_of(checkout, module):
    base = checkout / "python" / Path(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path.read_text()
    return None


def public_names(text):
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            try:
                return sorted(set(ast.literal_eval(node.value)))
            except ValueError:
                break
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return sorted(n for n in names if not n.startswith("_"))


def ours(module):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    checkout = Path(sys.argv[1])
    sys.path.insert(0, str(REPO / "bindings" / "python"))
    fallbacks = [ours("flydsl.expr"), ours("flydsl.compiler")]
    sections, total, found, absent = [], 0, 0, []
    for module in MODULES:
        text = source_of(checkout, module)
        if text is None:
            continue
        here = ours(module)
        if here is None:
            absent.append(module)
        rows, hits = [], 0
        for name in public_names(text):
            if here is not None and hasattr(here, name):
                status = "same name"
            else:
                owner = next((m for m in fallbacks if m is not None and hasattr(m, name)), None)
                status = f"as `{owner.__name__}.{name}`" if owner is not None else "missing"
            hits += status != "missing"
            rows.append(f"| `{name}` | {status} |")
        total, found = total + len(rows), found + hits
        sections.append(
            f"## `{module}` ({hits} of {len(rows)} reachable)\n\n| name | here |\n"
            "| --- | --- |\n" + "\n".join(rows)
        )
    marker = checkout / ".commit"  # flydsl_compat.sh's export of a bare mirror
    commit = marker.read_text().strip() if marker.exists() else subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        check=False, capture_output=True, text=True,
    ).stdout.strip() or "(unknown)"  # fmt: skip
    print("# FlyDSL's public Python API, name by name\n")
    print(
        "The names FlyDSL's package exports (`__all__` of each public module of ROCm/FlyDSL's\n"
        "`python/flydsl`, or its public top-level definitions where a module has no `__all__`),\n"
        "and whether this package offers each name. This is the map for issue 32 (\"FlyDSL's\n"
        'own programs run here unchanged"). Regenerate it with\n'
        "`python3 scripts/flydsl_api_inventory.py PATH_TO_FLYDSL_CHECKOUT > docs/flydsl-api.md`.\n"
    )
    print(
        "How the status is read: the name is looked up in the module of the same path here\n"
        "(`flydsl.expr.arith` for FlyDSL's `flydsl.expr.arith`), and where that module lacks\n"
        'it, in `flydsl.expr` or `flydsl.compiler`. So "same name" and "as ..." say that a\n'
        "name exists, not yet that it behaves as FlyDSL's: FlyDSL's own tests and examples,\n"
        'run by `scripts/flydsl_compat.sh`, measure behaviour. "missing" means no object of\n'
        "that name is reachable.\n"
    )
    print(
        "The package is laid out as FlyDSL's: `flydsl.expr` (imported as `fx`) is a package of\n"
        "`numeric`, `typing`, `primitive`, `derived`, `gpu`, `arith`, `math`, `vector`,\n"
        "`buffer_ops`, `struct`, `rocdl` and `nvgpu`, each also star-exported into `fx`,\n"
        "`flydsl.compiler` (imported as `flyc`) one of `jit_argument`, `kernel_function`,\n"
        "`jit_function`, `backends`, `event` and `diagnostics` (compile errors that show the\n"
        "user's source), `flydsl.extension.coop` one of `warp` and `block` (packages, as\n"
        "there) and `universal`, and `flydsl._mlir` the IR facade described at the end. Below\n"
        "them sit the private modules that talk to the C library:\n"
        "`_lib` and `_kernel_api` (ctypes), `_host_layout` (the host algebra), `_trace`\n"
        "(kernel values), `_kernel_layout` and `_mma` (layouts, tensors and atoms in kernels),\n"
        "`_control` and `_ast_rewrite` (control flow), `_fast_launch` (the launch hot path).\n"
    )
    modules = ", ".join(f"`{m}`" for m in absent)
    print(
        f"Counted on {datetime.date.today()} against ROCm/FlyDSL at commit {commit}: {total} "
        f"public names, {found} reachable here by name, {total - found} missing. "
        + (
            f"Modules that do not exist here as modules: {modules}."
            if absent
            else "Every module " "exists here as a module."
        )
        + "\n"
    )
    print("\n\n".join(sections))
    print("\n\n## Where the behaviour differs\n")
    print(DIFFERENCES.strip())


if __name__ == "__main__":
    main()
