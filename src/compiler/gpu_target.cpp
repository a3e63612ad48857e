//===- gpu_target.cpp - Kernels compiled for AMD (HSACO) and NVIDIA (PTX) ---===//
//
// The same kernel module goes down one of two paths:
//   rocm: GPU -> ROCDL -> LLVM IR, the ROCm device libraries linked in (math calls become
//         __ocml_*), AMDGPU code generation to an object, lld to a HSACO code object.
//   cuda: GPU -> NVVM -> LLVM IR -> PTX. Math is expanded into polynomial approximations and
//         LLVM intrinsics first, so no libdevice is needed.
// Shared memory: each kernel's static shared memory becomes one workgroup (addrspace 3)
// global; dynamic shared memory is the external zero-sized global that follows it.
//
//===----------------------------------------------------------------------===//

#include "compiler/amd_wave_ops.h"
#include "compiler/buffer_ops.h"
#include "compiler/cp_async.h"
#include "compiler/device_libraries.h"
#include "compiler/mlir_pipeline.h"
#include "compiler/small_floats.h"
#include "ir/amd_matrix_core.h"
#include "ir/mlir_module.h"
#include "ir/nvidia_matrix_core.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>

namespace fly::compiler {

namespace {

constexpr const char *kDynamicSharedGlobal = "__fly_dynamic_shared";

bool isRocm(const Options &o) { return o.target == "rocm"; }

// Replaces the builder's shared-memory base calls by workgroup globals, one per kernel.
void materializeSharedMemory(mlir::ModuleOp m, const Options &o) {
  mlir::MLIRContext *ctx = m.getContext();
  auto gpuModule = gpuModuleOf(m);
  auto ptr3 = mlir::LLVM::LLVMPointerType::get(ctx, 3);
  mlir::OpBuilder b(ctx);
  auto global = [&](const std::string &name, uint64_t bytes, uint64_t align, bool external) {
    if (gpuModule.lookupSymbol(name))
      return;
    b.setInsertionPointToStart(gpuModule.getBody());
    auto type = mlir::LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
    mlir::LLVM::GlobalOp::create(
        b, m.getLoc(), type, /*isConstant=*/false,
        external ? mlir::LLVM::Linkage::External : mlir::LLVM::Linkage::Internal, name,
        mlir::Attribute(), align, /*addrSpace=*/3);
  };
  bool cuda = o.target == "cuda";
  auto dynamicAlignOf = [](mlir::gpu::GPUFuncOp func) {
    auto a = func->getAttrOfType<mlir::IntegerAttr>(ir::kDynamicSharedAlignAttr);
    return a ? std::max<uint64_t>(kDynamicSharedAlign, a.getInt()) : kDynamicSharedAlign;
  };
  // One dynamic region serves the module's kernels: aligned to the widest any asks for.
  uint64_t dynamicAlign = kDynamicSharedAlign;
  for (auto func : gpuModule.getOps<mlir::gpu::GPUFuncOp>())
    dynamicAlign = std::max(dynamicAlign, dynamicAlignOf(func));
  for (auto func : gpuModule.getOps<mlir::gpu::GPUFuncOp>()) {
    uint64_t bytes = 0, align = 16;
    if (auto a = func->getAttrOfType<mlir::IntegerAttr>("fly.shared_bytes"))
      bytes = a.getInt();
    if (auto a = func->getAttrOfType<mlir::IntegerAttr>("fly.shared_align"))
      align = std::max<uint64_t>(align, a.getInt());
    if (cuda && align > ir::kMaxSharedAlignCuda)
      throw CompileError("kernel '" + func.getName().str() + "': static shared memory aligned to " +
                         std::to_string(align) + " bytes; on cuda at most " +
                         std::to_string(ir::kMaxSharedAlignCuda) +
                         " (wider placement is not verified on NVIDIA hardware; dynamic shared "
                         "memory may be aligned to " +
                         std::to_string(ir::kMaxSharedAlign) + ")");
    // Elsewhere the dynamic region follows the static one, which starts at its alignment.
    if (!cuda && func->hasAttr(ir::kDynamicSharedAlignAttr))
      align = std::max(align, dynamicAlignOf(func));
    std::string name = "__fly_shared_" + func.getName().str();
    llvm::SmallVector<mlir::func::CallOp> calls;
    func.walk([&](mlir::func::CallOp c) { calls.push_back(c); });
    for (auto call : calls) {
      bool dynamic = call.getCallee() == ir::kDynamicSharedBaseFn;
      if (!dynamic && call.getCallee() != ir::kSharedBaseFn)
        continue;
      // On cuda the region is declared as aligned as it is found (LLVM would otherwise take the
      // wider alignment as known and fold the rounding below away).
      if (dynamic)
        global(kDynamicSharedGlobal, 0,
               cuda ? std::min(dynamicAlign, kDynamicSharedAlign) : dynamicAlign,
               /*external=*/true);
      else
        global(name, std::max<uint64_t>(bytes, 1), align, /*external=*/false);
      b.setInsertionPoint(call);
      mlir::Location loc = call.getLoc();
      mlir::Value base =
          mlir::LLVM::AddressOfOp::create(b, loc, ptr3, dynamic ? kDynamicSharedGlobal : name);
      if (dynamic && cuda && dynamicAlignOf(func) > kDynamicSharedAlign) {
        // The start rounded up to the region's alignment: (-address) mod alignment bytes on,
        // within the dynamicSharedPad bytes each launch adds.
        auto i64 = b.getI64Type();
        auto constant = [&](int64_t v) {
          return mlir::LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
        };
        mlir::Value address = mlir::LLVM::PtrToIntOp::create(b, loc, i64, base);
        mlir::Value negated = mlir::LLVM::SubOp::create(b, loc, constant(0), address);
        mlir::Value skip =
            mlir::LLVM::AndOp::create(b, loc, negated, constant(int64_t(dynamicAlignOf(func)) - 1));
        base = mlir::LLVM::GEPOp::create(b, loc, ptr3, b.getI8Type(), base, mlir::ValueRange{skip});
      }
      call.getResult(0).replaceAllUsesWith(base);
      call.erase();
    }
  }
  for (const char *fn : {ir::kSharedBaseFn, ir::kDynamicSharedBaseFn})
    if (auto decl = gpuModule.lookupSymbol<mlir::func::FuncOp>(fn))
      decl.erase();
}

// ROCDL's conversion gives the math ops that have an LLVM intrinsic to that intrinsic, and the
// AMDGPU backend has no code for these; the device library (linked in) computes them instead,
// as HIP's own functions do. Vectors call it lane by lane.
void callDeviceLibraryMath(mlir::gpu::GPUModuleOp gpuModule) {
  static const std::map<std::string, std::string> functions = {
      {"math.tan", "tan"},   {"math.asin", "asin"}, {"math.acos", "acos"}, {"math.atan", "atan"},
      {"math.sinh", "sinh"}, {"math.cosh", "cosh"}, {"math.tanh", "tanh"}, {"math.atan2", "atan2"}};
  llvm::SmallVector<mlir::Operation *> ops;
  gpuModule.walk([&](mlir::Operation *op) {
    if (functions.count(op->getName().getStringRef().str()))
      ops.push_back(op);
  });
  for (mlir::Operation *op : ops) {
    mlir::OpBuilder b(op);
    mlir::Location loc = op->getLoc();
    mlir::Type t = op->getResult(0).getType();
    mlir::Type elem = mlir::getElementTypeOrSelf(t);
    const char *suffix = elem.isF32()   ? "_f32"
                         : elem.isF64() ? "_f64"
                         : elem.isF16() ? "_f16"
                                        : nullptr;
    std::string base = functions.at(op->getName().getStringRef().str());
    if (!suffix) {
      std::string type;
      llvm::raw_string_ostream os(type);
      os << elem;
      throw CompileError("'math." + base + "' on " + type +
                         " has no rocm lowering (f16, f32 and f64 do)");
    }
    std::string name = "__ocml_" + base + suffix;
    llvm::SmallVector<mlir::Type> argTypes(op->getNumOperands(), elem);
    auto fn = gpuModule.lookupSymbol<mlir::LLVM::LLVMFuncOp>(name);
    if (!fn) {
      mlir::OpBuilder top(gpuModule.getBodyRegion());
      fn = mlir::LLVM::LLVMFuncOp::create(top, loc, name,
                                          mlir::LLVM::LLVMFunctionType::get(elem, argTypes));
    }
    auto call = [&](mlir::ValueRange args) {
      return mlir::LLVM::CallOp::create(b, loc, fn, args).getResult();
    };
    mlir::Value r;
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t)) {
      r = mlir::arith::ConstantOp::create(b, loc, vt, b.getZeroAttr(vt));
      for (int64_t i = 0; i < vt.getNumElements(); ++i) {
        llvm::SmallVector<mlir::Value> lanes;
        for (mlir::Value operand : op->getOperands())
          lanes.push_back(mlir::vector::ExtractOp::create(b, loc, operand, i));
        r = mlir::vector::InsertOp::create(b, loc, call(lanes), r, i);
      }
    } else {
      r = call(op->getOperands());
    }
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}

// NVIDIA has no device math library here: transcendental f32 functions become polynomial
// approximations, and what remains with an LLVM intrinsic that NVPTX selects directly becomes
// a call of that intrinsic (the NVVM conversion would otherwise ask for libdevice).
void expandMathForNvptx(mlir::gpu::GPUModuleOp gpuModule) {
  // arith's IEEE maxNum / minNum: the NVVM conversion calls __nv_fmaxf / __nv_fminf for them;
  // LLVM's intrinsics select without libdevice. Its remainder (remf) has only __nv_fmodf: the
  // conversion refuses llvm.frem, and NVPTX's own frem is not exact where the quotient is large.
  llvm::SmallVector<mlir::Operation *> libdeviceAriths;
  gpuModule.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::arith::MaxNumFOp, mlir::arith::MinNumFOp, mlir::arith::RemFOp>(op))
      libdeviceAriths.push_back(op);
  });
  for (mlir::Operation *op : libdeviceAriths) {
    if (mlir::isa<mlir::arith::RemFOp>(op))
      throw CompileError("'arith.remf' (a float %) has no cuda lowering without NVIDIA's "
                         "libdevice; compute x - y * trunc(x / y) where that is close enough");
    mlir::OpBuilder b(op);
    mlir::Value l = op->getOperand(0), r = op->getOperand(1), v;
    if (mlir::isa<mlir::arith::MaxNumFOp>(op))
      v = mlir::LLVM::MaxNumOp::create(b, op->getLoc(), l, r);
    else
      v = mlir::LLVM::MinNumOp::create(b, op->getLoc(), l, r);
    op->getResult(0).replaceAllUsesWith(v);
    op->erase();
  }
  // log10(x) = ln(x) / ln(10): ln has a polynomial here, log10 has none.
  llvm::SmallVector<mlir::math::Log10Op> log10s;
  gpuModule.walk([&](mlir::math::Log10Op op) { log10s.push_back(op); });
  for (auto op : log10s) {
    mlir::OpBuilder b(op);
    mlir::Type t = op.getType();
    mlir::TypedAttr scale = b.getFloatAttr(mlir::getElementTypeOrSelf(t), 1.0 / std::log(10.0));
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      scale = mlir::DenseElementsAttr::get(vt, mlir::Attribute(scale));
    mlir::Value ln = mlir::math::LogOp::create(b, op.getLoc(), op.getOperand(), op.getFastmath());
    mlir::Value r = mlir::arith::MulFOp::create(
        b, op.getLoc(), ln, mlir::arith::ConstantOp::create(b, op.getLoc(), t, scale),
        op.getFastmath());
    op.replaceAllUsesWith(r);
    op.erase();
  }
  mlir::RewritePatternSet patterns(gpuModule.getContext());
  mlir::math::populateExpansionPatterns(
      patterns, {"tanh", "powf", "rsqrt", "sinh", "cosh", "tan", "asinh", "acosh", "atanh"});
  mlir::populateMathPolynomialApproximationPatterns(patterns);
  (void)mlir::applyPatternsGreedily(gpuModule, std::move(patterns));

  static const std::map<std::string, std::string> intrinsics = {
      {"math.floor", "llvm.floor"},
      {"math.ceil", "llvm.ceil"},
      {"math.sqrt", "llvm.sqrt"},
      {"math.absf", "llvm.fabs"},
      {"math.fma", "llvm.fma"},
      {"math.exp2", "llvm.exp2"},
      {"math.log2", "llvm.log2"},
      {"math.copysign", "llvm.copysign"},
      {"math.roundeven", "llvm.roundeven"},
      {"math.trunc", "llvm.trunc"},
      {"math.round", "llvm.round"},
      {"math.ctpop", "llvm.ctpop"}};
  llvm::SmallVector<mlir::Operation *> mathOps;
  gpuModule.walk([&](mlir::Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "math")
      mathOps.push_back(op);
  });
  mlir::OpBuilder b(gpuModule.getContext());
  for (mlir::Operation *op : mathOps) {
    std::string name = op->getName().getStringRef().str();
    auto it = intrinsics.find(name);
    mlir::Type t = op->getResult(0).getType();
    static const std::map<std::string, std::string> withFlag = {
        {"math.absi", "llvm.abs"}, {"math.ctlz", "llvm.ctlz"}, {"math.cttz", "llvm.cttz"}};
    if (auto flagged = withFlag.find(name); flagged != withFlag.end()) {
      // abs: INT_MIN is not poison; ctlz / cttz: zero is not poison.
      b.setInsertionPoint(op);
      auto r = mlir::LLVM::CallIntrinsicOp::create(
          b, op->getLoc(), t, b.getStringAttr(flagged->second),
          mlir::ValueRange{op->getOperand(0),
                           mlir::LLVM::ConstantOp::create(b, op->getLoc(), b.getI1Type(),
                                                          b.getBoolAttr(false))});
      op->replaceAllUsesWith(r->getResults());
      op->erase();
      continue;
    }
    if (it == intrinsics.end() || ((name == "math.exp2" || name == "math.log2") && !t.isF32())) {
      std::string type;
      llvm::raw_string_ostream os(type);
      os << t;
      throw CompileError("'" + name + "' on " + type +
                         " has no cuda lowering without NVIDIA's libdevice (f32 is supported)");
    }
    b.setInsertionPoint(op);
    auto r = mlir::LLVM::CallIntrinsicOp::create(b, op->getLoc(), t, b.getStringAttr(it->second),
                                                 op->getOperands());
    op->replaceAllUsesWith(r->getResults());
    op->erase();
  }
}

// A shuffle's width splits the wave into segments of `width` lanes, and a lane reads inside
// its own segment (lane l of a segment reads l ^ o, l - o, l + o or o of it, and keeps its own
// value where that lies outside), as CUDA's __shfl_*_sync define it and the cpu target
// emulates. MLIR's lowerings read the width otherwise (NVVM: only the first `width` lanes
// take part; ROCDL: up and idx cross segments), so every shuffle that is not a whole-wave
// one on cuda becomes an idx shuffle over the whole wave from the lane its definition names.
void shufflesWithinSegments(mlir::gpu::GPUModuleOp gpuModule, int wave, bool cuda) {
  llvm::SmallVector<mlir::gpu::ShuffleOp> shuffles;
  gpuModule.walk([&](mlir::gpu::ShuffleOp s) { shuffles.push_back(s); });
  for (mlir::gpu::ShuffleOp s : shuffles) {
    if (cuda && ir::integerConstant(s.getWidth()) == wave)
      continue;
    mlir::OpBuilder b(s);
    auto loc = s.getLoc();
    namespace ar = mlir::arith;
    auto i32 = b.getI32Type();
    auto c = [&](int64_t v) { return ar::ConstantIntOp::create(b, loc, i32, v).getResult(); };
    mlir::Value lane = ar::IndexCastOp::create(b, loc, i32,
                                               mlir::gpu::LaneIdOp::create(b, loc, nullptr));
    mlir::Value w = s.getWidth(), off = s.getOffset();
    mlir::Value segment = ar::MulIOp::create(b, loc, ar::DivUIOp::create(b, loc, lane, w), w);
    mlir::Value inSegment = ar::SubIOp::create(b, loc, lane, segment);
    mlir::Value src;
    switch (s.getMode()) {
    case mlir::gpu::ShuffleMode::XOR:
      src = ar::XOrIOp::create(b, loc, inSegment, off);
      break;
    case mlir::gpu::ShuffleMode::UP:
      src = ar::SubIOp::create(b, loc, inSegment, off);
      break;
    case mlir::gpu::ShuffleMode::DOWN:
      src = ar::AddIOp::create(b, loc, inSegment, off);
      break;
    case mlir::gpu::ShuffleMode::IDX: // an absolute lane, as MLIR's and FlyDSL's
      src = ar::SubIOp::create(b, loc, off, segment);
      break;
    }
    mlir::Value inside = ar::AndIOp::create(
        b, loc, ar::CmpIOp::create(b, loc, ar::CmpIPredicate::sge, src, c(0)),
        ar::CmpIOp::create(b, loc, ar::CmpIPredicate::slt, src, w));
    mlir::Value from = ar::SelectOp::create(
        b, loc, inside, ar::AddIOp::create(b, loc, segment, src), lane);
    auto whole = mlir::gpu::ShuffleOp::create(b, loc, s.getValue(), from, c(wave),
                                              mlir::gpu::ShuffleMode::IDX);
    s.getShuffleResult().replaceAllUsesWith(whole.getShuffleResult());
    s.getValid().replaceAllUsesWith(inside);
    s.erase();
  }
}

// A xor shuffle by a constant offset below 32 (and below its constant power-of-two width) stays
// inside each group of 32 lanes: ds_swizzle's bit mode does it from an immediate pattern
// (and_mask 0x1f, xor_mask offset), with no lane address to compute and no LDS access, where
// the generic lowering computes a byte address per lane for ds_bpermute.
void xorShufflesToSwizzles(mlir::gpu::GPUModuleOp gpuModule) {
  llvm::SmallVector<mlir::gpu::ShuffleOp> shuffles;
  gpuModule.walk([&](mlir::gpu::ShuffleOp s) { shuffles.push_back(s); });
  for (mlir::gpu::ShuffleOp s : shuffles) {
    auto offset = ir::integerConstant(s.getOffset()), width = ir::integerConstant(s.getWidth());
    mlir::Type t = s.getValue().getType();
    if (s.getMode() != mlir::gpu::ShuffleMode::XOR || !offset || !width || *offset < 1 ||
        *offset >= std::min<int64_t>(*width, 32) || !llvm::isPowerOf2_64(*width) ||
        !(t.isInteger(32) || t.isF32()))
      continue;
    mlir::OpBuilder b(s);
    auto loc = s.getLoc();
    auto i32 = b.getI32Type();
    mlir::Value src =
        t.isF32() ? mlir::arith::BitcastOp::create(b, loc, i32, s.getValue()) : s.getValue();
    auto pattern =
        mlir::LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(0x1f | (*offset << 10)));
    mlir::Value r = mlir::ROCDL::DsSwizzleOp::create(b, loc, i32, src, pattern);
    if (t.isF32())
      r = mlir::arith::BitcastOp::create(b, loc, t, r);
    s.getShuffleResult().replaceAllUsesWith(r);
    s.getValid().replaceAllUsesWith(
        mlir::arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
    s.erase();
  }
}

// mma.sync m16n8k16 / m16n8k32 calls of the kernel builder: ir/nvidia_matrix_core.h.
void lowerMmaSync(mlir::gpu::GPUModuleOp gpuModule, const std::string &arch) {
  llvm::SmallVector<mlir::func::CallOp> calls;
  gpuModule.walk([&](mlir::func::CallOp c) {
    if (c.getCallee().starts_with(std::string(ir::kMmaFnPrefix) + "mma.sync.aligned.m16n8k"))
      calls.push_back(c);
  });
  for (mlir::func::CallOp call : calls) {
    bool fp8 = call.getCallee().ends_with(".fp8");
    if (fp8 && arch < "sm_89")
      throw CompileError("mma.sync with fp8 operands (m16n8k32) needs sm_89 or later, not " + arch);
    checkFp8Operands("mma.sync", call.getOperand(0).getType(), arch);
    checkFp8Operands("mma.sync", call.getOperand(1).getType(), arch);
    mlir::OpBuilder b(call);
    mlir::Value d = ir::createMmaSync(
        b, call.getLoc(), mlir::getElementTypeOrSelf(call.getOperand(0).getType()),
        call.getOperand(0), call.getOperand(1), call.getOperand(2), fp8);
    call.getResult(0).replaceAllUsesWith(d);
    call.erase();
  }
}

// wgmma (sm_90a): each atom call becomes the PTX instruction, each settle call the empty asm
// that ties the accumulators after the wait (ir/nvidia_matrix_core.h).
void lowerWgmma(mlir::gpu::GPUModuleOp gpuModule, const std::string &arch) {
  llvm::SmallVector<mlir::func::CallOp> calls;
  gpuModule.walk([&](mlir::func::CallOp c) {
    if (c.getCallee().starts_with(std::string(ir::kMmaFnPrefix) + "wgmma.") ||
        c.getCallee().starts_with(ir::kWgmmaSettleFnPrefix))
      calls.push_back(c);
  });
  for (mlir::func::CallOp call : calls) {
    bool settle = call.getCallee().starts_with(ir::kWgmmaSettleFnPrefix);
    if (!settle && arch != "sm_90" && arch != "sm_90a")
      throw CompileError(call.getCallee().drop_front(std::strlen(ir::kMmaFnPrefix)).str() +
                         " is a wgmma instruction of sm_90a (Hopper), not of " + arch);
    mlir::OpBuilder b(call);
    mlir::Value d;
    if (settle) {
      d = ir::settleWgmmaAccumulators(b, call.getLoc(), call.getOperand(0));
    } else {
      auto major = call->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kWgmmaMnMajorAttr).asArrayRef();
      d = ir::createWgmma(
          b, call.getLoc(), call.getCallee().drop_front(std::strlen(ir::kMmaFnPrefix)),
          call.getOperand(0), call.getOperand(1), call.getOperand(2), major[0] != 0, major[1] != 0);
    }
    call.getResult(0).replaceAllUsesWith(d);
    call.erase();
  }
  for (auto f : llvm::make_early_inc_range(gpuModule.getOps<mlir::func::FuncOp>()))
    if (f.getName().starts_with(ir::kWgmmaSettleFnPrefix) && f.symbolKnownUseEmpty(gpuModule))
      f.erase();
}

// griddepcontrol as inline PTX that clobbers memory: the intrinsic claims to touch no memory,
// so LLVM could move the global loads and stores that must follow the wait above it.
void fenceGridDependencyControl(mlir::gpu::GPUModuleOp gpuModule) {
  llvm::SmallVector<mlir::NVVM::GriddepcontrolOp> ops;
  gpuModule.walk([&](mlir::NVVM::GriddepcontrolOp op) { ops.push_back(op); });
  for (auto op : ops) {
    mlir::OpBuilder b(op);
    bool wait = op.getKind() == mlir::NVVM::GridDepActionKind::wait;
    mlir::LLVM::InlineAsmOp::create(
        b, op.getLoc(), mlir::TypeRange{}, mlir::ValueRange{},
        b.getStringAttr(wait ? "griddepcontrol.wait;" : "griddepcontrol.launch_dependents;"),
        b.getStringAttr("~{memory}"), b.getUnitAttr(), mlir::UnitAttr(),
        mlir::LLVM::TailCallKindAttr::get(b.getContext(), mlir::LLVM::TailCallKind::None),
        mlir::LLVM::AsmDialectAttr(), mlir::ArrayAttr());
    op.erase();
  }
}

// A scaled MFMA call (CDNA4) becomes rocdl.mfma.scale.*, its operands' formats named after
// the instruction (`.e4m3.e2m1`), the scales from byte 0 of each lane's scale operand.
void lowerScaledMfma(mlir::func::CallOp call, const std::string &atom, const std::string &arch) {
  checkAtomArch(atom, arch);
  size_t dot = atom.find('.'), dot2 = atom.find('.', dot + 1);
  std::string name = atom.substr(0, dot);
  auto code = [&](const std::string &f) {
    int c = ir::scaledMfmaFormatCode(f);
    if (c < 0)
      throw CompileError("unknown operand format " + f + " of " + name);
    return c;
  };
  int codeA = code(atom.substr(dot + 1, dot2 - dot - 1)), codeB = code(atom.substr(dot2 + 1));
  mlir::OpBuilder b(call);
  mlir::Value scaleA = call.getOperand(3), scaleB = call.getOperand(4);
  // Scales of 1.0 (E8M0 127) on both sides multiply unscaled: as operands of 0 (FlyDSL's default
  // state), for which LLVM selects the unscaled v_mfma_f32_*_f8f6f4, without its scale prefix.
  auto unit = [](mlir::Value v) {
    auto c = v.getDefiningOp<mlir::arith::ConstantOp>();
    auto a = c ? mlir::dyn_cast<mlir::IntegerAttr>(c.getValue()) : nullptr;
    return a && a.getInt() == 127;
  };
  if (unit(scaleA) && unit(scaleB))
    scaleA = scaleB =
        mlir::LLVM::ConstantOp::create(b, call.getLoc(), b.getI32Type(), b.getI32IntegerAttr(0));
  mlir::Operation *mfma =
      ir::createScaledMfmaOp(b, call.getLoc(), name, codeA, codeB, call.getOperand(0),
                             call.getOperand(1), call.getOperand(2), scaleA, 0, scaleB, 0);
  if (!mfma)
    throw CompileError("no ROCDL intrinsic for the MMA atom " + name);
  call.getResult(0).replaceAllUsesWith(mfma->getResult(0));
  call.erase();
}

// Matrix-core atoms on AMD: each MFMA call (gfx9) becomes its rocdl.mfma intrinsic with the A
// and B values as the instruction takes them (bf16 as i16 lanes) and no broadcast (cbsz, abid,
// blgp 0); each WMMA call (gfx11, gfx12) its rocdl.wmma intrinsic, which has no such operands.
void lowerMatrixCores(mlir::gpu::GPUModuleOp gpuModule, const std::string &arch) {
  llvm::SmallVector<mlir::func::CallOp> calls;
  gpuModule.walk([&](mlir::func::CallOp c) {
    llvm::StringRef atom = c.getCallee();
    if (atom.consume_front(ir::kMmaFnPrefix) &&
        (atom.starts_with("v_mfma_") || atom.starts_with("v_wmma_")))
      calls.push_back(c);
  });
  for (mlir::func::CallOp call : calls) {
    std::string atom = call.getCallee().drop_front(std::strlen(ir::kMmaFnPrefix)).str();
    if (atom.rfind("v_mfma_scale_", 0) == 0) {
      lowerScaledMfma(call, atom, arch);
      continue;
    }
    mlir::OpBuilder b(call);
    mlir::Type elem = mlir::getElementTypeOrSelf(call.getOperand(0).getType());
    // Integer atoms read signed values and wrap unless their call says otherwise.
    ir::MatrixCoreModifiers modifiers{elem.isInteger(), elem.isInteger(), false};
    if (auto controls = call->getAttrOfType<mlir::DenseBoolArrayAttr>(ir::kMmaIntegerAttr))
      modifiers = {controls[0], controls[1], controls[2]};
    mlir::Operation *mfma =
        ir::createMatrixCoreOp(b, call.getLoc(), atom, elem, call.getOperand(0), call.getOperand(1),
                               call.getOperand(2), call.getResult(0).getType(), modifiers);
    if (!mfma)
      continue; // refused below by name
    checkAtomArch(atom, arch, call);
    checkFp8Operands(atom, elem, arch);
    checkFp8Operands(atom, call.getOperand(1).getType(), arch);
    call.getResult(0).replaceAllUsesWith(mfma->getResult(0));
    call.erase();
  }
}

// Declarations of atom calls no call uses any more.
void eraseUnusedMmaDeclarations(mlir::gpu::GPUModuleOp gpuModule) {
  llvm::SmallVector<mlir::func::FuncOp> unused;
  gpuModule.walk([&](mlir::func::FuncOp f) {
    if (f.getName().starts_with(ir::kMmaFnPrefix) && f.symbolKnownUseEmpty(gpuModule))
      unused.push_back(f);
  });
  for (auto f : unused)
    f.erase();
}

// LLVM IR export wants a builtin module: the gpu.module's contents become the module's own, and
// nothing else stays.
void extractGpuModule(mlir::ModuleOp m) {
  auto gpuModule = gpuModuleOf(m);
  for (auto &op : llvm::make_early_inc_range(m.getBody()->getOperations()))
    if (&op != gpuModule.getOperation())
      op.erase();
  for (auto &op : llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
    if (!op.hasTrait<mlir::OpTrait::IsTerminator>())
      op.moveBefore(gpuModule);
  gpuModule.erase();
  m->removeAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName());
}

// The rocm and cuda lowering: the builder's calls and atoms become the target's instructions,
// then MLIR's GPU conversions take the gpu.module to the LLVM dialect.
std::vector<PipelineStep> devicePipeline(const Options &o) {
  std::vector<const char *> stages = {"fly-lower-vector-slices", "fly-allocas-in-stack-space",
                                      "fly-check-bulk-copies", "fly-refuse-wide-shuffles",
                                      "fly-materialize-shared-memory"};
  if (isRocm(o))
    stages.insert(stages.end(), {"fly-set-buffer-flags", "fly-buffer-bytes-as-dwords",
                                 "fly-check-buffer-ops", "fly-emulate-cp-async"});
  else
    stages.push_back("fly-emulate-buffer-ops");
  stages.insert(stages.end(), {"fly-expand-rounding-modes", "fly-expand-small-floats",
                               "fly-expand-composite-math"});
  if (isRocm(o))
    stages.insert(stages.end(), {"fly-call-device-library-math", "fly-xor-shuffles-to-swizzles",
                                 "fly-shuffles-within-segments", "fly-lower-matrix-cores"});
  else
    stages.insert(stages.end(), {"fly-lower-amd-wave-ops-for-cuda", "fly-shuffles-within-segments",
                                 "fly-lower-mma-sync", "fly-lower-wgmma",
                                 "fly-fence-grid-dependency-control", "fly-expand-math-for-nvptx"});
  stages.insert(stages.end(), {"fly-refuse-mma-calls", "fly-erase-unused-mma-declarations"});
  std::vector<PipelineStep> steps = {addFlyLayoutLowering, flyAtomLowering(o.target),
                                     addFlyLowering};
  for (const char *stage : stages)
    steps.push_back([stage, o](mlir::OpPassManager &pm) { addStage(pm, stage, o); });
  steps.push_back([](mlir::OpPassManager &pm) { pm.addPass(scfToControlFlow()); });
  steps.push_back([o](mlir::OpPassManager &pm) {
    auto &gpm = pm.nest<mlir::gpu::GPUModuleOp>();
    if (isRocm(o)) {
      mlir::ConvertGpuOpsToROCDLOpsOptions ro;
      ro.chipset = o.arch;
      ro.runtime = mlir::gpu::amd::Runtime::HIP;
      gpm.addPass(mlir::createConvertGpuOpsToROCDLOps(ro));
    } else {
      gpm.addPass(mlir::createConvertGpuOpsToNVVMOps());
      // NVVM ops without an LLVM intrinsic (mbarrier waits) become inline PTX.
      gpm.addPass(mlir::createConvertNVVMToLLVMPass());
    }
  });
  steps.push_back(
      [](mlir::OpPassManager &pm) { pm.addPass(mlir::createReconcileUnrealizedCastsPass()); });
  steps.push_back([o](mlir::OpPassManager &pm) { addStage(pm, "fly-extract-gpu-module", o); });
  return steps;
}

// The gpu.module lowered to the LLVM dialect, its contents the module's own.
LoweredModule lowerToLlvmDialect(ir::Module &module, const Options &o) {
  auto m = cloneForLowering(module, o);
  // The GPU conversions create arith, cf and ub ops midway (lane ids, shuffles) and lower them
  // through these dialects' to-LLVM interfaces, which a bare context lacks.
  mlir::DialectRegistry registry;
  mlir::arith::registerConvertArithToLLVMInterface(registry);
  mlir::cf::registerConvertControlFlowToLLVMInterface(registry);
  mlir::ub::registerConvertUBToLLVMInterface(registry);
  mlir::registerConvertMathToLLVMInterface(registry);
  mlir::vector::registerConvertVectorToLLVMInterface(registry); // polynomials on vectors
  mlir::registerConvertNVVMToLLVMInterface(registry);
  m->getContext()->appendDialectRegistry(registry);
  int next = runPipeline(devicePipeline(o), *m, o, "lowering for the " + o.target + " target");
  return {std::move(m), next};
}

} // namespace

const std::vector<Stage> &gpuStages() {
  static const std::vector<Stage> stages = {
      {"fly-materialize-shared-memory", "the shared-memory base calls as workgroup globals",
       [](mlir::ModuleOp m, const Options &o) { materializeSharedMemory(m, o); }},
      {"fly-set-buffer-flags", "rocm: the flags word of every buffer resource for the arch",
       [](mlir::ModuleOp m, const Options &o) { setBufferFlags(m, o.arch); }},
      {"fly-buffer-bytes-as-dwords", "rocm: buffer loads and stores of byte vectors as dwords",
       [](mlir::ModuleOp m, const Options &) { moveBufferBytesAsDwords(m); }},
      {"fly-check-buffer-ops",
       "rocm: an error where a buffer op or a transposing LDS read is not on the arch",
       [](mlir::ModuleOp m, const Options &o) {
         checkBufferOps(m, o.arch);
         checkTransposedLdsReads(m, o.arch);
       }},
      {"fly-call-device-library-math", "rocm: math without AMDGPU code as ocml calls",
       [](mlir::ModuleOp m, const Options &) { callDeviceLibraryMath(gpuModuleOf(m)); }},
      {"fly-xor-shuffles-to-swizzles", "rocm: xor shuffles within 32 lanes as ds_swizzle",
       [](mlir::ModuleOp m, const Options &) { xorShufflesToSwizzles(gpuModuleOf(m)); }},
      {"fly-shuffles-within-segments", "shuffles of a width below the wave kept in their segment",
       [](mlir::ModuleOp m, const Options &o) {
         bool cuda = o.target == "cuda";
         shufflesWithinSegments(gpuModuleOf(m), cuda ? 32 : waveSize(o.arch), cuda);
       }},
      {"fly-lower-matrix-cores", "rocm: MFMA and WMMA atom calls as ROCDL intrinsics",
       [](mlir::ModuleOp m, const Options &o) { lowerMatrixCores(gpuModuleOf(m), o.arch); }},
      {"fly-lower-amd-wave-ops-for-cuda", "cuda: readfirstlane as lane 0; AMD hints go",
       [](mlir::ModuleOp m, const Options &) { lowerAmdWaveOpsForCuda(m); }},
      {"fly-lower-mma-sync", "cuda: mma.sync atom calls as NVVM's mma.sync",
       [](mlir::ModuleOp m, const Options &o) { lowerMmaSync(gpuModuleOf(m), o.arch); }},
      {"fly-lower-wgmma", "cuda: wgmma atom calls as inline PTX",
       [](mlir::ModuleOp m, const Options &o) { lowerWgmma(gpuModuleOf(m), o.arch); }},
      {"fly-fence-grid-dependency-control", "cuda: grid dependency waits fenced",
       [](mlir::ModuleOp m, const Options &) { fenceGridDependencyControl(gpuModuleOf(m)); }},
      {"fly-expand-math-for-nvptx", "cuda: math without NVPTX code expanded",
       [](mlir::ModuleOp m, const Options &) { expandMathForNvptx(gpuModuleOf(m)); }},
      {"fly-erase-unused-mma-declarations", "matrix-core atom declarations no call uses go",
       [](mlir::ModuleOp m, const Options &) { eraseUnusedMmaDeclarations(gpuModuleOf(m)); }},
      {"fly-extract-gpu-module", "the gpu.module's contents as the module's own (LLVM IR export)",
       [](mlir::ModuleOp m, const Options &) { extractGpuModule(m); }},
  };
  return stages;
}

namespace {

void initializeGpuTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

std::unique_ptr<llvm::TargetMachine> targetMachine(const Options &o,
                                                   const std::string &features = "") {
  initializeGpuTargets();
  llvm::Triple triple(isRocm(o) ? "amdgcn-amd-amdhsa" : "nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    throw CompileError("LLVM has no " + triple.str() + " target: " + error);
  // Ask with the generic CPU first: LLVM warns on stderr when a machine gets an unknown one.
  std::unique_ptr<llvm::MCSubtargetInfo> generic(target->createMCSubtargetInfo(triple, "", ""));
  if (!generic || !generic->isCPUStringValid(o.arch))
    throw CompileError("unsupported arch '" + o.arch + "' for the " + o.target + " target");
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, o.arch, features, llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt,
      static_cast<llvm::CodeGenOptLevel>(o.optLevel)));
  if (!tm)
    throw CompileError("LLVM cannot generate code for " + o.arch);
  return tm;
}

// gfx942 -> 9402, gfx90a -> 9010, gfx1201 -> 12001: the value __oclc_ISA_version holds.
int isaVersion(const std::string &arch) {
  std::string digits = arch.substr(3);
  if (digits.size() < 3)
    return 0;
  int major = std::stoi(digits.substr(0, digits.size() - 2));
  int minor = std::stoi(digits.substr(digits.size() - 2, 1), nullptr, 16);
  int stepping = std::stoi(digits.substr(digits.size() - 1), nullptr, 16);
  return major * 1000 + minor * 100 + stepping;
}

// Links ocml/ockl when the module calls them and defines the oclc control constants the
// libraries read, for the arch at hand (Debian's device libs predate gfx942's own files).
void linkDeviceLibraries(llvm::Module &lm, const Options &o, int wave) {
  bool needed = false;
  for (auto &f : lm.functions())
    if (f.isDeclaration() && (f.getName().starts_with("__ocml_") || f.getName().starts_with("__ockl_")))
      needed = true;
  if (!needed)
    return;
  for (const char *lib : {"ocml.bc", "ockl.bc"}) {
    std::string path = deviceLibraryPath(lib);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      throw CompileError("the ROCm device library " + path +
                         " is missing (Debian package rocm-device-libs)");
    auto lib_module = llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), lm.getContext());
    if (!lib_module)
      throw CompileError("cannot read " + path + ": " + llvm::toString(lib_module.takeError()));
    (*lib_module)->setDataLayout(lm.getDataLayout());
    (*lib_module)->setTargetTriple(lm.getTargetTriple());
    if (llvm::Linker::linkModules(lm, std::move(*lib_module), llvm::Linker::LinkOnlyNeeded))
      throw CompileError("linking " + path + " failed");
  }
  auto define = [&](const char *name, unsigned bits, uint64_t value) {
    llvm::GlobalVariable *g = lm.getGlobalVariable(name, /*AllowInternal=*/true);
    if (!g)
      return;
    g->setInitializer(llvm::ConstantInt::get(llvm::IntegerType::get(lm.getContext(), bits), value));
    g->setConstant(true);
    g->setLinkage(llvm::GlobalValue::InternalLinkage);
  };
  define("__oclc_finite_only_opt", 8, 0);
  define("__oclc_unsafe_math_opt", 8, 0);
  define("__oclc_daz_opt", 8, 0);
  define("__oclc_correctly_rounded_sqrt32", 8, 1);
  define("__oclc_wavefrontsize64", 8, wave == 64);
  define("__oclc_ISA_version", 32, isaVersion(o.arch));
  define("__oclc_ABI_version", 32, 500);
  // Only the kernels stay visible; the library functions are inlined or dropped.
  for (auto &f : lm.functions())
    if (!f.isDeclaration() && f.getCallingConv() != llvm::CallingConv::AMDGPU_KERNEL)
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
}

struct LlvmDiagnostics {
  std::string text;
  static void handle(const llvm::DiagnosticInfo *di, void *self) {
    if (di->getSeverity() != llvm::DS_Error)
      return;
    auto &t = static_cast<LlvmDiagnostics *>(self)->text;
    llvm::raw_string_ostream os(t);
    llvm::DiagnosticPrinterRawOStream printer(os);
    if (!t.empty())
      os << "; ";
    di->print(printer);
  }
};

} // namespace

std::string loweredIrGpu(ir::Module &module, const Options &options) {
  auto device = lowerToLlvmDialect(module, options);
  std::string out;
  llvm::raw_string_ostream os(out);
  device.module->print(os);
  return out;
}

Artifact compileGpu(ir::Module &module, const Options &o) {
  int wave = waveSize(o.arch);
  Artifact art;
  art.target = o.target;
  art.arch = o.arch;
  for (auto &k : module.kernels())
    art.kernels.push_back(KernelInfo{k->name(),
                                     k->staticSharedBytes(),
                                     false,
                                     k->dynamicArenaBytes(),
                                     dynamicSharedPad(*k, o.target),
                                     k->waitsOnGridDependency(),
                                     {}});
  auto tm = targetMachine(o); // rejects an arch the backend does not know, before lowering
  auto [device, nextStage] = lowerToLlvmDialect(module, o);

  auto &ctx = module.impl().context;
  mlir::registerBuiltinDialectTranslation(ctx);
  mlir::registerLLVMDialectTranslation(ctx);
  mlir::registerROCDLDialectTranslation(ctx);
  mlir::registerNVVMDialectTranslation(ctx);
  llvm::LLVMContext llvmContext;
  LlvmDiagnostics diags;
  llvmContext.setDiagnosticHandlerCallBack(&LlvmDiagnostics::handle, &diags);
  DiagnosticCollector mlirDiags(&ctx);
  // fp8 mma.sync (inline PTX) needs PTX ISA 8.4; other kernels keep the arch's default version,
  // which older drivers load too.
  bool fp8Mma = false;
  device->getOperation()->walk([&](mlir::LLVM::InlineAsmOp a) {
    fp8Mma = fp8Mma || a.getAsmString().contains(".e4m3.") || a.getAsmString().contains(".e5m2.");
  });
  bool bulkCopies = false; // or grid dependency control (PTX ISA 7.8)
  device->getOperation()->walk([&](mlir::Operation *op) {
    bulkCopies = bulkCopies || mlir::isa<mlir::NVVM::FenceMbarrierInitOp,
                                         mlir::NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp,
                                         mlir::NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp,
                                         mlir::NVVM::MBarrierArriveExpectTxOp>(op);
    if (auto a = mlir::dyn_cast<mlir::LLVM::InlineAsmOp>(op))
      bulkCopies = bulkCopies || a.getAsmString().starts_with("griddepcontrol.");
  });
  // wgmma and setmaxnreg exist only in the arch-specific sm_90a, which an sm_90 GPU also loads.
  bool wgmma = false, maxRegisters = false;
  device->getOperation()->walk(
      [&](mlir::LLVM::InlineAsmOp a) { wgmma = wgmma || a.getAsmString().contains("wgmma."); });
  device->getOperation()->walk([&](mlir::NVVM::SetMaxRegisterOp) { maxRegisters = true; });
  if (maxRegisters && o.arch != "sm_90" && o.arch != "sm_90a")
    throw CompileError("set_max_registers (setmaxnreg) is an instruction of sm_90a, not of " +
                       o.arch);
  if (wgmma || maxRegisters) {
    Options sm90a = o;
    sm90a.arch = "sm_90a";
    tm = targetMachine(sm90a, fp8Mma ? "+ptx84" : "");
  } else if (fp8Mma) {
    tm = targetMachine(o, "+ptx84");
  } else if (bulkCopies) {
    tm = targetMachine(o, "+ptx80"); // mbarrier transactions and bulk copies: PTX ISA 8.0
  }
  auto lm = mlir::translateModuleToLLVMIR(device->getOperation(), llvmContext, "flydsl");
  if (!lm)
    throw CompileError("translation to LLVM IR failed: " + mlirDiags.text);
  lm->setTargetTriple(tm->getTargetTriple());
  lm->setDataLayout(tm->createDataLayout());
  if (isRocm(o)) {
    lm->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version", 500);
    linkDeviceLibraries(*lm, o, wave);
  }
  optimizeLlvm(*lm, *tm, o, nextStage);
  if (isRocm(o)) {
    if (!o.dumpDir.empty()) { // code generation changes the module: print from a copy
      auto copy = llvm::CloneModule(*lm);
      dumpText(o, stageFile(nextStage + 1, "final_isa.s"),
               emitCode(*tm, *copy, llvm::CodeGenFileType::AssemblyFile));
    }
    std::string object = emitCode(*tm, *lm, llvm::CodeGenFileType::ObjectFile);
    art.image = linkHsaco(object);
    dumpText(o, stageFile(nextStage + 2, "code_object.hsaco"), art.image);
  } else {
    art.image = emitCode(*tm, *lm, llvm::CodeGenFileType::AssemblyFile);
    dumpText(o, stageFile(nextStage + 1, "final_isa.ptx"), art.image);
  }
  if (!diags.text.empty())
    throw CompileError(o.target + " code generation failed: " + diags.text);
  for (auto &k : art.kernels) {
    auto *f = lm->getFunction(k.name);
    if (!f)
      throw CompileError("kernel '" + k.name + "' is missing after code generation");
  }
  return art;
}

void dumpGpuCode(ir::Module &module, const Options &o) {
  try {
    (void)compileGpu(module, o);
  } catch (const std::exception &e) {
    dumpText(o, "compile_error.txt", std::string(e.what()) + "\n");
  }
}

} // namespace fly::compiler
