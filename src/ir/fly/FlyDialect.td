//===- FlyDialect.td - The Fly dialect: CuTe layouts in MLIR -*- tablegen -*-===//
//
// Layouts as MLIR types: `!fly.layout<(4,8):(8,1)>` is a static CuTe layout,
// `!fly.layout<(?,8):(?,1)>` one with leaves known at run time (SSA operands of
// fly.layout). Ops on layout values compute their result types with the host
// algebra of src/layout (one algorithm for host and kernel layouts), so a
// program carries its static structure in types and folds its queries;
// fly-layout-lowering runs the same algebra again on the SSA leaves.
//
//===----------------------------------------------------------------------===//

#ifndef FLY_DIALECT_TD
#define FLY_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "FlyInterfaces.td"

def Fly_Dialect : Dialect {
  let name = "fly";
  let summary = "CuTe-style layouts and their algebra";
  let cppNamespace = "::fly::ir::fly";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// Enum attributes
//===----------------------------------------------------------------------===//

// The orders fly.gemm visits its atom calls in, FlyDSL's numbering and spelling: the letters
// name the loops over the M, N and K blocks innermost first; a serpentine order runs each inner
// loop backwards on every other pass of the loop around it (layout::GemmOrder).
def Fly_GemmTraversalOrder : I32EnumAttr<"GemmTraversalOrder", "the order of a gemm's atom calls", [
  I32EnumAttrCase<"KMN", 0, "kmn">,
  I32EnumAttrCase<"KNM", 1, "knm">,
  I32EnumAttrCase<"MKN", 2, "mkn">,
  I32EnumAttrCase<"MNK", 3, "mnk">,
  I32EnumAttrCase<"NKM", 4, "nkm">,
  I32EnumAttrCase<"NMK", 5, "nmk">,
  I32EnumAttrCase<"KMN_Serpentine", 6, "kmn_serpentine">,
  I32EnumAttrCase<"KNM_Serpentine", 7, "knm_serpentine">,
  I32EnumAttrCase<"MKN_Serpentine", 8, "mkn_serpentine">,
  I32EnumAttrCase<"MNK_Serpentine", 9, "mnk_serpentine">,
  I32EnumAttrCase<"NKM_Serpentine", 10, "nkm_serpentine">,
  I32EnumAttrCase<"NMK_Serpentine", 11, "nmk_serpentine">
]> {
  let cppNamespace = "::fly::ir::fly";
  let genSpecializedAttr = 0;
}

// Printed `#fly<gemm_traversal_order knm>`.
def Fly_GemmTraversalOrderAttr : EnumAttr<Fly_Dialect, Fly_GemmTraversalOrder,
                                          "gemm_traversal_order">;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def Fly_IntTupleType : TypeDef<Fly_Dialect, "IntTuple"> {
  let mnemonic = "int_tuple";
  let summary = "a CuTe IntTuple: an integer or a nested tuple of them, static or dynamic";
  let description = [{
    `!fly.int_tuple<(4,(2,?))>`: shapes, strides, coordinates and sizes as
    values. `?` is a leaf known only at run time, `?{div=16}` one known to be a
    multiple of 16. Printed compactly, as CuTe prints (no spaces).
  }];
  let parameters = (ins StringRefParameter<"the tuple in CuTe text">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tuple this type describes; its `?` leaves are placeholders.
    ::fly::layout::IntTuple getTuple() const;
    /// The number of `?` leaves, in order.
    unsigned getNumDynamicLeaves() const;
    static IntTupleType get(::mlir::MLIRContext *ctx, const ::fly::layout::IntTuple &tuple);
  }];
}

def Fly_TileType : TypeDef<Fly_Dialect, "Tile"> {
  let mnemonic = "tile";
  let summary = "a tiler: one layout, integer or `*` (keep the mode) per mode";
  let description = [{
    `!fly.tile<[2:7|(3,6):(1,3)]>` divides or multiplies mode by mode (CuTe's
    tuple tilers); `*` keeps a mode whole; a bare element is a tiler of one.
    Static only.
  }];
  let parameters = (ins StringRefParameter<"the tiler in CuTe text">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::fly::layout::Tiler getTiler() const;
    static TileType get(::mlir::MLIRContext *ctx, const ::fly::layout::Tiler &tiler);
  }];
}

def Fly_LayoutType : TypeDef<Fly_Dialect, "Layout"> {
  let mnemonic = "layout";
  let summary = "a CuTe layout, shape:stride, with static or dynamic (`?`) leaves";
  let description = [{
    `!fly.layout<(4,8):(8,1)>`: the layout's CuTe text between angle brackets;
    `?` is a leaf known only at run time. Equal texts are the same type (the
    text is kept in CuTe's printed form).
  }];
  let parameters = (ins StringRefParameter<"the layout in CuTe text">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The layout this type describes; its `?` leaves are placeholders.
    ::fly::layout::Layout getLayout() const;
    /// The number of `?` leaves (shape first, then stride, in order).
    unsigned getNumDynamicLeaves() const;
    /// The type of a layout (in the context of `ctx`).
    static LayoutType get(::mlir::MLIRContext *ctx, const ::fly::layout::Layout &layout);
  }];
}


def Fly_SwizzleType : TypeDef<Fly_Dialect, "Swizzle"> {
  let mnemonic = "swizzle";
  let summary = "CuTe's Swizzle<B,M,S> on offsets, written S<B,M,S>";
  let description = [{
    `!fly.swizzle<S<3,4,3>>`: x ^ ((x >> S) & (2^B - 1) << M), the inner
    function of a composed layout that spreads shared-memory rows over banks.
  }];
  let parameters = (ins StringRefParameter<"the swizzle as S<B,M,S>">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::fly::layout::Swizzle getSwizzle() const;
    static SwizzleType get(::mlir::MLIRContext *ctx, const ::fly::layout::Swizzle &s);
  }];
}

def Fly_CoordSwizzleType : TypeDef<Fly_Dialect, "CoordSwizzle"> {
  let mnemonic = "coord_swizzle";
  let summary = "a swizzle of coordinates: one mode XORed with bits of another";
  let description = [{
    `!fly.coord_swizzle<CS<3,0,[1],0,[2]>>`: CS<mask, row base, row mode,
    column base, column mode>; the column mode of a coordinate becomes
    col ^ (((row >> row base) & (2^mask - 1)) << column base). Modes are paths
    of indices; a mask of 0 leaves coordinates alone.
  }];
  let parameters = (ins StringRefParameter<"the swizzle as CS<...>">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::fly::layout::CoordSwizzle getCoordSwizzle() const;
    static CoordSwizzleType get(::mlir::MLIRContext *ctx, const ::fly::layout::CoordSwizzle &s);
  }];
}

def Fly_ComposedLayoutType : TypeDef<Fly_Dialect, "ComposedLayout"> {
  let mnemonic = "composed_layout";
  let summary = "inner o offset o outer: FlyDSL's composed layout, nestable on both sides";
  let description = [{
    `!fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>` maps a coordinate c
    to inner(offset + outer(c)). The inner function is a swizzle, a coordinate
    swizzle, a layout or a composed layout (written flat); the outer one a
    layout or a composed layout (between square brackets). Static only.
  }];
  let parameters = (ins StringRefParameter<"the composition in FlyDSL's text">:$text);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::fly::layout::ComposedFunction getFunction() const;
    static ComposedLayoutType get(::mlir::MLIRContext *ctx,
                                  const ::fly::layout::ComposedFunction &f);
  }];
}

def Fly_MmaAtomType : TypeDef<Fly_Dialect, "MmaAtom"> {
  let mnemonic = "mma_atom";
  let summary = "a matrix-multiply atom: one instruction of a target's dialect";
  let description = [{
    `!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>`: D = A * B + C by
    one instruction, each lane holding the values the instruction's layouts give it.
  }];
  let parameters = (ins "::mlir::Type":$mmaOp);
  let assemblyFormat = "`<` $mmaOp `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    MmaOpTypeInterface getInstruction() const {
      return ::mlir::cast<MmaOpTypeInterface>(getMmaOp());
    }
    /// What an atom with state lowers to: a struct of its fields; null for none.
    ::mlir::LLVM::LLVMStructType getStateType() const;
  }];
}

def Fly_TiledMmaType : TypeDef<Fly_Dialect, "TiledMma"> {
  let mnemonic = "tiled_mma";
  let summary = "an MMA atom repeated over threads by an atom layout";
  let description = [{
    `!fly.tiled_mma<!fly.mma_atom<...>, <(1,4,1):(0,1,0)>>`: the atom and the layout of atoms
    over (M, N, K), CuTe's make_tiled_mma(atom, atom_layout_mnk); FlyDSL's third parameter,
    `!fly.tile<[16:1|(8,4):(4,1)|*]>`, is the permutation of M, N and K (printed where it
    permutes something; `*` keeps a mode as it is).
  }];
  let parameters = (ins "MmaAtomType":$atom, "LayoutType":$atomLayout, "TileType":$permutation);
  let builders = [
    TypeBuilderWithInferredContext<(ins "MmaAtomType":$atom, "LayoutType":$atomLayout), [{
      return $_get(atom.getContext(), atom, atomLayout, getDefaultPermutation(atom.getContext()));
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::fly::layout::TiledMma getTiledMma() const;
    /// `[*|*|*]`: no mode permuted.
    static TileType getDefaultPermutation(::mlir::MLIRContext *ctx);
  }];
}

def Fly_PointerType : TypeDef<Fly_Dialect, "Pointer"> {
  let mnemonic = "ptr";
  let summary = "a pointer to elements in an address space, with a known alignment";
  let description = [{
    `!fly.ptr<f32, global>` or `!fly.ptr<f32, shared, align<16>>`: the address
    spaces are `global`, `shared` and `register` (numbered 1, 3 and 5, as
    AMDGPU and NVVM number them); the alignment, in bytes, defaults to the
    element's size and is what vectorised accesses through it may assume.
    FlyDSL's `!fly.ptr<bf16, shared, S<3,3,3>>` swizzles the byte address each
    access goes to (x ^ ((x & yyy) >> S)); offsets add before the swizzle, and
    an access may assume only the low M bits of the address.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$addressSpace,
                        "int64_t":$alignment, ArrayRefParameter<"int64_t">:$addressSwizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The element's size in bytes.
    int64_t getElementBytes() const;
    /// The swizzle of the byte address, when the pointer has one.
    std::optional<::fly::layout::Swizzle> getAddressSwizzleFunction() const;
    /// The alignment an access may assume: the type's, within the swizzle's unchanged bits.
    int64_t getAccessAlignment() const;
  }];
}

def Fly_MemRefType : TypeDef<Fly_Dialect, "FlyMemRef"> {
  let mnemonic = "memref";
  let summary = "a tensor: a pointer and a layout (optionally under a swizzle)";
  let description = [{
    `!fly.memref<f32, global, (4,8):(8,1)>`, with optional `, align 16` and
    `, swizzle<3,0,3>` (the offsets the layout gives pass through CuTe's
    Swizzle<B,M,S>: swizzle o layout). Element (c) of the tensor is at
    `ptr + swizzle(layout(c))`. FlyDSL's tensor over a composed layout
    (`!fly.memref<f32, global, 32:2 o 5 o (4,8):(1,4)>`) has the composition
    as `composed` and its coordinates' layout (the end of its outer chain) as
    `layout`; it is read through `fly.decomposition`, which gives a plain tensor.
    FlyDSL's view of a pointer that swizzles its byte addresses
    (`!fly.memref<f16, shared, (8,64):(64,1), align<1024>, S<3,4,3>>`) keeps the
    pointer's swizzle as `addressSwizzle`: element (c) is at
    `swizzle(ptr + layout(c) * element bytes)`, so moving the pointer (a
    partition, an offset) keeps the pattern anchored at absolute addresses.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$addressSpace,
                        "LayoutType":$layout, "int64_t":$alignment,
                        ArrayRefParameter<"int64_t">:$swizzle,
                        OptionalParameter<"ComposedLayoutType">:$composed,
                        OptionalArrayRefParameter<"int64_t">:$addressSwizzle);
  let builders = [
    TypeBuilder<(ins "::mlir::Type":$elementType, "unsigned":$addressSpace, "LayoutType":$layout,
                     "int64_t":$alignment, "::llvm::ArrayRef<int64_t>":$swizzle), [{
      return $_get($_ctxt, elementType, addressSpace, layout, alignment, swizzle,
                   ComposedLayoutType(), ::llvm::ArrayRef<int64_t>());
    }]>,
    TypeBuilder<(ins "::mlir::Type":$elementType, "unsigned":$addressSpace, "LayoutType":$layout,
                     "int64_t":$alignment, "::llvm::ArrayRef<int64_t>":$swizzle,
                     "ComposedLayoutType":$composed), [{
      return $_get($_ctxt, elementType, addressSpace, layout, alignment, swizzle, composed,
                   ::llvm::ArrayRef<int64_t>());
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The pointer type of the tensor's first element.
    PointerType getPointerType() const;
    /// The swizzle, when the tensor has one.
    std::optional<::fly::layout::Swizzle> getSwizzleFunction() const;
    /// The swizzle of the byte addresses its accesses go to, when its pointer has one.
    std::optional<::fly::layout::Swizzle> getAddressSwizzleFunction() const;
  }];
}

def Fly_CoordTensorType : TypeDef<Fly_Dialect, "CoordTensor"> {
  let mnemonic = "coord_tensor";
  let summary = "a tensor of coordinates: a base int tuple read through a layout";
  let description = [{
    `!fly.coord_tensor<0, (2,3):(0,1)>`: element c is base + layout(c), computed and
    never loaded (CuTe's counting tensors, make_identity_tensor's kind). A leaf base with
    integer strides holds integers; basis strides (1E0, 1E1) make coordinates.
  }];
  let parameters = (ins "IntTupleType":$base, "LayoutType":$layout);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// What fly.memref.load_vec gives: one integer per element (i32, or i64 where a leaf is
    /// 64 bits wide); a LayoutError where the elements are not integers or not static in number.
    ::mlir::VectorType getElementsType() const;
  }];
}

def Fly_UniversalCopyType : TypeDef<Fly_Dialect, "UniversalCopy",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface>]> {
  let mnemonic = "universal_copy";
  let summary = "a copy by one load and one store of 8..128 bits, in any address space";
  let parameters = (ins "int64_t":$bitSize);
  let assemblyFormat = "`<` $bitSize `>`";
  let genVerifyDecl = 1;
}

def Fly_UniversalAtomicType : TypeDef<Fly_Dialect, "UniversalAtomic",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface, ["checkSpaces"]>]> {
  let mnemonic = "universal_atomic";
  let summary = "a copy that combines each value into its destination by an atomic operation";
  let description = [{
    `!fly.universal_atomic<add, f32>`, `!fly.universal_atomic<max, i32, "agent">`: FlyDSL's
    UniversalAtomic, one value a call combined into global or shared memory by `add`, `max`,
    `min` (integers and floats), `and`, `or`, `inc` or `dec` (integers; inc and dec wrap as
    LLVM's uinc_wrap / udec_wrap), relaxed (monotonic) in the LLVM sync scope given (the
    system's where none is).
  }];
  let parameters = (ins "int32_t":$atomicOp, "::mlir::Type":$valType,
                        StringRefParameter<"the LLVM sync scope", [{""}]>:$syncscope);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The operation's name (`add`), as the assembly spells it.
    ::llvm::StringRef getAtomicOpName() const;
  }];
}

def Fly_UniversalFmaType : TypeDef<Fly_Dialect, "UniversalFma",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface>]> {
  let mnemonic = "universal_fma";
  let summary = "D = A * B + C on one value of each, by every thread alone";
  let description = [{
    `!fly.universal_fma<1x1x1, (f32, f32) -> f32>`: CuTe's UniversalFMA, one element type for
    A, B, C and D (an integer or a float); a fused multiply-add for floats, a multiply and an
    add for integers.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Fly_CopyAtomType : TypeDef<Fly_Dialect, "CopyAtom"> {
  let mnemonic = "copy_atom";
  let summary = "a copy instruction and the width of the values it moves";
  let description = [{
    `!fly.copy_atom<!fly.universal_copy<128>, 32>`: the instruction (a type implementing
    CopyOpTypeInterface: Fly's universal copy, FlyROCDL's buffer copy, FlyNVVM's cp_async) and the
    bits of one value; a call moves (instruction bits / value bits) consecutive values per
    thread.
  }];
  let parameters = (ins "::mlir::Type":$copyOp, "int32_t":$valBits);
  let assemblyFormat = "`<` $copyOp `,` $valBits `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    CopyOpTypeInterface getInstruction() const {
      return ::mlir::cast<CopyOpTypeInterface>(getCopyOp());
    }
    /// The bits one call moves per thread.
    int64_t getBits() const { return getInstruction().getCopyBits(); }
    /// The values one call moves per thread (0 for an atom of whole tensors).
    int64_t getValues() const { return getValBits() ? getBits() / getValBits() : 0; }
    /// What an atom with state lowers to: a struct of its fields; null for none.
    ::mlir::LLVM::LLVMStructType getStateType() const;
  }];
}

def Fly_TiledCopyType : TypeDef<Fly_Dialect, "TiledCopy"> {
  let mnemonic = "tiled_copy";
  let summary = "a copy atom repeated over threads by a thread-value layout";
  let description = [{
    `!fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>,
    !fly.layout<((4,8),4):((32,1),8)>, !fly.tile<[32|4]>>` (FlyDSL's form): the atom, the
    (thread, value) -> tile coordinate layout and the tile the threads cover together
    (CuTe's make_tiled_copy(atom, layout_tv, tile_mn)).
  }];
  let parameters = (ins "CopyAtomType":$atom, "LayoutType":$threadValue,
                        StringRefParameter<"the tile, as a CuTe shape">:$tile);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Fly_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fly_Dialect, mnemonic, traits>;

def Fly_LayoutOp : Fly_Op<"layout", [Pure]> {
  let summary = "a layout value";
  let description = [{
    `%l = fly.layout : !fly.layout<(4,8):(8,1)>`: the value of a static layout,
    which is all in its type. `%l = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>`
    takes one index per `?` leaf, shape leaves first, then stride leaves.
  }];
  let arguments = (ins Variadic<Index>:$leaves);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "($leaves^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Int tuples: construction, access and arithmetic, as FlyDSL spells them:
// `%r = fly.op(%a, %b) : (!fly.int_tuple<...>, ...) -> !fly.int_tuple<...>`.
//===----------------------------------------------------------------------===//

// FlyDSL's default form for ops: operands in parentheses, then the function type.
class Fly_FnOp<string mnemonic, list<Trait> traits = []> : Fly_Op<mnemonic, traits> {
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_StaticOp : Fly_Op<"static", [Pure]> {
  let summary = "the value of a static int tuple or layout, which is all in its type";
  let description = [{
    `%s = fly.static : !fly.int_tuple<(4,8)>`, or
    `%l = fly.static : !fly.layout<(4,8):(1,4)>`: no leaf may be `?`.
  }];
  let results = (outs AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType, Fly_TileType, Fly_SwizzleType,
                                 Fly_CoordSwizzleType, Fly_ComposedLayoutType]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

class Fly_MakeTupleOp<string mnemonic, string what> : Fly_FnOp<mnemonic, [Pure]> {
  let summary = "an int tuple (" # what # ") from one integer per `?` leaf of its type";
  let description = [{
    `%t = fly.make_int_tuple(%m, %n) : (i32, i32) -> !fly.int_tuple<(?,8,?)>`:
    the operands fill the `?` leaves in order; the others are in the type.
  }];
  let arguments = (ins Variadic<AnyTypeOf<[I32, I64, Index]>>:$dyncElems);
  let results = (outs Fly_IntTupleType:$result);
  let hasVerifier = 1;
}

def Fly_MakeIntTupleOp : Fly_MakeTupleOp<"make_int_tuple", "any">;
def Fly_MakeShapeOp : Fly_MakeTupleOp<"make_shape", "a shape">;
def Fly_MakeStrideOp : Fly_MakeTupleOp<"make_stride", "a stride">;
def Fly_MakeCoordOp : Fly_MakeTupleOp<"make_coord", "a coordinate">;

class Fly_InferredOp<string mnemonic>
    : Fly_FnOp<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]>;

def Fly_MakeLayoutOp : Fly_InferredOp<"make_layout"> {
  let summary = "a layout from a shape and a congruent stride";
  let arguments = (ins Fly_IntTupleType:$shape, Fly_IntTupleType:$stride);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_MakeOrderedLayoutOp : Fly_InferredOp<"make_ordered_layout"> {
  let summary = "a compact layout of a shape whose modes are laid out in the given order";
  let arguments = (ins Fly_IntTupleType:$shape, Fly_IntTupleType:$order);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_MakeIdentityLayoutOp : Fly_InferredOp<"make_identity_layout"> {
  let summary = "the layout of a shape onto its own coordinates: strides 1E0, 1E1, ...";
  let arguments = (ins Fly_IntTupleType:$shape);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_MakeLayoutLikeOp : Fly_InferredOp<"make_layout_like"> {
  let summary = "a compact layout of a layout's shape with its strides' order";
  let arguments = (ins Fly_LayoutType:$ref);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_GetShapeOp : Fly_InferredOp<"get_shape"> {
  let summary = "a layout's shape";
  let arguments = (ins Fly_LayoutType:$layout);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_GetStrideOp : Fly_InferredOp<"get_stride"> {
  let summary = "a layout's stride";
  let arguments = (ins Fly_LayoutType:$layout);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_GetScalarOp : Fly_FnOp<"get_scalar", [Pure]> {
  let summary = "the integer of an int tuple that is one leaf";
  let description = [{
    `%n = fly.get_scalar(%t) : (!fly.int_tuple<?>) -> i32` (or i64, index);
    it folds where the leaf is static.
  }];
  let arguments = (ins Fly_IntTupleType:$int_tuple);
  let results = (outs AnyTypeOf<[I32, I64, Index]>:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Fly_IntTupleUnaryOp<string mnemonic, string cuteName> : Fly_InferredOp<mnemonic> {
  let summary = "CuTe's " # cuteName # "(t)";
  let arguments = (ins Fly_IntTupleType:$input);
  let results = (outs Fly_IntTupleType:$result);
}

class Fly_IntTupleBinaryOp<string mnemonic, string cuteName> : Fly_InferredOp<mnemonic> {
  let summary = "CuTe's " # cuteName # " of two int tuples (leaf by leaf where congruent)";
  let arguments = (ins Fly_IntTupleType:$lhs, Fly_IntTupleType:$rhs);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_IntTupleAddOp : Fly_IntTupleBinaryOp<"int_tuple_add", "a + b">;
def Fly_IntTupleSubOp : Fly_IntTupleBinaryOp<"int_tuple_sub", "a - b">;
def Fly_IntTupleMulOp : Fly_IntTupleBinaryOp<"int_tuple_mul", "a * b">;
def Fly_IntTupleDivOp : Fly_IntTupleBinaryOp<"int_tuple_div", "a / b">;
def Fly_IntTupleModOp : Fly_IntTupleBinaryOp<"int_tuple_mod", "a % b">;
def Fly_ShapeDivOp : Fly_IntTupleBinaryOp<"shape_div", "shape_div">;
def Fly_CeilDivOp : Fly_IntTupleBinaryOp<"ceil_div", "ceil_div">;
def Fly_IntTupleProductOp : Fly_IntTupleUnaryOp<"int_tuple_product", "product">;
def Fly_IntTupleProductEachOp : Fly_IntTupleUnaryOp<"int_tuple_product_each", "product_each">;
def Fly_IntTupleProductLikeOp
    : Fly_IntTupleBinaryOp<"int_tuple_product_like", "product_like (a's modes multiplied out "
                                                     "down to the profile of b)">;

class Fly_IntTupleCompareOp<string mnemonic, string cuteName> : Fly_FnOp<mnemonic, [Pure]> {
  let summary = "CuTe's " # cuteName # "(a, b), folded where both are static";
  let arguments = (ins Fly_IntTupleType:$lhs, Fly_IntTupleType:$rhs);
  let results = (outs I1:$result);
  let hasFolder = 1;
}

def Fly_ElemLessOp : Fly_IntTupleCompareOp<"elem_less", "elem_less">;
def Fly_EqualOp : Fly_IntTupleCompareOp<"equal", "a == b">;

//===----------------------------------------------------------------------===//
// The layout algebra, as FlyDSL spells it:
// `%r = fly.coalesce(%l) : (!fly.layout<...>) -> !fly.layout<...>`. The result type is
// checked against the one src/layout computes.
//===----------------------------------------------------------------------===//

class Fly_UnaryLayoutOp<string mnemonic, string cuteName> : Fly_InferredOp<mnemonic> {
  let summary = "CuTe's " # cuteName # "(layout)";
  let arguments = (ins Fly_LayoutType:$layout);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_CoalesceOp : Fly_InferredOp<"coalesce"> {
  let summary = "CuTe's coalesce(layout), or coalesce(layout, profile) mode by mode";
  let arguments = (ins Fly_LayoutType:$layout, Optional<Fly_IntTupleType>:$pattern);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "`(` $layout (`,` $pattern^)? `)` attr-dict `:` functional-type(operands, results)";
}
def Fly_FilterOp : Fly_UnaryLayoutOp<"filter", "filter">;
def Fly_FilterZerosOp : Fly_UnaryLayoutOp<"filter_zeros", "filter_zeros">;
def Fly_ComplementOp : Fly_InferredOp<"complement"> {
  let summary = "CuTe's complement(layout), or complement(layout, codomain size)";
  let arguments = (ins Fly_LayoutType:$layout, Optional<Fly_IntTupleType>:$codomain_size);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "`(` $layout (`,` $codomain_size^)? `)` attr-dict `:` functional-type(operands, results)";
}
def Fly_RightInverseOp : Fly_UnaryLayoutOp<"right_inverse", "right_inverse">;
def Fly_LeftInverseOp : Fly_UnaryLayoutOp<"left_inverse", "left_inverse">;
def Fly_FlattenOp : Fly_UnaryLayoutOp<"flatten", "flatten">;

class Fly_BinaryLayoutOp<string mnemonic, string cuteName> : Fly_InferredOp<mnemonic> {
  let summary = "CuTe's " # cuteName # "(layout, tiler) with a layout as the tiler";
  let arguments = (ins Fly_LayoutType:$layout, Fly_LayoutType:$tiler);
  let results = (outs Fly_LayoutType:$result);
}

class Fly_TilerLayoutOp<string mnemonic, string cuteName> : Fly_InferredOp<mnemonic> {
  let summary = "CuTe's " # cuteName # "(layout, tiler): a layout, or a !fly.tile mode by mode";
  let arguments = (ins Fly_LayoutType:$layout, AnyTypeOf<[Fly_LayoutType, Fly_TileType]>:$tiler);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_CompositionOp : Fly_TilerLayoutOp<"composition", "composition">;
def Fly_LogicalDivideOp : Fly_TilerLayoutOp<"logical_divide", "logical_divide">;
def Fly_ZippedDivideOp : Fly_TilerLayoutOp<"zipped_divide", "zipped_divide">;
def Fly_TiledDivideOp : Fly_TilerLayoutOp<"tiled_divide", "tiled_divide">;
def Fly_FlatDivideOp : Fly_TilerLayoutOp<"flat_divide", "flat_divide">;
def Fly_LogicalProductOp : Fly_TilerLayoutOp<"logical_product", "logical_product">;
def Fly_ZippedProductOp : Fly_TilerLayoutOp<"zipped_product", "zipped_product">;
def Fly_TiledProductOp : Fly_TilerLayoutOp<"tiled_product", "tiled_product">;
def Fly_FlatProductOp : Fly_TilerLayoutOp<"flat_product", "flat_product">;
def Fly_BlockedProductOp : Fly_BinaryLayoutOp<"blocked_product", "blocked_product">;
def Fly_RakedProductOp : Fly_BinaryLayoutOp<"raked_product", "raked_product">;

def Fly_SizeOp : Fly_InferredOp<"size"> {
  let summary = "CuTe's size of an int tuple or a layout, as an int tuple";
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$int_tuple);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_CosizeOp : Fly_InferredOp<"cosize"> {
  let summary = "CuTe's cosize of a layout, as an int tuple";
  let arguments = (ins Fly_LayoutType:$layout);
  let results = (outs Fly_IntTupleType:$result);
}

class Fly_QueryOp<string mnemonic, string cuteName>
    : Fly_FnOp<mnemonic, [Pure]> {
  let summary = "CuTe's " # cuteName # "(layout) as an index (folded: it is static)";
  let arguments = (ins Fly_LayoutType:$input);
  let results = (outs Index:$result);
  let hasFolder = 1;
}

def Fly_RankOp : Fly_QueryOp<"rank", "rank">;
def Fly_DepthOp : Fly_QueryOp<"depth", "depth">;

def Fly_Crd2IdxOp : Fly_InferredOp<"crd2idx"> {
  let summary = "the offset of a coordinate: layout(coord)";
  let description = [{
    `%i = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(4,8):(1,4)>)
    -> !fly.int_tuple<?>`: the coordinate is congruent to the shape, or an
    index into it (CuTe's crd2idx). `fly-layout-lowering` turns it into `arith`
    multiplications and additions (by constants where the strides are static):
    no division or remainder for a congruent coordinate.
  }];
  let arguments = (ins Fly_IntTupleType:$coord,
                       AnyTypeOf<[Fly_LayoutType, Fly_ComposedLayoutType]>:$layout);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_MakeComposedLayoutOp : Fly_InferredOp<"make_composed_layout"> {
  let summary = "inner o offset o outer";
  let description = [{
    `%c = fly.make_composed_layout(%sw, %off, %l) : (!fly.swizzle<S<3,4,3>>,
    !fly.int_tuple<0>, !fly.layout<(8,64):(64,1)>) -> !fly.composed_layout<S<3,4,3> o 0 o
    (8,64):(64,1)>`. Static operands only: the whole composition is its type.
  }];
  let arguments = (ins AnyTypeOf<[Fly_SwizzleType, Fly_CoordSwizzleType, Fly_LayoutType,
                                  Fly_ComposedLayoutType]>:$inner,
                       Fly_IntTupleType:$offset,
                       AnyTypeOf<[Fly_LayoutType, Fly_ComposedLayoutType]>:$outer);
  let results = (outs Fly_ComposedLayoutType:$result);
}

class Fly_ComposedPartOp<string mnemonic, string what> : Fly_InferredOp<mnemonic> {
  let summary = what;
  let arguments = (ins Fly_ComposedLayoutType:$layout);
  let results = (outs AnyTypeOf<[Fly_SwizzleType, Fly_CoordSwizzleType, Fly_LayoutType,
                                 Fly_ComposedLayoutType, Fly_IntTupleType]>:$result);
}
def Fly_ComposedGetInnerOp
    : Fly_ComposedPartOp<"composed_get_inner", "the inner function of a composed layout">;
def Fly_ComposedGetOffsetOp
    : Fly_ComposedPartOp<"composed_get_offset", "the offset of a composed layout">;
def Fly_ComposedGetOuterOp
    : Fly_ComposedPartOp<"composed_get_outer", "the outer function of a composed layout">;

class Fly_CoordOp<string mnemonic, string what> : Fly_InferredOp<mnemonic> {
  let summary = what;
  let arguments = (ins Fly_IntTupleType:$coord, Fly_LayoutType:$layout);
  let results = (outs Fly_IntTupleType:$result);
}

def Fly_Idx2CrdOp : Fly_CoordOp<"idx2crd",
    "the coordinate of an index by the layout's shape and stride: CuTe's idx2crd(i, s, d)"> {
  let description = [{
    `%c = fly.idx2crd(%i, %l) : (!fly.int_tuple<14>, !fly.layout<(4,8):(1,4)>)
    -> !fly.int_tuple<(2,3)>`: each leaf is (i / d) % s for its extent s and
    stride d. fly-layout-lowering emits a division and a remainder per leaf
    (by constants where the layout is static).
  }];
}

def Fly_GetFlatCoordOp : Fly_CoordOp<"get_flat_coord",
    "an index's coordinate with each top-level mode read as one column-major index"> {
  let description = [{
    For `((2,4),8):((1,2),8)`, index 5 is `((1,2),0)` by idx2crd, `(5,0)` flat.
  }];
}

def Fly_Get1DCoordOp : Fly_CoordOp<"get_1d_coord",
    "an index's coordinate read back as one column-major index of the shape">;

def Fly_GetLeavesOp : Fly_Op<"get_leaves", [Pure]> {
  let summary = "the leaves of an int tuple as integers (only the dynamic ones with dynamicOnly)";
  let description = [{
    `%a:3 = fly.get_leaves(%t) : (!fly.int_tuple<(4,?,?)>) -> (i32, i32, index)`.
  }];
  let arguments = (ins Fly_IntTupleType:$input, DefaultValuedAttr<BoolAttr, "false">:$dynamicOnly);
  let results = (outs Variadic<AnyTypeOf<[I32, I64, Index]>>:$results);
  let assemblyFormat = "`(` $input `)` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

// Structure: modes picked, taken apart or rearranged, of an int tuple or of a layout (whose
// shape and stride go together), as FlyDSL spells them.
class Fly_StructureOp<string mnemonic, string what>
    : Fly_Op<mnemonic, [Pure, InferTypeOpAdaptor]> {
  let summary = what;
  let results = (outs AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$result);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_SliceOp : Fly_StructureOp<"slice", "CuTe's slice(coord, x): the modes where coord is `*`"> {
  let results = (outs AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType, Fly_ComposedLayoutType,
                                 Fly_MemRefType, Fly_CoordTensorType]>:$result);
  let description = [{
    `%s = fly.slice(%l, %c) : (!fly.layout<(4,(8,2)):(16,(1,8))>, !fly.int_tuple<(*,(3,*))>)
    -> !fly.layout<(4,2):(16,8)>`. For a layout, the coordinate's integers
    play no part (fly.crd2idx gives the offset of the slice's origin). For a
    composed layout they do: they move into the offset of the nearest
    composition, whose outer layout is sliced. For a tensor they move its pointer to the
    slice's origin, as CuTe's slice of a tensor does (its pointer's alignment what the move
    keeps; an address swizzle stays the pointer's), and a coordinate tensor's base to the
    coordinate there.
  }];
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType, Fly_ComposedLayoutType,
                                  Fly_MemRefType, Fly_CoordTensorType]>:$src,
                       Fly_IntTupleType:$coord);
}

def Fly_DiceOp : Fly_StructureOp<"dice", "CuTe's dice(coord, x): the modes where coord is not `*`"> {
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$src,
                       Fly_IntTupleType:$coord);
}

def Fly_GetOp : Fly_StructureOp<"get", "mode `mode` (a path of indices) of x"> {
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$input,
                       DenseI32ArrayAttr:$mode);
}

def Fly_TakeOp : Fly_StructureOp<"take", "modes [begin, end) of x"> {
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$tuple, I32Attr:$begin,
                       I32Attr:$end);
}

def Fly_SelectOp : Fly_StructureOp<"select", "the modes `indices` of x (one mode: that mode)"> {
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$tuple,
                       DenseI32ArrayAttr:$indices);
}

def Fly_GroupOp : Fly_StructureOp<"group", "modes [begin, end) of x as one mode"> {
  let description = [{
    `fly.group(%t) {begin = 1 : i32, end = 3 : i32} : (!fly.int_tuple<(2,3,4,5)>) ->
    !fly.int_tuple<(2,(3,4),5)>`: `end = -1` is the rank; a leaf stays itself.
  }];
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$tuple, I32Attr:$begin,
                       I32Attr:$end);
}

class Fly_GrowOp<string mnemonic, string where> : Fly_StructureOp<mnemonic, "x with elem " # where> {
  let description = [{
    `fly.}] # mnemonic # [{<4>(%t, %e) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<1>) -> ...`: with
    `<n>`, elem as often as brings x (a leaf counts as rank 1) to rank n; of layouts, the
    shapes and the strides alike.
  }];
  let arguments = (ins AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$tuple,
                       AnyTypeOf<[Fly_IntTupleType, Fly_LayoutType]>:$elem,
                       OptionalAttr<I32Attr>:$n);
  let assemblyFormat =
      "(`<` $n^ `>`)? `(` operands `)` attr-dict `:` functional-type(operands, results)";
}
def Fly_AppendOp : Fly_GrowOp<"append", "appended">;
def Fly_PrependOp : Fly_GrowOp<"prepend", "prepended">;

def Fly_CoshapeOp : Fly_StructureOp<"coshape", "CuTe's coshape: the extents of the codomain"> {
  let description = [{
    `fly.coshape(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<32>`; of an identity
    layout (basis strides) one extent per basis mode: the tensor shape it covers.
  }];
  let arguments = (ins Fly_LayoutType:$layout);
}

def Fly_CoprofileOp : Fly_StructureOp<"coprofile", "CuTe's coprofile: the codomain's profile"> {
  let arguments = (ins Fly_LayoutType:$layout);
}

def Fly_MakeFragmentLayoutLikeOp : Fly_InferredOp<"make_fragment_layout_like"> {
  let summary = "CuTe's make_fragment_like of a layout: the layout of registers holding it";
  let description = [{
    `fly.make_fragment_layout_like(%l) : (!fly.layout<((2,2),4):((1,16),64)>) ->
    !fly.layout<((2,2),4):((1,2),4)>`: the first mode compact (stride 0 stays 0), the others
    in the order of their (static) strides; the shape must be static.
  }];
  let arguments = (ins Fly_LayoutType:$src);
  let results = (outs Fly_LayoutType:$result);
}

def Fly_RecastLayoutOp : Fly_Op<"recast_layout", [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's recast_layout: the layout of the same memory in elements of another width";
  let description = [{
    `fly.recast_layout(%l) {new_type_bits = 32 : i32, old_type_bits = 16 : i32}
    : (!fly.layout<(4,8):(8,1)>) -> !fly.layout<(4,4):(4,1)>`.
  }];
  let arguments = (ins I32Attr:$new_type_bits, I32Attr:$old_type_bits, Fly_LayoutType:$src);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_TileToShapeOp : Fly_Op<"tile_to_shape", [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's tile_to_shape(block, shape, order): a block repeated to fill a shape";
  let description = [{
    The block repeated (a product, in the given order of modes) until it
    covers the target shape, which each mode of the block must divide.
  }];
  let arguments = (ins Fly_LayoutType:$block, Fly_IntTupleType:$trg_shape,
                       Fly_IntTupleType:$ord_shape);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Pointers and tensors
//===----------------------------------------------------------------------===//

def Fly_MakePtrOp : Fly_FnOp<"make_ptr"> {
  let summary = "a Fly pointer: from an LLVM pointer, or to memory it allocates";
  let description = [{
    FlyDSL's three forms:
    `fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align<16>>` (the LLVM
    pointer's address space is the Fly one's, or 0: the cpu target's single one);
    `fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>`,
    this lane's registers for allocSize elements;
    `fly.make_ptr() {dictAttrs = {allocBytes = 4096 : i64, allocAlign = 128 : i64}} : () ->
    !fly.ptr<bf16, shared>`, a static shared-memory allocation of its own (a module global).
  }];
  let arguments = (ins Variadic<AnyType>:$args, OptionalAttr<DictionaryAttr>:$dictAttrs);
  let results = (outs Fly_PointerType:$result);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The dictionary entry `name` as an integer, if there is one.
    std::optional<int64_t> getAllocInt(::llvm::StringRef name);
  }];
}

def Fly_GetDynSharedOp : Fly_Op<"get_dyn_shared", [Pure]> {
  let summary = "the block's dynamic shared memory, as a pointer to its first byte";
  let description = [{
    `%p = fly.get_dyn_shared() : !fly.ptr<i8, shared, align<1024>>`: the
    shared memory a launch adds after the kernel's static shared memory. Every
    such op in a module reads one external zero-length global.
  }];
  let results = (outs Fly_PointerType:$result);
  let assemblyFormat = "`(` `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Fly_ToLLVMPtrOp : Fly_Op<"to_llvm_ptr", [Pure]> {
  let summary = "a Fly pointer as the LLVM pointer it lowers to";
  let description = [{
    `%r = fly.to_llvm_ptr(%p) {llvm_address_space = 1 : i32} :
    (!fly.ptr<f32, global>) -> !llvm.ptr<1>`: the attribute and the result
    name the address space the pointer's own lowers to; the op then lowers to
    nothing.
  }];
  let arguments = (ins Fly_PointerType:$ptr, I32Attr:$llvm_address_space);
  let results = (outs AnyType:$result);
  let assemblyFormat = "`(` $ptr `)` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Fly_MakeViewOp : Fly_Op<"make_view",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a tensor: a pointer read through a layout (and a swizzle)";
  let description = [{
    A pointer gives a tensor of memory (`!fly.memref`); an int tuple gives a tensor
    of coordinates (`!fly.coord_tensor`), whose base it is.
  }];
  let arguments = (ins AnyTypeOf<[Fly_PointerType, Fly_IntTupleType]>:$ptr,
                       AnyTypeOf<[Fly_LayoutType, Fly_ComposedLayoutType]>:$layout,
                       OptionalAttr<DenseI64ArrayAttr>:$swizzle);
  let results = (outs AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$result);
  let assemblyFormat = "`(` $ptr `,` $layout `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_DecompositionOp : Fly_Op<"decomposition",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a tensor over a composed layout as a plain one";
  let description = [{
    `%t = fly.decomposition(%v) : (!fly.memref<f32, global, 128:2 o 5 o (4,8):(1,4)>) ->
    !fly.memref<f32, global, (4,8):(1,4)>`: FlyDSL's decomposition peels the composition
    off: the pointer moves by the inner function of the offsets on the way (here 2 * 5) and
    the result is viewed through the layout at the end of the outer chain. A plain tensor is
    its own decomposition.
  }];
  let arguments = (ins AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor);
  let results = (outs AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$result);
  let assemblyFormat = "`(` $tensor `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_GetIterOp : Fly_Op<"get_iter", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a tensor's pointer (a coordinate tensor's base)";
  let arguments = (ins AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor);
  let results = (outs AnyTypeOf<[Fly_PointerType, Fly_IntTupleType]>:$result);
  let assemblyFormat = "`(` $tensor `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_GetLayoutOp : Fly_Op<"get_layout",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a tensor's layout";
  let arguments = (ins AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor);
  let results = (outs AnyTypeOf<[Fly_LayoutType, Fly_ComposedLayoutType]>:$result);
  let assemblyFormat = "`(` $tensor `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_AddOffsetOp : Fly_Op<"add_offset",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a pointer moved by a number of elements (a one-leaf int tuple)";
  let description = [{
    The result keeps the alignment the offset allows: all of it for a constant
    multiple of the alignment, the element's size for an offset unknown here.
  }];
  let arguments = (ins Fly_PointerType:$ptr, Fly_IntTupleType:$offset);
  let results = (outs Fly_PointerType:$result);
  let assemblyFormat = "`(` $ptr `,` $offset `)` attr-dict `:` functional-type(operands, results)";
}

def Fly_PtrLoadOp : Fly_Op<"ptr.load"> {
  let summary = "an element or a vector of consecutive elements at a pointer";
  let arguments = (ins Fly_PointerType:$ptr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "`(` $ptr `)` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Fly_PtrStoreOp : Fly_Op<"ptr.store"> {
  let summary = "an element or a vector of consecutive elements stored at a pointer";
  let arguments = (ins AnyType:$value, Fly_PointerType:$ptr);
  let assemblyFormat = "`(` $value `,` $ptr `)` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Fly_PtrAtomicRmwOp : Fly_Op<"ptr.atomic_rmw"> {
  let summary = "a value combined into the element at a pointer by an atomic operation";
  let description = [{
    `fly.ptr.atomic_rmw(%v, %p) {atom = !fly.universal_atomic<add, f32>} : (f32,
    !fly.ptr<f32, global>) -> ()`: what one call of a universal atomic copy does.
  }];
  let arguments = (ins AnyType:$value, Fly_PointerType:$ptr, TypeAttrOf<Fly_UniversalAtomicType>:$atom);
  let assemblyFormat = "`(` $value `,` $ptr `)` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Fly_RecastIterOp : Fly_FnOp<"recast_iter", [Pure]> {
  let summary = "the same address as a pointer to another element type";
  let description = [{
    `%q = fly.recast_iter(%p) : (!fly.ptr<f32, register>) -> !fly.ptr<i32, register>`: the
    address space and swizzle stay; accesses through the result read the bytes as its elements.
  }];
  let arguments = (ins Fly_PointerType:$src);
  let results = (outs Fly_PointerType:$result);
  let hasVerifier = 1;
}

def Fly_PtrToIntOp : Fly_FnOp<"ptrtoint", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a global or shared pointer's address as an integer";
  let description = [{
    `%a = fly.ptrtoint(%p) : (!fly.ptr<f32, global>) -> i64`: 64 bits for a global
    pointer, 32 for a shared one (FlyDSL's widths); registers and buffer descriptors
    have no integer address.
  }];
  let arguments = (ins Fly_PointerType:$ptr);
  let results = (outs AnyTypeOf<[I64, I32]>:$result);
}

def Fly_IntToPtrOp : Fly_FnOp<"inttoptr", [Pure]> {
  let summary = "an integer address as a global or shared pointer";
  let description = [{
    `%p = fly.inttoptr(%a) : (i64) -> !fly.ptr<f32, global, align<16>>`: the result's
    type, written out, is what the program promises of the address (its alignment
    among it).
  }];
  let arguments = (ins AnyTypeOf<[I64, I32]>:$src);
  let results = (outs Fly_PointerType:$result);
  let hasVerifier = 1;
}

def Fly_ApplySwizzleOp : Fly_FnOp<"apply_swizzle",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the same address as a pointer whose accesses swizzle their byte addresses";
  let description = [{
    `%q = fly.apply_swizzle(%p, %s) : (!fly.ptr<bf16, shared, align<1024>>,
    !fly.swizzle<S<3,4,3>>) -> !fly.ptr<bf16, shared, align<1024>, S<3,4,3>>`: the
    address is unchanged; each access through the result (and through pointers and
    views derived from it) goes to the swizzled byte address.
  }];
  let arguments = (ins Fly_PointerType:$ptr, Fly_SwizzleType:$swizzle);
  let results = (outs Fly_PointerType:$result);
}

def Fly_ExtractAlignedPointerAsIndexOp : Fly_Op<"extract_aligned_pointer_as_index", [Pure]> {
  let summary = "the LLVM pointer to a tensor's first element";
  let description = [{
    `%r = fly.extract_aligned_pointer_as_index %t : !fly.memref<f32, shared, 64:1> ->
    !llvm.ptr<3>`: the pointer in the tensor's own address space, or in the generic one
    (`!llvm.ptr`), which the address is cast to.
  }];
  let arguments = (ins Fly_MemRefType:$source);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Fly_MakeFragmentLikeOp : Fly_FnOp<"make_fragment_like",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's make_fragment_like: registers holding a tensor's (or layout's) shape";
  let description = [{
    `%f = fly.make_fragment_like(%t) : (!fly.memref<f16, global, (4,8):(8,1)>) ->
    !fly.memref<f16, register, (4,8):(1,4)>`: the layout make_fragment_layout_like
    gives for the source's (static) layout, of the source's element type or the
    `dtype` attribute's (which a layout or a coordinate tensor needs).
  }];
  let arguments = (ins AnyTypeOf<[Fly_LayoutType, Fly_MemRefType, Fly_CoordTensorType]>:$src,
                       OptionalAttr<TypeAttr>:$dtype);
  let results = (outs Fly_MemRefType:$result);
}

def Fly_AllocaOp : Fly_FnOp<"memref.alloca"> {
  let summary = "a register tensor (a fragment) of a layout";
  let description = [{
    `%f = fly.memref.alloca(%l) : (!fly.layout<(4,2):(1,4)>) -> !fly.memref<f32, register,
    (4,2):(1,4)>`: the layout (the result's) must be static and its cosize at
    most 4096 elements, so that the fragment can live in registers.
  }];
  let arguments = (ins Fly_LayoutType:$layout);
  let results = (outs Fly_MemRefType:$result);
  let hasVerifier = 1;
}

def Fly_MemRefLoadOp : Fly_FnOp<"memref.load", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the element of a tensor at a coordinate";
  let description = [{
    `%x = fly.memref.load(%t, %c) : (!fly.memref<f32, global, (4,8):(8,1)>,
    !fly.int_tuple<(?,?)>) -> f32`: the element at offset crd2idx(c, layout) (a
    coordinate congruent to the shape, or an index into it), through the
    tensor's swizzle. Of a coordinate tensor, the int tuple base + crd2idx(c, layout),
    computed by fly-layout-lowering.
  }];
  let arguments = (ins AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor,
                       Fly_IntTupleType:$indices);
  let results = (outs AnyType:$result);
  let hasVerifier = 1;
}

def Fly_MemRefStoreOp : Fly_FnOp<"memref.store"> {
  let summary = "an element stored into a tensor at a coordinate";
  let arguments = (ins AnyType:$value, Fly_MemRefType:$tensor, Fly_IntTupleType:$indices);
  let hasVerifier = 1;
}

def Fly_MemRefLoadVecOp
    : Fly_FnOp<"memref.load_vec", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "all elements of a static tensor as one vector, in coordinate order";
  let description = [{
    `%v = fly.memref.load_vec(%t) : (!fly.memref<f32, register, (3,4):(1,16)>) ->
    vector<12xf32>`: element i of the vector is the tensor's element at
    (column-major) index i. Runs along the first mode with stride 1 (any of
    them) are read as one vector each, then permuted into coordinate order. A
    coordinate tensor of integers gives its elements (base + layout(i)), computed:
    vector<N x i32>, or i64 where a leaf is 64 bits wide.
  }];
  let arguments = (ins AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor);
  let results = (outs AnyVectorOfNonZeroRank:$result);
}

def Fly_MemRefStoreVecOp : Fly_FnOp<"memref.store_vec"> {
  let summary = "a vector stored into all elements of a static tensor, in coordinate order";
  let arguments = (ins AnyVectorOfNonZeroRank:$vector, Fly_MemRefType:$tensor);
  let hasVerifier = 1;
}

def Fly_ElementPtrOp : Fly_Op<"memref.element_ptr", [Pure]> {
  let summary = "the pointer to a tensor's element at a coordinate";
  let description = [{
    `%p = fly.memref.element_ptr %t[%i, %j] : !fly.memref<...> -> !fly.ptr<f32, global, align 16>`:
    the result's alignment may not exceed what the layout guarantees at that
    coordinate (computed when the coordinate is constant, the element's size
    otherwise).
  }];
  let arguments = (ins Fly_MemRefType:$tensor, Variadic<Index>:$coord);
  let results = (outs Fly_PointerType:$result);
  let assemblyFormat = "$tensor `[` $coord `]` attr-dict `:` type($tensor) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MMA atoms
//===----------------------------------------------------------------------===//

def Fly_MakeMmaAtomOp : Fly_Op<"make_mma_atom", [Pure]> {
  let summary = "an MMA atom value (all in its type)";
  let results = (outs Fly_MmaAtomType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Fly_MakeTiledMmaOp : Fly_Op<"make_tiled_mma", [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's make_tiled_mma(atom, atom_layout_mnk[, permutation_mnk])";
  let description = [{
    `%t = fly.make_tiled_mma(%atom, %l) : (!fly.mma_atom<...>, !fly.layout<(2,2,1):(1,2,0)>)
    -> !fly.tiled_mma<!fly.mma_atom<...>, <(2,2,1):(1,2,0)>>`: all in the result's type; an
    optional third operand, a `!fly.tile` of up to three tilers, permutes M, N and K.
  }];
  let arguments = (ins Fly_MmaAtomType:$mmaAtom, Fly_LayoutType:$atomLayout,
                       Optional<Fly_TileType>:$permutation);
  let results = (outs Fly_TiledMmaType:$result);
  let assemblyFormat = "`(` $mmaAtom `,` $atomLayout (`,` $permutation^)? `)` attr-dict `:` "
                       "functional-type(operands, results)";
}

def Fly_MmaMakeFragmentOp : Fly_Op<"mma.make_fragment", [Pure, InferTypeOpAdaptor]> {
  let summary = "the registers one thread holds of a tiled MMA's operand a, b, c or d";
  let description = [{
    `%f = fly.mma.make_fragment(b, %tiled_mma, %t) : (...) -> !fly.memref<f16, register,
    (4,1,1):(1,0,0)>`: make_fragment_like of thread 0's partition of tensor %t (its layout
    static), of the operand's element type; `stages = n` adds a last mode of n copies.
  }];
  let arguments = (ins I32Attr:$operand_id, Fly_TiledMmaType:$tiledMma, Fly_MemRefType:$input,
                       OptionalAttr<I32Attr>:$stages);
  let results = (outs Fly_MemRefType:$result);
  let assemblyFormat = "`(` custom<MmaOperand>($operand_id) `,` $tiledMma `,` $input "
                       "(`,` `stages` `=` $stages^)? `)` attr-dict `:` "
                       "functional-type(operands, results)";
}

def Fly_TiledMmaPartitionOp : Fly_Op<"tiled_mma.partition", [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's partition_A/B/C: the part of a tensor one thread's MMAs read or write";
  let description = [{
    `%p = fly.tiled_mma.partition(a, %tiled_mma, %t, %thr) : (!fly.tiled_mma<...>,
    !fly.memref<...>, !fly.int_tuple<?>) -> !fly.memref<...>`: thread %thr's (values of one
    atom, rest M or N, rest K or N) of tensor %t, as FlyDSL spells it. The layout comes from
    src/layout (threadFragmentsMma, partitionByThread); the thread index moves the pointer,
    or a coordinate tensor's base.
  }];
  let arguments = (ins I32Attr:$operand_id, Fly_TiledMmaType:$tiledMma,
                       AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$input,
                       Fly_IntTupleType:$coord);
  let results = (outs AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$result);
  let assemblyFormat = "`(` custom<MmaOperand>($operand_id) `,` $tiledMma `,` $input `,` $coord "
                       "`)` attr-dict `:` functional-type(operands, results)";
}

def Fly_TiledMmaPartitionShapeOp : Fly_Op<"tiled_mma.partition_shape",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's partition_shape_A/B/C: the shape of one thread's part of a tile";
  let description = [{
    `%s = fly.tiled_mma.partition_shape(c, %tiled_mma, %shape) : (!fly.tiled_mma<...>,
    !fly.int_tuple<(32,32)>) -> !fly.int_tuple<(4,1,1)>`: the shape of thread 0's
    partition of a compact tile of the (static) shape, (values of one atom, rest M or N,
    rest K or N), which fly.mma.make_fragment's fragments have.
  }];
  let arguments = (ins I32Attr:$operand_id, Fly_TiledMmaType:$tiledMma,
                       Fly_IntTupleType:$shape);
  let results = (outs Fly_IntTupleType:$result);
  let assemblyFormat = "`(` custom<MmaOperand>($operand_id) `,` $tiledMma `,` $shape `)` "
                       "attr-dict `:` functional-type(operands, results)";
}

def Fly_MmaAtomCallOp : Fly_FnOp<"mma_atom_call"> {
  let summary = "D = A * B + C by one atom, on register fragments";
  let description = [{
    `fly.mma_atom_call(%atom, %d, %a, %b, %c) : (...) -> ()`: each fragment holds this lane's
    values of its operand (as many as the instruction gives a lane, contiguous).
  }];
  let arguments = (ins Fly_MmaAtomType:$atom, Fly_MemRefType:$d, Fly_MemRefType:$a,
                       Fly_MemRefType:$b, Fly_MemRefType:$c);
  let hasVerifier = 1;
}

def Fly_MmaAtomCallSsaOp : Fly_FnOp<"mma_atom_call_ssa"> {
  let summary = "D = A * B + C by one atom, on this lane's values as vectors (or scalars)";
  let description = [{
    `%d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)`: each operand this lane's values (a vector,
    or a scalar for one value), or a register fragment as fly.mma_atom_call takes it; with a
    D fragment first, `fly.mma_atom_call_ssa(%atom, %d, %a, %b, %c)` stores D there and
    gives no value.
  }];
  let arguments = (ins Fly_MmaAtomType:$atom, Optional<Fly_MemRefType>:$d, AnyType:$a, AnyType:$b,
                       AnyType:$c);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

def Fly_GemmOp : Fly_Op<"gemm"> {
  let summary = "D = A * B + C by a tiled MMA, on register fragments";
  let description = [{
    `fly.gemm(%tiled_mma, %d, %a, %b, %c)`: CuTe's gemm on partitioned fragments: one atom
    call's values each (the tiled MMA's other threads hold the rest), or D and C as (V, M, N),
    A as (V, M[, K]) and B as (V, N[, K]), one atom call per (m, n, k), which fly-layout-lowering
    makes fly.mma_atom_call ops (C read by the first call of each (m, n), D by the others). The
    calls go in `traversalOrder` (`#fly<gemm_traversal_order knm>`: FlyDSL's orders, first
    letter innermost, and their serpentine forms; nmk where absent), or as
    `traversalLayout = %l` gives them: a static layout whose i-th value is call
    m + M n + M N k.
  }];
  let arguments = (ins Fly_TiledMmaType:$tiledMma, Fly_MemRefType:$d, Fly_MemRefType:$a,
                       Fly_MemRefType:$b, Fly_MemRefType:$c,
                       OptionalAttr<Fly_GemmTraversalOrderAttr>:$traversalOrder,
                       Optional<Fly_LayoutType>:$traversalLayout);
  let assemblyFormat = "`(` $tiledMma `,` $d `,` $a `,` $b `,` $c `)` "
                       "(`traversalLayout` `=` $traversalLayout^)? attr-dict `:` "
                       "functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Copy atoms and tiled copies
//===----------------------------------------------------------------------===//

def Fly_MakeCopyAtomOp : Fly_Op<"make_copy_atom", [Pure]> {
  let summary = "a copy atom value (its state, where it has one, starts at zero)";
  let description = [{
    `%a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>`:
    valBits repeats the type's value width.
  }];
  let arguments = (ins I32Attr:$valBits);
  let results = (outs Fly_CopyAtomType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Fly_AtomSetValueOp
    : Fly_Op<"atom.set_value", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the atom with one state field set";
  let description = [{
    `%b = fly.atom.set_value(%a, "soffset", %n) : (!fly.copy_atom<...>, i32) ->
    !fly.copy_atom<...>`: the fields are the instruction's (FlyROCDL's buffer copy has
    `soffset`, a uniform element offset added on the buffer side of each call; its scaled MFMA,
    an MMA atom, `scale_a` and `scale_b`, the scale registers of each call).
  }];
  let arguments = (ins AnyTypeOf<[Fly_CopyAtomType, Fly_MmaAtomType]>:$atom, StrAttr:$field,
                       AnyType:$value);
  let results = (outs AnyTypeOf<[Fly_CopyAtomType, Fly_MmaAtomType]>:$result);
  let assemblyFormat = [{
    `(` $atom `,` $field `,` $value `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Fly_CopyAtomCallOp : Fly_FnOp<"copy_atom_call"> {
  let summary = "one call of a copy atom: this thread's values of one call, src to dst";
  let description = [{
    `fly.copy_atom_call(%atom, %src, %dst[, %pred]) : (...) -> ()`: both tensors hold one call's
    values (consecutive in memory); with a predicate tensor (one i1), the call happens only
    where it holds true.
  }];
  let arguments = (ins Fly_CopyAtomType:$copyAtom, Fly_MemRefType:$src, Fly_MemRefType:$dst,
                       Optional<Fly_MemRefType>:$pred);
  let hasVerifier = 1;
}

def Fly_CopyAtomCallSsaOp : Fly_FnOp<"copy_atom_call_ssa", [AttrSizedOperandSegments]> {
  let summary = "one call of a copy atom where a register side is an SSA value";
  let description = [{
    From a tensor into a value: `%v = fly.copy_atom_call_ssa(%atom, %src)` (with a
    predicate: `(%atom, %src, %old, %pred)`, the value is %old where %pred is false); from a
    value into a tensor: `fly.copy_atom_call_ssa(%atom, %v, %dst[, %pred])`; between values:
    `%w = fly.copy_atom_call_ssa(%atom, %v)`. Values are vectors of one call's values (a
    scalar where a call moves one).
  }];
  let arguments = (ins Fly_CopyAtomType:$copyAtom, AnyType:$src, Optional<AnyType>:$dst,
                       Optional<I1>:$pred);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

def Fly_MakeTiledCopyOp : Fly_Op<"make_tiled_copy", [Pure, InferTypeOpAdaptor]> {
  let summary = "CuTe's make_tiled_copy(atom, layout_tv, tile_mn)";
  let description = [{
    FlyDSL's form, printed generically: `"fly.make_tiled_copy"(%atom, %tv, %tile) :
    (!fly.copy_atom<...>, !fly.layout<...>, !fly.tile<[...]>) -> !fly.tiled_copy<...>`: all
    in the result's type (the thread-value layout static).
  }];
  let arguments = (ins Fly_CopyAtomType:$atom, Fly_LayoutType:$layoutThrVal,
                       Fly_TileType:$tileMN);
  let results = (outs Fly_TiledCopyType:$result);
}

class Fly_PartitionOp<string mnemonic, string cuteName>
    : Fly_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's " # cuteName # ": the part of a tensor one thread copies";
  let description = [{
    FlyDSL's form, printed generically: `"fly.tiled_copy.partition_src"(%tc, %t, %thr) :
    (!fly.tiled_copy<...>, !fly.memref<...>, !fly.int_tuple<?>) -> !fly.memref<...>`, the
    thread's index as an int tuple. The result's layout is (values of one atom call, calls...),
    computed by src/layout (threadFragments, threadPartition); the thread index only moves the
    pointer, which fly-layout-lowering computes. Of a coordinate tensor (`!fly.coord_tensor`)
    the thread's offset, a coordinate, is added to the base instead.
  }];
  let arguments = (ins Fly_TiledCopyType:$tiledCopy,
                       AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$tensor,
                       Fly_IntTupleType:$coord);
  let results = (outs AnyTypeOf<[Fly_MemRefType, Fly_CoordTensorType]>:$result);
}

def Fly_PartitionSrcOp : Fly_PartitionOp<"tiled_copy.partition_src", "partition_S">;
def Fly_PartitionDstOp : Fly_PartitionOp<"tiled_copy.partition_dst", "partition_D">;

def Fly_TiledCopyRetileOp : Fly_Op<"tiled_copy.retile",
                                   [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's retile: a thread's fragment seen as the tiled copy's atoms take it";
  let description = [{
    FlyDSL's form, printed generically: `"fly.tiled_copy.retile"(%tc, %frag) :
    (!fly.tiled_copy<...>, !fly.memref<...>) -> !fly.memref<...>`. The fragment (values
    first, as another partition made it; its layout static) is laid out again as
    ((atom values, rest values), rest...) by src/layout (retile); the pointer stays.
  }];
  let arguments = (ins Fly_TiledCopyType:$tiledCopy, Fly_MemRefType:$input);
  let results = (outs Fly_MemRefType:$result);
}

def Fly_CopyOp : Fly_FnOp<"copy"> {
  let summary = "copy a tensor into another by calls of a copy atom";
  let description = [{
    `fly.copy(%atom, %src, %dst[, %pred]) : (!fly.copy_atom<...>, !fly.memref<...>,
    !fly.memref<...>[, !fly.memref<i1, ...>]) -> ()`: both tensors have the same static size,
    a whole number of atom calls whose values are consecutive in memory and aligned to the
    atom's width; a predicate tensor holds one i1 per call (in the calls' order).
    `fly-atom-lowering` expands it into `fly.copy_atom_call`s and lowers those per target.
  }];
  let arguments = (ins Fly_CopyAtomType:$atom, Fly_MemRefType:$src, Fly_MemRefType:$dst,
                       Optional<Fly_MemRefType>:$pred);
  let hasVerifier = 1;
}

def Fly_CpAsyncOp : Fly_Op<"cp_async"> {
  let summary = "an asynchronous copy of `bytes` from global to shared memory (NVIDIA)";
  let description = [{
    `fly.cp_async %src, %dst, %n {bytes = 16 : i64}`: with the optional i32 source size `n`
    (0 or `bytes`) it reads `n` bytes and fills the rest with zeros. 16-byte copies bypass L1
    (`.cg`): shared memory is where they are reused. Swizzled pointers copy at their swizzled
    addresses.
  }];
  let arguments = (ins Fly_PointerType:$src, Fly_PointerType:$dst, Optional<I32>:$srcBytes,
                       I64Attr:$bytes);
  let assemblyFormat =
      "$src `,` $dst (`,` $srcBytes^)? attr-dict `:` type($src) `,` type($dst)";
  let hasVerifier = 1;
}

def Fly_CpAsyncWaitOp : Fly_Op<"cp_async_wait"> {
  let summary = "commit the asynchronous copies issued so far and wait for all of them";
  let assemblyFormat = "attr-dict";
}

def Fly_CpAsyncCommitOp : Fly_Op<"cp_async_commit"> {
  let summary = "close a group of this thread's asynchronous copies: those issued since the last";
  let assemblyFormat = "attr-dict";
}

def Fly_CpAsyncWaitGroupOp : Fly_Op<"cp_async_wait_group"> {
  let summary = "wait until at most `pending` of this thread's committed groups are in flight";
  let description = [{
    `fly.cp_async_wait_group 1`: a pipeline's wait for all but the newest group. On targets
    without asynchronous copies (their copies have completed when issued) it has nothing to wait
    for and goes, as fly.cp_async_commit does.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def Fly_PrintOp : Fly_Op<"print"> {
  let summary = "FlyDSL's print: each `{}` of the format prints the next value, then a newline";
  let description = [{
    `"fly.print"(%i, %l) <{format = "i={} l={}"}> : (i32, !fly.layout<...>) -> ()` (FlyDSL's
    generic form). Scalars print as their type does (integers in decimal, floats with two
    decimals), vectors as `[a, b]`, int tuples and layouts as `(4,?)` and `shape:stride` with
    their dynamic leaves' values. An empty format prints the values separated by spaces; a `{}`
    past the values stays text, `%` is text. fly-layout-lowering makes it `gpu.printf` inside a
    `gpu.func` and `vector.print` elsewhere.
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$values);
  let hasVerifier = 1;
}

#endif // FLY_DIALECT_TD
