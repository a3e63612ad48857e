// RUN: fly-opt %s --fly-atom-lowering=target=rocm --fly-layout-lowering --convert-fly-to-rocdl | FileCheck %s
// FlyDSL's buffer atomics (!fly_rocdl.cdna3.buffer_atomic<op, type>): each call combines a
// value from registers into a tensor over a buffer resource, the instruction chosen by the
// operation and the value's type (fadd of f32 and of f16 or bf16 pairs, fmax of floats, smax
// of integers, umin of integers), the atom's soffset (elements) times the element's bytes as
// the instruction's soffset.

// A copy of four f32 registers into a buffer tensor is four atomic adds, one a call.
// CHECK-LABEL: func.func @add_four
// CHECK-COUNT-4: rocdl.raw.ptr.buffer.atomic.fadd %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: rocdl.raw.ptr.buffer.atomic
!add = !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<add, f32>, 32>
func.func @add_four(%p: !fly.ptr<f32, #fly_rocdl.buffer_desc>, %r: !fly.ptr<f32, register>) {
  %l = fly.static : !fly.layout<4:1>
  %src = fly.make_view(%r, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %dst = fly.make_view(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %atom = fly.make_copy_atom {valBits = 32 : i32} : !add
  fly.copy(%atom, %src, %dst) : (!add, !fly.memref<f32, register, 4:1>, !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>) -> ()
  return
}

// A pair of bf16 is one packed add; the state's soffset scales by the element's two bytes.
// CHECK-LABEL: func.func @pair_with_soffset
// CHECK: %[[S:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32)>
// CHECK: %[[SB:.*]] = arith.muli %[[S]], %c2_i32{{.*}} : i32
// CHECK: rocdl.raw.ptr.buffer.atomic.fadd %{{.*}}, %{{.*}}, %{{.*}}, %[[SB]], %{{.*}} : vector<2xbf16>
!pk = !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<add, vector<2xbf16>>, 16>
func.func @pair_with_soffset(%p: !fly.ptr<bf16, #fly_rocdl.buffer_desc>, %v: vector<2xbf16>, %s: i32) {
  %l = fly.static : !fly.layout<2:1>
  %dst = fly.make_view(%p, %l) : (!fly.ptr<bf16, #fly_rocdl.buffer_desc>, !fly.layout<2:1>) -> !fly.memref<bf16, #fly_rocdl.buffer_desc, 2:1>
  %a = fly.make_copy_atom {valBits = 16 : i32} : !pk
  %atom = fly.atom.set_value(%a, "soffset", %s) : (!pk, i32) -> !pk
  fly.copy_atom_call_ssa(%atom, %v, %dst) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!pk, vector<2xbf16>, !fly.memref<bf16, #fly_rocdl.buffer_desc, 2:1>) -> ()
  return
}

// max of floats is fmax, of integers smax; min of integers umin, under the call's predicate.
// CHECK-LABEL: func.func @max_and_min
// CHECK: rocdl.raw.ptr.buffer.atomic.fmax %{{.*}} : f32
// CHECK: rocdl.raw.ptr.buffer.atomic.smax %{{.*}} : i32
// CHECK: scf.if
// CHECK: rocdl.raw.ptr.buffer.atomic.umin %{{.*}} : i64
!fmax = !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<max, f32>, 32>
!smax = !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<max, i32>, 32>
!umin = !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<min, i64>, 64>
func.func @max_and_min(%pf: !fly.ptr<f32, #fly_rocdl.buffer_desc>, %pi: !fly.ptr<i32, #fly_rocdl.buffer_desc>,
                       %pl: !fly.ptr<i64, #fly_rocdl.buffer_desc>, %f: f32, %i: i32, %n: i64, %c: i1) {
  %l = fly.static : !fly.layout<1:1>
  %df = fly.make_view(%pf, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>
  %di = fly.make_view(%pi, %l) : (!fly.ptr<i32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>
  %dl = fly.make_view(%pl, %l) : (!fly.ptr<i64, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<i64, #fly_rocdl.buffer_desc, 1:1>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fmax
  %b = fly.make_copy_atom {valBits = 32 : i32} : !smax
  %m = fly.make_copy_atom {valBits = 64 : i32} : !umin
  fly.copy_atom_call_ssa(%a, %f, %df) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!fmax, f32, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>) -> ()
  fly.copy_atom_call_ssa(%b, %i, %di) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!smax, i32, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) -> ()
  fly.copy_atom_call_ssa(%m, %n, %dl, %c) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!umin, i64, !fly.memref<i64, #fly_rocdl.buffer_desc, 1:1>, i1) -> ()
  return
}
