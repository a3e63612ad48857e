//===- fly_dialect.h - The Fly dialect: CuTe layouts in MLIR ----*- C++ -*-===//
//
// Declarations generated from FlyDialect.td, and the dialect's passes.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_FLY_FLY_DIALECT_H
#define FLYDSL_IR_FLY_FLY_DIALECT_H

#include "layout/composed_function.h"
#include "layout/layout.h"
#include "layout/mma.h"
#include "layout/ops.h"
#include "layout/swizzle.h"

#include <variant>

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "FlyDialect.h.inc"
#include "FlyEnums.h.inc"

#include "FlyAttrInterfaces.h.inc"
#include "FlyTypeInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "FlyAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyTypes.h.inc"

#define GET_OP_CLASSES
#include "FlyOps.h.inc"

namespace fly::ir::fly {

/// The address spaces of pointers and tensors, numbered as AMDGPU and NVVM number them.
/// BufferDesc is FlyROCDL's `#fly_rocdl.buffer_desc`: an AMD buffer resource (an LLVM pointer
/// in address space 8) and an element offset into it, accessed by the buffer instructions.
enum AddressSpace : unsigned { Global = 1, Shared = 3, Register = 5, BufferDesc = 8 };

/// What a buffer-descriptor pointer lowers to: the resource and an i32 element offset.
::mlir::LLVM::LLVMStructType bufferPointerType(::mlir::MLIRContext *ctx);

/// The LLVM atomicrmw operation of atomic operation `op` (FlyDSL's AtomicOp numbering: add, max,
/// min, and, or, inc, dec) on integers or floats; nothing where floats have none.
std::optional<::mlir::LLVM::AtomicBinOp> atomicBinOp(int op, bool isFloat);
/// Atomic operation `op`'s name as the assembly spells it (`add`); "" for no such number.
llvm::StringRef atomicOpName(int op);
/// The number of the atomic operation named `name`; -1 for none.
int atomicOpNumber(llvm::StringRef name);
/// Whether `scope` is an LLVM sync scope an atomic takes here: AMDGPU's, or "" (the system).
bool isAtomicSyncScope(llvm::StringRef scope);

/// A number a leaf of a layout type is a multiple of: a static leaf's absolute value (0 for
/// 0), a `?{div=d}` leaf's d, 1 for `?`.
int64_t divisorOf(const ::fly::layout::Int &x);
/// The width of a leaf of a type: 32 for `?`, 64 for FlyDSL's `?{i64}`, 0 for a static leaf.
int leafBits(const ::fly::layout::Int &x);
/// The integer type of each dynamic leaf of `t`, in order (i32, or i64 for `?{i64}`).
llvm::SmallVector<mlir::Type> dynamicLeafTypes(IntTupleType t);

/// The integer an arith or llvm constant holds. Not mlir::m_ConstantInt: its trait check,
/// compiled here by GCC, misses the ops of a Clang-built libMLIR (their TypeIDs come from type
/// names, which the compilers spell apart).
std::optional<llvm::APInt> constantInt(mlir::Value v);

/// The offset `l` gives a coordinate of constant leaves (one per leaf of its shape); nothing
/// where a leaf is not a constant.
std::optional<::fly::layout::Int> constantOffset(const ::fly::layout::Layout &l,
                                                 mlir::ValueRange coord);

/// The int tuple a value holds where it is known here: a static type, or fly.make_int_tuple
/// (make_shape, make_stride, make_coord) of constants.
std::optional<::fly::layout::IntTuple> constantTuple(mlir::Value tuple);
/// The leaf of `t` seen through tuples of one mode (the leaf of `((42))` is 42); null where `t`
/// holds more or fewer than one leaf.
const ::fly::layout::Int *soleLeaf(const ::fly::layout::IntTuple &t);

/// constantTuple where it is one static integer.
std::optional<int64_t> constantScalar(mlir::Value tuple);

/// The size in bytes of a tensor element type (an integer or float of 8..64 bits, or i1), 1 for
/// a sub-byte one (its least alignment); 0 for anything else.
int64_t elementBytes(mlir::Type t);

/// The state fields of a copy or MMA atom's instruction (none for a stateless one), the index
/// of field `field` among them (-1: no such field), and the struct they lower to (null: none).
llvm::SmallVector<mlir::Type> atomStateTypes(mlir::Type atom);
int atomStateFieldIndex(mlir::Type atom, llvm::StringRef field);
mlir::LLVM::LLVMStructType atomStateType(mlir::Type atom);

/// An element narrower than a byte (i4, f4E2M1FN, the fp6 types): packed, it has no address of its
/// own, so its tensors are register fragments read and written whole.
bool isSubByteElement(mlir::Type t);

/// FlyDSL's bare MMA operand of fly.mma.make_fragment (`a`, `b`, `c` or `d`), as 0 to 3.
mlir::ParseResult parseMmaOperand(mlir::OpAsmParser &parser, mlir::IntegerAttr &operand);
void printMmaOperand(mlir::OpAsmPrinter &printer, mlir::Operation *op, mlir::IntegerAttr operand);
/// The register layout fly.mma.make_fragment gives: make_fragment_like of thread 0's partition
/// of x for operand 0..3 (a, b, c, d), with a last mode of `stages` copies where given.
::fly::layout::Layout mmaFragmentLayout(TiledMmaType tiled, int operand,
                                        const ::fly::layout::Layout &x,
                                        std::optional<int64_t> stages);

/// A thread's part of coordinate tensor `t`: its base moved by `offset` (the coordinate the
/// thread starts at), viewed through the partition's layout `part`.
CoordTensorType partitionedCoordinates(CoordTensorType t, const ::fly::layout::IntTuple &offset,
                                       const ::fly::layout::Layout &part);

/// A coordinate tensor's base moved by `offset` (a layout's value: an integer, a basis-scaled one
/// or a tuple), on type leaves or on the lowering's SSA leaves. A static 0 offset (all strides 0)
/// leaves the base as it is, as CuTe adds C<0> to a tuple.
::fly::layout::IntTuple movedBase(const ::fly::layout::IntTuple &base,
                                  const ::fly::layout::IntTuple &offset);

/// Element `crd` of a coordinate tensor of `base` and `layout`: movedBase(base, crd2idx(crd,
/// layout)).
::fly::layout::IntTuple coordinateAt(const ::fly::layout::IntTuple &base,
                                     const ::fly::layout::Layout &layout,
                                     const ::fly::layout::IntTuple &crd);

/// FlyDSL's slice and dice: CuTe's result with a tuple of one mode unwrapped, again and again
/// (`((8,24))` is `(8,24)`, `(8)` is `8`); CuTe keeps the outer tuple. Shape and stride, and an
/// int tuple, alike.
::fly::layout::IntTuple unwrapOneMode(const ::fly::layout::IntTuple &t);
::fly::layout::Layout unwrapOneMode(const ::fly::layout::Layout &l);
/// fly.slice of a layout, a tensor's or a coordinate tensor's: the sliced layout (unwrapped as
/// FlyDSL's) and the offset of the slice's origin.
std::pair<::fly::layout::Layout, ::fly::layout::IntTuple>
unwrappedSliceAndOffset(const ::fly::layout::IntTuple &crd, const ::fly::layout::Layout &l);

/// An element as registers hold it in SSA form: a float of 8 bits or fewer as an integer of its
/// width (what the matrix cores take; LLVM's vector ops are not defined on such floats
/// everywhere), any other element as itself.
mlir::Type bitsOf(mlir::Type element);

/// src/layout's name for an MMA's A/B element type: f32, f16, bf16, fp8 (any 8-bit float), i8;
/// nothing for another type.
std::optional<std::string> mmaAbTypeName(mlir::Type t);
/// `<MxNxK, (A, B) -> C` of every target's MMA instruction type (the caller parses what follows,
/// the closing `>` included), and its printing.
mlir::ParseResult parseMmaShapeAndTypes(mlir::AsmParser &parser, int64_t &m, int64_t &n, int64_t &k,
                                        mlir::Type &a, mlir::Type &b, mlir::Type &c);
void printMmaShapeAndTypes(mlir::AsmPrinter &printer, int64_t m, int64_t n, int64_t k, mlir::Type a,
                           mlir::Type b, mlir::Type c);

/// Builds `body` under scf.if `pred` (with an else giving `otherwise`, and the body's value as the
/// result, where `otherwise` is given), or directly where `pred` is null; gives the body's value
/// (or the if's).
mlir::Value buildPredicated(mlir::OpBuilder &b, mlir::Location loc, mlir::Value pred,
                            mlir::Value otherwise,
                            llvm::function_ref<mlir::Value(mlir::OpBuilder &)> body);

/// `n` values of `element` as one access takes or gives them: a scalar for one, else a vector.
mlir::Type accessType(mlir::Type element, int64_t n);

/// The pointer of a tensor value: the one a fly.make_view (without a swizzle) was made of, else a
/// new fly.get_iter of it. Atom calls read and write their tensors through it.
mlir::Value tensorPointer(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tensor);

/// The alignment in bytes that tensor `t` guarantees at element offset `offset` (the offset
/// its layout gives, before any swizzle): the element's size where the offset is not static.
int64_t alignmentAt(FlyMemRefType t, const ::fly::layout::Int &offset);

/// The atom calls of a copy of tensor `t` by `atom`: each call's first element, as flat
/// coordinate leaves of the layout's shape, and its offset. Throws a LayoutError where the
/// tensor's size is not static, not a whole number of calls, or a call's values are not
/// consecutive in memory.
struct AtomCalls {
  std::vector<std::vector<int64_t>> coords;
  std::vector<::fly::layout::Int> offsets;
  /// Where a call's values lie from its first: `values:1`, or in registers any layout of them
  /// (a call gathers and scatters register values one by one, as FlyDSL's calls do).
  ::fly::layout::Layout values = ::fly::layout::makeLayout(::fly::layout::IntTuple(1));
};
AtomCalls planAtomCalls(FlyMemRefType t, CopyAtomType atom);

/// FlyDSL's expansion of a fly.copy: one fly.copy_atom_call per call of its atom, between
/// views of the call's values on both sides (and of its predicate); the copy goes.
/// fly-layout-lowering and fly-atom-lowering both begin with it.
void expandCopy(CopyOp copy);

/// FlyDSL's expansion of a fly.gemm of several atom calls: one fly.mma_atom_call per (m, n, k)
/// in its traversal order; a gemm of one call is left as it is.
void expandGemm(GemmOp gemm);

/// The layout an algebra op of the dialect computes from its operand layouts (the op's
/// name picks the function of src/layout): result types and lowering both use it.
::fly::layout::Layout computeLayout(llvm::StringRef opName,
                                    const std::vector<::fly::layout::Layout> &operands,
                                    const std::optional<::fly::layout::IntTuple> &extra = {},
                                    const std::optional<::fly::layout::Tiler> &tile = {});
/// The int tuple an int-tuple op of the dialect (fly.int_tuple_add, fly.shape_div, ...)
/// computes from its operands: result types and lowering both use it.
::fly::layout::IntTuple computeIntTuple(llvm::StringRef opName,
                                        const std::vector<::fly::layout::IntTuple> &operands);
/// The coordinate fly.idx2crd, fly.get_flat_coord or fly.get_1d_coord computes for an index:
/// result types and lowering both use it.
::fly::layout::IntTuple computeCoord(llvm::StringRef opName, const ::fly::layout::IntTuple &index,
                                     const ::fly::layout::Layout &layout);
/// Whether an op name is one of the dialect's int-tuple arithmetic ops.
bool isIntTupleOp(llvm::StringRef opName);
/// The dialect's op for a tuple operation (fly.int_tuple_add, fly.shape_div, ...), where FlyDSL
/// has one; empty for the CuTe helpers it lacks.
llvm::StringRef tupleOpName(::fly::layout::TupleOp op);
llvm::StringRef tupleOpName(::fly::layout::TupleUnaryOp op);
/// Whether an op name is one of the dialect's layout-algebra ops.
bool isAlgebraOp(llvm::StringRef opName);
/// An int tuple or a layout, as the structure ops take and give them.
using Structure = std::variant<::fly::layout::IntTuple, ::fly::layout::Layout>;
/// What fly.slice, dice, get, take, select, recast_layout or tile_to_shape computes from its
/// operands and its integer attributes (structureInts): result types and lowering both use it.
Structure computeStructure(llvm::StringRef opName, const std::vector<Structure> &operands,
                           llvm::ArrayRef<int32_t> ints);
/// A structure op's integer attributes in the order computeStructure takes them.
llvm::SmallVector<int32_t> structureInts(mlir::Operation *op);

/// fly-layout-lowering, FlyDSL's: the algebra on SSA leaves into arith; int tuples and layouts
/// still used by other Fly ops become construction ops of what they hold. `noWrap` (the kernel
/// pipeline's choice) computes leaves in i64 wherever they may pass 2^31 instead of in their own
/// width; such a value stays as it was for fly-lower-to-llvm.
std::unique_ptr<mlir::Pass> createLayoutLoweringPass(bool noWrap = false);
/// fly-lower-to-llvm: every Fly op of a body; layouts as fly-layout-lowering computes them,
/// pointers and tensors as LLVM pointers, loads and stores. `mmaCalls` (the library's
/// pipelines) leaves matrix-core atoms as calls of the atom, which the target resolves.
std::unique_ptr<mlir::Pass> createLowerToLlvmPass(bool noWrap = false, bool mmaCalls = false);

/// fly-canonicalize: algebra ops on static layouts become fly.layout values of their result
/// types; queries fold to constants.
std::unique_ptr<mlir::Pass> createCanonicalizePass();

/// fly-atom-lowering: each fly.copy becomes its fly.copy_atom_calls, and those (and
/// fly.copy_atom_call_ssa) the instructions of `target` (cpu, rocm or cuda): loads and stores
/// through fly.ptr (buffer instructions on buffer pointers), or fly.cp_async on cuda.
std::unique_ptr<mlir::Pass> createAtomLoweringPass(llvm::StringRef target);

/// fly-convert-atom-call-to-ssa-form: atom calls take and give the values of consecutive
/// register fragments as SSA vectors (whole loads before, whole stores after them).
std::unique_ptr<mlir::Pass> createAtomCallSsaPass();

/// fly-promote-regmem-to-vectorssa: register tensors accessed only at constant offsets within
/// their block become one SSA vector each.
std::unique_ptr<mlir::Pass> createPromoteRegmemPass();

/// convert-fly-to-rocdl / convert-fly-to-nvvm (FlyDSL's names; `name` picks one): Fly pointers
/// and static tensors cross function and kernel boundaries as LLVM pointers, then the bodies
/// are lowered by fly-atom-lowering (target rocm or cuda) and fly-layout-lowering.
std::unique_ptr<mlir::Pass> createConvertSignaturesPass(llvm::StringRef name);
/// Registers those two and fly-rewrite-func-signature (FlyDSL's calling convention for Fly
/// values: fly_convert_signatures.cpp).
void registerConvertSignaturesPasses();

/// fly-int-swizzle-simplify: swizzle(x + d) becomes swizzle(x) + d where the constant d is a
/// multiple of the swizzle's period.
std::unique_ptr<mlir::Pass> createIntSwizzleSimplifyPass();

/// Registers the dialect's passes with the global registry (for fly-opt).
void registerFlyPasses();
/// Register one pass each (called by registerFlyPasses).
void registerCanonicalizePass();
void registerAtomLoweringPass();
void registerAtomCallSsaPass();
void registerPromoteRegmemPass();
void registerIntSwizzleSimplifyPass();

} // namespace fly::ir::fly

#endif // FLYDSL_IR_FLY_FLY_DIALECT_H
