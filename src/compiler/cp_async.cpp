//===- cp_async.cpp - NVIDIA cp.async on the other targets ----------------===//

#include "compiler/cp_async.h"

#include "compiler/compiler.h"
#include "compiler/mlir_pipeline.h"
#include "ir/mlir_module.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <cstdlib>

namespace fly::compiler {

void emulateCpAsync(mlir::ModuleOp m) {
  llvm::SmallVector<mlir::Operation *> done;
  m.walk([&](mlir::Operation *op) {
    if (auto copy = mlir::dyn_cast<mlir::NVVM::CpAsyncOp>(op)) {
      mlir::OpBuilder b(copy);
      // 4, 8 or 16 bytes as one integer or a vector of i32: the access the GPU would make.
      unsigned bytes = copy.getSize();
      mlir::Type t = bytes == 16 ? mlir::Type(mlir::VectorType::get({4}, b.getI32Type()))
                                 : mlir::Type(b.getIntegerType(8 * bytes));
      mlir::Location loc = copy.getLoc();
      mlir::Value v;
      if (mlir::Value sourceBytes = copy.getCpSize()) {
        // The zero-fill form: its source sizes are all or nothing, and nothing reads no memory.
        mlir::Value zero = mlir::arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
        mlir::Value reads =
            mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ne, sourceBytes, zero);
        auto ifOp = mlir::scf::IfOp::create(b, loc, mlir::TypeRange{t}, reads, true, true);
        b.setInsertionPointToStart(ifOp.thenBlock());
        mlir::scf::YieldOp::create(
            b, loc, mlir::ValueRange{mlir::LLVM::LoadOp::create(b, loc, t, copy.getSrc(), bytes)});
        b.setInsertionPointToStart(ifOp.elseBlock());
        mlir::scf::YieldOp::create(b, loc, mlir::ValueRange{mlir::LLVM::ZeroOp::create(b, loc, t)});
        b.setInsertionPointAfter(ifOp);
        v = ifOp.getResult(0);
      } else {
        v = mlir::LLVM::LoadOp::create(b, loc, t, copy.getSrc(), bytes);
      }
      mlir::LLVM::StoreOp::create(b, loc, v, copy.getDst(), bytes);
      done.push_back(op);
    } else if (mlir::isa<mlir::NVVM::CpAsyncCommitGroupOp, mlir::NVVM::CpAsyncWaitGroupOp,
                         mlir::NVVM::FenceProxyOp, mlir::NVVM::WgmmaFenceAlignedOp,
                         mlir::NVVM::WgmmaGroupSyncAlignedOp, mlir::NVVM::WgmmaWaitGroupSyncOp,
                         mlir::NVVM::SetMaxRegisterOp>(op)) {
      done.push_back(op);
    } else if (auto call = mlir::dyn_cast<mlir::func::CallOp>(op);
               call && call.getCallee().starts_with(ir::kWgmmaSettleFnPrefix)) {
      call.getResult(0).replaceAllUsesWith(call.getOperand(0));
      done.push_back(op);
    }
  });
  for (mlir::Operation *op : done)
    op->erase();
  llvm::SmallVector<mlir::func::FuncOp> settles;
  m.walk([&](mlir::func::FuncOp f) {
    if (f.getName().starts_with(ir::kWgmmaSettleFnPrefix))
      settles.push_back(f);
  });
  for (auto f : settles)
    f.erase(); // their calls are gone
}

bool hasBulkCopies(const std::string &arch) {
  if (arch.rfind("sm_", 0) != 0)
    return false;
  int number = std::atoi(arch.c_str() + 3);
  return number >= 90;
}

void checkBulkCopies(mlir::ModuleOp m, const std::string &target, const std::string &arch,
                     bool emulate) {
  llvm::SmallVector<mlir::Operation *> ops;
  bool bulk = false;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::NVVM::MBarrierInitOp, mlir::NVVM::FenceMbarrierInitOp,
                  mlir::NVVM::MBarrierArriveExpectTxOp, mlir::NVVM::MBarrierTryWaitParityOp,
                  mlir::NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp,
                  mlir::NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp,
                  mlir::NVVM::CpAsyncBulkCommitGroupOp, mlir::NVVM::CpAsyncBulkWaitGroupOp>(op)) {
      ops.push_back(op);
      bulk = true;
    } else if (auto named = mlir::dyn_cast<mlir::NVVM::BarrierOp>(op);
               named && named.getNumberOfThreads()) {
      if (arch.rfind("sm_", 0) != 0)
        throw CompileError("named barriers are NVIDIA operations; target " + target + " arch " +
                           arch + " has none");
      if (emulate)
        ops.push_back(op);
    } else if (mlir::isa<mlir::NVVM::GriddepcontrolOp>(op)) {
      if (!hasBulkCopies(arch))
        throw CompileError("grid dependency control (programmatic dependent launch) is an "
                           "NVIDIA sm_90+ operation; target " +
                           target + " arch " + arch + " has none");
      if (emulate)
        ops.push_back(op); // the cpu runs a stream's launches one after another
    }
  });
  if (ops.empty())
    return;
  if (bulk && !hasBulkCopies(arch))
    throw CompileError("mbarriers with transaction counts and bulk tensor copies (TMA) are "
                       "NVIDIA sm_90 (Hopper) operations; target " +
                       target + " arch " + arch + " has none");
  if (!emulate)
    return;
  auto gpuModule = gpuModuleOf(m);
  mlir::MLIRContext *ctx = m.getContext();
  auto ptr = mlir::LLVM::LLVMPointerType::get(ctx), ptr3 = mlir::LLVM::LLVMPointerType::get(ctx, 3);
  mlir::Type i32 = mlir::IntegerType::get(ctx, 32);
  auto declare = [&](const char *name, llvm::ArrayRef<mlir::Type> args) {
    if (gpuModule.lookupSymbol(name))
      return;
    mlir::OpBuilder mb(ctx);
    mb.setInsertionPointToStart(gpuModule.getBody());
    mlir::func::FuncOp::create(mb, m.getLoc(), name, mb.getFunctionType(args, {})).setPrivate();
  };
  for (mlir::Operation *op : ops) {
    mlir::OpBuilder b(op);
    auto loc = op->getLoc();
    auto c32 = [&](int64_t v) -> mlir::Value {
      return mlir::arith::ConstantIntOp::create(b, loc, i32, v);
    };
    auto call = [&](const char *name, llvm::ArrayRef<mlir::Type> types,
                    llvm::ArrayRef<mlir::Value> args) {
      declare(name, types);
      mlir::func::CallOp::create(b, loc, name, mlir::TypeRange{}, args);
    };
    if (auto init = mlir::dyn_cast<mlir::NVVM::MBarrierInitOp>(op)) {
      call(kMbarrierInitFn, {ptr3, i32}, {init.getAddr(), init.getCount()});
    } else if (auto arrive = mlir::dyn_cast<mlir::NVVM::MBarrierArriveExpectTxOp>(op)) {
      call(kMbarrierArriveFn, {ptr3, i32}, {arrive.getAddr(), arrive.getTxcount()});
    } else if (auto wait = mlir::dyn_cast<mlir::NVVM::MBarrierTryWaitParityOp>(op)) {
      call(kMbarrierWaitFn, {ptr3, i32}, {wait.getAddr(), wait.getPhase()});
    } else if (auto copy =
                   mlir::dyn_cast<mlir::NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp>(op)) {
      // (dst, descriptor, barrier, rank, c0 .. c4); the destination as the block's address.
      mlir::Value dst = copy.getDstMem();
      if (auto cast = dst.getDefiningOp<mlir::LLVM::AddrSpaceCastOp>())
        dst = cast.getArg();
      llvm::SmallVector<mlir::Value> args{dst, copy.getTmaDescriptor(), copy.getMbar()};
      args.push_back(c32(int64_t(copy.getCoordinates().size())));
      for (size_t i = 0; i < 5; ++i)
        args.push_back(i < copy.getCoordinates().size() ? copy.getCoordinates()[i] : c32(0));
      call(kTmaLoadFn, {ptr3, ptr, ptr3, i32, i32, i32, i32, i32, i32}, args);
    } else if (auto store = mlir::dyn_cast<mlir::NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp>(op)) {
      // (src, descriptor, rank, c0 .. c4): done at once, so commits and waits go.
      llvm::SmallVector<mlir::Value> args{store.getSrcMem(), store.getTmaDescriptor()};
      args.push_back(c32(int64_t(store.getCoordinates().size())));
      for (size_t i = 0; i < 5; ++i)
        args.push_back(i < store.getCoordinates().size() ? store.getCoordinates()[i] : c32(0));
      call(kTmaStoreFn, {ptr3, ptr, i32, i32, i32, i32, i32, i32}, args);
    } else if (auto named = mlir::dyn_cast<mlir::NVVM::BarrierOp>(op)) {
      call(kNamedBarrierFn, {i32, i32}, {named.getBarrierId(), named.getNumberOfThreads()});
    }
    op->erase();
  }
}

} // namespace fly::compiler
