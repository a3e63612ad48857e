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
