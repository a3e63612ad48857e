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
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Fly_Dialect : Dialect {
  let name = "fly";
  let summary = "CuTe-style layouts and their algebra";
  let cppNamespace = "::fly::ir::fly";
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

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

class Fly_UnaryLayoutOp<string mnemonic, string cuteName>
    : Fly_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's " # cuteName # "(layout)";
  let arguments = (ins Fly_LayoutType:$input);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Fly_CoalesceOp : Fly_UnaryLayoutOp<"coalesce", "coalesce">;
def Fly_FilterOp : Fly_UnaryLayoutOp<"filter", "filter">;
def Fly_FilterZerosOp : Fly_UnaryLayoutOp<"filter_zeros", "filter_zeros">;
def Fly_ComplementOp : Fly_UnaryLayoutOp<"complement", "complement">;
def Fly_RightInverseOp : Fly_UnaryLayoutOp<"right_inverse", "right_inverse">;
def Fly_LeftInverseOp : Fly_UnaryLayoutOp<"left_inverse", "left_inverse">;
def Fly_FlattenOp : Fly_UnaryLayoutOp<"flatten", "flatten">;

class Fly_BinaryLayoutOp<string mnemonic, string cuteName>
    : Fly_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's " # cuteName # "(lhs, rhs) with a layout as the right-hand side";
  let arguments = (ins Fly_LayoutType:$lhs, Fly_LayoutType:$rhs);
  let results = (outs Fly_LayoutType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)";
}

def Fly_CompositionOp : Fly_BinaryLayoutOp<"composition", "composition">;
def Fly_LogicalDivideOp : Fly_BinaryLayoutOp<"logical_divide", "logical_divide">;
def Fly_ZippedDivideOp : Fly_BinaryLayoutOp<"zipped_divide", "zipped_divide">;
def Fly_TiledDivideOp : Fly_BinaryLayoutOp<"tiled_divide", "tiled_divide">;
def Fly_FlatDivideOp : Fly_BinaryLayoutOp<"flat_divide", "flat_divide">;
def Fly_LogicalProductOp : Fly_BinaryLayoutOp<"logical_product", "logical_product">;
def Fly_ZippedProductOp : Fly_BinaryLayoutOp<"zipped_product", "zipped_product">;
def Fly_TiledProductOp : Fly_BinaryLayoutOp<"tiled_product", "tiled_product">;
def Fly_FlatProductOp : Fly_BinaryLayoutOp<"flat_product", "flat_product">;
def Fly_BlockedProductOp : Fly_BinaryLayoutOp<"blocked_product", "blocked_product">;
def Fly_RakedProductOp : Fly_BinaryLayoutOp<"raked_product", "raked_product">;

class Fly_QueryOp<string mnemonic, string cuteName>
    : Fly_Op<mnemonic, [Pure]> {
  let summary = "CuTe's " # cuteName # "(layout) as an index (folded when static)";
  let arguments = (ins Fly_LayoutType:$input);
  let results = (outs Index:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def Fly_SizeOp : Fly_QueryOp<"size", "size">;
def Fly_CosizeOp : Fly_QueryOp<"cosize", "cosize">;
def Fly_RankOp : Fly_QueryOp<"rank", "rank">;
def Fly_DepthOp : Fly_QueryOp<"depth", "depth">;

def Fly_Crd2IdxOp : Fly_Op<"crd2idx", [Pure]> {
  let summary = "the offset of a coordinate: layout(coord)";
  let description = [{
    `%i = fly.crd2idx %l[%c0, %c1, %c2] : !fly.layout<(2,(3,4)):(12,(1,3))>`
    takes one index per leaf of the shape (the flattened natural coordinate) and
    gives `sum(c_i * d_i)`. `fly-layout-lowering` turns it into `arith`
    multiplications and additions (by constants where the strides are static):
    no division or remainder.
  }];
  let arguments = (ins Fly_LayoutType:$layout, Variadic<Index>:$coord);
  let results = (outs Index:$result);
  let assemblyFormat = "$layout `[` $coord `]` attr-dict `:` type($layout)";
  let hasVerifier = 1;
}

#endif // FLY_DIALECT_TD
