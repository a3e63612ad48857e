// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s
// RUN: fly-opt %s --verify-diagnostics --fly-atom-lowering=target=rocm
// A copy instruction that moves a whole tile in one call (gfx1250's Tensor Data Mover, a DMA
// driven by a descriptor of the tile) is not split into per-thread calls: fly.copy becomes one
// fly.copy_atom_call over the tensors as they are, whose layouts the descriptor is made from.

!tdm = !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 2, warps = 2, pad = 0, 0, cache = 0, barrier = false, timeout = false>, 0>
!tile_g = !fly.memref<bf16, global, (32,16):(16,1)>
!tile_s = !fly.memref<bf16, shared, (32,16):(16,1)>

// CHECK-LABEL: func.func @one_call
// CHECK: fly.copy_atom_call(%{{.*}}, %arg0, %arg1) : ({{.*}}, !fly.memref<bf16, global, (32,16):(16,1)>, !fly.memref<bf16, shared, (32,16):(16,1)>) -> ()
// CHECK-NOT: fly.copy
func.func @one_call(%g: !tile_g, %s: !tile_s) {
  %atom = fly.make_copy_atom {valBits = 0 : i32} : !tdm
  // The descriptor the call needs is not built here yet: the rocm lowering says so.
  // expected-error @+1 {{copies whole tensors with '!fly_rocdl.gfx1250.tdm<rank = 2, warps = 2, pad = 0, 0, cache = 0, barrier = false, timeout = false>', whose descriptor is not built here yet}}
  fly.copy(%atom, %g, %s) : (!tdm, !tile_g, !tile_s) -> ()
  return
}
