// RUN: fly-opt %s --fly-convert-atom-call-to-ssa-form | FileCheck %s --check-prefix=SSA
// RUN: fly-opt %s --fly-atom-lowering=target=rocm | FileCheck %s --check-prefix=ATOMS
// RUN: fly-opt %s --fly-convert-atom-call-to-ssa-form --fly-atom-lowering=target=rocm --fly-promote-regmem-to-vectorssa --convert-fly-to-rocdl --canonicalize | FileCheck %s --check-prefix=LOW
// Single atom calls (FlyDSL's copy_atom_call, copy_atom_call_ssa, mma_atom_call): on register
// fragments whose values are consecutive they take and give SSA vectors, which the promotion then
// keeps out of memory; fly-atom-lowering makes each call a load and a store through its pointers
// (under scf.if where it has a predicate; on a buffer pointer moved by the atom's soffset).

!u64 = !fly.copy_atom<!fly.universal_copy<64>, 16>
!u128 = !fly.copy_atom<!fly.universal_copy<128>, 32>
!buf = !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>

// A copy into registers that are then read whole: one vector load, no registers in memory.
// SSA-LABEL: func.func @copy_into_registers
// SSA: %[[REG:.*]] = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}}
// SSA: %[[V:.*]] = fly.copy_atom_call_ssa(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!fly.copy_atom<!fly.universal_copy<64>, 16>, !fly.memref<f16, global, 4:1, align<8>>) -> vector<4xf16>
// SSA: fly.ptr.store(%[[V]], %[[REG]]) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
// ATOMS-LABEL: func.func @copy_into_registers
// ATOMS: %[[L:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f16, global, align<8>>) -> vector<4xf16>
// ATOMS: fly.ptr.store(%[[L]], %{{.*}}) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
// ATOMS-NOT: fly.copy_atom_call
// ATOMS-NOT: fly.make_copy_atom
// LOW-LABEL: func.func @copy_into_registers
// LOW: %[[W:.*]] = llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<4xf16>
// LOW-NOT: llvm.alloca
// LOW: return %[[W]]
func.func @copy_into_registers(%raw: !llvm.ptr<1>) -> vector<4xf16> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f16, global, align 8>
  %l = fly.static : !fly.layout<4:1>
  %src = fly.make_view(%p, %l) : (!fly.ptr<f16, global, align 8>, !fly.layout<4:1>) -> !fly.memref<f16, global, 4:1, align 8>
  %r = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>
  %reg = fly.make_view(%r, %l) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %a = fly.make_copy_atom {valBits = 16 : i32} : !u64
  fly.copy_atom_call(%a, %src, %reg) : (!u64, !fly.memref<f16, global, 4:1, align 8>, !fly.memref<f16, register, 4:1>) -> ()
  %v = fly.ptr.load(%r) : (!fly.ptr<f16, register>) -> vector<4xf16>
  return %v : vector<4xf16>
}

// A predicated copy between global tensors: the call runs under scf.if on its predicate.
// SSA-LABEL: func.func @predicated_copy
// SSA: fly.copy_atom_call(
// ATOMS-LABEL: func.func @predicated_copy
// ATOMS: %[[P:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<i1, register>) -> i1
// ATOMS: scf.if %[[P]] {
// ATOMS-NEXT: %[[V:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f32, global, align<16>>) -> vector<4xf32>
// ATOMS-NEXT: fly.ptr.store(%[[V]], %{{.*}}) : (vector<4xf32>, !fly.ptr<f32, global, align<16>>) -> ()
// LOW-LABEL: func.func @predicated_copy
// LOW-SAME: %[[PRED:[a-z0-9]+]]: i1)
// LOW: scf.if %[[PRED]] {
// LOW-NEXT: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// LOW-NEXT: llvm.store %[[V]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
func.func @predicated_copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %pred: i1) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<4:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1, align 16>
  %d = fly.make_view(%q, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1, align 16>
  %pr = fly.make_ptr() {dictAttrs = {allocSize = 1 : i64}} : () -> !fly.ptr<i1, register>
  fly.ptr.store(%pred, %pr) : (i1, !fly.ptr<i1, register>) -> ()
  %one = fly.static : !fly.layout<1:0>
  %pv = fly.make_view(%pr, %one) : (!fly.ptr<i1, register>, !fly.layout<1:0>) -> !fly.memref<i1, register, 1:0>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !u128
  fly.copy_atom_call(%a, %s, %d, %pv) : (!u128, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<i1, register, 1:0>) -> ()
  return
}

// A predicated load into registers keeps the old values where the predicate is false.
// SSA-LABEL: func.func @predicated_into_registers
// SSA: %[[OLD:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f32, register>) -> vector<4xf32>
// SSA: %[[NEW:.*]] = fly.copy_atom_call_ssa(%{{.*}}, %{{.*}}, %[[OLD]], %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 1, 1>}
// SSA-SAME: -> vector<4xf32>
// SSA: fly.ptr.store(%[[NEW]], %{{.*}}) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
// LOW-LABEL: func.func @predicated_into_registers
// LOW-SAME: (%{{.*}}: !llvm.ptr<1>, %[[OLD:.*]]: vector<4xf32>, %[[PRED:.*]]: i1)
// LOW: %[[R:.*]] = scf.if %[[PRED]] -> (vector<4xf32>) {
// LOW-NEXT: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// LOW-NEXT: scf.yield %[[V]]
// LOW-NEXT: } else {
// LOW-NEXT: scf.yield %[[OLD]]
// LOW: return %[[R]]
func.func @predicated_into_registers(%in: !llvm.ptr<1>, %old: vector<4xf32>, %pred: i1) -> vector<4xf32> {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<4:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1, align 16>
  %r = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%old, %r) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
  %reg = fly.make_view(%r, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %pr = fly.make_ptr() {dictAttrs = {allocSize = 1 : i64}} : () -> !fly.ptr<i1, register>
  fly.ptr.store(%pred, %pr) : (i1, !fly.ptr<i1, register>) -> ()
  %one = fly.static : !fly.layout<1:0>
  %pv = fly.make_view(%pr, %one) : (!fly.ptr<i1, register>, !fly.layout<1:0>) -> !fly.memref<i1, register, 1:0>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !u128
  fly.copy_atom_call(%a, %s, %reg, %pv) : (!u128, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<f32, register, 4:1>, !fly.memref<i1, register, 1:0>) -> ()
  %v = fly.ptr.load(%r) : (!fly.ptr<f32, register>) -> vector<4xf32>
  return %v : vector<4xf32>
}

// A buffer copy whose atom carries soffset: fly-atom-lowering leaves its calls to
// fly-layout-lowering, which issues the buffer load with the soffset (in bytes) as the
// instruction's own and the values as integers of the call's width; in SSA form nothing of
// the registers remains.
// ATOMS-LABEL: func.func @buffer_copy_soffset
// ATOMS: %[[A:.*]] = fly.atom.set_value(%{{.*}}, "soffset", %{{.*}})
// ATOMS: fly.copy_atom_call(%[[A]], %{{.*}}, %{{.*}}) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
// LOW-LABEL: func.func @buffer_copy_soffset
// LOW-SAME: %[[SOFF:[a-z0-9]+]]: i32)
// LOW: %[[RSRC:.*]] = rocdl.make.buffer.rsrc
// LOW: %[[BYTES:.*]] = arith.muli %[[SOFF]], %{{.*}} : i32
// LOW: %[[RAW:.*]] = rocdl.raw.ptr.buffer.load %[[RSRC]], %{{.*}}, %[[BYTES]], %{{.*}} : vector<4xi32>
// LOW: %[[V:.*]] = llvm.bitcast %[[RAW]] : vector<4xi32> to vector<4xf32>
// LOW: return %[[V]]
func.func @buffer_copy_soffset(%raw: !llvm.ptr<1>, %n: i64, %soff: i32) -> vector<4xf32> {
  %g = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %b = fly.make_ptr(%g, %stride, %n, %flags) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<4:1>
  %src = fly.make_view(%b, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %r = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  %reg = fly.make_view(%r, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !buf
  %a2 = fly.atom.set_value(%a, "soffset", %soff) : (!buf, i32) -> !buf
  fly.copy_atom_call(%a2, %src, %reg) : (!buf, !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  %v = fly.ptr.load(%r) : (!fly.ptr<f32, register>) -> vector<4xf32>
  return %v : vector<4xf32>
}

// A buffer copy into LDS with both fields of its state set: the resource at the source's byte
// offset, soffset in bytes and imm_offset as the instruction's, and the destination as given:
// the wave's LDS base, which the instruction reads from the first active lane and to which it
// adds lane x 16 bytes.
// ATOMS-LABEL: func.func @buffer_copy_into_lds
// ATOMS: fly.copy_atom_call(%{{.*}}, %{{.*}}, %{{.*}}) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>
// LOW-LABEL: func.func @buffer_copy_into_lds
// LOW-SAME: %[[LDS:[a-z0-9]+]]: !llvm.ptr<3>, %[[SOFF:[a-z0-9]+]]: i32, %[[IMM:[a-z0-9]+]]: i32)
// LOW-DAG: %[[RSRC:.*]] = rocdl.make.buffer.rsrc
// LOW-DAG: %[[BYTES:.*]] = arith.muli %[[SOFF]], %{{.*}} : i32
// LOW: rocdl.raw.ptr.buffer.load.lds %[[RSRC]], %[[LDS]], %{{.*}}, %{{.*}}, %[[BYTES]], %[[IMM]], %{{.*}}
func.func @buffer_copy_into_lds(%raw: !llvm.ptr<1>, %n: i64, %lds: !llvm.ptr<3>, %soff: i32, %imm: i32) {
  %g = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %b = fly.make_ptr(%g, %stride, %n, %flags) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<4:1>
  %src = fly.make_view(%b, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %s = fly.make_ptr(%lds) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align<16>>
  %dst = fly.make_view(%s, %l) : (!fly.ptr<f32, shared, align<16>>, !fly.layout<4:1>) -> !fly.memref<f32, shared, 4:1, align<16>>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>
  %a1 = fly.atom.set_value(%a, "soffset", %soff) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>, i32) -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>
  %a2 = fly.atom.set_value(%a1, "imm_offset", %imm) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>, i32) -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>
  fly.copy_atom_call(%a2, %src, %dst) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>, !fly.memref<f32, shared, 4:1, align<16>>) -> ()
  return
}

// A call's tensors may name only where the lane's 16 bytes start, one f32 each (FlyDSL's
// spelling); soffset counts the source's f32 elements.
// LOW-LABEL: func.func @buffer_copy_from_start
// LOW: %[[FOUR:.*]] = arith.constant 4 : i32
// LOW: %[[BYTES:.*]] = arith.muli %{{.*}}, %[[FOUR]] : i32
// LOW: rocdl.raw.ptr.buffer.load.lds %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BYTES]],
func.func @buffer_copy_from_start(%raw: !llvm.ptr<1>, %n: i64, %lds: !llvm.ptr<3>, %soff: i32) {
  %g = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %b = fly.make_ptr(%g, %stride, %n, %flags) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<1:1>
  %src = fly.make_view(%b, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>
  %s = fly.make_ptr(%lds) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  %dst = fly.make_view(%s, %l) : (!fly.ptr<f32, shared>, !fly.layout<1:1>) -> !fly.memref<f32, shared, 1:1>
  %a = fly.make_copy_atom {valBits = 128 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 128>
  %a1 = fly.atom.set_value(%a, "soffset", %soff) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 128>, i32) -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 128>
  fly.copy_atom_call(%a1, %src, %dst) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<128>, 128>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, !fly.memref<f32, shared, 1:1>) -> ()
  return
}

// An MMA atom call on consecutive register fragments: A, B and C are read whole, D written
// whole (a D fragment whose values are not consecutive stays a fragment: promote.mlir).
// SSA-LABEL: func.func @mma_on_registers
// SSA: %[[A:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f16, register>) -> vector<4xf16>
// SSA: %[[B:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f16, register>) -> vector<4xf16>
// SSA: %[[C:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f32, register>) -> vector<4xf32>
// SSA: %[[D:.*]] = fly.mma_atom_call_ssa(%{{.*}}, %[[A]], %[[B]], %[[C]])
// SSA: fly.ptr.store(%[[D]], %{{.*}}) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
// LOW-LABEL: func.func @mma_on_registers
// LOW-SAME: (%[[AV:.*]]: vector<4xf16>, %[[BV:.*]]: vector<4xf16>, %[[CV:.*]]: vector<4xf32>)
// LOW: %[[R:.*]] = rocdl.mfma.f32.16x16x16f16 %[[AV]], %[[BV]], %[[CV]]
// LOW: return %[[R]]
func.func @mma_on_registers(%av: vector<4xf16>, %bv: vector<4xf16>, %cv: vector<4xf32>) -> vector<4xf32> {
  %l = fly.static : !fly.layout<4:1>
  %ap = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>
  %bp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>
  %cp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  %dp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%av, %ap) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
  fly.ptr.store(%bv, %bp) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
  fly.ptr.store(%cv, %cp) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
  %a = fly.make_view(%ap, %l) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %b = fly.make_view(%bp, %l) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %c = fly.make_view(%cp, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %d = fly.make_view(%dp, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, register, 4:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  %res = fly.ptr.load(%dp) : (!fly.ptr<f32, register>) -> vector<4xf32>
  return %res : vector<4xf32>
}
