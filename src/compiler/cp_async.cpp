//===- cp_async.cpp - NVIDIA cp.async on the other targets ----------------===//

#include "compiler/cp_async.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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
      auto v = mlir::LLVM::LoadOp::create(b, copy.getLoc(), t, copy.getSrc(), bytes);
      mlir::LLVM::StoreOp::create(b, copy.getLoc(), v, copy.getDst(), bytes);
      done.push_back(op);
    } else if (mlir::isa<mlir::NVVM::CpAsyncCommitGroupOp, mlir::NVVM::CpAsyncWaitGroupOp>(op)) {
      done.push_back(op);
    }
  });
  for (mlir::Operation *op : done)
    op->erase();
}

} // namespace fly::compiler
