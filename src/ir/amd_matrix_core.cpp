//===- amd_matrix_core.cpp - AMD matrix-core instructions as ROCDL ops --------===//

#include "ir/amd_matrix_core.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace fly::ir {

namespace {

/// How the intrinsic takes a lane's A and B values.
enum class Packing {
  AsIs,
  Bf16AsI16,  // bf16 lanes as i16 lanes
  BytesAsI64, // MFMA's 8-bit operands: eight lanes as one i64
  AsI32Words, // WMMA's integer operands: the lanes' bits as a vector of i32
};

struct Intrinsic {
  const char *atom, *op;
  Packing packing = Packing::AsIs;
  const char *e5m2Op = nullptr; // fp8 atoms: the intrinsic for E5M2 ("bf8") operands
};

const Intrinsic kIntrinsics[] = {
    {"v_mfma_f32_16x16x4_f32", "rocdl.mfma.f32.16x16x4f32"},
    {"v_mfma_f32_32x32x2_f32", "rocdl.mfma.f32.32x32x2f32"},
    {"v_mfma_f32_16x16x16_f16", "rocdl.mfma.f32.16x16x16f16"},
    {"v_mfma_f32_32x32x8_f16", "rocdl.mfma.f32.32x32x8f16"},
    {"v_mfma_f32_16x16x16_bf16", "rocdl.mfma.f32.16x16x16bf16.1k", Packing::Bf16AsI16},
    {"v_mfma_f32_32x32x8_bf16", "rocdl.mfma.f32.32x32x8bf16.1k", Packing::Bf16AsI16},
    {"v_mfma_f32_16x16x32_f16", "rocdl.mfma.f32.16x16x32.f16"},
    {"v_mfma_f32_32x32x16_f16", "rocdl.mfma.f32.32x32x16.f16"},
    {"v_mfma_f32_16x16x32_bf16", "rocdl.mfma.f32.16x16x32.bf16"},
    {"v_mfma_f32_32x32x16_bf16", "rocdl.mfma.f32.32x32x16.bf16"},
    {"v_mfma_f32_16x16x32_fp8_fp8", "rocdl.mfma.f32.16x16x32.fp8.fp8", Packing::BytesAsI64,
     "rocdl.mfma.f32.16x16x32.bf8.bf8"},
    {"v_mfma_f32_32x32x16_fp8_fp8", "rocdl.mfma.f32.32x32x16.fp8.fp8", Packing::BytesAsI64,
     "rocdl.mfma.f32.32x32x16.bf8.bf8"},
    {"v_mfma_i32_16x16x32_i8", "rocdl.mfma.i32.16x16x32.i8", Packing::BytesAsI64},
    {"v_mfma_i32_32x32x16_i8", "rocdl.mfma.i32.32x32x16.i8", Packing::BytesAsI64},
    {"v_wmma_f32_16x16x16_f16", "rocdl.wmma.f32.16x16x16.f16"},
    {"v_wmma_f32_16x16x16_bf16", "rocdl.wmma.f32.16x16x16.bf16", Packing::Bf16AsI16},
    {"v_wmma_f32_16x16x16_fp8_fp8", "rocdl.wmma.f32.16x16x16.fp8_fp8", Packing::AsI32Words},
    {"v_wmma_i32_16x16x16_iu8", "rocdl.wmma.i32.16x16x16.iu8", Packing::AsI32Words},
    {"v_wmma_i32_16x16x16_iu4", "rocdl.wmma.i32.16x16x16.iu4", Packing::AsI32Words},
    // gfx1250's: OCP fp8 names each operand's format (fp8 E4M3, bf8 E5M2) in the op's name.
    {"v_wmma_f32_16x16x4_f32", "rocdl.wmma.f32.16x16x4.f32"},
    {"v_wmma_f32_16x16x32_f16", "rocdl.wmma.f32.16x16x32.f16"},
    {"v_wmma_f32_16x16x32_bf16", "rocdl.wmma.f32.16x16x32.bf16"},
    {"v_wmma_f16_16x16x32_f16", "rocdl.wmma.f16.16x16x32.f16"},
    {"v_wmma_bf16_16x16x32_bf16", "rocdl.wmma.bf16.16x16x32.bf16"},
    {"v_wmma_f32_16x16x64_fp8_fp8", "rocdl.wmma.f32.16x16x64.fp8_fp8", Packing::AsI32Words},
    {"v_wmma_f16_16x16x64_fp8_fp8", "rocdl.wmma.f16.16x16x64.fp8_fp8", Packing::AsI32Words},
    {"v_wmma_f32_16x16x128_fp8_fp8", "rocdl.wmma.f32.16x16x128.fp8_fp8", Packing::AsI32Words},
    {"v_wmma_f16_16x16x128_fp8_fp8", "rocdl.wmma.f16.16x16x128.fp8_fp8", Packing::AsI32Words},
    {"v_wmma_i32_16x16x64_iu8", "rocdl.wmma.i32.16x16x64.iu8", Packing::AsI32Words},
    {"v_wmma_i32_16x16x32_iu4", "rocdl.wmma.i32.16x16x32.iu4", Packing::AsI32Words},
};

const Intrinsic *intrinsicOf(llvm::StringRef atom) {
  for (const Intrinsic &i : kIntrinsics)
    if (atom == i.atom)
      return &i;
  return nullptr;
}

/// The type the intrinsic takes `values` lanes of `element` as.
mlir::Type packedType(mlir::Builder &b, Packing packing, mlir::Type element, int64_t values) {
  switch (packing) {
  case Packing::AsIs:
    return values == 1 ? element : mlir::VectorType::get({values}, element);
  case Packing::Bf16AsI16:
    return values == 1 ? mlir::Type(b.getI16Type())
                       : mlir::VectorType::get({values}, b.getI16Type());
  case Packing::BytesAsI64:
    return b.getI64Type();
  case Packing::AsI32Words:
    return mlir::VectorType::get({values * element.getIntOrFloatBitWidth() / 32}, b.getI32Type());
  }
  return element;
}

} // namespace

mlir::Type matrixCoreOperandType(mlir::Builder &b, llvm::StringRef atom, mlir::Type abElement,
                                 int64_t values) {
  const Intrinsic *it = intrinsicOf(atom);
  return packedType(b, it ? it->packing : Packing::AsIs, abElement, values);
}

mlir::Operation *createMatrixCoreOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    mlir::Type abElement, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Type result,
                                    const MatrixCoreModifiers &modifiers, mlir::Type bElement) {
  const Intrinsic *it = intrinsicOf(atom);
  if (!it)
    return nullptr;
  auto asOperand = [&](mlir::Value v) -> mlir::Value {
    auto vt = mlir::dyn_cast<mlir::VectorType>(v.getType());
    // The lane's A/B values by their bits: a value may come packed already (i32 words).
    mlir::Type scalar = mlir::getElementTypeOrSelf(v.getType());
    int64_t values = (vt ? vt.getNumElements() : 1) * scalar.getIntOrFloatBitWidth() /
                     abElement.getIntOrFloatBitWidth();
    mlir::Type want = packedType(b, it->packing, abElement, values);
    if (v.getType() == want)
      return v;
    // fp8 values are no LLVM type: their bytes as i8 first
    bool bytes = it->packing == Packing::BytesAsI64 || it->packing == Packing::AsI32Words;
    if (bytes && vt && mlir::isa<mlir::FloatType>(vt.getElementType()) &&
        vt.getElementType().getIntOrFloatBitWidth() == 8)
      v = mlir::arith::BitcastOp::create(b, loc,
                                         mlir::VectorType::get(vt.getShape(), b.getI8Type()), v);
    return mlir::LLVM::BitcastOp::create(b, loc, want, v);
  };
  auto isE5m2 = [](mlir::Type t) {
    return mlir::isa<mlir::Float8E5M2Type, mlir::Float8E5M2FNUZType>(t);
  };
  bool e5m2 = isE5m2(abElement);
  std::string name = e5m2 && it->e5m2Op ? it->e5m2Op : it->op;
  if (llvm::StringRef(name).ends_with(".fp8_fp8")) {
    name.resize(name.size() - strlen("fp8_fp8"));
    name += std::string(e5m2 ? "bf8" : "fp8") +
            (isE5m2(bElement ? bElement : abElement) ? "_bf8" : "_fp8");
  }
  mlir::OperationState state(loc, name);
  state.addOperands({asOperand(a), asOperand(bValue), c});
  bool wmma = atom.starts_with("v_wmma_");
  for (int i = 0; i < (wmma ? 0 : 3); ++i)
    state.addOperands(mlir::ValueRange{mlir::Value(
        mlir::LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0)))});
  if (it->packing == Packing::AsI32Words) // the integer WMMAs' sign and clamp controls
    for (auto [name, on] : {std::pair{"signA", modifiers.signA},
                            {"signB", modifiers.signB},
                            {"clamp", modifiers.clamp}})
      if (on)
        state.addAttribute(name, b.getBoolAttr(true));
  state.addTypes(result);
  return b.create(state);
}

int scaledMfmaFormatCode(llvm::StringRef format) {
  static const char *formats[] = {"e4m3", "e5m2", "e2m3", "e3m2", "e2m1"};
  for (int i = 0; i < 5; ++i)
    if (format == formats[i])
      return i;
  return -1;
}

namespace {
/// A lane's A or B codes of block-scaled `format` (its code) as the instruction takes them:
/// packed into dwords at the format's width, code v at bit v x bits.
mlir::Value packScaledCodes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, int format) {
  auto i32 = b.getI32Type();
  auto constant = [&](mlir::Type t, int64_t x) -> mlir::Value {
    return mlir::LLVM::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, x));
  };
  auto vt = mlir::cast<mlir::VectorType>(v.getType());
  int64_t n = vt.getNumElements();
  int bits = format < 2 ? 8 : format < 4 ? 6 : 4;
  auto words = mlir::VectorType::get({n * bits / 32}, i32);
  if (vt.getElementType().isInteger(bits)) // packed already (fp6 / fp4 as i6 / i4)
    return mlir::LLVM::BitcastOp::create(b, loc, words, v);
  if (!vt.getElementType().isInteger(8))
    v = mlir::arith::BitcastOp::create(b, loc, mlir::VectorType::get({n}, b.getI8Type()), v);
  if (bits == 8)
    return mlir::LLVM::BitcastOp::create(b, loc, words, v);
  auto wide = b.getIntegerType(unsigned(n * bits));
  mlir::Value packed = constant(wide, 0);
  for (int64_t i = 0; i < n; ++i) {
    mlir::Value e = mlir::LLVM::ExtractElementOp::create(b, loc, v, constant(i32, i));
    mlir::Value x = mlir::LLVM::AndOp::create(b, loc, mlir::LLVM::ZExtOp::create(b, loc, wide, e),
                                              constant(wide, (1 << bits) - 1));
    packed = mlir::LLVM::OrOp::create(
        b, loc, packed, mlir::LLVM::ShlOp::create(b, loc, x, constant(wide, i * bits)));
  }
  return mlir::LLVM::BitcastOp::create(b, loc, words, packed);
}
} // namespace

mlir::Operation *createScaledMfmaOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    int formatA, int formatB, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Value scaleA, int64_t opselA,
                                    mlir::Value scaleB, int64_t opselB) {
  llvm::StringRef op =
      atom == "v_mfma_scale_f32_16x16x128_f8f6f4"  ? "rocdl.mfma.scale.f32.16x16x128.f8f6f4"
      : atom == "v_mfma_scale_f32_32x32x64_f8f6f4" ? "rocdl.mfma.scale.f32.32x32x64.f8f6f4"
                                                   : "";
  if (op.empty())
    return nullptr;
  auto i32 = b.getI32Type();
  auto constant = [&](int64_t v) -> mlir::Value {
    return mlir::LLVM::ConstantOp::create(b, loc, i32, b.getIntegerAttr(i32, v));
  };
  mlir::OperationState state(loc, op);
  state.addOperands({packScaledCodes(b, loc, a, formatA), packScaledCodes(b, loc, bValue, formatB),
                     c, constant(formatA), constant(formatB), constant(opselA), scaleA,
                     constant(opselB), scaleB});
  state.addTypes(c.getType());
  return b.create(state);
}

mlir::Operation *createScaledWmmaOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    int formatA, int formatB, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Value scaleA, int64_t opselA,
                                    mlir::Value scaleB, int64_t opselB, int64_t modC, bool reuseA,
                                    bool reuseB) {
  bool square = atom == "v_wmma_scale_f32_16x16x128_f8f6f4",
       tall = atom == "v_wmma_scale_f32_32x16x128_f4";
  if (!square && !tall)
    return nullptr;
  mlir::Value pa = packScaledCodes(b, loc, a, formatA),
              pb = packScaledCodes(b, loc, bValue, formatB);
  // The scale format is E8M0 (0); 64-bit scale registers are the SCALE16 form.
  bool block16 = scaleA.getType().isInteger(64);
  mlir::Type t = c.getType();
  auto sa = uint32_t(opselA), sb = uint32_t(opselB);
  auto mod = uint16_t(modC);
  if (tall)
    return block16 ? mlir::ROCDL::wmma_scale16_f32_32x16x128_f4::create(
                         b, loc, t, pa, pb, mod, c, sa, 0, scaleA, sb, 0, scaleB, reuseA, reuseB)
                         .getOperation()
                   : mlir::ROCDL::wmma_scale_f32_32x16x128_f4::create(
                         b, loc, t, pa, pb, mod, c, sa, 0, scaleA, sb, 0, scaleB, reuseA, reuseB)
                         .getOperation();
  auto fa = uint32_t(formatA), fb = uint32_t(formatB);
  return block16
             ? mlir::ROCDL::wmma_scale16_f32_16x16x128_f8f6f4::create(
                   b, loc, t, fa, pa, fb, pb, mod, c, sa, 0, scaleA, sb, 0, scaleB, reuseA, reuseB)
                   .getOperation()
             : mlir::ROCDL::wmma_scale_f32_16x16x128_f8f6f4::create(
                   b, loc, t, fa, pa, fb, pb, mod, c, sa, 0, scaleA, sb, 0, scaleB, reuseA, reuseB)
                   .getOperation();
}

} // namespace fly::ir
