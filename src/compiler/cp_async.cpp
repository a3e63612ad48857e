//===- cp_async.cpp - NVIDIA cp.async on the other targets ----------------===//

#include "compiler/cp_async.h"

#include "ir/mlir_module.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

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
                         mlir::NVVM::WgmmaGroupSyncAlignedOp, mlir::NVVM::WgmmaWaitGroupSyncOp>(
                   op)) {
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

} // namespace fly::compiler
