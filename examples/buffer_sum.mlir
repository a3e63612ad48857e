// FlyDSL's copy atoms in the Fly dialect on AMD: each lane sums four blocks of 4 floats of a row
// read through a buffer resource, the block chosen by the copy atom's soffset, into a register
// accumulator, and writes the sum with a universal copy. Run it through the passes:
//
//   fly-opt examples/buffer_sum.mlir --fly-convert-atom-call-to-ssa-form \
//     --fly-atom-lowering=target=rocm --fly-promote-regmem-to-vectorssa \
//     --convert-fly-to-rocdl --canonicalize
//
// and the copies become one buffer load a block (the soffset as the instruction's own) and one
// vector store (at the 4-byte alignment the pointer guarantees), the registers SSA vectors
// carried through the loop: no memory for them remains.

!load = !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
!store = !fly.copy_atom<!fly.universal_copy<128>, 32>
!regs = !fly.memref<f32, register, 4:1>

func.func @buffer_sum(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %records: i64, %lane: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %row = arith.constant 16 : i32

  // The lane's row of 16 floats through a buffer resource; the sum goes to its 4 floats of out.
  %g = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %buf = fly.make_ptr(%g, %stride, %records, %flags) : (!fly.ptr<f32, global>, i16, i64, i32) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %first = arith.muli %lane, %row : i32
  %at = fly.make_int_tuple(%first) : (i32) -> !fly.int_tuple<?>
  %mine = fly.add_offset(%buf, %at) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.int_tuple<?>) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<4:1>
  %src = fly.make_view(%mine, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %o = fly.make_ptr(%out) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %four = arith.constant 4 : i32
  %outAt = arith.muli %lane, %four : i32
  %oat = fly.make_int_tuple(%outAt) : (i32) -> !fly.int_tuple<?>
  %omine = fly.add_offset(%o, %oat) : (!fly.ptr<f32, global>, !fly.int_tuple<?>) -> !fly.ptr<f32, global>
  %dst = fly.make_view(%omine, %l) : (!fly.ptr<f32, global>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1>

  // Registers: the block just read and the running sum.
  %bp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  %block = fly.make_view(%bp, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !regs
  %sp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%zero, %sp) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
  %sum = fly.make_view(%sp, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !regs

  %atom = fly.make_copy_atom {valBits = 32 : i32} : !load
  scf.for %k = %c0 to %c4 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %soff = arith.muli %ki, %four : i32
    %a = fly.atom.set_value(%atom, "soffset", %soff) : (!load, i32) -> !load
    fly.copy_atom_call(%a, %src, %block) : (!load, !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>, !regs) -> ()
    %x = fly.ptr.load(%bp) : (!fly.ptr<f32, register>) -> vector<4xf32>
    %s = fly.ptr.load(%sp) : (!fly.ptr<f32, register>) -> vector<4xf32>
    %t = arith.addf %s, %x : vector<4xf32>
    fly.ptr.store(%t, %sp) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
  }
  %w = fly.make_copy_atom {valBits = 32 : i32} : !store
  fly.copy_atom_call(%w, %sum, %dst) : (!store, !regs, !fly.memref<f32, global, 4:1>) -> ()
  return
}
