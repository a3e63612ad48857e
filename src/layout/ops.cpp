//===- ops.cpp - The algebra's operations by number -----------------------===//

#include "layout/ops.h"

#include "layout/fragment.h"

namespace fly::layout {

namespace {
template <class E> E checked(int op, int count, const char *name) {
  if (op < 0 || op >= count)
    fail(ErrorKind::InvalidArgument, "unknown " + std::string(name) + " " + std::to_string(op));
  return static_cast<E>(op);
}
} // namespace

UnaryOp unaryOp(int op) { return checked<UnaryOp>(op, 9, "fly_layout_unary_op"); }
BinaryOp binaryOp(int op) { return checked<BinaryOp>(op, 6, "fly_layout_binary_op"); }
TilerOp tilerOp(int op) { return checked<TilerOp>(op, 9, "fly_tiler_op"); }
TupleOp tupleOp(int op) { return checked<TupleOp>(op, 13, "fly_tuple_op"); }
TupleUnaryOp tupleUnaryOp(int op) { return checked<TupleUnaryOp>(op, 3, "fly_tuple_unary_op"); }
CoordOp coordOp(int op) { return checked<CoordOp>(op, 3, "fly_layout_coord_op"); }

IntTuple apply(TupleOp op, const IntTuple &a, const IntTuple &b) {
  switch (op) {
  case TupleOp::ShapeDiv:
    return shapeDiv(a, b);
  case TupleOp::CeilDiv:
    return ceilDiv(a, b);
  case TupleOp::ElemScale:
    return elemScale(a, b);
  case TupleOp::Idx2Crd:
    return idx2crd(a, b);
  case TupleOp::Crd2Idx:
    return crd2idx(a, b);
  case TupleOp::CompactColMajor:
    return compactColMajor(a, b);
  case TupleOp::PrefixProduct:
    return prefixProduct(a, b);
  case TupleOp::Add:
    return modewise(a, b, "int_tuple_add", [](const Int &x, const Int &y) { return add(x, y); });
  case TupleOp::Sub:
    return modewise(a, b, "int_tuple_sub",
                    [](const Int &x, const Int &y) { return add(x, mul(Int(int64_t(-1)), y)); });
  case TupleOp::Mul:
    return modewise(a, b, "int_tuple_mul", [](const Int &x, const Int &y) { return mul(x, y); });
  case TupleOp::Div:
    return modewise(a, b, "int_tuple_div",
                    [](const Int &x, const Int &y) { return floorDiv(x, y); });
  case TupleOp::Mod:
    return modewise(a, b, "int_tuple_mod", [](const Int &x, const Int &y) { return mod(x, y); });
  case TupleOp::ProductLike:
    return productLike(a, b);
  }
  fail(ErrorKind::InvalidArgument, "unknown tuple op");
}

IntTuple apply(TupleUnaryOp op, const IntTuple &a) {
  switch (op) {
  case TupleUnaryOp::ProductEach:
    return productEach(a);
  case TupleUnaryOp::Flatten:
    return flatten(a);
  case TupleUnaryOp::Product:
    return IntTuple(product(a));
  }
  fail(ErrorKind::InvalidArgument, "unknown unary tuple op");
}

Layout apply(UnaryOp op, const Layout &l) {
  switch (op) {
  case UnaryOp::Coalesce:
    return coalesce(l);
  case UnaryOp::Filter:
    return filter(l);
  case UnaryOp::FilterZeros:
    return filterZeros(l);
  case UnaryOp::Complement:
    return complement(l);
  case UnaryOp::RightInverse:
    return rightInverse(l);
  case UnaryOp::LeftInverse:
    return leftInverse(l);
  case UnaryOp::Flatten:
    return flatten(l);
  case UnaryOp::MakeFragmentLike:
    return makeFragmentLike(l);
  case UnaryOp::MakeLayoutLike:
    return makeLayoutLike(l);
  }
  fail(ErrorKind::InvalidArgument, "unknown unary layout op");
}

IntTuple apply(CoordOp op, const IntTuple &index, const Layout &l) {
  IntTuple crd = idx2crd(index, l.shape(), l.stride());
  switch (op) {
  case CoordOp::Idx2Crd:
    return crd;
  case CoordOp::FlatCoord: {
    if (!l.shape().isTuple())
      return crd2crd(crd, l.shape(), IntTuple(1));
    return crd2crd(crd, l.shape(), IntTuple::tuple(std::vector<IntTuple>(l.rank(), IntTuple(1))));
  }
  case CoordOp::OneDCoord:
    return crd2idx(crd, l.shape());
  }
  fail(ErrorKind::InvalidArgument, "unknown coordinate op");
}

Layout apply(BinaryOp op, const Layout &a, const Layout &b) {
  switch (op) {
  case BinaryOp::Composition:
    return composition(a, b);
  case BinaryOp::BlockedProduct:
    return blockedProduct(a, b);
  case BinaryOp::RakedProduct:
    return rakedProduct(a, b);
  case BinaryOp::Append:
    return append(a, b);
  case BinaryOp::Prepend:
    return prepend(a, b);
  case BinaryOp::MaxCommonLayout:
    return maxCommonLayout(a, b);
  }
  fail(ErrorKind::InvalidArgument, "unknown binary layout op");
}

Layout apply(TilerOp op, const Layout &l, const Tiler &t) {
  switch (op) {
  case TilerOp::Composition:
    return composition(l, t);
  case TilerOp::LogicalDivide:
    return logicalDivide(l, t);
  case TilerOp::ZippedDivide:
    return zippedDivide(l, t);
  case TilerOp::TiledDivide:
    return tiledDivide(l, t);
  case TilerOp::FlatDivide:
    return flatDivide(l, t);
  case TilerOp::LogicalProduct:
    return logicalProduct(l, t);
  case TilerOp::ZippedProduct:
    return zippedProduct(l, t);
  case TilerOp::TiledProduct:
    return tiledProduct(l, t);
  case TilerOp::FlatProduct:
    return flatProduct(l, t);
  }
  fail(ErrorKind::InvalidArgument, "unknown tiler op");
}

bool keepsElements(UnaryOp op) {
  return op == UnaryOp::Coalesce || op == UnaryOp::Filter || op == UnaryOp::FilterZeros ||
         op == UnaryOp::Flatten;
}

bool keepsElements(TilerOp op) { return op <= TilerOp::FlatDivide; }

} // namespace fly::layout
