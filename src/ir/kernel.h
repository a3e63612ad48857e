//===- kernel.h - Building GPU kernels as MLIR, behind a plain C++ face -*- C++ -*-===//
//
// A Module holds kernels (gpu.func in one gpu.module). A Kernel is built op by op; each op
// returns a Value handle owned by the kernel. The builder keeps its first error (sticky): after
// it, ops return nullptr and do nothing, so kernel code reads straight and compile reports the
// error. No MLIR type appears in this header, so the C API layer stays free of MLIR.
//
//===----------------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_KERNEL_H
#define FLYDSL_IR_KERNEL_H

#include "ir/dtype.h"
#include "layout/layout.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fly::layout {
struct TiledMma;
}

namespace fly::ir {

/// The order of a gemm's atom calls (synchronous, unscaled atoms): FlyDSL's named order
/// (layout::GemmOrder; -1 is K blocks outermost, then N, then M) or a static traversal layout
/// (layout::gemmTraversal). For each (m, n) the K blocks add up in the order visited.
struct GemmTraversal {
  int order = -1;
  std::optional<layout::Layout> layout;
};

class Kernel;

/// A value inside a kernel: a scalar, a vector of scalars, a tensor (pointer with shape and
/// strides) or an AMD buffer resource over a tensor.
struct Value {
  uint64_t magic;
  Kernel *owner;
  uint32_t id;
};

constexpr uint64_t kValueMagic = 0x464c5956414c5545ull; // "FLYVALUE"

/// The widest alignment a shared-memory tensor may ask for: a swizzle of byte addresses needs
/// its tile aligned to every bit it reads, and the GEMM's M/N-major tiles swizzle 4 KiB spans.
constexpr uint64_t kMaxSharedAlign = 4096;
/// Dynamic shared memory starts after the static part at the next multiple of this, which the
/// 128-byte swizzle of wgmma's operands (1024-byte periods) needs. A kernel whose dynamic
/// tensors ask for more pads its static part to that alignment and declares the dynamic region
/// aligned so (the function attribute kDynamicSharedAlignAttr).
constexpr uint64_t kDynamicSharedAlign = 1024;
inline constexpr const char *kDynamicSharedAlignAttr = "fly.dynamic_shared_align";
/// A cuda compile refuses static shared memory aligned wider than this: NVIDIA's placement of
/// it is verified on hardware to 1 KiB only. So is the dynamic region's start after a static
/// part padded to 1 KiB; drivers ignore wider alignments asked of it, so a cuda kernel whose
/// dynamic region needs more rounds its start up at run time, within that many bytes more per
/// launch (compiler::dynamicSharedPad).
constexpr uint64_t kMaxSharedAlignCuda = kDynamicSharedAlign;

/// A static extent or stride in a TensorSpec; any other entry is known only at launch.
constexpr int64_t kDynamic = INT64_MIN;

/// What a tensor parameter's layout fixes at compile time: per mode a static extent and
/// stride or kDynamic (empty vectors: all dynamic), and the bytes that the pointer and every
/// dynamic stride (in bytes) are multiples of (0: the element size). The launcher checks them.
struct TensorSpec {
  std::vector<int64_t> shape, stride;
  int64_t alignBytes = 0;
};

/// One kernel parameter as the launcher sees it.
struct Param {
  enum class Kind { Tensor, Scalar, TmaDescriptor } kind = Kind::Scalar;
  DType dtype = DType::I32;
  int rank = 0; // tensors and TMA descriptors
  TensorSpec spec;
  // TMA descriptors, which the launcher builds from tensor parameter `tensor` (the caller
  // passes no argument for them): the box's extent per tensor mode and the swizzle in bytes
  // (0, 32, 64 or 128). They follow every other parameter.
  int tensor = -1;
  std::vector<int64_t> box;
  int swizzleBytes = 0;
};

/// What a kernel value is: the C API's fly_value_kind.
enum class ValueKind {
  Scalar,
  Tensor,
  Buffer,
  IntTuple,
  Layout,
  CopyAtom,
  TiledCopy,
  TiledMma,
  TmaDescriptor
};

/// Copy instructions a copy atom can stand for.
enum class CopyOp {
  Universal,
  BufferLoadStore,
  Lds,
  CpAsync,
  CpAsyncZfill,
  BufferToLds,
  Atomic,      // one element a call, combined into the destination (CopyAtomInfo's atomic op)
  BufferAtomic // one value a call (a pair of f16 or bf16 too) combined into a buffer tensor
};

// clang-format off
enum class BinaryOp {
  Add, Sub, Mul, Div, Rem, Min, Max, And, Or, Xor, Shl, Shr, DivU, RemU, ShrU, MinU, MaxU, Pow,
  Atan2, CopySign, MaxNum, MinNum, FloorDiv, CeilDiv, CeilDivU, PowU
};
enum class UnaryOp {
  Neg, Not, Abs, Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Tanh, Erf, Sin, Cos, Floor, Ceil,
  Expm1, Log10, Log1p, Cbrt, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Erfc,
  Round, RoundEven, Trunc, Ctlz, Cttz, Ctpop
};
// clang-format on
enum class FloatClass { IsNaN, IsInf, IsFinite, IsNormal };

/// AMD's scheduling and wait hints (fly_sched_barrier ... in flydsl.h).
enum class AmdHint { SchedBarrier, SchedGroupBarrier, WaitCount, Priority };
enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge, ULt, ULe, UGt, UGe };
enum class GpuIndex { ThreadIdx, BlockIdx, BlockDim, GridDim };
enum class ShuffleMode { Xor, Up, Down, Idx };
/// How a warp collective moves values between lanes: shuffles on every target, or gfx9's DPP
/// row moves (fly_warp_reduce_dpp in flydsl.h).
enum class WarpForm { Shuffles, Dpp };
enum class AtomicOp { Add, Max, Min, And, Or, Inc, Dec, Xchg }; // fly_atomic_op's numbering

class Module;

class Kernel {
public:
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const std::string &name() const;
  const std::vector<Param> &params() const;
  /// Bytes of static shared memory the kernel allocates.
  uint64_t staticSharedBytes() const;
  /// Bytes of dynamic shared memory its dynamicSharedAllocate tensors need: every launch gets
  /// at least this much.
  uint64_t dynamicArenaBytes() const;
  /// The alignment the start of its dynamic shared memory needs (kDynamicSharedAlign at least),
  /// or 0 where it uses none.
  uint64_t dynamicSharedAlign() const;
  bool finished() const;
  /// The first error, or empty.
  const std::string &error() const;
  /// Records an error found by a caller (a malformed argument); the first error sticks.
  void reject(const std::string &message);

  // Parameters come before the first operation.
  Value *tensorParam(DType dtype, int rank, const TensorSpec &spec = {});
  Value *scalarParam(DType dtype);
  /// A TMA descriptor (CUDA's tensor map) over tensor parameter `tensor`, for bulk copies of
  /// `box` (one extent per mode) into shared memory swizzled `swizzleBytes` (0, 32, 64, 128).
  /// One of the tensor's modes must have static stride 1. It follows the other parameters (and
  /// may come after the first operation).
  Value *tmaDescriptor(Value *tensor, const std::vector<int64_t> &box, int swizzleBytes);

  // Constants and arithmetic. Operands of a binary op have one type.
  Value *constInt(DType dtype, int64_t v);
  Value *constFloat(DType dtype, double v);
  Value *binary(BinaryOp op, Value *a, Value *b);
  Value *unary(UnaryOp op, Value *a);
  Value *fma(Value *a, Value *b, Value *c);
  /// A float or integer base raised to an integer exponent (math.fpowi / math.ipowi).
  Value *powi(Value *base, Value *exponent);
  /// min(max(x, lo), hi) for floats (math.clampf).
  Value *clamp(Value *x, Value *lo, Value *hi);
  /// Both results of one math.sincos.
  bool sincos(Value *x, Value *&sin, Value *&cos);
  /// An i1 per lane: what the float test says of x.
  Value *floatClass(FloatClass test, Value *x);
  /// The fast-math flags (MLIR's arith::FastMathFlags bits) that float ops made from now on
  /// carry; 0 for none. Returns false on bits outside them.
  bool setFastMath(unsigned flags);
  Value *compare(CmpOp op, Value *a, Value *b);
  Value *select(Value *cond, Value *a, Value *b);
  /// Integers are signed unless named unsigned: an unsigned operand zero-extends or converts
  /// from unsigned, a float converts to an unsigned integer when `to` is.
  Value *cast(Value *a, DType to, bool fromUnsigned = false, bool toUnsigned = false);
  /// A float-to-float conversion rounding by `mode` (MLIR's arith::RoundingMode: 0 to
  /// nearest even, 1 downward, 2 upward, 3 toward zero, 4 to nearest away) where it narrows;
  /// widening is exact and takes no mode.
  Value *castRounded(Value *a, DType to, int mode);
  /// Reinterprets the bits of a as dtype `to` of the same width.
  Value *bitcast(Value *a, DType to);
  DType dtypeOf(Value *v);
  bool isTensor(Value *v);
  /// Lanes of a vector; 1 for a scalar.
  int lanesOf(Value *v);

  // Vectors of 2..64 lanes. Arithmetic, math, compare, select and cast apply lane by lane to
  // operands with equal lanes; a store of a vector writes consecutive elements.
  Value *vectorFromElements(const std::vector<Value *> &elements);
  Value *vectorSplat(Value *element, int lanes);
  /// MLIR's vector.shuffle: lane i of the result is lane mask[i] of `a`'s lanes followed by
  /// `b`'s (one dtype).
  Value *vectorShuffle(Value *a, Value *b, const std::vector<int64_t> &mask);
  Value *vectorExtract(Value *vec, Value *index);
  Value *vectorInsert(Value *vec, Value *element, Value *index);
  /// Reinterprets the bits of `v` as lanes of `to` (4 x f16 -> 2 x i32, 2 x f16 -> i32, ...).
  Value *vectorBitcast(Value *v, DType to);
  /// `vec`'s lanes folded with `op` in lane order, after `init` when it is not null; a scalar
  /// is its own fold. Floats fold with add, mul, min, max, minnum, maxnum; integers with add,
  /// mul, min, max, minu, maxu, and, or, xor.
  Value *vectorReduce(BinaryOp op, Value *vec, Value *init);
  /// `lanes` consecutive elements from the coordinate on; the address must be aligned to the
  /// vector's size. A false predicate loads zeros.
  Value *vectorLoad(Value *t, const std::vector<Value *> &coord, int lanes, Value *pred);

  // AMD buffer memory access: a resource covers a tensor's elements; a load outside them gives
  // zeros and a store outside them is dropped (by the hardware on rocm, by checks elsewhere).
  // Offsets count elements of the tensor's dtype (i32).
  Value *bufferResource(Value *t, Value *numBytes = nullptr);
  Value *bufferLoad(Value *rsrc, Value *offset, int lanes);
  void bufferStore(Value *rsrc, Value *v, Value *offset);
  /// A resource over `numBytes` (i32 or i64) bytes of global memory from `address` (an i64),
  /// as rocdl.make.buffer.rsrc makes of a raw pointer; `stride` (i16) must be the constant 0
  /// (structured buffers are not offered). Its dtype is i8.
  Value *bufferResourceAt(Value *address, Value *stride, Value *numBytes);
  /// `lanes` elements of `dtype` at byte offset `offset + soffset` (i32 each) of a resource,
  /// and a store there: MLIR's rocdl.raw.ptr.buffer.load / store.
  Value *bufferLoadBytes(Value *rsrc, Value *offset, Value *soffset, DType dtype, int lanes);
  void bufferStoreBytes(Value *rsrc, Value *v, Value *offset, Value *soffset);
  /// `bytes` a lane from byte offset `offset + soffset + imm` of the resource into LDS: see
  /// fly_buffer_load_lds_bytes.
  void bufferLoadLdsBytes(Value *rsrc, Value *lds, int bytes, Value *offset, Value *soffset,
                          int imm);
  /// An atomic add of an f32, or of a pair of f16 or bf16, at byte offset `offset + soffset`:
  /// MLIR's rocdl.raw.ptr.buffer.atomic.fadd (no result).
  void bufferAtomicAddBytes(Value *rsrc, Value *v, Value *offset, Value *soffset);

  /// AMD's DPP lane move (rocdl.update.dpp) of a 32-bit scalar: see fly_dpp in flydsl.h.
  Value *dpp(Value *old, Value *src, int ctrl, int rowMask, int bankMask, bool boundCtrl);
  /// AMD's readfirstlane of a 32- or 64-bit scalar: see fly_readfirstlane.
  Value *readFirstLane(Value *v);
  /// AMD's readlane of a 32- or 64-bit scalar from lane `lane`: see fly_readlane.
  Value *readLane(Value *v, int lane);
  /// A wave's ballot of an i1 into an integer of `bits` (32 or 64): see fly_ballot.
  Value *ballot(Value *pred, int bits);
  /// gfx950's transposing LDS read from a shared tensor's first element: see
  /// fly_lds_read_transposed.
  Value *ldsReadTransposed(Value *tensor);
  /// One of AMD's scheduling and wait hints with its operands (unused ones 0).
  void amdHint(AmdHint hint, int a, int b, int c);

  /// printf from every thread that runs it; arguments are scalars.
  /// With `placeholders`, FlyDSL's form: each `{}` prints the next argument as its type
  /// prints (integers in decimal, floats with two decimals) and `%` is plain text.
  void print(const std::string &format, const std::vector<Value *> &args,
             bool placeholders = false);

  // GPU indices (i32) and collectives.
  Value *gpuIndex(GpuIndex which, int dim);
  Value *laneId();
  void barrier();
  Value *shuffle(ShuffleMode mode, Value *v, Value *offset, Value *width);
  /// Warp collectives over segments of `width` lanes (a power of two, at most the wave): every
  /// lane gets `op` (add, mul, min, max, minu, maxu, and, or, xor) folded over its segment's
  /// values. A scan returns the fold of the segment's lanes up to this one (inclusive), and
  /// from the same shuffles the fold of those before it (`exclusive`, op's identity in the
  /// first lane) and of the whole segment (`aggregate`), where those are not null. The Dpp
  /// form gives the same results on gfx9 (values DPP cannot move take the shuffles).
  Value *warpReduce(BinaryOp op, Value *v, int width, WarpForm form = WarpForm::Shuffles);
  Value *warpScan(BinaryOp op, Value *v, int width, Value **exclusive = nullptr,
                  Value **aggregate = nullptr, WarpForm form = WarpForm::Shuffles);

  // Tensors: extents and strides (i64), element loads and stores at a coordinate (one
  // integer per mode), optionally predicated (a false predicate loads 0, skips the store).
  Value *tensorDim(Value *t, int mode);
  Value *tensorStride(Value *t, int mode);
  Value *load(Value *t, const std::vector<Value *> &coord, Value *pred);
  void store(Value *t, Value *v, const std::vector<Value *> &coord, Value *pred);
  Value *atomic(AtomicOp op, Value *t, const std::vector<Value *> &coord, Value *v);
  /// A rank-1 tensor of `count` elements in the block's shared memory.
  Value *sharedTensor(DType dtype, int64_t count, int64_t align);
  /// A rank-1 tensor of `count` elements in the dynamic shared memory the launch provides
  /// (config.dynamic_smem bytes, 16-byte aligned, after the static part).
  Value *dynamicSharedTensor(DType dtype, Value *count);
  /// A rank-1 tensor of `count` elements at the next `align`ed offset (at most 16) of the
  /// dynamic shared memory, which launches then get at least enough of.
  Value *dynamicSharedAllocate(DType dtype, int64_t count, int64_t align);

  // Structured control flow. Between begin and end, ops go into the body.
  Value *forBegin(Value *lb, Value *ub, Value *step, const std::vector<Value *> &inits,
                  std::vector<Value *> &iterArgs);
  std::vector<Value *> forEnd(const std::vector<Value *> &yields);
  /// With `typesFromThen`, resultTypes is ignored: the results take the types
  /// (scalars or vectors) of what the then branch yields at ifElse.
  void ifBegin(Value *cond, const std::vector<DType> &resultTypes,
               bool typesFromThen = false);
  void ifElse(const std::vector<Value *> &thenYields);
  std::vector<Value *> ifEnd(const std::vector<Value *> &yields);
  /// A while loop carrying `inits`: `before` gets the carried values where the condition is
  /// built; whileDo takes the condition and gives the body its own handles to them; whileEnd
  /// yields the next values and returns the final ones.
  void whileBegin(const std::vector<Value *> &inits, std::vector<Value *> &before);
  void whileDo(Value *cond, std::vector<Value *> &bodyArgs);
  std::vector<Value *> whileEnd(const std::vector<Value *> &yields);

  // Layouts inside kernels (kernel_layout.cpp). Tuples and layouts are values whose leaves
  // are host integers or i32/i64 kernel integers; tensors are a pointer plus a layout. The
  // algebra is src/layout's: static leaves fold while the kernel is built.
  ValueKind kindOf(Value *v);
  /// The integer a scalar is where it is a constant (folded while the kernel is built);
  /// nothing for any other value (an error too where the handle is not a live one).
  std::optional<int64_t> scalarConstant(Value *v);
  /// The address space of a tensor's memory: 1 global (buffer tensors too), 3 shared, 5
  /// registers; -1 (with the error set) for a value that is not a tensor.
  int addressSpaceOf(Value *tensor);
  /// A tuple from CuTe text whose `?` leaves take `dynamic` (integer scalars) in order.
  Value *intTuple(const std::string &text, const std::vector<Value *> &dynamic);
  /// A layout `shape:stride` from text with `?` leaves, as intTuple.
  Value *layoutValue(const std::string &text, const std::vector<Value *> &dynamic);
  /// The value as CuTe text, dynamic leaves as `?`; nullopt for a bad handle (the error is
  /// the kernel's).
  std::optional<std::string> text(Value *v);
  /// What defines a scalar or vector value (MLIR's Value.owner): an identity shared by the
  /// values of one operation for the kernel's life, and the operation's name; a block
  /// argument's owner is its block (an empty name). nullopt for anything else (the error is
  /// the kernel's).
  std::optional<std::pair<uint64_t, std::string>> owner(Value *v);
  /// A leaf of a tuple (by flat index) as an i32/i64 scalar (a constant when static).
  Value *tupleLeaf(Value *tuple, int index);
  /// Tuple arithmetic on tuples or integer scalars (the host fly_tuple_op numbering), built as
  /// FlyDSL's Fly op where it has one (fly.int_tuple_add, fly.shape_div, ...).
  Value *tupleBinary(int op, Value *a, Value *b);
  /// product_each, flatten, product of a tuple (the host fly_tuple_unary_op numbering).
  Value *tupleUnary(int op, Value *a);
  /// The coordinate FlyDSL gives an index (a tuple or integer scalar) of a layout (the host
  /// fly_layout_coord_op numbering), built as fly.idx2crd, fly.get_flat_coord or
  /// fly.get_1d_coord.
  Value *layoutCoord(int op, Value *layout, Value *index);
  /// FlyDSL's fly.equal: an i1, whether a and b have the same structure and leaves.
  Value *tupleEqual(Value *a, Value *b);
  /// The layout of a tensor.
  Value *tensorLayout(Value *t);
  /// One-operand algebra on a layout or a tensor (a tensor keeps its pointer): coalesce,
  /// filter, filter_zeros, complement, right_inverse, left_inverse, flatten (the host
  /// fly_layout_unary_op numbering).
  Value *layoutUnary(int op, Value *l);
  /// size, cosize, rank, depth of a layout or tensor, as a tuple value.
  Value *layoutQuery(int which, Value *l);
  /// Two layouts: composition, blocked/raked product, append, prepend, max_common_layout.
  Value *layoutBinary(int op, Value *a, Value *b);
  /// A layout or tensor with a static tiler (host text): compositions, divides, products.
  Value *tilerOp(int op, Value *l, const std::string &tiler);
  /// slice(crd, l) of a layout, or of a tensor (its pointer moves to the sliced offset).
  Value *slice(Value *l, Value *coord);
  Value *dice(Value *l, Value *coord);
  /// Thread `idx`'s elements of `t` when threads are laid out by `thr` over tiles of its
  /// shape (CuTe's local_partition).
  Value *localPartition(Value *t, Value *thr, Value *idx);
  /// The offset of a coordinate in a layout (crd2idx), an integer scalar.
  Value *crd2idx(Value *l, Value *coord);
  /// The tensor with an AMD buffer resource over all of it, or over its first `numBytes` bytes
  /// (an integer scalar) when given: buffer copy atoms read and write it with hardware bounds
  /// checks (rocm) or the same checks in code (cpu, cuda).
  Value *makeBufferTensor(Value *t, Value *numBytes = nullptr);
  /// A tensor over `ptrOrTensor`'s memory with a new layout; over an integer iterator (a
  /// tuple of one integer, or a scalar) a counting tensor whose element c is start + layout(c).
  Value *makeTensor(Value *ptrOrTensor, Value *layout);
  /// The tensor's memory as elements of `to` (a reinterpret_cast of its first element's
  /// address): the layout recast from the old element's bits to the new one's.
  Value *recastTensor(Value *t, DType to);
  /// The address of a global or shared tensor's first element, an i64 (FlyDSL's ptrtoint).
  Value *tensorAddress(Value *t);
  /// A rank-1 tensor of `dtype` elements from an integer address in global (1) or shared (3)
  /// memory (FlyDSL's inttoptr): as a pointer argument, of unchecked extent.
  Value *tensorAtAddress(Value *address, DType dtype, unsigned addrSpace);
  /// The tensor with its offsets swizzled (CuTe's Swizzle<bits,base,shift> o offset o layout).
  Value *swizzleTensor(Value *t, int bits, int base, int shift, int64_t offset);
  /// CuTe's Swizzle<bits,base,shift> of an integer offset, in the offset's type.
  Value *swizzleOffset(Value *offset, int bits, int base, int shift);
  /// A coordinate tensor: element c is the coordinate c of `shape` (for predication).
  Value *identityTensor(Value *shape);
  /// A tensor in registers with a static layout (compacted, as CuTe's make_fragment_like).
  Value *fragment(Value *layoutOrTensor, DType dtype);
  /// A tensor in registers laid out as `layout` itself (static; registers for its cosize, so a
  /// stride-0 mode repeats one register): FlyDSL's make_rmem_tensor, CuTe's make_tensor<T>.
  Value *rmemTensor(Value *layout, DType dtype);
  /// The element at a coordinate tuple (an integer for a 1-D index); an identity tensor gives
  /// the coordinate tuple. A false predicate loads 0.
  Value *loadAt(Value *t, Value *coord, Value *pred);
  void storeAt(Value *t, Value *v, Value *coord, Value *pred);
  /// All elements of a register tensor as one vector, and back; fill sets every element.
  Value *fragmentLoad(Value *t);
  void fragmentStore(Value *t, Value *vec);
  void fragmentFill(Value *t, Value *v);
  /// elem_less(a, b) of two tuples: every leaf of a below b's, as i1.
  Value *elemLess(Value *a, Value *b);
  /// A copy atom moving `bits` per call (a multiple of the dtype's width).
  Value *copyAtom(CopyOp op, int bits, DType dtype);
  /// FlyDSL's UniversalAtomic: one element a call, combined by `op` at sync scope `scope`.
  Value *atomicCopyAtom(AtomicOp op, DType dtype, const std::string &scope);
  /// FlyDSL's BufferAtomic: `lanes` (1, or 2 for an f16 or bf16 pair) elements a call,
  /// combined by `op` into a buffer tensor.
  Value *bufferAtomicCopyAtom(AtomicOp op, DType dtype, int lanes);
  /// A tiled copy: the atom, a thread-value layout (thr, val) -> tile coordinate, the tile.
  Value *tiledCopy(Value *atom, Value *layoutTV, const std::string &tile);
  /// CuTe's make_tiled_copy_A / _B / _C: a tiled copy of `atom` whose threads and values are
  /// those of operand `operand` (0 A, 1 B, 2 C) of tiled MMA `tiledMma`, over its (M,K), (N,K)
  /// or (M,N) tile; its retile_D of an MMA fragment is where partition_S's values land.
  Value *tiledCopyForMma(Value *atom, Value *tiledMma, int operand);
  /// This thread's part of `t` for the copy's source (src) or destination.
  Value *partition(Value *tiled, Value *thrIdx, Value *t, bool src);
  /// CuTe's retile: register fragment `x` seen as tiled copy `tiled`'s (atom values, rest
  /// values), rest... (layout::retile).
  Value *retile(Value *tiled, Value *x);
  /// copy(atom, src, dst): one atom call per element of the rest modes; `pred`, a register
  /// tensor of i1 with one element per call (or per element), skips calls.
  void copy(Value *atomOrTiled, Value *src, Value *dst, Value *pred);
  /// A tiled MMA made on the host (layout::TiledMma), as a kernel value.
  Value *tiledMma(const layout::TiledMma &tiled);
  /// Thread thrIdx's part of operand `operand` (0 A, 1 B, 2 C, 3 and 4 a scaled atom's scales
  /// of A and B) of tensor `t`:
  /// (values, rest, rest, ...), CuTe's ThrMMA::partition_A/B/C.
  Value *mmaPartition(Value *tiled, int operand, Value *thrIdx, Value *t);
  /// d = a * b + c over register fragments partitioned by `tiled` (CuTe's gemm): one atom call
  /// per (m, n, k) of the rest modes.
  /// With `wait` false (wgmma atoms only) the warpgroup commits the atoms and goes on; d holds
  /// their results once wgmmaWait(n, d) has let at most n younger groups stay in flight.
  /// A scaled atom takes the register fragments of its scales' partitions (operands 3 and 4)
  /// as scaleA and scaleB; other atoms take none.
  void gemm(Value *tiled, Value *d, Value *a, Value *b, Value *c, bool wait = true,
            Value *scaleA = nullptr, Value *scaleB = nullptr, const GemmTraversal &traversal = {});
  /// One call of `tiled`'s atom on this lane's values (FlyDSL's mma_atom_call_ssa): d = a * b
  /// + c, with a and b vectors of the atom's A and B values (its input type; either fp8 type
  /// for an fp8 atom) and c of its accumulators; d is shaped as c. Synchronous, unscaled atoms.
  Value *mmaAtomCall(Value *tiled, Value *a, Value *b, Value *c);
  /// Waits until at most `pending` committed groups of this warpgroup's wgmma atoms are in
  /// flight; `accumulators` (a register fragment, or null) may then be read.
  void wgmmaWait(int pending, Value *accumulators);
  /// Thread thr's fragment of operand A or B loaded from a shared-memory tensor (ldmatrix where
  /// the atom and layout allow it).
  void mmaLoad(Value *tiled, int operand, Value *thr, Value *shared, Value *fragment);

  /// Waits for this thread's cp.async copies (commit the group, wait for all groups): NVIDIA's
  /// asynchronous global-to-shared copies; elsewhere they are synchronous and this is nothing.
  void cpAsyncWait();
  void cpAsyncCommit();
  void cpAsyncWaitGroup(int pending);
  /// Orders this thread's shared-memory writes before the async proxy's reads (wgmma, bulk
  /// copies): fence.proxy.async.shared::cta on cuda, nothing elsewhere.
  void fenceProxyAsync();
  /// The block every launch of this kernel uses (x, y, z threads): cuda sizes the registers
  /// for it (.maxntid), which setMaxRegisters needs.
  void setBlockSize(int64_t x, int64_t y, int64_t z);
  /// setmaxnreg: the executing warpgroup's per-thread register limit raised (increase) or
  /// lowered to `count` (24..256, a multiple of 8); every thread of the warpgroup executes it.
  /// cuda sm_90 after setBlockSize; nothing on other targets.
  void setMaxRegisters(int64_t count, bool increase);
  /// mbarriers: element `index` of `bars`, a shared tensor of i64. Init sets its expected
  /// arrivals (called by one thread, followed by a barrier of the block).
  void mbarrierInit(Value *bars, Value *index, int64_t arrivals);
  /// This thread's arrival, expecting `txBytes` more bytes of bulk copies in the phase.
  void mbarrierArrive(Value *bars, Value *index, int64_t txBytes);
  /// Waits until the phase of parity `parity` (an integer, 0 or 1) has completed.
  void mbarrierWait(Value *bars, Value *index, Value *parity);
  /// Starts the bulk tensor copy (TMA) of the box at element coordinates `coord` (a tuple,
  /// one integer per mode) of `desc`'s tensor into the shared tensor `dst`, whose layout must
  /// place the box where the copy puts it; its bytes complete on mbarrier bars[index].
  void tmaLoad(Value *desc, Value *dst, Value *coord, Value *bars, Value *index);
  /// Starts the bulk tensor copy of the shared tensor `src` (laid out as tmaLoad's
  /// destination) to the box at `coord` of `desc`'s tensor; elements outside the tensor are
  /// not written. The threads that wrote `src` must have fenced the async proxy
  /// (fenceProxyAsync) and met the issuing thread at a barrier.
  void tmaStore(Value *desc, Value *src, Value *coord);
  /// Waits until at most `pending` of this thread's bulk stores still read their shared
  /// sources (which may then be written again).
  void tmaStoreWait(int64_t pending);
  /// bar.sync on barrier `id` (1..15) of `threads` threads (whole warps): those threads meet
  /// without the rest of the block (NVIDIA targets, and cpu emulating one).
  void namedBarrier(int64_t id, int64_t threads);
  /// Programmatic dependent launch (NVIDIA sm_90+): waits until the grids this launch depends
  /// on have completed and their memory is visible. A kernel that calls it is launched so that
  /// it may start while the previous kernel of its stream still runs; everything before the
  /// wait must not touch memory that kernel writes.
  void gridDependencyWait();
  /// Lets the next kernel of the stream that waits on this grid be scheduled once every block
  /// of this grid has called it (or exited); its wait still sees all of this grid's memory.
  void launchDependents();
  /// Whether the kernel calls gridDependencyWait (it is then launched to overlap its stream's
  /// previous kernel).
  bool waitsOnGridDependency() const;
  /// gather: call c of `atom` moves its values from base + offsets[c] (elements) into the
  /// c-th group of the register tensor `frag`; scatter the other way. `offsets` and `pred`
  /// are register tensors with one element per call; the offsets are trusted to keep the
  /// accesses aligned, as CuTe does.
  void gatherScatter(Value *atom, Value *base, Value *offsets, Value *frag, Value *pred,
                     bool scatter);

  /// Ends the kernel; an open loop or branch is an error.
  void finish();

  /// Internal: the MLIR side (kernel_builder.cpp).
  struct Impl;
  Impl &impl() { return *impl_; }

private:
  friend class Module;
  explicit Kernel(std::unique_ptr<Impl> impl);
  Value *sharedArenaTensor(bool dynamic, DType dtype, int64_t count, int64_t align);
  std::unique_ptr<Impl> impl_;
};

class Module {
public:
  Module();
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  /// A new kernel; nullptr with `error` set when the name is empty or taken.
  Kernel *addKernel(const std::string &name, std::string &error);
  Kernel *findKernel(const std::string &name);
  const std::vector<std::unique_ptr<Kernel>> &kernels() const;
  /// A module of MLIR text (the dialects kernels use), for printing and pass pipelines: it
  /// takes no kernels. Nothing with `error` set where the text does not parse.
  static std::unique_ptr<Module> parse(const std::string &text, std::string &error);
  /// Empty while the module's IR is what its kernels built (the only IR that compiles), else
  /// what made it otherwise ("parsed from text", "rewritten by a pass pipeline").
  const std::string &foreignIr() const;
  void setForeignIr(const std::string &why);
  /// The MLIR text of the whole module.
  std::string str();
  /// A stable hash of the module's text, for cache keys.
  uint64_t hash();

  struct Impl;
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace fly::ir

#endif // FLYDSL_IR_KERNEL_H
