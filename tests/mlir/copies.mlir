// RUN: fly-opt %s --fly-canonicalize --fly-atom-lowering=target=cpu --fly-promote-regmem-to-vectorssa --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s --check-prefixes=CHECK,CPU
// RUN: fly-opt %s --fly-canonicalize --fly-atom-lowering=target=cuda --fly-promote-regmem-to-vectorssa --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: fly-opt %s --fly-atom-lowering=target=rocm | FileCheck %s --check-prefix=ATOMS
// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s --check-prefix=EXPAND
// Seed 003's tiled copy in the dialect: 128 threads copy a 32x16 f32 tile, 4 values each, with
// 128-bit universal atoms through a register fragment. partition_src/_dst give each thread its
// ((4,1),1,1) part (types from src/layout); fly-atom-lowering turns fly.copy into one aligned
// vector access per atom call; the fragment becomes an SSA vector; what remains are two
// 128-bit accesses.

!atom = !fly.copy_atom<!fly.universal_copy<128>, 32>
!tc = !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
!g = !fly.memref<f32, global, (32,16):(16,1), align 16>
!part = !fly.memref<f32, global, ((4,1),1,1):((1,0),0,0), align 16>
!frag = !fly.memref<f32, register, ((4,1),1,1):((1,0),0,0), align 16>

// ATOMS-LABEL: func.func @tiled_copy
// ATOMS: fly.memref.element_ptr {{.*}} -> <f32, global, align<16>>
// ATOMS: fly.ptr.load({{.*}}) : ({{.*}}) -> vector<4xf32>
// ATOMS: fly.ptr.store({{.*}}) : (vector<4xf32>, !fly.ptr<f32, register, align<16>>) -> ()
// ATOMS-NOT: fly.copy

// CHECK-LABEL: func.func @tiled_copy
// CHECK-SAME: (%[[IN:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[TID:.*]]: index)
// CHECK: %[[SRC:.*]] = llvm.getelementptr %[[IN]]
// CHECK: %[[DST:.*]] = llvm.getelementptr %[[OUT]]
// CHECK: %[[V:.*]] = llvm.load %[[SRC]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[E:.*]] = vector.extract %[[V]][1]
// CHECK: %[[D:.*]] = arith.addf %[[E]], %[[E]]
// CHECK: %[[W:.*]] = vector.insert %[[D]], %[[V]] [1]
// CHECK: llvm.store %[[W]], %[[DST]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.alloca
// CHECK-NOT: fly.
func.func @tiled_copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %tid: index) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(32,16):(16,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(32,16):(16,1)>) -> !fly.memref<f32, global, (32,16):(16,1), align 16>
  %o = fly.make_view(%q, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(32,16):(16,1)>) -> !fly.memref<f32, global, (32,16):(16,1), align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !atom
  %tc_tv = fly.static : !fly.layout<((4,32),4):((128,1),32)>
  %tc_tile = fly.static : !fly.tile<[32|16]>
  %tc = "fly.make_tiled_copy"(%a, %tc_tv, %tc_tile) : (!atom, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>) -> !tc
  %tid32 = arith.index_cast %tid : index to i32
  %thr = fly.make_int_tuple(%tid32) : (i32) -> !fly.int_tuple<?>
  %ps = "fly.tiled_copy.partition_src"(%tc, %t, %thr) : (!tc, !g, !fly.int_tuple<?>) -> !part
  %pd = "fly.tiled_copy.partition_dst"(%tc, %o, %thr) : (!tc, !g, !fly.int_tuple<?>) -> !part
  %f_layout = fly.static : !fly.layout<((4,1),1,1):((1,0),0,0)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<((4,1),1,1):((1,0),0,0)>) -> !frag
  fly.copy(%a, %ps, %f) : (!atom, !part, !frag) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %crd11 = fly.make_coord(%c1, %c0, %c0, %c0) : (index, index, index, index) -> !fly.int_tuple<((?,?),?,?)>
  %x = fly.memref.load(%f, %crd11) : (!frag, !fly.int_tuple<((?,?),?,?)>) -> f32
  %y = arith.addf %x, %x : f32
  %crd12 = fly.make_coord(%c1, %c0, %c0, %c0) : (index, index, index, index) -> !fly.int_tuple<((?,?),?,?)>
  fly.memref.store(%y, %f, %crd12) : (f32, !frag, !fly.int_tuple<((?,?),?,?)>) -> ()
  fly.copy(%a, %f, %pd) : (!atom, !frag, !part) -> ()
  return
}

// A cp_async atom: NVVM cp.async of 16 bytes per call on cuda (past L1: `.cg`); a synchronous
// 128-bit load and store elsewhere: four calls of 4 values for the 16 elements of the
// (8,2):(1,8) tile.
!cp = !fly.copy_atom<!fly_nvvm.cp_async<128>, 32>
!grow = !fly.memref<f32, global, (8,2):(1,8), align 16>
!srow = !fly.memref<f32, shared, (8,2):(1,8), align 16>

// fly-layout-lowering expands copies as FlyDSL's does (the atoms stay): one call per atom,
// between 4:1 views at each call's first element.
// EXPAND-LABEL: func.func @async_copy
// EXPAND-COUNT-4: fly.copy_atom_call({{.*}}) : (!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>, !fly.memref<f32, global, 4:1, align<16>>, !fly.memref<f32, shared, 4:1, align<16>>) -> ()
// EXPAND-NOT: fly.copy(

// CHECK-LABEL: func.func @async_copy
// CUDA-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// CUDA: nvvm.cp.async.commit.group
// CUDA: nvvm.cp.async.wait.group 0
// CPU-NOT: nvvm.cp.async.shared
// CPU-COUNT-4: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CPU-NOT: llvm.store
// CPU-NOT: nvvm.
func.func @async_copy(%in: !llvm.ptr<1>, %smem: !llvm.ptr<3>) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%smem) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.static : !fly.layout<(8,2):(1,8)>
  %g = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(8,2):(1,8)>) -> !fly.memref<f32, global, (8,2):(1,8), align 16>
  %s = fly.make_view(%q, %l) : (!fly.ptr<f32, shared, align 16>, !fly.layout<(8,2):(1,8)>) -> !fly.memref<f32, shared, (8,2):(1,8), align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !cp
  fly.copy(%a, %g, %s) : (!cp, !grow, !srow) -> ()
  fly.cp_async_wait
  return
}

// A pipeline's groups: commit closes one, wait_group N waits until at most N are in flight
// (cuda's cp.async.commit_group / wait_group; nothing to wait for elsewhere).
// CHECK-LABEL: func.func @groups
// CUDA: nvvm.cp.async.commit.group
// CUDA-NEXT: nvvm.cp.async.wait.group 1
// CUDA-NEXT: nvvm.cp.async.commit.group
// CUDA-NEXT: nvvm.cp.async.wait.group 0
// CPU-NOT: nvvm.
// CPU-NOT: fly.
// CHECK: return
func.func @groups() {
  fly.cp_async_commit
  fly.cp_async_wait_group 1
  fly.cp_async_wait
  return
}

// The zero-fill form under a predicate: on cuda every call is issued, its source size 16 bytes
// where the predicate holds and 0 (nothing read, zeros written) where not; elsewhere a load
// where it holds, zeros where not, and the store either way. 8-byte calls into a swizzled tile
// copy at the swizzled address of their first element: its offset from the base (aligned to
// the swizzle's 128 bytes) swizzled, x ^ ((x & 0x60) >> 2).
!zf = !fly.copy_atom<!fly_nvvm.cp_async<64, zfill>, 32>
!szf = !fly.memref<f32, shared, (8,2):(1,8), align<128>, S<2,3,2>>
!pred = !fly.memref<i1, register, 8:1>
// CHECK-LABEL: func.func @zero_fill
// CHECK-SAME: (%[[G:.*]]: !llvm.ptr<1>, %[[S:.*]]: !llvm.ptr<3>,
// CUDA: %[[N:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CUDA-NOT: scf.if
// CUDA: nvvm.cp.async.shared.global %[[S]], %[[G]], 8, cache = {{ *}}ca, %[[N]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CUDA-COUNT-7: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = {{ *}}ca, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CUDA-NOT: nvvm.cp.async.shared.global
// CPU: %[[V:.*]] = scf.if %{{.*}} -> (vector<2xf32>) {
// CPU: llvm.load %[[G]]
// CPU: } else {
// CPU: llvm.store %[[V]], %[[S]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CPU-COUNT-7: scf.if %{{.*}} -> (vector<2xf32>)
// CPU-NOT: scf.if
// CPU-NOT: nvvm.
func.func @zero_fill(%in: !llvm.ptr<1>, %smem: !llvm.ptr<3>, %ok: vector<8xi1>) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%smem) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align<128>, S<2,3,2>>
  %l = fly.static : !fly.layout<(8,2):(1,8)>
  %g = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(8,2):(1,8)>) -> !grow
  %s = fly.make_view(%q, %l) : (!fly.ptr<f32, shared, align<128>, S<2,3,2>>, !fly.layout<(8,2):(1,8)>) -> !szf
  %pl = fly.static : !fly.layout<8:1>
  %f = fly.memref.alloca(%pl) : (!fly.layout<8:1>) -> !pred
  fly.memref.store_vec(%ok, %f) : (vector<8xi1>, !pred) -> ()
  %a = fly.make_copy_atom {valBits = 32 : i32} : !zf
  fly.copy(%a, %g, %s, %f) : (!zf, !grow, !szf, !pred) -> ()
  fly.cp_async_wait
  return
}

// A register side need not hold a call's values one after another: the call reads or writes
// them one by one (the fragment (4,2):(2,1) takes value i of call c at register 2i + c), while
// the global side moves each call's four values in one access. Elements of another type of the
// same width (f32 bits into i32 registers) are the source's bits.
!g8 = !fly.memref<f32, global, 8:1, align 16>
!r8 = !fly.memref<i32, register, (4,2):(2,1)>
// ATOMS-LABEL: func.func @scattered_registers
// ATOMS: %[[V:.*]] = fly.ptr.load({{.*}}) : ({{.*}}) -> vector<4xf32>
// ATOMS: %[[B:.*]] = arith.bitcast %[[V]] : vector<4xf32> to vector<4xi32>
// ATOMS: %[[E:.*]] = vector.extract %[[B]][0] : i32 from vector<4xi32>
// ATOMS: fly.ptr.store(%[[E]], {{.*}}) : (i32, !fly.ptr<i32, register
// ATOMS-COUNT-3: fly.ptr.store({{.*}}) : (i32, !fly.ptr<i32, register
// ATOMS: fly.ptr.load({{.*}}) : ({{.*}}) -> vector<4xf32>
// ATOMS-COUNT-4: fly.ptr.store({{.*}}) : (i32, !fly.ptr<i32, register
// ATOMS-COUNT-4: fly.ptr.load({{.*}}) : (!fly.ptr<i32, register{{.*}}) -> i32
// ATOMS: %[[G:.*]] = vector.from_elements {{.*}} : vector<4xi32>
// ATOMS: %[[F:.*]] = arith.bitcast %[[G]] : vector<4xi32> to vector<4xf32>
// ATOMS: fly.ptr.store(%[[F]], {{.*}}) : (vector<4xf32>, !fly.ptr<f32, global, align<16>>) -> ()
// CHECK-LABEL: func.func @scattered_registers
// CHECK-NOT: fly.
func.func @scattered_registers(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<8:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<8:1>) -> !g8
  %d = fly.make_view(%q, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<8:1>) -> !g8
  %rl = fly.static : !fly.layout<(4,2):(2,1)>
  %r = fly.memref.alloca(%rl) : (!fly.layout<(4,2):(2,1)>) -> !r8
  %a = fly.make_copy_atom {valBits = 32 : i32} : !atom
  fly.copy(%a, %s, %r) : (!atom, !g8, !r8) -> ()
  fly.copy(%a, %r, %d) : (!atom, !r8, !g8) -> ()
  return
}
