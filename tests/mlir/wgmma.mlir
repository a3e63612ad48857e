// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-lower-to-llvm | FileCheck %s --check-prefix=PTX
// RUN: fly-opt %s --fly-lower-to-llvm=mma-calls=true | FileCheck %s --check-prefix=CALLS
// FlyNVVM's wgmma: a warpgroup's asynchronous MMA whose A and B each call names by a
// shared-memory descriptor. The fence orders the writes of what the calls read, the commit makes
// the calls since the last one a group, and the wait gives the accumulators back once at most
// `pending` groups are in flight. Without mma-calls the atom is its PTX instruction, the
// accumulators tied registers; the library's pipelines call the atom (and the settle) for the
// target to resolve.

!w = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = mn>>

// ROUND-LABEL: func.func @one_group
// ROUND: fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = mn>>
// ROUND: fly_nvvm.wgmma_fence
// ROUND: fly.mma_atom_call_ssa
// ROUND: fly_nvvm.wgmma_commit
// ROUND: fly_nvvm.wgmma_wait(%{{.*}}) {pending = 1 : i32} : vector<4xf32>
// ROUND: fly_nvvm.wgmma_wait {pending = 0 : i32}
// PTX-LABEL: func.func @one_group
// PTX: nvvm.wgmma.fence.aligned
// PTX: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $6, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0,$1,$2,$3}, $4, $5, p, 1, 1, 0, 1;\0A}", "=f,=f,=f,=f,l,l,r,0,1,2,3"
// PTX: nvvm.wgmma.commit.group.sync.aligned
// PTX: nvvm.wgmma.wait.group.sync.aligned 1
// PTX: llvm.inline_asm has_side_effects "// wgmma accumulators settled", "=f,=f,=f,=f,0,1,2,3"
// PTX: nvvm.wgmma.wait.group.sync.aligned 0
// PTX-NOT: wgmma accumulators settled
// CALLS-LABEL: func.func @one_group
// CALLS: nvvm.wgmma.fence.aligned
// CALLS: %[[D:.*]] = call @__fly_mma.wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16(%arg0, %arg1, %arg2) {fly.mma_layouts = [{{.*}}], fly.mma_shape = array<i64: 64, 8, 16, 128>, fly.wgmma_mn_major = array<i64: 0, 1>} : (i64, i64, vector<4xf32>) -> vector<4xf32>
// CALLS: nvvm.wgmma.commit.group.sync.aligned
// CALLS: nvvm.wgmma.wait.group.sync.aligned 1
// CALLS: %[[S:.*]] = call @__fly_wgmma_settle.4(%[[D]]) : (vector<4xf32>) -> vector<4xf32>
// CALLS: return %[[S]]
func.func @one_group(%da: i64, %db: i64, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !w
  fly_nvvm.wgmma_fence
  %d = fly.mma_atom_call_ssa(%atom, %da, %db, %c) : (!w, i64, i64, vector<4xf32>) -> vector<4xf32>
  fly_nvvm.wgmma_commit
  %r = fly_nvvm.wgmma_wait(%d) {pending = 1 : i32} : vector<4xf32>
  fly_nvvm.wgmma_wait {pending = 0 : i32}
  return %r : vector<4xf32>
}

// bf16, both operands MN-major (both transposed).
// PTX-LABEL: func.func @transposed
// PTX: wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {$0,$1,$2,$3,$4,$5,$6,$7}, $8, $9, p, 1, 1, 1, 1;
func.func @transposed(%da: i64, %db: i64, %c: vector<8xf32>) -> vector<8xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.wgmma<64x16x16, (bf16, bf16) -> f32, majorA = mn, majorB = mn>>
  %d = fly.mma_atom_call_ssa(%atom, %da, %db, %c)
      : (!fly.mma_atom<!fly_nvvm.wgmma<64x16x16, (bf16, bf16) -> f32, majorA = mn, majorB = mn>>,
         i64, i64, vector<8xf32>) -> vector<8xf32>
  return %d : vector<8xf32>
}

// fp8: K 32, the operands' kind in the instruction's name, and no transposes (fp8 operands are
// K-major only).
// PTX-LABEL: func.func @fp8
// PTX: wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2 {$0,$1,$2,$3}, $4, $5, p, 1, 1;
// CALLS-LABEL: func.func @fp8
// CALLS: call @__fly_mma.wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2(%arg0, %arg1, %arg2) {{.*}}fly.mma_shape = array<i64: 64, 8, 32, 128>, fly.wgmma_mn_major = array<i64: 0, 0>
func.func @fp8(%da: i64, %db: i64, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.wgmma<64x8x32, (f8E5M2, f8E5M2) -> f32, majorA = k, majorB = k>>
  %d = fly.mma_atom_call_ssa(%atom, %da, %db, %c)
      : (!fly.mma_atom<!fly_nvvm.wgmma<64x8x32, (f8E5M2, f8E5M2) -> f32, majorA = k, majorB = k>>,
         i64, i64, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// A and B as the shared-memory tiles themselves (one call's 64 x 16 and 8 x 16, K-major under
// the 128-byte swizzle, bases aligned to its 1024-byte period): fly-lower-to-llvm makes each
// descriptor, the tile's address in 16-byte units (14 bits) and its canonical layout's bits:
// A's 8-row groups 1024 bytes apart (SBO 64 << 32), LBO 1 << 16, 128-byte swizzle 1 << 62; B has
// one group.
!sp = !fly.ptr<f16, shared, align<1024>, S<3,4,3>>
!ta = !fly.memref<f16, shared, (64,16):(64,1), align<1024>, S<3,4,3>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<1024>, S<3,4,3>>
!wk = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
// ROUND-LABEL: func.func @tiles
// ROUND: fly.mma_atom_call_ssa(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!fly.mma_atom<{{.*}}>, !fly.memref<f16, shared, (64,16):(64,1), align<1024>, S<3,4,3>>,
// PTX-LABEL: func.func @tiles
// PTX-SAME: (%[[PA:.*]]: !llvm.ptr<3>, %[[PB:.*]]: !llvm.ptr<3>
// PTX: %[[XA:.*]] = llvm.ptrtoint %[[PA]] : !llvm.ptr<3> to i64
// PTX: %[[SA:.*]] = arith.shrui %[[XA]], %{{.*}} : i64
// PTX: %[[FA:.*]] = arith.andi %[[SA]], %{{.*}} : i64
// PTX: %[[BITSA:.*]] = arith.constant 4611686293305360384 : i64
// PTX: %[[DA:.*]] = arith.ori %[[FA]], %[[BITSA]] : i64
// PTX: %[[XB:.*]] = llvm.ptrtoint %[[PB]] : !llvm.ptr<3> to i64
// PTX: %[[BITSB:.*]] = arith.constant 4611686018427453440 : i64
// PTX: %[[DB:.*]] = arith.ori %{{.*}}, %[[BITSB]] : i64
// PTX: wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{.*}}, 1, 1, 0, 0;{{.*}} %[[DA]], %[[DB]],
func.func @tiles(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wk
  %ap = fly.make_ptr(%pa) : (!llvm.ptr<3>) -> !sp
  %bp = fly.make_ptr(%pb) : (!llvm.ptr<3>) -> !sp
  %la = fly.static : !fly.layout<(64,16):(64,1)>
  %lb = fly.static : !fly.layout<(8,16):(64,1)>
  %a = fly.make_view(%ap, %la) : (!sp, !fly.layout<(64,16):(64,1)>) -> !ta
  %b = fly.make_view(%bp, %lb) : (!sp, !fly.layout<(8,16):(64,1)>) -> !tb
  fly_nvvm.wgmma_fence
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wk, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  fly_nvvm.wgmma_commit
  %r = fly_nvvm.wgmma_wait(%d) {pending = 0 : i32} : vector<4xf32>
  return %r : vector<4xf32>
}
