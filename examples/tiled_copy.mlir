// Seed 003's tiled copy written in the Fly dialect: 128 threads copy a 32x16 f32 tile through
// register fragments with 128-bit atoms, doubling one value on the way. Run it through the
// passes for a target:
//
//   fly-opt examples/tiled_copy.mlir --fly-canonicalize --fly-atom-lowering=target=cuda \
//     --fly-promote-regmem-to-vectorssa --fly-layout-lowering --canonicalize
//
// and what remains is, per thread, one 16-byte aligned vector load, the arithmetic on an SSA
// vector and one vector store (the thread index split into the tile's coordinates).

!atom = !fly.copy_atom<!fly.universal_copy<128>, 32>
// (thread, value) -> tile coordinate: 4 threads along a row of 16 take 4 values each, 32 rows.
!tiled = !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
!tile = !fly.memref<f32, global, (32,16):(16,1), align 16>
!part = !fly.memref<f32, global, ((4,1),1,1):((1,0),0,0), align 16>
!frag = !fly.memref<f32, register, ((4,1),1,1):((1,0),0,0), align 16>

func.func @tiled_copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %tid: index) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(32,16):(16,1)>
  %src = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(32,16):(16,1)>) -> !fly.memref<f32, global, (32,16):(16,1), align 16>
  %dst = fly.make_view(%q, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(32,16):(16,1)>) -> !fly.memref<f32, global, (32,16):(16,1), align 16>
  %atom = fly.make_copy_atom {valBits = 32 : i32} : !atom
  %copy_tv = fly.static : !fly.layout<((4,32),4):((128,1),32)>
  %copy_tile = fly.static : !fly.tile<[32|16]>
  %copy = "fly.make_tiled_copy"(%atom, %copy_tv, %copy_tile) : (!atom, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>) -> !tiled
  %tid32 = arith.index_cast %tid : index to i32
  %thr = fly.make_int_tuple(%tid32) : (i32) -> !fly.int_tuple<?>
  %s = "fly.tiled_copy.partition_src"(%copy, %src, %thr) : (!tiled, !tile, !fly.int_tuple<?>) -> !part
  %d = "fly.tiled_copy.partition_dst"(%copy, %dst, %thr) : (!tiled, !tile, !fly.int_tuple<?>) -> !part
  %frag_layout = fly.static : !fly.layout<((4,1),1,1):((1,0),0,0)>
  %frag = fly.memref.alloca(%frag_layout) : (!fly.layout<((4,1),1,1):((1,0),0,0)>) -> !frag
  fly.copy(%atom, %s, %frag) : (!atom, !part, !frag) -> ()
  %c0 = arith.constant 0 : index
  %crd32 = fly.make_coord(%c0, %c0, %c0, %c0) : (index, index, index, index) -> !fly.int_tuple<((?,?),?,?)>
  %x = fly.memref.load(%frag, %crd32) : (!frag, !fly.int_tuple<((?,?),?,?)>) -> f32
  %y = arith.addf %x, %x : f32
  %crd33 = fly.make_coord(%c0, %c0, %c0, %c0) : (index, index, index, index) -> !fly.int_tuple<((?,?),?,?)>
  fly.memref.store(%y, %frag, %crd33) : (f32, !frag, !fly.int_tuple<((?,?),?,?)>) -> ()
  fly.copy(%atom, %frag, %d) : (!atom, !frag, !part) -> ()
  return
}
