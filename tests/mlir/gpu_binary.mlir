// RUN: fly-opt %s --pass-pipeline="builtin.module(gpu-module-to-binary{format=llvm})" | FileCheck %s
// fly-opt carries MLIR's passes and LLVM IR translations too, so a pipeline's later stages
// (here the serialization of a ROCDL kernel module) run in it as in FlyDSL's fly-opt.

// CHECK: gpu.binary @kernels
// CHECK-SAME: #rocdl.target<chip = "gfx942">
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx942">] {
    llvm.func @kernel() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}
