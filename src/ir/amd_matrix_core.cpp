//===- amd_matrix_core.cpp - AMD matrix-core instructions as ROCDL ops --------===//

#include "ir/amd_matrix_core.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace fly::ir {

namespace {

struct Intrinsic {
  const char *atom, *op;
  bool bf16AsI16;
  const char *e5m2Op = nullptr; // fp8 atoms: the intrinsic for E5M2 ("bf8") operands
};

const Intrinsic kIntrinsics[] = {
    {"v_mfma_f32_16x16x4_f32", "rocdl.mfma.f32.16x16x4f32", false},
    {"v_mfma_f32_32x32x2_f32", "rocdl.mfma.f32.32x32x2f32", false},
    {"v_mfma_f32_16x16x16_f16", "rocdl.mfma.f32.16x16x16f16", false},
    {"v_mfma_f32_32x32x8_f16", "rocdl.mfma.f32.32x32x8f16", false},
    {"v_mfma_f32_16x16x16_bf16", "rocdl.mfma.f32.16x16x16bf16.1k", true},
    {"v_mfma_f32_32x32x8_bf16", "rocdl.mfma.f32.32x32x8bf16.1k", true},
    {"v_mfma_f32_16x16x32_f16", "rocdl.mfma.f32.16x16x32.f16", false},
    {"v_mfma_f32_32x32x16_f16", "rocdl.mfma.f32.32x32x16.f16", false},
    {"v_mfma_f32_16x16x32_bf16", "rocdl.mfma.f32.16x16x32.bf16", false},
    {"v_mfma_f32_32x32x16_bf16", "rocdl.mfma.f32.32x32x16.bf16", false},
    {"v_mfma_f32_16x16x32_fp8_fp8", "rocdl.mfma.f32.16x16x32.fp8.fp8", false,
     "rocdl.mfma.f32.16x16x32.bf8.bf8"},
    {"v_mfma_f32_32x32x16_fp8_fp8", "rocdl.mfma.f32.32x32x16.fp8.fp8", false,
     "rocdl.mfma.f32.32x32x16.bf8.bf8"},
    {"v_mfma_i32_16x16x32_i8", "rocdl.mfma.i32.16x16x32.i8", false},
    {"v_mfma_i32_32x32x16_i8", "rocdl.mfma.i32.32x32x16.i8", false},
    {"v_wmma_f32_16x16x16_f16", "rocdl.wmma.f32.16x16x16.f16", false},
    {"v_wmma_f32_16x16x16_bf16", "rocdl.wmma.f32.16x16x16.bf16", true},
};

} // namespace

mlir::Operation *createMatrixCoreOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    mlir::Type abElement, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Type result) {
  const Intrinsic *it = nullptr;
  for (const Intrinsic &i : kIntrinsics)
    if (atom == i.atom)
      it = &i;
  if (!it)
    return nullptr;
  bool bytes = abElement.getIntOrFloatBitWidth() == 8; // fp8 and i8: eight lanes as one i64
  auto asOperand = [&](mlir::Value v) -> mlir::Value {
    auto vt = mlir::dyn_cast<mlir::VectorType>(v.getType());
    if (bytes) {
      if (!vt.getElementType().isInteger(8))
        v = mlir::arith::BitcastOp::create(b, loc,
                                           mlir::VectorType::get(vt.getShape(), b.getI8Type()), v);
      return mlir::LLVM::BitcastOp::create(b, loc, b.getI64Type(), v);
    }
    if (!it->bf16AsI16 || !vt)
      return v;
    return mlir::LLVM::BitcastOp::create(b, loc,
                                         mlir::VectorType::get(vt.getShape(), b.getI16Type()), v);
  };
  bool e5m2 = mlir::isa<mlir::Float8E5M2Type, mlir::Float8E5M2FNUZType>(abElement);
  mlir::OperationState state(loc, e5m2 && it->e5m2Op ? it->e5m2Op : it->op);
  state.addOperands({asOperand(a), asOperand(bValue), c});
  bool wmma = atom.starts_with("v_wmma_");
  for (int i = 0; i < (wmma ? 0 : 3); ++i)
    state.addOperands(mlir::ValueRange{mlir::Value(
        mlir::LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0)))});
  state.addTypes(result);
  return b.create(state);
}

} // namespace fly::ir
