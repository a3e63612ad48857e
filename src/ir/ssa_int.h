//===- ssa_int.h - Layout leaves that are SSA integers ----------*- C++ -*-===//
//
// The one kind of run-time leaf the layout algebra meets in IR: an integer SSA value, with the
// power of two it is known to be a multiple of and a bound on its magnitude. The kernel builder
// and fly-layout-lowering both run src/layout's algebra on these, so the arithmetic one emits
// for a dynamic leaf is the arithmetic the other emits.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_SSA_INT_H
#define FLYDSL_IR_SSA_INT_H

#include "layout/int.h"

#include "mlir/IR/Builders.h"

namespace fly::ir {

/// The integer type two leaves combine in.
enum class LeafWidth {
  /// FlyDSL's: the wider of the operands' types, a constant taking its partner's type where it
  /// fits (i32 leaves stay i32, index stays index).
  Operands,
  /// i32 where both operands and the result provably fit, else i64, so that no index wraps past
  /// 2^31 (a block index times a tile, a loop index times a stride).
  Bounds,
};

class SsaInt final : public layout::DynamicInt {
public:
  SsaInt(mlir::OpBuilder &b, mlir::Location loc, LeafWidth width, mlir::Value v, int64_t divisor,
         uint64_t bound)
      : b(b), loc(loc), width(width), v(v), divisor(divisor), bound(bound) {}
  /// `?`, or `?{div=d}` for a multiple of d: the leaf as a Fly type spells it.
  std::string str() const override;
  layout::Int combine(layout::ArithOp op, const layout::Int &x,
                      const layout::Int &y) const override;

  /// A dynamic leaf for `v`, a multiple of `divisor`; `bound` 0 reads the bound off the ops that
  /// computed `v`. Bounds keeps leaves in i32 or i64 (index and narrower integers converted).
  static layout::Int make(mlir::OpBuilder &b, mlir::Location loc, LeafWidth width, mlir::Value v,
                          int64_t divisor = 1, uint64_t bound = 0);
  /// As make, but a constant `v` becomes a static leaf, which the algebra folds.
  static layout::Int leaf(mlir::OpBuilder &b, mlir::Location loc, LeafWidth width, mlir::Value v,
                          int64_t divisor = 1);
  /// `x` as a value of type `type`: a constant, or the leaf's value converted (sign-extended,
  /// truncated or index-cast). Without a type: the leaf's own, or i32 for a constant that fits.
  static mlir::Value materialize(mlir::OpBuilder &b, mlir::Location loc, const layout::Int &x,
                                 mlir::Type type = {});
  /// The SSA leaf in `x`, or null where `x` is static.
  static const SsaInt *of(const layout::Int &x);

  mlir::OpBuilder &b;
  mlir::Location loc;
  LeafWidth width;
  mlir::Value v;
  int64_t divisor;
  uint64_t bound; // no larger than this in magnitude
};

/// A power of two `x` is a multiple of (a static leaf: its own magnitude).
int64_t divisorOf(const layout::Int &x);
/// An upper bound on |x|.
uint64_t boundOf(const layout::Int &x);
/// An upper bound on |v| read off the ops that computed it (constants, GPU indices, arithmetic
/// on those); otherwise the largest value of v's type.
uint64_t magnitudeBound(mlir::Value v);
/// `v` as an integer of type `to` (index casts, sign extension or truncation).
mlir::Value castInt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Type to);

} // namespace fly::ir

#endif // FLYDSL_IR_SSA_INT_H
