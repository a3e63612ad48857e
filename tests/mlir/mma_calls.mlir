// RUN: fly-opt %s --fly-lower-to-llvm=mma-calls=true | FileCheck %s
// RUN: fly-opt %s --fly-lower-to-llvm | FileCheck %s --check-prefix=DIRECT
// The library's pipelines lower matrix-core atoms to calls of the atom, which each target
// resolves late: rocm and cuda into the instruction after checking the arch has it, cpu into
// an emulation from the shape and lane layouts the call carries. The values go in as the lane
// holds them (no packing: the target packs). FlyDSL's own pipeline emits the instruction.

// One declaration an atom, at the top of the symbol table.
// CHECK-DAG: func.func private @__fly_mma.v_mfma_i32_32x32x16_i8(vector<8xi8>, vector<8xi8>, vector<16xi32>) -> vector<16xi32>
// CHECK-DAG: func.func private @__fly_mma.v_mfma_f32_16x16x16_f16(vector<4xf16>, vector<4xf16>, vector<4xf32>) -> vector<4xf32>
// CHECK-LABEL: func.func @half_precision_fragments
// CHECK: %[[AV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<4xf16>
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<4xf16>
// CHECK: %[[CV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<4xf32>
// CHECK: %[[R:.*]] = call @__fly_mma.v_mfma_f32_16x16x16_f16(%[[AV]], %[[BV]], %[[CV]])
// CHECK-SAME: fly.mma_layouts = ["((16,4),4):((1,64),16)", "((16,4),4):((1,64),16)", "((16,4),4):((16,4),1)"]
// CHECK-SAME: fly.mma_shape = array<i64: 16, 16, 16, 64>
// CHECK: llvm.store %[[R]], %{{.*}} : vector<4xf32>, !llvm.ptr<5>
// DIRECT-LABEL: func.func @half_precision_fragments
// DIRECT: rocdl.mfma.f32.16x16x16f16
func.func @half_precision_fragments() {
  %l = fly.static : !fly.layout<4:1>
  %d = fly.memref.alloca(%l) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %a = fly.memref.alloca(%l) : (!fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %b = fly.memref.alloca(%l) : (!fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %c = fly.memref.alloca(%l) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>,
         !fly.memref<f32, register, 4:1>, !fly.memref<f16, register, 4:1>,
         !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// Eight bytes a lane stay eight bytes; two calls share one declaration.
// CHECK-LABEL: func.func @bytes_twice
// CHECK: %[[X:.*]] = call @__fly_mma.v_mfma_i32_32x32x16_i8(%arg0, %arg1, %arg2)
// CHECK: call @__fly_mma.v_mfma_i32_32x32x16_i8(%arg0, %arg1, %[[X]])
// DIRECT-LABEL: func.func @bytes_twice
// DIRECT: llvm.bitcast %arg0 : vector<8xi8> to i64
func.func @bytes_twice(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<16xi32>) -> vector<16xi32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x16, (i8, i8) -> i32>>
  %x = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x16, (i8, i8) -> i32>>, vector<8xi8>,
         vector<8xi8>, vector<16xi32>) -> vector<16xi32>
  %y = fly.mma_atom_call_ssa(%atom, %a, %b, %x)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x16, (i8, i8) -> i32>>, vector<8xi8>,
         vector<8xi8>, vector<16xi32>) -> vector<16xi32>
  return %y : vector<16xi32>
}

// NVIDIA's mma.sync is called on a warp of 32 lanes.
// CHECK-LABEL: func.func @warp
// CHECK: call @__fly_mma.mma.sync.aligned.m16n8k16.f16(%arg0, %arg1, %arg2)
// CHECK-SAME: fly.mma_shape = array<i64: 16, 8, 16, 32>
func.func @warp(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>>, vector<8xf16>,
         vector<4xf16>, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// RDNA4's f16 WMMA is a call too, and RDNA3's integer WMMA one whose call carries its
// controls (signed A, unsigned B, no clamp here), which the targets read.
// CHECK-LABEL: func.func @rdna
// CHECK: call @__fly_mma.v_wmma_f32_16x16x16_f16(%arg0, %arg0, %arg1)
// CHECK-SAME: fly.mma_shape = array<i64: 16, 16, 16, 32>
// CHECK: call @__fly_mma.v_wmma_i32_16x16x16_iu8(%arg2, %arg2, %arg3)
// CHECK-SAME: fly.mma_integer = array<i1: true, false, false>
func.func @rdna(%h: vector<8xf16>, %f: vector<8xf32>, %a: vector<16xi8>, %c: vector<8xi32>)
    -> (vector<8xf32>, vector<8xi32>) {
  %f16 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx120x.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>
  %x = fly.mma_atom_call_ssa(%f16, %h, %h, %f)
      : (!fly.mma_atom<!fly_rocdl.gfx120x.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>,
         vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
  %i8 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>
  %y = fly.mma_atom_call_ssa(%i8, %a, %a, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>,
         vector<16xi8>, vector<16xi8>, vector<8xi32>) -> vector<8xi32>
  return %x, %y : vector<8xf32>, vector<8xi32>
}
