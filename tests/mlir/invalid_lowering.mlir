// RUN: fly-opt %s --split-input-file --verify-diagnostics --fly-layout-lowering --fly-lower-to-llvm
// What fly-layout-lowering cannot lower gets a diagnostic, never a crash.

// A tensor that arrives as a block argument has no pointer or layout the pass can see.
func.func @tensor_argument(%t: !fly.memref<f32, global, 4:1>, %i: index) -> f32 {
  %crd1 = fly.make_coord(%i) : (index) -> !fly.int_tuple<?>
  // expected-error @+1 {{cannot be lowered: its Fly operands must be defined by Fly ops}}
  %x = fly.memref.load(%t, %crd1) : (!fly.memref<f32, global, 4:1>, !fly.int_tuple<?>) -> f32
  return %x : f32
}

// -----

func.func @copy_not_expanded(%raw: !llvm.ptr<1>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<4:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1, align 16>
  %f_layout = fly.static : !fly.layout<4:1>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1, align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{copies and their atoms are lowered by fly-atom-lowering first}}
  fly.copy(%a, %s, %f) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<f32, register, 4:1, align 16>) -> ()
  return
}

// -----

// An MMA fragment is read with one access: its values must be consecutive.
func.func @mma_fragment_strided(%raw: !llvm.ptr<5>, %a: vector<4xf16>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<5>) -> !fly.ptr<f32, register>
  %l = fly.static : !fly.layout<4:2>
  %c = fly.make_view(%p, %l) : (!fly.ptr<f32, register>, !fly.layout<4:2>) -> !fly.memref<f32, register, 4:2>
  %pa = fly.make_ptr(%raw) : (!llvm.ptr<5>) -> !fly.ptr<f16, register>
  %la = fly.static : !fly.layout<4:1>
  %fa = fly.make_view(%pa, %la) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  // expected-error @+1 {{an MMA fragment's values are consecutive in memory here, not laid out as 4:2}}
  fly.mma_atom_call(%atom, %c, %fa, %fa, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, register, 4:2>,
         !fly.memref<f16, register, 4:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:2>) -> ()
  return
}

// -----

// A tensor over a buffer is read through its element pointers or by copy atoms.
func.func @buffer_tensor_load(%g: !fly.ptr<f32, global>, %st: i16, %n: i64, %f: i32) -> f32 {
  %p = fly.make_ptr(%g, %st, %n, %f) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<4:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %c = fly.static : !fly.int_tuple<2>
  // expected-error @+1 {{a tensor over a buffer descriptor is read and written through fly.ptr.load / fly.ptr.store of its element pointers or by copy atoms}}
  %x = fly.memref.load(%t, %c) : (!fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>, !fly.int_tuple<2>) -> f32
  return %x : f32
}

// -----

// A buffer copy call moves one call's values; a tensor of two calls is fly.copy's.
func.func @buffer_call_of_two_calls(%g: !fly.ptr<f32, global>, %n: i64, %f: i32) {
  %st = arith.constant 0 : i16
  %p = fly.make_ptr(%g, %st, %n, %f) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<8:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<8:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 8:1>
  %r = fly.make_ptr() {dictAttrs = {allocSize = 8 : i64}} : () -> !fly.ptr<f32, register>
  %d = fly.make_view(%r, %l) : (!fly.ptr<f32, register>, !fly.layout<8:1>) -> !fly.memref<f32, register, 8:1>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  // expected-error @+1 {{a buffer copy call lowers tensors of exactly one call's values, not 8:1}}
  fly.copy_atom_call(%a, %t, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 8:1>, !fly.memref<f32, register, 8:1>) -> ()
  return
}

// -----

// A tensor over a composed layout is read through its decomposition, never through the layout
// of its coordinates alone.
func.func @load_through_composed(%p: !fly.ptr<f32, global>) -> f32 {
  %c = fly.static : !fly.composed_layout<8:2 o 1 o 4:1>
  %v = fly.make_view(%p, %c) : (!fly.ptr<f32, global>, !fly.composed_layout<8:2 o 1 o 4:1>) -> !fly.memref<f32, global, 8:2 o 1 o 4:1>
  %i = fly.static : !fly.int_tuple<2>
  // expected-error @+1 {{reads a tensor over a composed layout, which is taken apart by fly.decomposition (of a fly.make_view) in fly-layout-lowering only}}
  %x = fly.memref.load(%v, %i) : (!fly.memref<f32, global, 8:2 o 1 o 4:1>, !fly.int_tuple<2>) -> f32
  return %x : f32
}

// -----

// A fragment of sub-byte elements is read whole: its second i4 has no address.
func.func @int4_element_load() -> i4 {
  %l = fly.static : !fly.layout<16:1>
  %f = fly.memref.alloca(%l) : (!fly.layout<16:1>) -> !fly.memref<i4, register, 16:1>
  %c = fly.static : !fly.int_tuple<1>
  // expected-error @+1 {{a tensor of 4-bit elements is a register fragment read and written whole; its elements past the first have no address of their own}}
  %x = fly.memref.load(%f, %c) : (!fly.memref<i4, register, 16:1>, !fly.int_tuple<1>) -> i4
  return %x : i4
}

// -----

// A scaled MFMA reads its scales from its atom's state, which a tiled MMA does not carry.
!atom = !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>
!scaled = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @scaled_gemm_without_atom() {
  %atom = fly.make_mma_atom : !atom
  %l = fly.static : !fly.layout<(1,1,1):(0,0,0)>
  %mma = fly.make_tiled_mma(%atom, %l) : (!atom, !fly.layout<(1,1,1):(0,0,0)>) -> !scaled
  %lab = fly.static : !fly.layout<32:1>
  %lc = fly.static : !fly.layout<4:1>
  %d = fly.memref.alloca(%lc) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %a = fly.memref.alloca(%lab) : (!fly.layout<32:1>) -> !fly.memref<f8E4M3FN, register, 32:1>
  // expected-error @+1 {{a scaled atom's scales are state of its atom}}
  fly.gemm(%mma, %d, %a, %a, %d)
      : (!scaled, !fly.memref<f32, register, 4:1>, !fly.memref<f8E4M3FN, register, 32:1>,
         !fly.memref<f8E4M3FN, register, 32:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

// The hardware's 128-byte swizzle repeats every 1024 bytes of address: a tile whose base is
// only known aligned to 16 bytes may not start where the pattern does.
!sp = !fly.ptr<f16, shared, align<16>, S<3,4,3>>
!ta = !fly.memref<f16, shared, (64,16):(64,1), align<16>, S<3,4,3>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<16>, S<3,4,3>>
!wk = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
func.func @wgmma_tile_off_its_swizzle(%pa: !llvm.ptr<3>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wk
  %ap = fly.make_ptr(%pa) : (!llvm.ptr<3>) -> !sp
  %la = fly.static : !fly.layout<(64,16):(64,1)>
  %lb = fly.static : !fly.layout<(8,16):(64,1)>
  %a = fly.make_view(%ap, %la) : (!sp, !fly.layout<(64,16):(64,1)>) -> !ta
  %b = fly.make_view(%ap, %lb) : (!sp, !fly.layout<(8,16):(64,1)>) -> !tb
  // expected-error @+1 {{a wgmma's A tile under a 128-byte swizzle needs a base aligned to 1024 bytes; this one's is aligned to 16}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wk, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}
