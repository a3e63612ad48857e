//===- cpu_target.cpp - Kernels lowered for the host and JIT-compiled -----===//
//
// Each gpu.func becomes a func.func with one more parameter: the calling GPU thread's ids
// (compiler.h, cpu_ids), which thread, block, dimension and lane ops read. The collectives
// become calls into the runtime, which knows the thread's block and wave: __fly_cpu_barrier(),
// __fly_cpu_shuffle_<type>(value, offset, width, mode), __fly_shared_base() and
// __fly_dynamic_shared_base(); gpu.printf becomes printf. Then the usual conversions to the
// LLVM dialect, LLVM's optimizer and the host code generator: the result is a relocatable
// object that runtime/cpu links into the process (and the disk cache keeps). Kernels without
// collectives also get a block entry that loops over the block's threads, so that the kernel
// body is inlined into a plain loop nest, which LLVM optimizes (and vectorizes) as such.
// Kernels whose barriers and shuffles are all at their top level become loops over the
// block's threads between them (work_item_loops.h) and are called once per block; the rest
// run their threads as fibers.
//
//===----------------------------------------------------------------------===//

#include "compiler/amd_wave_ops.h"
#include "compiler/buffer_ops.h"
#include "compiler/cp_async.h"
#include "compiler/mlir_pipeline.h"
#include "compiler/small_floats.h"
#include "compiler/work_item_loops.h"
#include "ir/mlir_module.h"
#include "layout/layout.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <set>

namespace fly::compiler {

namespace {

CpuShuffleMode cpuShuffleMode(mlir::gpu::ShuffleMode mode) {
  switch (mode) {
  case mlir::gpu::ShuffleMode::XOR:
    return CpuShuffleMode::Xor;
  case mlir::gpu::ShuffleMode::UP:
    return CpuShuffleMode::Up;
  case mlir::gpu::ShuffleMode::DOWN:
    return CpuShuffleMode::Down;
  case mlir::gpu::ShuffleMode::IDX:
    break;
  }
  return CpuShuffleMode::Idx;
}

// On a kernel outlined for the host, and on one that calls the runtime's barrier or shuffles.
constexpr const char *kKernelAttr = "fly.kernel";
constexpr const char *kCollectivesAttr = "fly.uses_collectives";

// The runtime's one accumulator of a wgmma atom (runtime/cpu/cpu_launch.cpp).
constexpr const char *kWgmmaDotFn = "__fly_cpu_wgmma_dot";

mlir::func::FuncOp declare(mlir::ModuleOp m, llvm::StringRef name, mlir::FunctionType type) {
  if (auto f = m.lookupSymbol<mlir::func::FuncOp>(name))
    return f;
  mlir::OpBuilder b(m.getContext());
  b.setInsertionPointToStart(m.getBody());
  auto f = mlir::func::FuncOp::create(b, m.getLoc(), name, type);
  f.setPrivate();
  return f;
}

// printf(format, args...) with C's promotions: small integers to i32, floats to f64.
void callPrintf(mlir::ModuleOp m, mlir::OpBuilder &b, mlir::gpu::PrintfOp op,
                const std::string &global) {
  auto loc = op.getLoc();
  auto ptr = mlir::LLVM::LLVMPointerType::get(m.getContext());
  auto printfFn = m.lookupSymbol<mlir::LLVM::LLVMFuncOp>("printf");
  if (!printfFn) {
    mlir::OpBuilder mb(m.getContext());
    mb.setInsertionPointToStart(m.getBody());
    printfFn = mlir::LLVM::LLVMFuncOp::create(
        mb, loc, "printf",
        mlir::LLVM::LLVMFunctionType::get(mb.getI32Type(), {ptr}, /*isVarArg=*/true));
  }
  std::string text = op.getFormat().str();
  text.push_back('\0');
  llvm::SmallVector<mlir::Value> args{
      mlir::LLVM::createGlobalString(loc, b, global, text, mlir::LLVM::Linkage::Internal)};
  for (mlir::Value v : op.getArgs()) {
    mlir::Type t = v.getType();
    if (mlir::isa<mlir::FloatType>(t) && !t.isF64())
      v = mlir::arith::ExtFOp::create(b, loc, b.getF64Type(), v);
    else if (t.isIndex())
      v = mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
    else if (t.isInteger(1))
      v = mlir::arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
    else if (t.isInteger() && t.getIntOrFloatBitWidth() < 32)
      v = mlir::arith::ExtSIOp::create(b, loc, b.getI32Type(), v);
    args.push_back(v);
  }
  mlir::LLVM::CallOp::create(b, loc, printfFn, args);
}

// A wave runs one instruction for all its lanes, so its threads' shared-memory accesses happen
// in program order across the wave: kernels exchange values through LDS within a wave, or read
// a slot that a later instruction of another thread overwrites, without a barrier between.
// Fibers run a thread until it waits, so in kernels that run on fibers every shared-memory
// access first yields (__fly_cpu_lockstep): the block's threads make each access in turn.
void lockstepSharedAccesses(mlir::ModuleOp m, mlir::func::FuncOp host) {
  auto touchesShared = [](mlir::Operation *op) {
    if (mlir::isPure(op) || mlir::isa<mlir::func::CallOp>(op))
      return false;
    return llvm::any_of(op->getOperandTypes(), [](mlir::Type t) {
      auto p = mlir::dyn_cast<mlir::LLVM::LLVMPointerType>(t);
      return p && p.getAddressSpace() == 3;
    });
  };
  llvm::SmallVector<mlir::Operation *> accesses;
  host.walk([&](mlir::Operation *op) {
    if (touchesShared(op))
      accesses.push_back(op);
  });
  if (accesses.empty())
    return;
  mlir::OpBuilder b(m.getContext());
  auto fn = declare(m, "__fly_cpu_lockstep", b.getFunctionType({}, {}));
  for (mlir::Operation *op : accesses) {
    b.setInsertionPoint(op);
    mlir::func::CallOp::create(b, op->getLoc(), fn, mlir::ValueRange{});
  }
}

// Rewrites the gpu.module's kernels into host functions of `m`; returns what it found and, in
// `blockLevel`, the kernels that became functions of a whole block (work_item_loops.h).
// Each kernel as a host function taking the runtime's ids last, marked kKernelAttr with what its
// launcher needs (kernelsOf reads it back after the lowering).
void outlineForHost(mlir::ModuleOp m, bool fibersOnly, int wave) {
  mlir::MLIRContext *ctx = m.getContext();
  mlir::OpBuilder b(ctx);
  auto i32 = b.getI32Type(), i64 = b.getI64Type();
  auto ptr = mlir::LLVM::LLVMPointerType::get(ctx);
  auto gpuModule = gpuModuleOf(m);
  int formats = 0;
  countFiberKernels(formWorkItemLoops(gpuModule, /*convert=*/!fibersOnly, wave));

  for (auto func : llvm::make_early_inc_range(gpuModule.getOps<mlir::gpu::GPUFuncOp>())) {
    b.setInsertionPointToEnd(m.getBody());
    llvm::SmallVector<mlir::Type> inputs(func.getFunctionType().getInputs());
    inputs.push_back(ptr);
    auto host = mlir::func::FuncOp::create(b, func.getLoc(), func.getName(),
                                           b.getFunctionType(inputs, {}));
    host.getBody().takeBody(func.getBody());
    host->setAttr(kKernelAttr, b.getUnitAttr());
    for (const char *attr : {"fly.shared_bytes", "fly.dynamic_arena_bytes", kWorkItemLoopsAttr})
      if (auto a = func->getAttr(attr))
        host->setAttr(attr, a);
    if (auto why = func->getAttr(kFibersAttr)) { // FLYDSL_DUMP_IR shows why
      host->setAttr(kFibersAttr, why);
      lockstepSharedAccesses(m, host);
    }
    mlir::Value ids = host.getBody().front().addArgument(ptr, func.getLoc());

    llvm::SmallVector<mlir::Operation *> gpuOps;
    host.walk([&](mlir::Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "gpu")
        gpuOps.push_back(op);
    });
    for (mlir::Operation *op : gpuOps) {
      b.setInsertionPoint(op);
      auto loc = op->getLoc();
      auto idAt = [&](int slot) {
        mlir::Value p = mlir::LLVM::GEPOp::create(b, loc, ptr, i64, ids,
                                                  llvm::ArrayRef<mlir::LLVM::GEPArg>{slot});
        mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, i64, p);
        return mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), v).getResult();
      };
      auto dimOf = [](auto o) { return static_cast<int>(o.getDimension()); };
      if (auto o = mlir::dyn_cast<mlir::gpu::ThreadIdOp>(op)) {
        o.replaceAllUsesWith(idAt(cpu_ids::kThreadIdx + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::BlockIdOp>(op)) {
        o.replaceAllUsesWith(idAt(cpu_ids::kBlockIdx + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::BlockDimOp>(op)) {
        o.replaceAllUsesWith(idAt(cpu_ids::kBlockDim + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::GridDimOp>(op)) {
        o.replaceAllUsesWith(idAt(cpu_ids::kGridDim + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::LaneIdOp>(op)) {
        o.getResult().replaceAllUsesWith(idAt(cpu_ids::kLaneId));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::SubgroupSizeOp>(op)) {
        o.getResult().replaceAllUsesWith(idAt(cpu_ids::kWaveSize));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::PrintfOp>(op)) {
        callPrintf(m, b, o, "__fly_format_" + std::to_string(formats++));
      } else if (mlir::isa<mlir::gpu::BarrierOp>(op)) {
        host->setAttr(kCollectivesAttr, b.getUnitAttr());
        mlir::func::CallOp::create(b, loc, declare(m, "__fly_cpu_barrier", b.getFunctionType({}, {})),
                                   mlir::ValueRange{});
      } else if (auto o = mlir::dyn_cast<mlir::gpu::ShuffleOp>(op)) {
        host->setAttr(kCollectivesAttr, b.getUnitAttr());
        mlir::Type t = o.getValue().getType();
        std::string suffix = t.isF32() ? "f32" : t.isF64() ? "f64" : t.isInteger(64) ? "i64" : "i32";
        auto fn = declare(m, "__fly_cpu_shuffle_" + suffix, b.getFunctionType({t, i32, i32, i32}, {t}));
        mlir::Value mode = mlir::arith::ConstantOp::create(
            b, loc, i32, b.getI32IntegerAttr(static_cast<int32_t>(cpuShuffleMode(o.getMode()))));
        auto call = mlir::func::CallOp::create(
            b, loc, fn, mlir::ValueRange{o.getValue(), o.getOffset(), o.getWidth(), mode});
        o.getShuffleResult().replaceAllUsesWith(call.getResult(0));
        mlir::Value valid = mlir::arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
        o.getValid().replaceAllUsesWith(valid);
      } else if (auto o = mlir::dyn_cast<mlir::gpu::ReturnOp>(op)) {
        mlir::func::ReturnOp::create(b, loc);
      } else {
        throw CompileError("the cpu target does not support '" +
                           op->getName().getStringRef().str() + "'");
      }
      op->erase();
    }
    func.erase();
  }
  // The shared-memory bases and the wgmma emulation: runtime functions on the host.
  for (const char *fn :
       {ir::kSharedBaseFn, ir::kDynamicSharedBaseFn, kWgmmaDotFn, kMbarrierInitFn,
        kMbarrierArriveFn, kMbarrierWaitFn, kTmaLoadFn, kTmaStoreFn, kNamedBarrierFn})
    if (auto decl = gpuModule.lookupSymbol<mlir::func::FuncOp>(fn))
      declare(m, fn, decl.getFunctionType());
  // The functions with bodies that kernels call (the matrix-core emulation's) move as they are.
  for (auto f : llvm::make_early_inc_range(gpuModule.getOps<mlir::func::FuncOp>()))
    if (!f.isDeclaration()) {
      f->remove();
      m.getBody()->push_back(f);
    }
  gpuModule.erase();
  m->removeAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName());
}

// The kernels outlineForHost marked, in module order, from the lowered module.
std::vector<KernelInfo> kernelsOf(mlir::ModuleOp m, std::set<std::string> &blockLevel) {
  std::vector<KernelInfo> found;
  m.walk([&](mlir::LLVM::LLVMFuncOp f) {
    if (!f->hasAttr(kKernelAttr))
      return;
    KernelInfo info;
    info.name = f.getName().str();
    if (auto a = f->getAttrOfType<mlir::IntegerAttr>("fly.shared_bytes"))
      info.staticSharedBytes = a.getInt();
    if (auto a = f->getAttrOfType<mlir::IntegerAttr>("fly.dynamic_arena_bytes"))
      info.dynamicArenaBytes = a.getInt();
    info.usesCollectives = f->hasAttr(kCollectivesAttr);
    if (f->hasAttr(kWorkItemLoopsAttr))
      blockLevel.insert(info.name);
    found.push_back(info);
  });
  return found;
}

// Vector loads and stores promise alignment to their size, which GPUs need for wide accesses;
// on the host an unaligned vector access costs nothing extra, while a broken promise would
// fault. So the host keeps only the element's alignment.
void relaxVectorAlignment(mlir::ModuleOp m) {
  auto relax = [](mlir::Operation *op, mlir::Type type) {
    if (auto vec = mlir::dyn_cast<mlir::VectorType>(type)) {
      unsigned bytes = std::max(1u, vec.getElementType().getIntOrFloatBitWidth() / 8);
      op->setAttr("alignment", mlir::IntegerAttr::get(mlir::IntegerType::get(op->getContext(), 64),
                                                      bytes));
    }
  };
  m.walk([&](mlir::LLVM::LoadOp op) { relax(op, op.getResult().getType()); });
  m.walk([&](mlir::LLVM::StoreOp op) { relax(op, op.getValue().getType()); });
}

// libm's expf is a call per element, which dominated kernels such as a row softmax; the
// polynomial the cuda target also uses is inline arithmetic that LLVM schedules and vectorizes
// (a few ulp from the correctly rounded result, as on the GPU).
void approximateExp(mlir::ModuleOp m) {
  mlir::RewritePatternSet patterns(m.getContext());
  mlir::populateMathPolynomialApproximationPatterns(
      patterns, [](llvm::StringRef name) { return name == "math.exp"; });
  (void)mlir::applyPatternsGreedily(m, std::move(patterns));
}

// MLIR lowers log1p and expm1 to LLVM as log(1 + x) and exp(x) - 1, which lose every digit for
// small x; libm's log1p and expm1 keep them. Vectors call it lane by lane.
void callLibmForLog1pExpm1(mlir::ModuleOp m) {
  llvm::SmallVector<mlir::Operation *> ops;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::math::Log1pOp, mlir::math::ExpM1Op>(op))
      ops.push_back(op);
  });
  for (mlir::Operation *op : ops) {
    mlir::Type t = op->getResult(0).getType();
    mlir::Type elem = mlir::getElementTypeOrSelf(t);
    if (!elem.isF32() && !elem.isF64())
      continue; // f16 and bf16 compute in f32 on the way (math's type legalization)
    std::string name = mlir::isa<mlir::math::Log1pOp>(op) ? "log1p" : "expm1";
    if (elem.isF32())
      name += "f";
    mlir::OpBuilder b(op);
    mlir::Location loc = op->getLoc();
    auto fn = declare(m, name, b.getFunctionType({elem}, {elem}));
    auto call = [&](mlir::Value x) {
      return mlir::func::CallOp::create(b, loc, fn, x).getResult(0);
    };
    mlir::Value r;
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t)) {
      r = mlir::arith::ConstantOp::create(b, loc, vt, b.getZeroAttr(vt));
      for (int64_t i = 0; i < vt.getNumElements(); ++i)
        r = mlir::vector::InsertOp::create(
            b, loc, call(mlir::vector::ExtractOp::create(b, loc, op->getOperand(0), i)), r, i);
    } else {
      r = call(op->getOperand(0));
    }
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}


// The linear index of the calling thread in its block, as i32.
mlir::Value linearThreadId(mlir::OpBuilder &b, mlir::Location loc) {
  auto idx = [&](mlir::gpu::Dimension d, bool dim) -> mlir::Value {
    mlir::Value v = dim ? mlir::Value(mlir::gpu::BlockDimOp::create(b, loc, d))
                        : mlir::Value(mlir::gpu::ThreadIdOp::create(b, loc, d));
    return mlir::arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
  };
  using D = mlir::gpu::Dimension;
  mlir::Value bx = idx(D::x, true), by = idx(D::y, true);
  return mlir::arith::AddIOp::create(
      b, loc, idx(D::x, false),
      mlir::arith::MulIOp::create(
          b, loc, bx,
          mlir::arith::AddIOp::create(b, loc, idx(D::y, false),
                                      mlir::arith::MulIOp::create(b, loc, by, idx(D::z, false)))));
}

// A thread-value layout's l(lane, v) for a lane known at run time and a static value index.
mlir::Value laneOffset(mlir::OpBuilder &b, mlir::Location loc, const layout::Layout &l,
                       mlir::Value lane, int64_t v) {
  auto c32 = [&](int64_t x) -> mlir::Value {
    return mlir::arith::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(int32_t(x)));
  };
  layout::Layout thr = layout::flatten(l.mode(0));
  mlir::Value r = c32(layout::evaluate(l, layout::IntTuple{0, v}).leaf().value());
  int64_t below = 1;
  for (size_t q = 0; q < std::max<size_t>(1, thr.rank()); ++q) {
    layout::Layout leaf = thr.rank() > 1 || thr.shape().isTuple() ? thr.mode(q) : thr;
    int64_t s = leaf.shape().leaf().value(), d = leaf.stride().leaf().value();
    mlir::Value c = mlir::arith::RemUIOp::create(
        b, loc, mlir::arith::DivUIOp::create(b, loc, lane, c32(below)), c32(s));
    r = mlir::arith::AddIOp::create(b, loc, r, mlir::arith::MulIOp::create(b, loc, c, c32(d)));
    below *= s;
  }
  return r;
}

// wgmma on the host: each thread computes its own accumulators (the atom's C layout for its
// lane of the warpgroup) from the shared memory the descriptors describe, read as the hardware
// reads it (layout::wgmmaElementAddress, in the runtime's __fly_cpu_wgmma_dot). The warpgroup's
// fence, commit, wait and accumulator settles order nothing here (emulateCpAsync drops them).
void emulateWgmma(mlir::ModuleOp m, const std::string &arch) {
  auto gpuModule = gpuModuleOf(m);
  llvm::SmallVector<mlir::func::CallOp> calls;
  gpuModule.walk([&](mlir::func::CallOp c) {
    if (c.getCallee().starts_with(std::string(ir::kMmaFnPrefix) + "wgmma."))
      calls.push_back(c);
  });
  const char *dot = kWgmmaDotFn;
  for (mlir::func::CallOp call : calls) {
    std::string atom = call.getCallee().drop_front(std::strlen(ir::kMmaFnPrefix)).str();
    checkAtomArch(atom, arch);
    auto texts = call->getAttrOfType<mlir::ArrayAttr>(ir::kMmaLayoutsAttr);
    auto shape = call->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kMmaShapeAttr).asArrayRef();
    layout::Layout lc =
        layout::Layout::parse(mlir::cast<mlir::StringAttr>(texts[2]).getValue().str());
    mlir::OpBuilder b(call);
    auto loc = call.getLoc();
    mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type(), i64 = b.getI64Type();
    if (!gpuModule.lookupSymbol(dot)) {
      mlir::OpBuilder mb(m.getContext());
      mb.setInsertionPointToStart(gpuModule.getBody());
      mlir::func::FuncOp::create(mb, loc, dot,
                                 mb.getFunctionType({i64, i64, i32, i32, i32, f32}, {f32}))
          .setPrivate();
    }
    auto c32 = [&](int64_t v) -> mlir::Value {
      return mlir::arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(v)));
    };
    mlir::Value lane = mlir::arith::RemUIOp::create(b, loc, linearThreadId(b, loc), c32(shape[3]));
    auto major = call->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kWgmmaMnMajorAttr).asArrayRef();
    llvm::StringRef name(atom);
    mlir::Value flags = c32((name.ends_with(".bf16") ? 1 : 0) | major[0] << 1 | major[1] << 2 |
                            (name.ends_with(".e4m3") ? 8 : 0) | (name.ends_with(".e5m2") ? 16 : 0));
    mlir::Value acc = call.getOperand(2);
    auto vt = mlir::cast<mlir::VectorType>(acc.getType());
    mlir::Value d = mlir::LLVM::UndefOp::create(b, loc, vt);
    for (int64_t v = 0; v < vt.getNumElements(); ++v) {
      mlir::Value mn = laneOffset(b, loc, lc, lane, v);
      mlir::Value row = mlir::arith::RemUIOp::create(b, loc, mn, c32(shape[0]));
      mlir::Value col = mlir::arith::DivUIOp::create(b, loc, mn, c32(shape[0]));
      mlir::Value x =
          mlir::func::CallOp::create(
              b, loc, dot, mlir::TypeRange{f32},
              mlir::ValueRange{call.getOperand(0), call.getOperand(1), row, col, flags,
                               mlir::LLVM::ExtractElementOp::create(b, loc, acc, c32(v))})
              .getResult(0);
      d = mlir::LLVM::InsertElementOp::create(b, loc, vt, d, x, c32(v));
    }
    call.getResult(0).replaceAllUsesWith(d);
    call.erase();
  }
  for (auto f : llvm::make_early_inc_range(gpuModule.getOps<mlir::func::FuncOp>()))
    if (f.getName().starts_with(std::string(ir::kMmaFnPrefix) + "wgmma.") &&
        f.symbolKnownUseEmpty(gpuModule))
      f.erase();
}

// One matrix-core atom's emulation as two functions of the gpu.module, made once per atom and
// operand types and called at each of its calls: `stage` puts the lane's A and B values (and
// a scaled atom's scales) at their places in its group's region of shared memory, `compute`
// gives the lane's D from its C and the region. The barriers between them stay in the kernel,
// where the work-item loops see them. Inline copies at each call made the IR of a kernel of
// many atom calls (FlyDSL's fp8 conv3d: 864 of them) grow fourfold and its compile pass 24 GiB.
struct MmaEmulation {
  mlir::func::FuncOp stage, compute;
};

MmaEmulation buildMmaEmulation(mlir::gpu::GPUModuleOp gpuModule, mlir::func::CallOp call,
                               const std::string &arch, int number) {
  mlir::MLIRContext *ctx = call.getContext();
  auto shape = call->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kMmaShapeAttr).asArrayRef();
  auto texts = call->getAttrOfType<mlir::ArrayAttr>(ir::kMmaLayoutsAttr);
  int64_t M = shape[0], N = shape[1], K = shape[2];
  auto tv = [&](int i) {
    return layout::Layout::parse(mlir::cast<mlir::StringAttr>(texts[i]).getValue().str());
  };
  layout::Layout la = tv(0), lb = tv(1), lc = tv(2);
  // A scaled atom's operand formats follow its name: <name>.<A's format>.<B's format>.
  bool scaled = call.getNumOperands() == 5;
  std::string formatA, formatB;
  if (scaled) {
    auto [rest, fb] = call.getCallee().rsplit('.');
    formatA = rest.rsplit('.').second.str();
    formatB = fb.str();
  }
  // gfx942's MFMA reads fp8 as the FNUZ formats (exponent bias 8 and 16, one NaN: 0x80);
  // gfx950 and NVIDIA read the OCP ones (bias 7 and 15; E4M3 has no infinity).
  bool fnuz = call.getCallee().contains("v_mfma_") && arch != "gfx950";
  // Integer atoms' controls: A and B signed, D saturated (RDNA3's iu8 WMMA; MFMA's i8 is signed
  // and wraps).
  bool signedA = true, signedB = true, clamp = false;
  if (auto controls = call->getAttrOfType<mlir::DenseBoolArrayAttr>(ir::kMmaIntegerAttr))
    signedA = controls[0], signedB = controls[1], clamp = controls[2];
  mlir::Location loc = call.getLoc();
  mlir::OpBuilder b(ctx);
  mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto ptr3 = mlir::LLVM::LLVMPointerType::get(ctx, 3);
  auto c32 = [&](int64_t v) -> mlir::Value {
    return mlir::arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(v)));
  };
  mlir::Value lane, region;                           // the arguments of the function being built
  auto at = [&](mlir::Value element) -> mlir::Value { // f32 element of the group's region
    return mlir::LLVM::GEPOp::create(b, loc, ptr3, f32, region, mlir::ValueRange{element});
  };
  auto place = [&](const layout::Layout &l, int64_t v) { return laneOffset(b, loc, l, lane, v); };
  // A code of `format` (its low bits of an i32) as f32: its MLIR float type's extension,
  // which expandSmallFloats computes later.
  auto decode = [&](mlir::Value bits, const std::string &format) -> mlir::Value {
    mlir::FloatType t = format == "e8m0" ? mlir::FloatType(mlir::Float8E8M0FNUType::get(ctx))
                        : format == "e5m2"
                            ? (fnuz ? mlir::FloatType(mlir::Float8E5M2FNUZType::get(ctx))
                                    : mlir::Float8E5M2Type::get(ctx))
                        : format == "e2m3" ? mlir::Float6E2M3FNType::get(ctx)
                        : format == "e3m2" ? mlir::Float6E3M2FNType::get(ctx)
                        : format == "e2m1" ? mlir::Float4E2M1FNType::get(ctx)
                        : fnuz             ? mlir::FloatType(mlir::Float8E4M3FNUZType::get(ctx))
                                           : mlir::Float8E4M3FNType::get(ctx);
    mlir::Value code = mlir::arith::TruncIOp::create(b, loc, b.getIntegerType(t.getWidth()), bits);
    return mlir::arith::ExtFOp::create(b, loc, f32,
                                       mlir::arith::BitcastOp::create(b, loc, t, code).getResult());
  };
  // An MFMA reads fp8 bytes in its arch's formats whatever their type says (gfx950's OCP
  // bytes typed FNUZ, as FlyDSL's kernels have them, read as OCP); others by their type.
  bool mfma = call.getCallee().contains("v_mfma_");
  auto decodeFp8 = [&](mlir::Value e) -> mlir::Value {
    mlir::Type t = e.getType();
    bool e5m2 = mlir::isa<mlir::Float8E5M2Type, mlir::Float8E5M2FNUZType>(t);
    bool typedFnuz = mlir::isa<mlir::Float8E4M3FNUZType, mlir::Float8E5M2FNUZType>(t);
    if (mfma && typedFnuz != fnuz)
      return decode(mlir::arith::ExtUIOp::create(
                        b, loc, i32, mlir::arith::BitcastOp::create(b, loc, b.getI8Type(), e)),
                    e5m2 ? "e5m2" : "e4m3");
    return mlir::arith::ExtFOp::create(b, loc, f32, e);
  };
  auto element = [&](mlir::Value x, int64_t v, const std::string &format = std::string(),
                     bool isSigned = true) -> mlir::Value {
    auto vt = mlir::dyn_cast<mlir::VectorType>(x.getType());
    mlir::Type t = mlir::getElementTypeOrSelf(x.getType());
    bool fp8 = isSmallFloat(t);
    if (!format.empty()) { // a scaled atom's codes, whatever their fragment's dtype
      mlir::Value bytes = fp8 ? mlir::Value(mlir::arith::BitcastOp::create(
                                    b, loc, mlir::VectorType::get(vt.getShape(), b.getI8Type()), x))
                              : x;
      return decode(mlir::arith::ExtUIOp::create(
                        b, loc, i32, mlir::LLVM::ExtractElementOp::create(b, loc, bytes, c32(v))),
                    format);
    }
    if (vt && fp8) // LLVM's element ops take LLVM types: fp8 lanes as their i8 bits
      return decodeFp8(mlir::arith::BitcastOp::create(
          b, loc, t,
          mlir::LLVM::ExtractElementOp::create(
              b, loc,
              mlir::arith::BitcastOp::create(
                  b, loc, mlir::VectorType::get(vt.getShape(), b.getI8Type()), x),
              c32(v))));
    mlir::Value e = vt ? mlir::Value(mlir::LLVM::ExtractElementOp::create(b, loc, x, c32(v))) : x;
    if (t.isInteger(8) || t.isInteger(4))
      return isSigned ? mlir::Value(mlir::arith::ExtSIOp::create(b, loc, i32, e))
                      : mlir::Value(mlir::arith::ExtUIOp::create(b, loc, i32, e));
    if (fp8)
      return decodeFp8(e);
    return t.isF32() || t.isInteger(32) ? e
                                        : mlir::Value(mlir::arith::ExtFOp::create(b, loc, f32, e));
  };
  auto values = [](mlir::Value x) {
    auto vt = mlir::dyn_cast<mlir::VectorType>(x.getType());
    return vt ? vt.getNumElements() : int64_t(1);
  };
  // A private function of the gpu.module taking `inputs`, then the lane and the region.
  auto function = [&](const char *what, llvm::SmallVector<mlir::Type> inputs,
                      mlir::TypeRange results) {
    inputs.append({i32, ptr3});
    b.setInsertionPointToEnd(gpuModule.getBody());
    auto f = mlir::func::FuncOp::create(
        b, loc, "__fly_mma_" + std::string(what) + "_" + std::to_string(number),
        b.getFunctionType(inputs, results));
    f.setPrivate();
    mlir::Block *entry = f.addEntryBlock();
    b.setInsertionPointToStart(entry);
    lane = entry->getArgument(inputs.size() - 2);
    region = entry->getArgument(inputs.size() - 1);
    return f;
  };
  // Scales after A and B: A's (M, K / 32) and B's (N, K / 32), each lane giving its own.
  int64_t blocks = K / 32, scalesA = (M + N) * K, scalesB = scalesA + M * blocks;

  llvm::SmallVector<mlir::Type> stageInputs(call.getOperandTypes());
  stageInputs.erase(stageInputs.begin() + 2); // C goes to compute
  MmaEmulation e;
  e.stage = function("stage", stageInputs, {});
  {
    mlir::Value a = e.stage.getArgument(0), bv = e.stage.getArgument(1);
    for (int64_t v = 0; v < values(a); ++v)
      mlir::LLVM::StoreOp::create(b, loc, element(a, v, formatA, signedA), at(place(la, v)));
    for (int64_t v = 0; v < values(bv); ++v)
      mlir::LLVM::StoreOp::create(
          b, loc, element(bv, v, formatB, signedB),
          at(mlir::arith::AddIOp::create(b, loc, c32(M * K), place(lb, v))));
    if (scaled) {
      mlir::LLVM::StoreOp::create(
          b, loc, decode(e.stage.getArgument(2), "e8m0"),
          at(mlir::arith::AddIOp::create(b, loc, c32(scalesA), place(tv(3), 0))));
      mlir::LLVM::StoreOp::create(
          b, loc, decode(e.stage.getArgument(3), "e8m0"),
          at(mlir::arith::AddIOp::create(b, loc, c32(scalesB), place(tv(4), 0))));
    }
    mlir::func::ReturnOp::create(b, loc);
  }

  mlir::Type rt = call.getResult(0).getType();
  e.compute = function("compute", {call.getOperand(2).getType()}, rt);
  mlir::Value c = e.compute.getArgument(0);
  mlir::Value d = mlir::LLVM::UndefOp::create(b, loc, rt);
  // Each of the lane's C values: its row and column in the atom's M x N, its accumulator.
  int64_t cValues = values(c);
  llvm::SmallVector<mlir::Value> rows, cols, accs;
  for (int64_t v = 0; v < cValues; ++v) {
    mlir::Value ci = place(lc, v);
    rows.push_back(mlir::arith::RemUIOp::create(b, loc, ci, c32(M)));
    cols.push_back(mlir::arith::DivUIOp::create(b, loc, ci, c32(M)));
    accs.push_back(element(c, v));
  }
  // i8 atoms multiply and accumulate in i32 (the region's words hold i32 then).
  bool integer = accs.front().getType().isInteger(32);
  mlir::Type word = integer ? i32 : f32;
  // A clamped sum saturates once, at the end: it runs in i64, which no 8-bit product overflows.
  mlir::Type i64 = b.getI64Type();
  if (integer && clamp)
    for (mlir::Value &acc : accs)
      acc = mlir::arith::ExtSIOp::create(b, loc, i64, acc);
  // One loop over K for all of the lane's C values, not K copies of its body, nor one loop a
  // value: the values that share a row or a column then read it in one body, where LLVM finds
  // the reads alike.
  auto index = [&](int64_t v) -> mlir::Value {
    return mlir::arith::ConstantIndexOp::create(b, loc, v);
  };
  auto loop = mlir::scf::ForOp::create(b, loc, index(0), index(K), index(1), accs);
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    mlir::Value kk = mlir::arith::IndexCastOp::create(b, loc, i32, loop.getInductionVar());
    auto mul = [&](mlir::Value x, int64_t f) -> mlir::Value {
      return mlir::arith::MulIOp::create(b, loc, x, c32(f));
    };
    auto plus = [&](mlir::Value x, mlir::Value y, int64_t z) -> mlir::Value {
      return mlir::arith::AddIOp::create(b, loc, x, mlir::arith::AddIOp::create(b, loc, y, c32(z)));
    };
    mlir::Value rowOffset = mul(kk, M), colOffset = mul(kk, N);
    mlir::Value block =
        scaled ? mlir::Value(mlir::arith::DivUIOp::create(b, loc, kk, c32(32))) : nullptr;
    llvm::SmallVector<mlir::Value> sums;
    for (int64_t v = 0; v < cValues; ++v) {
      mlir::Value x = mlir::LLVM::LoadOp::create(b, loc, word, at(plus(rows[v], rowOffset, 0)));
      mlir::Value y = mlir::LLVM::LoadOp::create(b, loc, word, at(plus(cols[v], colOffset, M * K)));
      if (scaled) { // power-of-two scales: exact products unless out of f32's range
        mlir::Value sx =
            mlir::LLVM::LoadOp::create(b, loc, f32, at(plus(rows[v], mul(block, M), scalesA)));
        mlir::Value sy =
            mlir::LLVM::LoadOp::create(b, loc, f32, at(plus(cols[v], mul(block, N), scalesB)));
        x = mlir::arith::MulFOp::create(b, loc, x, sx);
        y = mlir::arith::MulFOp::create(b, loc, y, sy);
      }
      mlir::Value sum = loop.getRegionIterArgs()[v];
      if (integer && clamp) {
        x = mlir::arith::ExtSIOp::create(b, loc, i64, x);
        y = mlir::arith::ExtSIOp::create(b, loc, i64, y);
      }
      sums.push_back(integer ? mlir::Value(mlir::arith::AddIOp::create(
                                   b, loc, sum, mlir::arith::MulIOp::create(b, loc, x, y)))
                             : mlir::Value(mlir::LLVM::FMAOp::create(b, loc, x, y, sum)));
    }
    mlir::scf::YieldOp::create(b, loc, sums);
  }
  for (int64_t v = 0; v < cValues; ++v) {
    mlir::Value x = loop.getResult(v);
    if (integer && clamp) {
      auto bound = [&](int64_t limit) -> mlir::Value {
        return mlir::arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(limit));
      };
      x = mlir::arith::MaxSIOp::create(b, loc, x, bound(INT32_MIN));
      x = mlir::arith::MinSIOp::create(b, loc, x, bound(INT32_MAX));
      x = mlir::arith::TruncIOp::create(b, loc, i32, x);
    }
    d = mlir::LLVM::InsertElementOp::create(b, loc, rt, d, x, c32(v));
  }
  mlir::func::ReturnOp::create(b, loc, d);
  return e;
}

// Matrix-core atoms on the host, lane by lane as the instruction defines them (MFMA atoms only
// where the emulated arch has them): the lanes of each group of `lanes` threads (a wave for
// MFMA, a warp for mma.sync) put their A and B values in shared memory at the places the atom's
// layouts give them, and each lane then computes its C values as dot products over K in f32
// (buildMmaEmulation). Barriers around the exchange make it a collective of the block, as the
// instruction is one of the wave.
void emulateMmaAtoms(mlir::ModuleOp m, const std::string &arch) {
  auto gpuModule = gpuModuleOf(m);
  bool emulated = false;
  std::map<std::string, MmaEmulation> made; // by callee, operand types and layouts
  for (auto func : gpuModule.getOps<mlir::gpu::GPUFuncOp>()) {
    llvm::SmallVector<mlir::func::CallOp> calls;
    func.walk([&](mlir::func::CallOp c) {
      bool scaled = c.getCallee().contains("v_mfma_scale_");
      if (!c->hasAttr(ir::kMmaShapeAttr) || c.getNumResults() != 1 ||
          c.getNumOperands() != (scaled ? 5u : 3u))
        return;
      mlir::Type d = mlir::getElementTypeOrSelf(c.getResult(0).getType());
      mlir::Type e = mlir::getElementTypeOrSelf(c.getOperand(0).getType());
      bool fp8 = isSmallFloat(e);
      if ((d.isF32() && (e.isF32() || e.isF16() || e.isBF16() || fp8)) ||
          (scaled && d.isF32() && e.isInteger(8)) ||
          (d.isInteger(32) && (e.isInteger(8) || e.isInteger(4))))
        calls.push_back(c);
    });
    if (calls.empty())
      continue;
    emulated = true;
    // One region of A and B values (f32) per group of lanes, for blocks of up to 1024 threads.
    int64_t region = 0, groups = 0;
    for (auto c : calls) {
      auto shape = c->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kMmaShapeAttr).asArrayRef();
      // Scaled atoms add their scales, one per 32 K values of each row and column.
      bool scaled = c.getNumOperands() == 5;
      region = std::max(region, (shape[0] + shape[1]) * shape[2] * (scaled ? 33 : 32) / 8);
      groups = std::max(groups, 1024 / shape[3]);
    }
    auto bytesAttr = func->getAttrOfType<mlir::IntegerAttr>("fly.shared_bytes");
    int64_t start = ((bytesAttr ? bytesAttr.getInt() : 0) + 15) / 16 * 16;
    mlir::OpBuilder fb(func.getContext());
    func->setAttr("fly.shared_bytes", fb.getI64IntegerAttr(start + region * groups));

    for (auto call : calls) {
      // The emulated arch decides which MFMA instructions exist, as on the GPU.
      std::string atom = call.getCallee().drop_front(std::strlen(ir::kMmaFnPrefix)).str();
      checkAtomArch(atom, arch, call);
      checkFp8Operands(atom, call.getOperand(0).getType(), arch);
      checkFp8Operands(atom, call.getOperand(1).getType(), arch);
      std::string key;
      llvm::raw_string_ostream os(key);
      os << call.getCallee() << call->getOperandTypes() << call->getAttr(ir::kMmaLayoutsAttr);
      if (mlir::Attribute controls = call->getAttr(ir::kMmaIntegerAttr))
        os << controls;
      auto found = made.find(key);
      if (found == made.end())
        found = made.emplace(key, buildMmaEmulation(gpuModule, call, arch, int(made.size()))).first;
      const MmaEmulation &e = found->second;

      mlir::OpBuilder b(call);
      auto loc = call.getLoc();
      mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
      auto ptr3 = mlir::LLVM::LLVMPointerType::get(b.getContext(), 3);
      auto c32 = [&](int64_t v) -> mlir::Value {
        return mlir::arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(int32_t(v)));
      };
      int64_t lanes = call->getAttrOfType<mlir::DenseI64ArrayAttr>(ir::kMmaShapeAttr)[3];
      mlir::Value tid = linearThreadId(b, loc);
      mlir::Value lane = mlir::arith::RemUIOp::create(b, loc, tid, c32(lanes));
      mlir::Value group = mlir::arith::DivUIOp::create(b, loc, tid, c32(lanes));
      mlir::Value base = mlir::func::CallOp::create(b, loc, ir::kSharedBaseFn,
                                                    mlir::TypeRange{ptr3}, mlir::ValueRange{})
                             .getResult(0);
      mlir::Value first = mlir::arith::AddIOp::create(
          b, loc, c32(start / 4), mlir::arith::MulIOp::create(b, loc, group, c32(region / 4)));
      mlir::Value groupRegion =
          mlir::LLVM::GEPOp::create(b, loc, ptr3, f32, base, mlir::ValueRange{first});
      llvm::SmallVector<mlir::Value> staged(call.getOperands());
      staged.erase(staged.begin() + 2);
      staged.append({lane, groupRegion});
      mlir::gpu::BarrierOp::create(b, loc); // the previous atom's reads are done
      mlir::func::CallOp::create(b, loc, e.stage, staged);
      mlir::gpu::BarrierOp::create(b, loc);
      mlir::Value d =
          mlir::func::CallOp::create(b, loc, e.compute,
                                     mlir::ValueRange{call.getOperand(2), lane, groupRegion})
              .getResult(0);
      mlir::gpu::BarrierOp::create(b, loc); // everyone read the region before it is reused
      call.getResult(0).replaceAllUsesWith(d);
      call.erase();
    }
  }
  // The shared-memory base the emulation calls is declared once.
  if (emulated && !gpuModule.lookupSymbol(ir::kSharedBaseFn)) {
    mlir::OpBuilder mb(m.getContext());
    mb.setInsertionPointToStart(gpuModule.getBody());
    auto decl = mlir::func::FuncOp::create(
        mb, m.getLoc(), ir::kSharedBaseFn,
        mb.getFunctionType({}, {mlir::LLVM::LLVMPointerType::get(m.getContext(), 3)}));
    decl.setPrivate();
  }
}

// The cpu target's lowering: the GPU-only operations emulated, each kernel outlined as a host
// function (work-item loops or fibers for its threads), then MLIR's conversions to LLVM.
std::vector<PipelineStep> hostPipeline(const Options &o) {
  std::vector<PipelineStep> steps = {addFlyLayoutLowering, flyAtomLowering("cpu"), addFlyLowering};
  for (const char *stage :
       {"fly-lower-vector-slices", "fly-allocas-in-stack-space", "fly-emulate-wgmma",
        "fly-check-bulk-copies", "fly-refuse-wide-shuffles", "fly-emulate-mma-atoms",
        "fly-refuse-mma-calls", "fly-emulate-buffer-ops", "fly-emulate-cp-async",
        "fly-emulate-amd-wave-ops", "fly-expand-rounding-modes", "fly-expand-small-floats",
        "fly-expand-composite-math", "fly-approximate-exp", "fly-relax-vector-alignment",
        "fly-cpu-outline-kernels", "fly-call-libm-for-log1p-expm1"})
    steps.push_back([stage, o](mlir::OpPassManager &pm) { addStage(pm, stage, o); });
  // Vector ops come from math on vectors (the exp polynomial's broadcasts, libm calls unrolled)
  // and from register tensors read whole (poison vectors filled lane by lane).
  steps.push_back([](mlir::OpPassManager &pm) { pm.addPass(scfToControlFlow()); });
  for (auto create : {mlir::createConvertMathToLLVMPass, mlir::createConvertMathToLibmPass,
                      mlir::createConvertVectorToLLVMPass, mlir::createUBToLLVMConversionPass,
                      mlir::createArithToLLVMConversionPass, mlir::createConvertIndexToLLVMPass,
                      mlir::createConvertControlFlowToLLVMPass, mlir::createConvertFuncToLLVMPass,
                      mlir::createReconcileUnrealizedCastsPass})
    steps.push_back([create](mlir::OpPassManager &pm) { pm.addPass(create()); });
  return steps;
}

LoweredModule lowerForHost(ir::Module &module, const Options &options) {
  auto m = cloneForLowering(module, options);
  int next = runPipeline(hostPipeline(options), *m, options, "lowering for the cpu target");
  return {std::move(m), next};
}

// An entry `void <prefix><k>(void **args, int64_t *ids)` (compiler.h) with the kernel's
// arguments loaded through their pointers; returns them, the ids last.
llvm::SmallVector<llvm::Value *> beginEntry(llvm::Module &lm, llvm::Function &kernel,
                                            const char *prefix, llvm::IRBuilder<> &b) {
  auto &ctx = lm.getContext();
  auto *ptr = llvm::PointerType::getUnqual(ctx);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, ptr}, false);
  auto *entry = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                       prefix + kernel.getName().str(), lm);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", entry));
  llvm::SmallVector<llvm::Value *> args;
  for (unsigned i = 0; i + 1 < kernel.arg_size(); ++i) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptr, entry->getArg(0), i);
    llvm::Value *addr = b.CreateLoad(ptr, slot);
    args.push_back(b.CreateLoad(kernel.getArg(i)->getType(), addr));
  }
  args.push_back(entry->getArg(1));
  return args;
}

void addPackedEntry(llvm::Module &lm, llvm::Function &kernel) {
  llvm::IRBuilder<> b(lm.getContext());
  auto args = beginEntry(lm, kernel, kPackedPrefix, b);
  // Only the block entry's loop gains from inlining; one copy of the body compiles faster.
  b.CreateCall(&kernel, args)->addFnAttr(llvm::Attribute::NoInline);
  b.CreateRetVoid();
}

// for (i = 0; i < count; ++i) body(i), at b's insertion point; b ends after the loop.
void emitLoop(llvm::IRBuilder<> &b, llvm::Value *count,
              const std::function<void(llvm::Value *)> &body) {
  auto &ctx = b.getContext();
  llvm::Function *fn = b.GetInsertBlock()->getParent();
  llvm::BasicBlock *pre = b.GetInsertBlock();
  auto *head = llvm::BasicBlock::Create(ctx, "loop", fn);
  auto *exit = llvm::BasicBlock::Create(ctx, "done", fn);
  auto *zero = b.getInt64(0);
  b.CreateCondBr(b.CreateICmpSGT(count, zero), head, exit);
  b.SetInsertPoint(head);
  llvm::PHINode *i = b.CreatePHI(b.getInt64Ty(), 2);
  i->addIncoming(zero, pre);
  body(i);
  llvm::Value *next = b.CreateAdd(i, b.getInt64(1), "", /*HasNUW=*/true, /*HasNSW=*/true);
  i->addIncoming(next, b.GetInsertBlock());
  b.CreateCondBr(b.CreateICmpSLT(next, count), head, exit);
  b.SetInsertPoint(exit);
}

// The block entry: the runtime's ids (block index and sizes, wave size) copied to a local
// block, then every thread in x-fastest order, the kernel inlined into the loop nest.
void addBlockEntry(llvm::Module &lm, llvm::Function &kernel) {
  llvm::IRBuilder<> b(lm.getContext());
  auto args = beginEntry(lm, kernel, kBlockPrefix, b);
  auto *i64 = b.getInt64Ty();
  auto *arrayType = llvm::ArrayType::get(i64, cpu_ids::kCount);
  llvm::Value *ids = b.CreateAlloca(arrayType);
  b.CreateMemCpy(ids, llvm::MaybeAlign(8), args.back(), llvm::MaybeAlign(8),
                 cpu_ids::kCount * 8);
  args.back() = ids;
  auto slot = [&](int s) { return b.CreateConstGEP1_64(i64, ids, s); };
  auto dim = [&](int d) { return b.CreateLoad(i64, slot(cpu_ids::kBlockDim + d)); };
  llvm::Value *bx = dim(0), *by = dim(1), *bz = dim(2);
  llvm::Value *wave = b.CreateLoad(i64, slot(cpu_ids::kWaveSize));
  emitLoop(b, bz, [&](llvm::Value *z) {
    b.CreateStore(z, slot(cpu_ids::kThreadIdx + 2));
    emitLoop(b, by, [&](llvm::Value *y) {
      b.CreateStore(y, slot(cpu_ids::kThreadIdx + 1));
      llvm::Value *rowStart = b.CreateMul(b.CreateAdd(b.CreateMul(z, by), y), bx);
      emitLoop(b, bx, [&](llvm::Value *x) {
        b.CreateStore(x, slot(cpu_ids::kThreadIdx));
        b.CreateStore(b.CreateURem(b.CreateAdd(rowStart, x), wave), slot(cpu_ids::kLaneId));
        b.CreateCall(&kernel, args);
      });
    });
  });
  b.CreateRetVoid();
  kernel.addFnAttr(llvm::Attribute::AlwaysInline);
}

// The block entry of a kernel that already loops over its block's threads: one call.
void addBlockLevelEntry(llvm::Module &lm, llvm::Function &kernel) {
  llvm::IRBuilder<> b(lm.getContext());
  auto args = beginEntry(lm, kernel, kBlockPrefix, b);
  b.CreateCall(&kernel, args);
  b.CreateRetVoid();
  kernel.addFnAttr(llvm::Attribute::AlwaysInline);
}

std::unique_ptr<llvm::TargetMachine> hostTargetMachine(int optLevel) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    throw CompileError("cannot describe the host for code generation: " +
                       llvm::toString(builder.takeError()));
  builder->setRelocationModel(llvm::Reloc::PIC_);
  builder->setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(optLevel));
  // With AVX512-BF16, LLVM 22's x86 instruction selection stops ("Do not know how to soft
  // promote this operator's operand") on bf16 vectors that FlyDSL's conv3d builds; bf16
  // arithmetic is expanded to f32 before code generation, so only the conversions lose it.
  builder->getFeatures().AddFeature("avx512bf16", false);
  auto tm = builder->createTargetMachine();
  if (!tm)
    throw CompileError("no code generator for the host: " + llvm::toString(tm.takeError()));
  return std::move(*tm);
}

} // namespace

const std::vector<Stage> &cpuStages() {
  static const std::vector<Stage> stages = {
      {"fly-emulate-wgmma", "cpu: wgmma atoms as the runtime's dot products",
       [](mlir::ModuleOp m, const Options &o) { emulateWgmma(m, o.arch); }},
      {"fly-emulate-mma-atoms", "cpu: matrix-core atoms (MFMA, WMMA, mma.sync) in f32 arithmetic",
       [](mlir::ModuleOp m, const Options &o) { emulateMmaAtoms(m, o.arch); }},
      {"fly-emulate-amd-wave-ops",
       "cpu: DPP moves as shuffles over the emulated wave; readfirstlane; hints go",
       [](mlir::ModuleOp m, const Options &o) { emulateAmdWaveOps(m, waveSize(o.arch)); }},
      {"fly-approximate-exp", "cpu: math.exp as the inline polynomial the cuda target uses",
       [](mlir::ModuleOp m, const Options &) { approximateExp(m); }},
      {"fly-relax-vector-alignment", "cpu: vector accesses promise only their element's alignment",
       [](mlir::ModuleOp m, const Options &) { relaxVectorAlignment(m); }},
      {"fly-cpu-outline-kernels",
       "cpu: each kernel as a host function over the runtime's ids (work-item loops or fibers)",
       [](mlir::ModuleOp m, const Options &o) {
         outlineForHost(m, o.cpuFibers, waveSize(o.arch));
       }},
      {"fly-call-libm-for-log1p-expm1", "cpu: log1p and expm1 as libm calls (exact for small x)",
       [](mlir::ModuleOp m, const Options &) { callLibmForLog1pExpm1(m); }},
  };
  return stages;
}

std::string loweredIrCpu(ir::Module &module, const Options &options) {
  auto host = lowerForHost(module, options);
  std::string out;
  llvm::raw_string_ostream os(out);
  host.module->print(os);
  return out;
}

Artifact compileCpu(ir::Module &module, const Options &options) {
  waveSize(options.arch); // rejects unknown arch names
  Artifact art;
  art.target = options.target;
  art.arch = options.arch;
  auto [m, nextStage] = lowerForHost(module, options);
  std::set<std::string> blockLevel;
  art.kernels = kernelsOf(*m, blockLevel);
  auto &ctx = module.impl().context;
  mlir::registerBuiltinDialectTranslation(ctx);
  mlir::registerLLVMDialectTranslation(ctx);
  DiagnosticCollector diags(&ctx);
  llvm::LLVMContext llvmContext;
  auto lm = mlir::translateModuleToLLVMIR(m->getOperation(), llvmContext, "flydsl");
  if (!lm)
    throw CompileError("translation to LLVM IR failed: " + diags.text);
  auto tm = hostTargetMachine(options.optLevel);
  lm->setTargetTriple(tm->getTargetTriple());
  lm->setDataLayout(tm->createDataLayout());
  for (auto &k : art.kernels) {
    llvm::Function *f = lm->getFunction(k.name);
    if (!f)
      throw CompileError("kernel '" + k.name + "' is missing after lowering");
    addPackedEntry(*lm, *f);
    if (blockLevel.count(k.name))
      addBlockLevelEntry(*lm, *f);
    else if (!k.usesCollectives)
      addBlockEntry(*lm, *f);
  }
  optimizeLlvm(*lm, *tm, options, nextStage);
  art.image = emitCode(*tm, *lm, llvm::CodeGenFileType::ObjectFile);
  return art;
}

} // namespace fly::compiler
