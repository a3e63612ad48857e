//===- nvidia_matrix_core.cpp - NVIDIA's mma.sync and wgmma as NVVM ops ---===//
//
// mma.sync takes its multiplicands in 32-bit registers of consecutive values (pairs of f16 as
// vector<2xf16>, pairs of bf16 and quadruples of fp8 as i32) and gives D as a struct of four
// f32; MLIR's NVVM mma op does not take fp8 multiplicands, so those go as the PTX instruction.
// wgmma goes as PTX too, its accumulators tied registers of the asm.
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

namespace {
/// Inline PTX `text` whose results are the f32 values of `acc`, each tied to its operand
/// (after `leading` operands whose constraints `leadingConstraints` gives); gives them back as
/// acc's vector type.
mlir::Value tiedAccumulatorAsm(mlir::OpBuilder &b, mlir::Location loc, const std::string &text,
                               llvm::SmallVector<mlir::Value> operands,
                               const std::string &leadingConstraints, mlir::Value acc) {
  mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto vt = mlir::cast<mlir::VectorType>(acc.getType());
  int64_t n = vt.getNumElements();
  auto index = [&](int64_t i) {
    return mlir::LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(i)));
  };
  std::string constraints;
  for (int64_t i = 0; i < n; ++i)
    constraints += std::string(i ? "," : "") + "=f";
  constraints += leadingConstraints;
  for (int64_t i = 0; i < n; ++i) {
    operands.push_back(mlir::LLVM::ExtractElementOp::create(b, loc, acc, index(i)));
    constraints += "," + std::to_string(i);
  }
  llvm::SmallVector<mlir::Type> fields(size_t(n), f32);
  auto result = mlir::LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
  auto asmOp = mlir::LLVM::InlineAsmOp::create(
      b, loc, result, operands, b.getStringAttr(text), b.getStringAttr(constraints),
      b.getUnitAttr(), mlir::UnitAttr(),
      mlir::LLVM::TailCallKindAttr::get(b.getContext(), mlir::LLVM::TailCallKind::None),
      mlir::LLVM::AsmDialectAttr(), mlir::ArrayAttr());
  mlir::Value d = mlir::LLVM::UndefOp::create(b, loc, vt);
  for (int64_t i = 0; i < n; ++i)
    d = mlir::LLVM::InsertElementOp::create(
        b, loc, vt, d, mlir::LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i), index(i));
  return d;
}
} // namespace

std::string fly::ir::wgmmaInstruction(llvm::StringRef atomName, mlir::Type ab) {
  if (!atomName.ends_with(".fp8"))
    return atomName.str();
  std::string kind = mlir::isa<mlir::Float8E5M2Type>(ab) ? "e5m2" : "e4m3";
  return atomName.drop_back(3).str() + kind + "." + kind;
}

mlir::Value fly::ir::createWgmma(mlir::OpBuilder &b, mlir::Location loc,
                                 llvm::StringRef instruction, mlir::Value descA, mlir::Value descB,
                                 mlir::Value acc, bool mnMajorA, bool mnMajorB) {
  int64_t n = mlir::cast<mlir::VectorType>(acc.getType()).getNumElements();
  std::string regs;
  for (int64_t i = 0; i < n; ++i)
    regs += (i ? "," : "") + ("$" + std::to_string(i));
  auto op = [&](int64_t i) { return "$" + std::to_string(n + i); };
  // scale-d (operand 2) is 1: D = A B + D; scale-a and scale-b 1, no negation; the transposes
  // where the operands are 16-bit (fp8 ones are K-major, and the instruction has none)
  bool transposes = instruction.ends_with(".f16") || instruction.ends_with(".bf16");
  std::string text =
      "{\n.reg .pred p;\nsetp.ne.b32 p, " + op(2) + ", 0;\n" + instruction.str() + " {" + regs +
      "}, " + op(0) + ", " + op(1) + ", p, 1, 1" +
      (transposes ? ", " + std::to_string(int(mnMajorA)) + ", " + std::to_string(int(mnMajorB))
                  : std::string()) +
      ";\n}";
  mlir::Value scaleD =
      mlir::LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(1));
  return tiedAccumulatorAsm(b, loc, text, {descA, descB, scaleD}, ",l,l,r", acc);
}

mlir::Value fly::ir::settleWgmmaAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                                             mlir::Value acc) {
  return tiedAccumulatorAsm(b, loc, "// wgmma accumulators settled", {}, "", acc);
}
