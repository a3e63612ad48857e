//===- ops.h - The algebra's operations by number ---------------*- C++ -*-===//
//
// The unary, binary and tiler operations of the C API's fly_layout_unary_op,
// fly_layout_binary_op and fly_tiler_op, and the tuple operations of fly_tuple_op and
// fly_tuple_unary_op, numbered as there, so that host calls, in-kernel calls and the Fly
// dialect pick their function in one place.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_OPS_H
#define FLYDSL_LAYOUT_OPS_H

#include "layout/layout.h"

namespace fly::layout {

enum class UnaryOp {
  Coalesce,
  Filter,
  FilterZeros,
  Complement,
  RightInverse,
  LeftInverse,
  Flatten,
  MakeFragmentLike,
  MakeLayoutLike
};
enum class BinaryOp { Composition, BlockedProduct, RakedProduct, Append, Prepend, MaxCommonLayout };
enum class TilerOp {
  Composition,
  LogicalDivide,
  ZippedDivide,
  TiledDivide,
  FlatDivide,
  LogicalProduct,
  ZippedProduct,
  TiledProduct,
  FlatProduct
};

enum class TupleOp {
  ShapeDiv,
  CeilDiv,
  ElemScale,
  Idx2Crd,
  Crd2Idx,
  CompactColMajor,
  PrefixProduct,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  ProductLike
};
enum class TupleUnaryOp { ProductEach, Flatten, Product };
/// The coordinates FlyDSL's dialect gives an index of a layout: its coordinate through the
/// layout's shape and strides (per leaf (index / d) % s, fly.idx2crd), one 1-D coordinate per
/// top-level mode of that (fly.get_flat_coord), or that coordinate's column-major index in the
/// shape (fly.get_1d_coord).
enum class CoordOp { Idx2Crd, FlatCoord, OneDCoord };

/// The operation of a number; an InvalidArgument error names the enum for any other.
UnaryOp unaryOp(int op);
BinaryOp binaryOp(int op);
TilerOp tilerOp(int op);
TupleOp tupleOp(int op);
TupleUnaryOp tupleUnaryOp(int op);
CoordOp coordOp(int op);

Layout apply(UnaryOp op, const Layout &l);
Layout apply(BinaryOp op, const Layout &a, const Layout &b);
Layout apply(TilerOp op, const Layout &l, const Tiler &t);
/// Add, Sub, Mul, Div and Mod go leaf by leaf, keeping the extra modes of the longer tuple
/// (modewise); Div and Mod round toward negative infinity, as Python's // and %.
IntTuple apply(TupleOp op, const IntTuple &a, const IntTuple &b);
IntTuple apply(TupleUnaryOp op, const IntTuple &a);
IntTuple apply(CoordOp op, const IntTuple &index, const Layout &l);

/// Whether the result indexes the same elements as the operand (so a tensor keeps its memory
/// under it): coalesce, filter, flatten, compositions and divides. The others (inverses,
/// complements, products) are new functions.
bool keepsElements(UnaryOp op);
bool keepsElements(TilerOp op);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_OPS_H
