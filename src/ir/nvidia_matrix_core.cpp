//===- nvidia_matrix_core.cpp - NVIDIA's mma.sync as NVVM ops -------------===//
//
// mma.sync takes its multiplicands in 32-bit registers of consecutive values (pairs of f16 as
// vector<2xf16>, pairs of bf16 and quadruples of fp8 as i32) and gives D as a struct of four
// f32; MLIR's NVVM mma op does not take fp8 multiplicands, so those go as the PTX instruction.
//
//===----------------------------------------------------------------------===//

#include "ir/nvidia_matrix_core.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

mlir::Value fly::ir::createMmaSync(mlir::OpBuilder &b, mlir::Location loc, mlir::Type abElement,
                                   mlir::Value aValues, mlir::Value bValues, mlir::Value cValues,
                                   bool fp8) {
  mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto lane = [&](mlir::Value v, int64_t i) -> mlir::Value {
    return mlir::LLVM::ExtractElementOp::create(
        b, loc, v, mlir::LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(i))));
  };
  // A and B go in 32-bit registers of consecutive values: pairs of 16-bit ones (f16 as
  // vector<2xf16>, bf16 as i32), quadruples of fp8 ones (as i32).
  mlir::Type elem = abElement;
  bool bf16 = elem.isBF16();
  int per = fp8 ? 4 : 2;
  auto registers = [&](mlir::Value v, int64_t count) {
    llvm::SmallVector<mlir::Value> regs;
    // LLVM's vector ops take LLVM types: fp8 lanes as their bits (unless they come so).
    if (fp8 && !mlir::getElementTypeOrSelf(v.getType()).isInteger(8))
      v = mlir::arith::BitcastOp::create(
          b, loc,
          mlir::VectorType::get(mlir::cast<mlir::VectorType>(v.getType()).getShape(),
                                b.getI8Type()),
          v);
    auto e = mlir::cast<mlir::VectorType>(v.getType()).getElementType();
    auto groupType = mlir::VectorType::get({per}, e);
    for (int64_t r = 0; r < count; ++r) {
      mlir::Value p = mlir::LLVM::UndefOp::create(b, loc, groupType);
      for (int64_t j = 0; j < per; ++j)
        p = mlir::LLVM::InsertElementOp::create(
            b, loc, groupType, p, lane(v, per * r + j),
            mlir::LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(j))));
      regs.push_back(bf16 || fp8 ? mlir::Value(mlir::LLVM::BitcastOp::create(b, loc, i32, p)) : p);
    }
    return regs;
  };
  auto a = registers(aValues, 4), bregs = registers(bValues, 2);
  llvm::SmallVector<mlir::Value> c;
  for (int64_t i = 0; i < 4; ++i)
    c.push_back(lane(cValues, i));
  auto result = mlir::LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  mlir::Value mma;
  if (fp8) {
    // NVVM's mma op does not take fp8 multiplicands in this MLIR: the PTX instruction itself.
    std::string t = mlir::isa<mlir::Float8E5M2Type>(elem) ? "e5m2" : "e4m3";
    llvm::SmallVector<mlir::Value> operands(a.begin(), a.end());
    operands.append(bregs.begin(), bregs.end());
    operands.append(c.begin(), c.end());
    mma =
        mlir::LLVM::InlineAsmOp::create(
            b, loc, result, operands,
            b.getStringAttr("mma.sync.aligned.m16n8k32.row.col.f32." + t + "." + t +
                            ".f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};"),
            b.getStringAttr("=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"), mlir::UnitAttr(), mlir::UnitAttr(),
            mlir::LLVM::TailCallKindAttr::get(b.getContext(), mlir::LLVM::TailCallKind::None),
            mlir::LLVM::AsmDialectAttr(), mlir::ArrayAttr())
            .getResult(0);
  } else {
    auto type = bf16 ? mlir::NVVM::MMATypes::bf16 : mlir::NVVM::MMATypes::f16;
    mma = mlir::NVVM::MmaOp::create(b, loc, result, a, bregs, c, llvm::ArrayRef<int64_t>{16, 8, 16},
                                    std::nullopt, std::nullopt,
                                    std::array<mlir::NVVM::MMATypes, 2>{type, type},
                                    std::array<mlir::NVVM::MMALayout, 2>{
                                        mlir::NVVM::MMALayout::row, mlir::NVVM::MMALayout::col});
  }
  auto vt = mlir::VectorType::get({4}, f32);
  mlir::Value d = mlir::LLVM::UndefOp::create(b, loc, vt);
  for (int64_t i = 0; i < 4; ++i)
    d = mlir::LLVM::InsertElementOp::create(
        b, loc, vt, d, mlir::LLVM::ExtractValueOp::create(b, loc, mma, i),
        mlir::LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(i))));
  return d;
}
