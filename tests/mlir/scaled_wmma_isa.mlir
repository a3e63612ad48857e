// RUN: fly-opt %s --pass-pipeline="builtin.module(fly-lower-to-llvm,gpu.module(convert-gpu-to-rocdl),gpu-module-to-binary{format=isa})" | FileCheck %s
// gfx1250's block-scaled WMMA atoms through LLVM's AMDGPU backend: the instruction each form
// selects, the operand formats and the picked scale rows as its modifiers. The scale left at
// zero when the atom was made is the inline constant 0.

// CHECK: #rocdl.target<chip = "gfx1250">
// CHECK-SAME: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, s{{[0-9]+}}, 0 matrix_b_fmt:MATRIX_FMT_FP6 matrix_a_scale:MATRIX_SCALE_ROW1
// CHECK-SAME: v_wmma_scale16_f32_32x16x128_f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] matrix_b_scale:MATRIX_SCALE_ROW1 matrix_b_reuse

!fp6 = !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f6E2M3FN) -> f32, opselA = 1, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 32>>
!fp4 = !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<32x16x128, (f4E2M1FN, f4E2M1FN) -> f32, opselA = 0, opselB = 1, modC = 0, reuseA = false, reuseB = true, blockSize = 16>>

module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1250">] {
    gpu.func @fp8_by_fp6(%out: !llvm.ptr<1>, %sa: i32, %a: vector<64xi8>, %b: vector<64xi8>) kernel {
      %c = arith.constant dense<0.0> : vector<8xf32>
      %atom = fly.make_mma_atom : !fp6
      %1 = fly.atom.set_value(%atom, "scale_a", %sa) : (!fp6, i32) -> !fp6
      %d = fly.mma_atom_call_ssa(%1, %a, %b, %c) : (!fp6, vector<64xi8>, vector<64xi8>, vector<8xf32>) -> vector<8xf32>
      llvm.store %d, %out : vector<8xf32>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @tall_fp4(%out: !llvm.ptr<1>, %sa: i64, %sb: i64, %a: vector<128xi8>, %b: vector<64xi8>) kernel {
      %c = arith.constant dense<0.0> : vector<16xf32>
      %atom = fly.make_mma_atom : !fp4
      %1 = fly.atom.set_value(%atom, "scale_a", %sa) : (!fp4, i64) -> !fp4
      %2 = fly.atom.set_value(%1, "scale_b", %sb) : (!fp4, i64) -> !fp4
      %d = fly.mma_atom_call_ssa(%2, %a, %b, %c) : (!fp4, vector<128xi8>, vector<64xi8>, vector<16xf32>) -> vector<16xf32>
      llvm.store %d, %out : vector<16xf32>, !llvm.ptr<1>
      gpu.return
    }
  }
}
