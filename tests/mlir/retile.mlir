// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm | FileCheck %s
// FlyDSL's fly.tiled_copy.retile: a register fragment that a tiled copy of 32-bit atoms filled,
// ((1,(4,2)),1,2):((0,(1,4)),0,8), seen as a tiled copy of 64-bit atoms over the same threads
// takes it: ((2,4),1,2):((1,2),0,8), CuTe's TiledCopy::retile_D for the same pair. The pointer
// stays; value (1,1) of the second call, coordinate ((1,1),0,1), is register 1 + 2 + 8 = 11.

!tc64 = !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<64>, 32>, !fly.layout<((8,4),(4,2)):((2,64),(16,1))>, !fly.tile<[16|16]>>
!frag = !fly.memref<f32, register, ((1,(4,2)),1,2):((0,(1,4)),0,8)>
!retiled = !fly.memref<f32, register, ((2,4),1,2):((1,2),0,8)>

// ROUND-LABEL: func.func @retile
// ROUND: "fly.tiled_copy.retile"(%{{.*}}, %{{.*}}) : (!fly.tiled_copy<{{.*}}>, !fly.memref<f32, register, ((1,(4,2)),1,2):((0,(1,4)),0,8)>) -> !fly.memref<f32, register, ((2,4),1,2):((1,2),0,8)>
// CHECK-LABEL: func.func @retile
// CHECK: %[[BASE:.*]] = fly.to_llvm_ptr
// CHECK: %[[C11:.*]] = arith.constant 11 : i32
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[BASE]][%[[C11]]] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, f32
// CHECK: llvm.load %[[AT]]
// CHECK-NOT: fly.
func.func @retile(%p: !fly.ptr<f32, register>) -> f32 {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<64>, 32>
  %tc_tv = fly.static : !fly.layout<((8,4),(4,2)):((2,64),(16,1))>
  %tc_tile = fly.static : !fly.tile<[16|16]>
  %tc = "fly.make_tiled_copy"(%a, %tc_tv, %tc_tile) : (!fly.copy_atom<!fly.universal_copy<64>, 32>, !fly.layout<((8,4),(4,2)):((2,64),(16,1))>, !fly.tile<[16|16]>) -> !tc64
  %l = fly.static : !fly.layout<((1,(4,2)),1,2):((0,(1,4)),0,8)>
  %f = fly.make_view(%p, %l) : (!fly.ptr<f32, register>, !fly.layout<((1,(4,2)),1,2):((0,(1,4)),0,8)>) -> !frag
  %r = "fly.tiled_copy.retile"(%tc, %f) : (!tc64, !frag) -> !retiled
  %i = fly.static : !fly.int_tuple<((1,1),0,1)>
  %x = fly.memref.load(%r, %i) : (!retiled, !fly.int_tuple<((1,1),0,1)>) -> f32
  return %x : f32
}
