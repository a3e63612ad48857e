// RUN: fly-opt %s --split-input-file --verify-diagnostics
// Invalid IR gets a diagnostic, never a crash.

func.func @bad_text() {
  // expected-error @+1 {{invalid layout (2,3):(1): }}
  %l = fly.static : !fly.layout<(2,3):(1)>
  return
}

// -----

func.func @zero_extent() {
  // expected-error @+1 {{every extent must be positive}}
  %l = fly.static : !fly.layout<(2,0):(1,2)>
  return
}

// -----

func.func @not_divisible() {
  %a = fly.static : !fly.layout<(4,6):(1,5)>
  %b = fly.static : !fly.layout<6:1>
  // expected-error @+2 {{fly.composition: composition((4,6):(1,5), 6:1): shape divisibility condition fails}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = "fly.composition"(%a, %b) : (!fly.layout<(4,6):(1,5)>, !fly.layout<6:1>) -> !fly.layout<6:1>
  return
}

// -----

func.func @coordinate_rank(%i: index) {
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %c = fly.make_coord(%i, %i, %i) : (index, index, index) -> !fly.int_tuple<(?,?,?)>
  // expected-error @+2 {{fly.crd2idx: }}
  // expected-error @+1 {{failed to infer returned types}}
  %o = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(?,?,?)>, !fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<?>
  return
}

// -----

func.func @missing_tuple_leaf(%i: index) {
  // expected-error @+1 {{takes one integer per '?' leaf of its type: 2, got 1}}
  %c = fly.make_coord(%i) : (index) -> !fly.int_tuple<(?,?)>
  return
}

// -----

func.func @static_with_a_dynamic_leaf() {
  // expected-error @+1 {{is a static value; its type has 1 '?' leaves}}
  %c = fly.static : !fly.int_tuple<(4,?)>
  return
}

// -----

func.func @narrow_leaf() {
  // expected-error @+1 {{a dynamic leaf is 32 or 64 bits wide (?{i32}, ?{i64}), not 'i16'}}
  %c = fly.make_int_tuple() : () -> !fly.int_tuple<?{i16}>
  return
}

// -----

func.func @leaf_against_tuple_sum() {
  %a = fly.static : !fly.int_tuple<(4,8)>
  %b = fly.static : !fly.int_tuple<3>
  // expected-error @+2 {{int_tuple_add: (4,8) and 3 do not have matching ranks}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = "fly.int_tuple_add"(%a, %b) : (!fly.int_tuple<(4,8)>, !fly.int_tuple<3>) -> !fly.int_tuple<(4,8)>
  return
}

// -----

func.func @scalar_of_a_tuple() {
  %a = fly.static : !fly.int_tuple<(4,8)>
  // expected-error @+1 {{takes an int tuple of one leaf, not (4,8)}}
  %n = fly.get_scalar(%a) : (!fly.int_tuple<(4,8)>) -> index
  return
}

// -----

func.func @declared_type_differs() -> !fly.layout<(4,2):(1,4)> {
  %a = fly.static : !fly.layout<(2,8):(1,2)>
  // expected-error @+2 {{'fly.coalesce' op inferred type(s) '!fly.layout<16:1>' are incompatible}}
  // expected-error @+1 {{'fly.coalesce' op failed to infer returned types}}
  %c = "fly.coalesce"(%a) : (!fly.layout<(2,8):(1,2)>) -> !fly.layout<(4,2):(1,4)>
  return %c : !fly.layout<(4,2):(1,4)>
}

// -----

func.func @missing_leaf(%m: index) {
  // expected-error @+1 {{takes one index per '?' leaf of its type: 2, got 1}}
  %l = fly.layout %m : !fly.layout<(?,8):(?,1)>
  return
}

// -----

func.func @dynamic_composition(%m: index, %s: index) {
  %a = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %b = fly.static : !fly.layout<4:2>
  // expected-error @+2 {{is only known inside a kernel}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = "fly.composition"(%a, %b) : (!fly.layout<(?,8):(?,1)>, !fly.layout<4:2>) -> !fly.layout<4:2>
  return
}

// -----

// A cp_async atom wider than the alignment the layout guarantees: rows of 6 floats put every
// second row's 128-bit access at an 8-byte boundary, which cp.async does not take.
func.func @atom_wider_than_alignment(%raw: !llvm.ptr<1>, %out: !llvm.ptr<3>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.static : !fly.layout<(4,2):(1,6)>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,2):(1,6)>) -> !fly.memref<f32, global, (4,2):(1,6), align 16>
  %d = fly.make_view(%q, %l) : (!fly.ptr<f32, shared, align 16>, !fly.layout<(4,2):(1,6)>) -> !fly.memref<f32, shared, (4,2):(1,6), align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_nvvm.cp_async<128>, 32>
  // expected-error @+1 {{a 128-bit copy atom needs 16-byte aligned accesses; the layout (4,2):(1,6) only guarantees 8}}
  fly.copy(%a, %s, %d) : (!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>, !fly.memref<f32, global, (4,2):(1,6), align 16>, !fly.memref<f32, shared, (4,2):(1,6), align 16>) -> ()
  return
}

// -----

func.func @values_not_consecutive(%raw: !llvm.ptr<1>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(4,4):(4,1)>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,4):(4,1)>) -> !fly.memref<f32, global, (4,4):(4,1), align 16>
  %f_layout = fly.static : !fly.layout<16:1>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<16:1>) -> !fly.memref<f32, register, 16:1, align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{does not keep them consecutive}}
  fly.copy(%a, %s, %f) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, (4,4):(4,1), align 16>, !fly.memref<f32, register, 16:1, align 16>) -> ()
  return
}

// -----

func.func @cp_async_from_shared(%raw: !llvm.ptr<3>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.static : !fly.layout<4:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, shared, align 16>, !fly.layout<4:1>) -> !fly.memref<f32, shared, 4:1, align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_nvvm.cp_async<128>, 32>
  // expected-error @+1 {{a cp_async copy moves global memory into shared memory}}
  fly.copy(%a, %s, %s) : (!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>, !fly.memref<f32, shared, 4:1, align 16>, !fly.memref<f32, shared, 4:1, align 16>) -> ()
  return
}

// -----

func.func @copy_sizes_differ(%raw: !llvm.ptr<1>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<8:1>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<8:1>) -> !fly.memref<f32, global, 8:1, align 16>
  %f_layout = fly.static : !fly.layout<4:1>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1, align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{the tensors have different sizes}}
  fly.copy(%a, %s, %f) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 8:1, align 16>, !fly.memref<f32, register, 4:1, align 16>) -> ()
  return
}

// -----

func.func @dynamic_fragment(%n: index) {
  %s = fly.make_shape(%n) : (index) -> !fly.int_tuple<(?,4)>
  %d = fly.static : !fly.int_tuple<(4,1)>
  %f_layout = fly.make_layout(%s, %d) : (!fly.int_tuple<(?,4)>, !fly.int_tuple<(4,1)>) -> !fly.layout<(?,4):(4,1)>
  // expected-error @+1 {{a fragment's layout must be static to live in registers, got (?,4):(4,1)}}
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(?,4):(4,1)>) -> !fly.memref<f32, register, (?,4):(4,1)>
  return
}

// -----

func.func @huge_fragment() {
  %f_layout = fly.static : !fly.layout<(64,128):(128,1)>
  // expected-error @+1 {{a fragment of 8192 elements does not fit in registers (at most 4096)}}
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(64,128):(128,1)>) -> !fly.memref<f32, register, (64,128):(128,1)>
  return
}

// -----

func.func @global_fragment() {
  %f_layout = fly.static : !fly.layout<4:1>
  // expected-error @+1 {{allocates register tensors, not global}}
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<4:1>) -> !fly.memref<f32, global, 4:1>
  return
}

// -----

func.func @pointer_from_wrong_space(%raw: !llvm.ptr<3>) {
  // expected-error @+1 {{makes a global pointer from an LLVM pointer in address space 3}}
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, global>
  return
}

// -----

func.func @coordinate_rank(%raw: !llvm.ptr<1>, %i: index) -> f32 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<(4,(2,2)):(4,(1,2))>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(4,(2,2)):(4,(1,2))>) -> !fly.memref<f32, global, (4,(2,2)):(4,(1,2))>
  %crd18 = fly.make_coord(%i, %i, %i) : (index, index, index) -> !fly.int_tuple<(?,?,?)>
  // expected-error @+1 {{takes a coordinate of '!fly.layout<(4,(2,2)):(4,(1,2))>': crd2idx: (?,?,?) and (4,(2,2)) do not have matching ranks}}
  %x = fly.memref.load(%t, %crd18) : (!fly.memref<f32, global, (4,(2,2)):(4,(1,2))>, !fly.int_tuple<(?,?,?)>) -> f32
  return %x : f32
}

// -----

func.func @store_wrong_type(%raw: !llvm.ptr<1>, %i: index, %v: f16) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<4:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<4:1>) -> !fly.memref<f32, global, 4:1>
  %crd19 = fly.make_coord(%i) : (index) -> !fly.int_tuple<?>
  // expected-error @+1 {{stores 'f16' into a tensor of 'f32'}}
  fly.memref.store(%v, %t, %crd19) : (f16, !fly.memref<f32, global, 4:1>, !fly.int_tuple<?>) -> ()
  return
}

// -----

func.func @claimed_alignment(%raw: !llvm.ptr<1>) {
  %c1 = arith.constant 1 : index
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<8:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<8:1>) -> !fly.memref<f32, global, 8:1, align 16>
  // expected-error @+1 {{claims 16-byte alignment; the tensor guarantees 4 there}}
  %e = fly.memref.element_ptr %t[%c1] : !fly.memref<f32, global, 8:1, align 16> -> !fly.ptr<f32, global, align 16>
  return
}

// -----

// expected-error @+1 {{a cp_async copy moves 32..128 bits a call (a power of two), not 16}}
func.func @atom_width(%c: !fly_nvvm.cp_async<16>) {
  return
}

// -----

func.func @atom_kind() {
  // expected-error @+1 {{a copy atom wraps a copy instruction (such as !fly.universal_copy<N>), not 'f32'}}
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<f32, 32>
  return
}

// -----

func.func @atom_value_bits() {
  // expected-error @+1 {{a copy of 64 bits a call cannot move values of 48 bits}}
  %a = fly.make_copy_atom {valBits = 48 : i32} : !fly.copy_atom<!fly.universal_copy<64>, 48>
  return
}

// -----

// expected-error @+1 {{a universal copy moves 8..128 bits a call (a power of two), not 256}}
func.func @universal_copy_width(%c: !fly.universal_copy<256>) {
  return
}

// -----

// expected-error @+1 {{a buffer copy's cache policy is 0..7 (glc, slc, dlc bits), not 9}}
func.func @buffer_copy_cache(%c: !fly_rocdl.cdna3.buffer_copy<128, cache = 9>) {
  return
}

// -----

func.func @make_copy_atom_val_bits() {
  // expected-error @+1 {{valBits = 16 but the type's values have 32 bits}}
  %a = fly.make_copy_atom {valBits = 16 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  return
}

// -----

func.func @set_value_field(%n: i32) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{has no state field "soffset"}}
  %b = fly.atom.set_value(%a, "soffset", %n) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, i32) -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  return
}

// -----

func.func @set_value_type(%n: i64) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  // expected-error @+1 {{field "soffset" is 'i32', not 'i64'}}
  %b = fly.atom.set_value(%a, "soffset", %n) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, i64) -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  return
}

// -----

func.func @copy_value_bits(%s: !fly.memref<f16, global, 4:1, align 8>, %d: !fly.memref<f16, register, 4:1, align 8>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<64>, 32>
  // expected-error @+1 {{copies 'f16' to 'f16' with an atom of 32-bit values}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<64>, 32>, !fly.memref<f16, global, 4:1, align 8>, !fly.memref<f16, register, 4:1, align 8>) -> ()
  return
}

// -----

func.func @call_alignment(%s: !fly.memref<f16, global, 4:1>, %d: !fly.memref<f16, shared, 4:1, align 8>) {
  %a = fly.make_copy_atom {valBits = 16 : i32} : !fly.copy_atom<!fly_nvvm.cp_async<64>, 16>
  // expected-error @+1 {{a 64-bit call needs 8-byte aligned src; it only guarantees 2}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly_nvvm.cp_async<64>, 16>, !fly.memref<f16, global, 4:1>, !fly.memref<f16, shared, 4:1, align 8>) -> ()
  return
}

// -----

func.func @call_predicate(%s: !fly.memref<f16, global, 4:1, align 8>, %d: !fly.memref<f16, register, 4:1, align 8>, %p: !fly.memref<i1, register, 2:1>) {
  %a = fly.make_copy_atom {valBits = 16 : i32} : !fly.copy_atom<!fly.universal_copy<64>, 16>
  // expected-error @+1 {{takes one predicate a call (1), not 2:1}}
  fly.copy_atom_call(%a, %s, %d, %p) : (!fly.copy_atom<!fly.universal_copy<64>, 16>, !fly.memref<f16, global, 4:1, align 8>, !fly.memref<f16, register, 4:1, align 8>, !fly.memref<i1, register, 2:1>) -> ()
  return
}

// -----

// expected-error @+1 {{a buffer copy into LDS moves 32 or 128 bits a lane (128 on gfx950), not 64}}
func.func @buffer_copy_lds_width(%c: !fly_rocdl.cdna3.buffer_copy_lds<64>) {
  return
}

// -----

func.func @buffer_copy_lds_sides(%s: !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, %d: !fly.memref<f32, register, 1:1>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>
  // expected-error @+1 {{a buffer copy into LDS moves from a buffer (#fly_rocdl.buffer_desc) into shared memory}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, !fly.memref<f32, register, 1:1>) -> ()
  return
}

// -----

// A start address narrower than the atom's values is fine; one wider is not.
func.func @buffer_copy_lds_element(%s: !fly.memref<f64, #fly_rocdl.buffer_desc, 1:1>, %d: !fly.memref<f64, shared, 1:1>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>
  // expected-error @+1 {{copies 'f64' to 'f64' with an atom of 32-bit values}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>, !fly.memref<f64, #fly_rocdl.buffer_desc, 1:1>, !fly.memref<f64, shared, 1:1>) -> ()
  return
}

// -----

func.func @buffer_copy_lds_field(%n: i32) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>
  // expected-error @+1 {{has no state field "voffset"}}
  %b = fly.atom.set_value(%a, "voffset", %n) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>, i32) -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>
  return
}

// -----

func.func @buffer_copy_sides(%s: !fly.memref<f32, global, 4:1, align 16>, %d: !fly.memref<f32, register, 4:1, align 16>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  // expected-error @+1 {{a buffer copy moves between a buffer (#fly_rocdl.buffer_desc) and another address space}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<f32, register, 4:1, align 16>) -> ()
  return
}

// -----

// expected-error @+1 {{a buffer atomic add of i32 is none AMD has here: add takes f32 or a pair of f16 or bf16, max f32, i32 or i64 (signed), min i32 or i64 (unsigned)}}
func.func @buffer_atomic_add_of_integers(%a: !fly_rocdl.cdna3.buffer_atomic<add, i32>) {
  return
}

// -----

// expected-error @+1 {{a buffer atomic min of f32 is none AMD has here}}
func.func @buffer_atomic_min_of_floats(%a: !fly_rocdl.cdna3.buffer_atomic<min, f32>) {
  return
}

// -----

// expected-error @+1 {{an atomic operation is add, max, min, and, or, inc or dec, not xchg}}
func.func @buffer_atomic_xchg(%a: !fly_rocdl.cdna3.buffer_atomic<xchg, i32>) {
  return
}

// -----

func.func @buffer_atomic_from_a_buffer(%s: !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, %d: !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<add, f32>, 32>
  // expected-error @+1 {{a buffer atomic combines values into a buffer (#fly_rocdl.buffer_desc) from another address space}}
  fly.copy_atom_call(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_atomic<add, f32>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>) -> ()
  return
}

// -----

func.func @ssa_both_tensors(%s: !fly.memref<f32, global, 4:1, align 16>, %d: !fly.memref<f32, register, 4:1, align 16>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{has an SSA value on one side at least; both are tensors}}
  fly.copy_atom_call_ssa(%a, %s, %d) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 4:1, align 16>, !fly.memref<f32, register, 4:1, align 16>) -> ()
  return
}

// -----

func.func @ssa_value_width(%s: !fly.memref<f32, global, 4:1, align 16>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{holds one call's values as 'vector<4xf32>', not 'vector<2xf32>'}}
  %v = fly.copy_atom_call_ssa(%a, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 4:1, align 16>) -> vector<2xf32>
  return
}

// -----

func.func @ssa_old_values_without_predicate(%s: !fly.memref<f32, global, 4:1, align 16>, %old: vector<4xf32>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{takes old destination values only beside a predicate}}
  %v = fly.copy_atom_call_ssa(%a, %s, %old) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 4:1, align 16>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @ssa_store_gives_nothing(%v: vector<4xf32>, %d: !fly.memref<f32, global, 4:1, align 16>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{stores into its destination tensor and gives no result}}
  %w = fly.copy_atom_call_ssa(%a, %v, %d) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!fly.copy_atom<!fly.universal_copy<128>, 32>, vector<4xf32>, !fly.memref<f32, global, 4:1, align 16>) -> vector<4xf32>
  return
}

// -----

func.func @copy_predicates_per_call(%s: !fly.memref<f32, global, 8:1, align 16>, %d: !fly.memref<f32, register, 8:1, align 16>, %p: !fly.memref<i1, register, 8:1>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  // expected-error @+1 {{takes one predicate a call (2), not 8:1}}
  fly.copy(%a, %s, %d, %p) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 8:1, align 16>, !fly.memref<f32, register, 8:1, align 16>, !fly.memref<i1, register, 8:1>) -> ()
  return
}

// -----

func.func @tv_not_whole_calls() {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  %t_tv = fly.static : !fly.layout<(32,2):(2,1)>
  %t_tile = fly.static : !fly.tile<[64]>
  // expected-error @+1 {{each thread holds 2 values, not a multiple of the atom's 4}}
  %t = "fly.make_tiled_copy"(%a, %t_tv, %t_tile) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<(32,2):(2,1)>, !fly.tile<[64]>) -> !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<(32,2):(2,1)>, !fly.tile<[64]>>
  return
}

// -----

func.func @bad_alignment() {
  %f_layout = fly.static : !fly.layout<4:1>
  // expected-error @+1 {{an alignment is a power of two and a multiple of the element's size (4 bytes), not 6}}
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1, align 6>
  return
}

// -----

func.func @bad_space() {
  %f_layout = fly.static : !fly.layout<4:1>
  // expected-error @+1 {{an address space is global, shared or register, not constant}}
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<4:1>) -> !fly.memref<f32, constant, 4:1>
  return
}

// -----

func.func @bad_swizzle(%raw: !llvm.ptr<3>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  %l = fly.static : !fly.layout<64:1>
  // expected-error @+1 {{needs B >= 0, M >= 0 and |S| >= B}}
  %t = fly.make_view(%p, %l) {swizzle = array<i64: 3, 0, 2>} : (!fly.ptr<f32, shared>, !fly.layout<64:1>) -> !fly.memref<f32, shared, 64:1, swizzle<3,0,2>>
  return
}

// -----

func.func @partition_type(%t: !fly.memref<f32, global, (32,16):(16,1), align 16>, %tid: !fly.int_tuple<?>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  %tc_tv = fly.static : !fly.layout<((4,32),4):((128,1),32)>
  %tc_tile = fly.static : !fly.tile<[32|16]>
  %tc = "fly.make_tiled_copy"(%a, %tc_tv, %tc_tile) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>) -> !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
  // expected-error @+2 {{inferred type(s)}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = "fly.tiled_copy.partition_src"(%tc, %t, %tid) : (!fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>, !fly.memref<f32, global, (32,16):(16,1), align 16>, !fly.int_tuple<?>) -> !fly.memref<f32, global, (4,1):(1,0), align 16>
  return
}

// -----

func.func @tile_rank(%t: !fly.memref<f32, global, 512:1, align 16>, %tid: !fly.int_tuple<?>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  %tc_tv = fly.static : !fly.layout<((4,32),4):((128,1),32)>
  %tc_tile = fly.static : !fly.tile<[32|16]>
  %tc = "fly.make_tiled_copy"(%a, %tc_tv, %tc_tile) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>) -> !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
  // expected-error @+2 {{cannot partition 512:1: logical_divide(512:1, (32,16)): the tiler has more modes than the layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = "fly.tiled_copy.partition_src"(%tc, %t, %tid) : (!fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>, !fly.memref<f32, global, 512:1, align 16>, !fly.int_tuple<?>) -> !fly.memref<f32, global, 4:1, align 16>
  return
}

// -----

func.func @unknown_stride_alignment(%raw: !llvm.ptr<1>, %sm: !llvm.ptr<3>, %ld: index) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%sm) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.layout %ld : !fly.layout<(4,2):(1,?)>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,2):(1,?)>) -> !fly.memref<f32, global, (4,2):(1,?), align 16>
  %f_layout = fly.static : !fly.layout<8:1>
  %f = fly.make_view(%q, %f_layout) : (!fly.ptr<f32, shared, align 16>, !fly.layout<8:1>) -> !fly.memref<f32, shared, 8:1, align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly_nvvm.cp_async<128>, 32>
  // expected-error @+1 {{a 128-bit copy atom needs 16-byte aligned accesses; the layout (4,2):(1,?) only guarantees 4}}
  fly.copy(%a, %s, %f) : (!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>, !fly.memref<f32, global, (4,2):(1,?), align 16>, !fly.memref<f32, shared, 8:1, align 16>) -> ()
  return
}

// -----

func.func @zero_divisibility(
    // expected-error @+1 {{a divisibility is positive}}
    %f: !fly.memref<f32, register, (4,?{0}):(1,4)>) {
  return
}

// -----

func.func @slice_profile() {
  %l = fly.static : !fly.layout<(4,(8,2)):(16,(1,8))>
  %c = fly.static : !fly.int_tuple<(*,*,*)>
  // expected-error @+2 {{fly.slice: }}
  // expected-error @+1 {{failed to infer returned types}}
  %s = "fly.slice"(%l, %c) : (!fly.layout<(4,(8,2)):(16,(1,8))>, !fly.int_tuple<(*,*,*)>) -> !fly.layout<4:16>
  return
}

// -----

func.func @mode_out_of_range() {
  %t = fly.static : !fly.int_tuple<(4,8)>
  // expected-error @+2 {{fly.select: mode 2 of (4,8), which has 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = "fly.select"(%t) {indices = array<i32: 2>} : (!fly.int_tuple<(4,8)>) -> !fly.int_tuple<4>
  return
}

// -----

func.func @tile_not_dividing() {
  %b = fly.static : !fly.layout<(2,3):(3,1)>
  %s = fly.static : !fly.int_tuple<(4,8)>
  %o = fly.static : !fly.int_tuple<(0,1)>
  // expected-error @+2 {{does not divide the target shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = "fly.tile_to_shape"(%b, %s, %o) : (!fly.layout<(2,3):(3,1)>, !fly.int_tuple<(4,8)>, !fly.int_tuple<(0,1)>) -> !fly.layout<4:1>
  return
}

// -----

func.func @recast_indivisible() {
  %l = fly.static : !fly.layout<(3,8):(1,3)>
  // expected-error @+2 {{fly.recast_layout: }}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "fly.recast_layout"(%l) {new_type_bits = 32 : i32, old_type_bits = 16 : i32} : (!fly.layout<(3,8):(1,3)>) -> !fly.layout<4:1>
  return
}

// -----

func.func @leaf_count(%t: i32) {
  %c = fly.make_int_tuple(%t) : (i32) -> !fly.int_tuple<(4,?)>
  // expected-error @+1 {{gives 1 dynamic leaves of (4,?), not 2}}
  %a:2 = fly.get_leaves(%c) {dynamicOnly = true} : (!fly.int_tuple<(4,?)>) -> (i32, i32)
  return
}

// -----

func.func @dynamic_tile() {
  // expected-error @+1 {{dynamic tiles are not offered}}
  %t = fly.static : !fly.tile<[?:1|4]>
  return
}

// -----

func.func @bad_basis() {
  // expected-error @+1 {{expected a basis mode (E0, E1, ...), got X0}}
  %l = fly.static : !fly.layout<4:1X0>
  return
}

// -----

func.func @dyn_shared_in_global() {
  // expected-error @+1 {{gives a shared pointer, not a global one}}
  %p = fly.get_dyn_shared() : !fly.ptr<i8, global>
  return
}

// -----

func.func @to_llvm_ptr_space(%p: !fly.ptr<f32, global>) {
  // expected-error @+1 {{lowers a global pointer to address space 1, not 3 (its attribute) or 3 (its result)}}
  %r = fly.to_llvm_ptr(%p) {llvm_address_space = 3 : i32} : (!fly.ptr<f32, global>) -> !llvm.ptr<3>
  return
}

// -----

func.func @to_llvm_ptr_not_a_pointer(%p: !fly.ptr<f32, global>) {
  // expected-error @+1 {{gives an !llvm.ptr, not 'i64'}}
  %r = fly.to_llvm_ptr(%p) {llvm_address_space = 1 : i32} : (!fly.ptr<f32, global>) -> i64
  return
}

// -----

// expected-error @+1 {{the row and column modes are the same mode}}
func.func @coord_swizzle_one_mode(%c: !fly.coord_swizzle<CS<3,0,[1],0,[1]>>) {
  return
}

// -----

// expected-error @+1 {{needs B >= 0, M >= 0 and |S| >= B}}
func.func @swizzle_shift_too_small(%c: !fly.swizzle<S<3,4,2>>) {
  return
}

// -----

// expected-error @+1 {{a composed layout is static: no '?' leaves}}
func.func @composed_dynamic(%c: !fly.composed_layout<S<3,4,3> o ? o 8:1>) {
  return
}

// -----

// expected-error @+1 {{expected 'o'}}
func.func @composed_without_outer(%c: !fly.composed_layout<S<3,4,3> o 0>) {
  return
}

// -----

func.func @swizzle_of_a_coordinate() {
  %c = fly.static : !fly.composed_layout<S<1,0,1> o 0 o (2,2):(1E0,1E1)>
  %crd = fly.static : !fly.int_tuple<(1,1)>
  // expected-error @+2 {{a swizzle takes an integer offset, not (1,1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %i = fly.crd2idx(%crd, %c)
      : (!fly.int_tuple<(1,1)>, !fly.composed_layout<S<1,0,1> o 0 o (2,2):(1E0,1E1)>)
      -> !fly.int_tuple<3>
  return
}

// -----

func.func @composed_dynamic_coordinate(%x: i32, %c: !fly.composed_layout<S<1,0,1> o 0 o 4:1>) {
  %crd = fly.make_int_tuple(%x) : (i32) -> !fly.int_tuple<?>
  // expected-error @+2 {{a coordinate of a composed layout is static here, not ?}}
  // expected-error @+1 {{failed to infer returned types}}
  %i = fly.crd2idx(%crd, %c)
      : (!fly.int_tuple<?>, !fly.composed_layout<S<1,0,1> o 0 o 4:1>) -> !fly.int_tuple<?>
  return
}

// -----

func.func @composed_dynamic_offset(%x: i32) {
  %sw = fly.static : !fly.swizzle<S<1,0,1>>
  %off = fly.make_int_tuple(%x) : (i32) -> !fly.int_tuple<?>
  %l = fly.static : !fly.layout<4:1>
  // expected-error @+2 {{a composed layout's offset is static here, not ?}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = fly.make_composed_layout(%sw, %off, %l)
      : (!fly.swizzle<S<1,0,1>>, !fly.int_tuple<?>, !fly.layout<4:1>)
      -> !fly.composed_layout<S<1,0,1> o 0 o 4:1>
  return
}

// -----

func.func @store_vec_size(%raw: !llvm.ptr<1>, %v: vector<4xf32>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<(2,3):(3,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(2,3):(3,1)>) -> !fly.memref<f32, global, (2,3):(3,1)>
  // expected-error @+1 {{stores 'vector<4xf32>' into a tensor that takes 'vector<6xf32>'}}
  fly.memref.store_vec(%v, %t) : (vector<4xf32>, !fly.memref<f32, global, (2,3):(3,1)>) -> ()
  return
}

// -----

func.func @load_vec_dynamic(%t: !fly.memref<f32, global, (?,4):(4,1)>) {
  // expected-error @+2 {{a whole-tensor vector needs a static shape, not (?,4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %v = fly.memref.load_vec(%t) : (!fly.memref<f32, global, (?,4):(4,1)>) -> vector<4xf32>
  return
}

// -----

func.func @alloca_other_layout() {
  %l = fly.static : !fly.layout<8:1>
  // expected-error @+1 {{allocates a fragment of layout '!fly.layout<8:1>', but its type has '!fly.layout<4:1>'}}
  %f = fly.memref.alloca(%l) : (!fly.layout<8:1>) -> !fly.memref<f32, register, 4:1>
  return
}

// -----

// expected-error @+1 {{MFMA has no 16x16x8 atom for f16 inputs (it has 16x16x16, 32x32x8, 16x16x32, 32x32x16)}}
func.func @mfma_shape(%x: !fly_rocdl.cdna3.mfma<16x16x8, (f16, f16) -> f32>) {
  return
}

// -----

// expected-error @+1 {{an MFMA takes A and B of the same type: f32, f16, bf16, an 8-bit float or i8, not 'f16' and 'bf16'}}
func.func @mfma_mixed(%x: !fly_rocdl.cdna3.mfma<16x16x16, (f16, bf16) -> f32>) {
  return
}

// -----

// expected-error @+1 {{an MFMA on 'f16' accumulates in 'f32', not 'f16'}}
func.func @mfma_accumulator(%x: !fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f16>) {
  return
}

// -----

// expected-error @+1 {{GFX11 WMMA requires M=N=K=16, got 16x16x32}}
func.func @wmma_shape(%x: !fly_rocdl.gfx11.wmma<16x16x32, (f16, f16) -> f32, signA = false, signB = false, clamp = false>) {
  return
}

// -----

// RDNA4's WMMA here takes f16 and bf16 only.
// expected-error @+1 {{unsupported GFX120X WMMA configuration: 16x16x16 with A='i8', B='i8', C='i32'}}
func.func @wmma_rdna4_integers(%x: !fly_rocdl.gfx120x.wmma<16x16x16, (i8, i8) -> i32, signA = false, signB = false, clamp = false>) {
  return
}

// -----

// expected-error @+1 {{GFX11 WMMA fp16/bf16 path does not accept signA/signB/clamp}}
func.func @wmma_float_clamp(%x: !fly_rocdl.gfx11.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false, clamp = true>) {
  return
}

// -----

// expected-error @+1 {{expected true or false for signB, got yes}}
func.func @wmma_flag_word(%x: !fly_rocdl.gfx11.wmma<16x16x16, (i8, i8) -> i32, signA = false, signB = yes, clamp = false>) {
  return
}

// -----

// expected-error @+1 {{an MMA atom wraps an MMA instruction type (such as !fly_rocdl.cdna3.mfma<...>), not 'f32'}}
func.func @mma_atom_of_a_float(%x: !fly.mma_atom<f32>) {
  return
}

// -----

func.func @mma_fragment_size(%d: !fly.memref<f32, register, 4:1>, %a: !fly.memref<f16, register, 2:1>,
                             %b: !fly.memref<f16, register, 4:1>, %c: !fly.memref<f32, register, 4:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  // expected-error @+1 {{takes 4 values of A per lane, not 2:1 (2)}}
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, register, 4:1>,
         !fly.memref<f16, register, 2:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

func.func @mma_fragment_in_memory(%d: !fly.memref<f32, global, 4:1>, %a: !fly.memref<f16, register, 4:1>,
                                  %b: !fly.memref<f16, register, 4:1>, %c: !fly.memref<f32, register, 4:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  // expected-error @+1 {{takes D in registers, not in another address space}}
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, global, 4:1>,
         !fly.memref<f16, register, 4:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

func.func @mma_ssa_accumulator(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<8xf32>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  // expected-error @+1 {{takes C as 4 values of 'f32' per lane, not 'vector<8xf32>'}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, vector<4xf16>, vector<4xf16>,
         vector<8xf32>) -> vector<8xf32>
  return
}

// -----

// expected-error @+1 {{a tiled MMA's atom layout is static, not (1,?):(0,1)}}
func.func @tiled_mma_dynamic(%x: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,?):(0,1)>>) {
  return
}

// -----

// expected-error @+1 {{a tiled MMA's permutation is `_` or a tuple of up to three tilers}}
func.func @tiled_mma_four_permutations(%x: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>, !fly.tile<[*|*|*|*]>>) {
  return
}

// -----

// expected-error @+1 {{a tiled MMA's permutation is a !fly.tile, not '!fly.layout<4:1>'}}
func.func @tiled_mma_permutation_not_a_tile(%x: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>, !fly.layout<4:1>>) {
  return
}

// -----

// expected-error @+1 {{needs B >= 0, M >= 0 and |S| >= B}}
func.func @pointer_swizzle_shift(%p: !fly.ptr<f16, shared, S<3,4,2>>) {
  return
}

// -----

func.func @view_of_a_swizzled_pointer(%p: !fly.ptr<f16, shared, S<3,3,3>>) {
  %l = fly.static : !fly.layout<64:1>
  // expected-error @+2 {{'fly.make_view' op inferred type(s) '!fly.memref<f16, shared, 64:1, S<3,3,3>>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared, S<3,3,3>>, !fly.layout<64:1>) -> !fly.memref<f16, shared, 64:1>
  return
}

// -----

func.func @two_swizzles(%p: !fly.ptr<f16, shared, S<3,3,3>>) {
  %l = fly.static : !fly.layout<64:1>
  // expected-error @+2 {{a view of a pointer that swizzles its addresses has no swizzle of offsets too}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = fly.make_view(%p, %l) {swizzle = array<i64: 3, 0, 3>} : (!fly.ptr<f16, shared, S<3,3,3>>, !fly.layout<64:1>) -> !fly.memref<f16, shared, 64:1, S<3,3,3>>
  return
}

// -----

// expected-error @+1 {{a tensor swizzles its offsets or its pointer's addresses, not both}}
func.func @two_swizzles_in_a_type(%t: !fly.memref<f16, shared, 64:1, swizzle<3,0,3>, S<3,3,3>>) {
  return
}

// -----

// expected-error @+1 {{registers have no addresses to swizzle}}
func.func @swizzled_registers(%t: !fly.memref<f16, register, 64:1, S<3,3,3>>) {
  return
}

// -----

func.func @cp_async_swizzled(%g: !fly.ptr<f32, global, align<16>>, %s: !fly.ptr<f32, shared, align<16>, S<2,2,2>>) {
  // expected-error @+1 {{copies 16 bytes from and to addresses aligned to as many; '!fly.ptr<f32, shared, align<16>, S<2,2,2>>' guarantees 4}}
  fly.cp_async %g, %s {bytes = 16 : i64} : !fly.ptr<f32, global, align<16>>, !fly.ptr<f32, shared, align<16>, S<2,2,2>>
  return
}

// -----

func.func @make_ptr_nothing() {
  // expected-error @+1 {{without an operand allocates: it needs allocSize (registers) or allocBytes (shared memory) in dictAttrs}}
  %p = fly.make_ptr() : () -> !fly.ptr<f32, register>
  return
}

// -----

func.func @make_ptr_registers_elsewhere() {
  // expected-error @+1 {{allocates allocSize elements in registers only (alone), not in shared memory}}
  %p = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, shared>
  return
}

// -----

func.func @make_ptr_odd_alignment() {
  // expected-error @+1 {{aligns an allocation to a power of two, not 48}}
  %p = fly.make_ptr() {dictAttrs = {allocBytes = 96 : i64, allocAlign = 48 : i64}} : () -> !fly.ptr<f32, shared>
  return
}

// -----

func.func @make_ptr_unknown_entry() {
  // expected-error @+1 {{knows the entries allocSize, allocBytes and allocAlign, not "allocCount"}}
  %p = fly.make_ptr() {dictAttrs = {allocCount = 4 : i64}} : () -> !fly.ptr<f32, register>
  return
}

// -----

func.func @make_ptr_negative(%raw: !llvm.ptr<5>) {
  // expected-error @+1 {{takes a positive integer "allocSize", not 0 : i64}}
  %p = fly.make_ptr() {dictAttrs = {allocSize = 0 : i64}} : () -> !fly.ptr<f32, register>
  return
}

// -----

func.func @make_ptr_buffer(%g: !fly.ptr<f16, global>, %s: i16, %n: i64, %f: i32) {
  // expected-error @+1 {{makes a global pointer from one LLVM pointer, not from 4 operands}}
  %p = fly.make_ptr(%g, %s, %n, %f) : (!fly.ptr<f16, global>, i16, i64, i32) -> !fly.ptr<f16, global>
  return
}

// -----

func.func @make_buffer_from_shared(%s: !fly.ptr<f16, shared>, %st: i16, %n: i64, %f: i32) {
  // expected-error @+1 {{makes a buffer_desc pointer from (global pointer, i16 stride, i64 records, i32 flags), not from '!fly.ptr<f16, shared>', 'i16', 'i64', 'i32'}}
  %p = fly.make_ptr(%s, %st, %n, %f) : (!fly.ptr<f16, shared>, i16, i64, i32) -> !fly.ptr<f16, #fly_rocdl.buffer_desc>
  return
}

// -----

// expected-error @+1 {{an address space is global, shared, register or a target's (#fly_rocdl.buffer_desc), not 7 : i64}}
func.func @numbered_space(%p: !fly.ptr<f32, 7>) {
  return
}

// -----

func.func @cp_async_from_a_buffer(%b: !fly.ptr<f32, #fly_rocdl.buffer_desc>, %s: !fly.ptr<f32, shared>) {
  // expected-error @+1 {{copies from a global pointer to a shared one, not from buffer_desc to shared}}
  fly.cp_async %b, %s {bytes = 16} : !fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.ptr<f32, shared>
  return
}

// -----

func.func @recast_to_another_space(%p: !fly.ptr<f32, register>) {
  // expected-error @+1 {{keeps the pointer's address space and swizzle, not '!fly.ptr<f32, register>' to '!fly.ptr<i32, shared>'}}
  %q = fly.recast_iter(%p) : (!fly.ptr<f32, register>) -> !fly.ptr<i32, shared>
  return
}

// -----

func.func @recast_promising_alignment(%p: !fly.ptr<f16, shared>) {
  // expected-error @+1 {{cannot promise more alignment (4 bytes) than '!fly.ptr<f16, shared>' has}}
  %q = fly.recast_iter(%p) : (!fly.ptr<f16, shared>) -> !fly.ptr<f32, shared>
  return
}

// -----

// expected-error @+1 {{an mma_sync takes A and B of one type: f16, bf16, f8E4M3FN or f8E5M2, not 'f32' and 'f32'}}
func.func @mma_sync_f32(%x: !fly_nvvm.mma_sync<16x8x8, (f32, f32) -> f32>) {
  return
}

// -----

// expected-error @+1 {{16x8x16}}
func.func @mma_sync_shape(%x: !fly_nvvm.mma_sync<16x8x8, (f16, f16) -> f32>) {
  return
}

// -----

func.func @group_past_the_rank() {
  %t = fly.static : !fly.int_tuple<(2,3)>
  // expected-error @+2 {{fly.group: group of (2,3) needs 0 <= begin <= end <= its rank (end -1: the rank)}}
  // expected-error @+1 {{failed to infer returned types}}
  %g = fly.group(%t) {begin = 1 : i32, end = 3 : i32} : (!fly.int_tuple<(2,3)>) -> !fly.int_tuple<(2,3)>
  return
}

// -----

func.func @append_to_a_smaller_rank() {
  %t = fly.static : !fly.int_tuple<(2,3,4)>
  %one = fly.static : !fly.int_tuple<1>
  // expected-error @+2 {{fly.append: append<2> of (2,3,4), which has more modes}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = fly.append<2>(%t, %one) : (!fly.int_tuple<(2,3,4)>, !fly.int_tuple<1>) -> !fly.int_tuple<(2,3,4)>
  return
}

// -----

func.func @append_of_mixed_kinds() {
  %l = fly.static : !fly.layout<4:1>
  %one = fly.static : !fly.int_tuple<1>
  // expected-error @+2 {{fly.append: append takes an element of its tuple's kind (both int tuples or both layouts)}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = fly.append(%l, %one) : (!fly.layout<4:1>, !fly.int_tuple<1>) -> !fly.layout<(4,1):(1,0)>
  return
}

// -----

func.func @product_like_of_a_deeper_profile() {
  %t = fly.static : !fly.int_tuple<(2,3)>
  %p = fly.static : !fly.int_tuple<(1,1,1)>
  // expected-error @+2 {{fly.int_tuple_product_like: product_like((2,3), (1,1,1)): the guide has more modes than the tuple}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = fly.int_tuple_product_like(%t, %p) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<(1,1,1)>) -> !fly.int_tuple<(2,3)>
  return
}

// -----

func.func @coshape_of_nested_bases() {
  %l = fly.static : !fly.layout<(4,8):(1E0E1,1E1)>
  // expected-error @+2 {{strides of nested basis elements are not offered}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = fly.coshape(%l) : (!fly.layout<(4,8):(1E0E1,1E1)>) -> !fly.int_tuple<(4,8)>
  return
}

// -----

func.func @fragment_of_operand_e(%t: !fly.memref<f16, shared, (16,16):(1,16)>,
    %mma: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>) {
  // expected-error @+1 {{expected an MMA operand a, b, c or d, got e}}
  %b = fly.mma.make_fragment(e, %mma, %t) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>) -> !fly.memref<f16, register, (4,1,1):(1,0,0)>
  return
}

// -----

func.func @fragment_of_no_stages(%t: !fly.memref<f16, shared, (16,16):(1,16)>,
    %mma: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>) {
  // expected-error @+2 {{fly.mma.make_fragment: stages must be positive, not 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %b = fly.mma.make_fragment(b, %mma, %t, stages = 0) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>) -> !fly.memref<f16, register, (4,1,1):(1,0,0)>
  return
}

// -----

func.func @tiled_mma_of_a_rank_4_layout(%atom: !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>) {
  %l = fly.static : !fly.layout<(1,1,1,2):(0,1,2,3)>
  // expected-error @+2 {{fly.make_tiled_mma: }}
  // expected-error @+1 {{failed to infer returned types}}
  %m = fly.make_tiled_mma(%atom, %l) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1,2):(0,1,2,3)>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
  return
}

// -----

func.func @coord_tensor_swizzled(%b: !fly.int_tuple<0>) {
  %l = fly.static : !fly.layout<8:1>
  // expected-error @+2 {{a coordinate tensor has no swizzle}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = fly.make_view(%b, %l) {swizzle = array<i64: 1, 0, 1>}
       : (!fly.int_tuple<0>, !fly.layout<8:1>) -> !fly.coord_tensor<0, 8:1>
  return
}

// -----

func.func @coord_tensor_of_coordinates(%t: !fly.coord_tensor<0, (2,2):(1E0,1E1)>) {
  // expected-error @+2 {{basis strides make coordinates}}
  // expected-error @+1 {{failed to infer returned types}}
  %v = fly.memref.load_vec(%t) : (!fly.coord_tensor<0, (2,2):(1E0,1E1)>) -> vector<4xi32>
  return
}

// -----

func.func @coord_tensor_tuple_base(%t: !fly.coord_tensor<(0,1), 4:1>) {
  // expected-error @+2 {{its base is one, not (0,1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %v = fly.memref.load_vec(%t) : (!fly.coord_tensor<(0,1), 4:1>) -> vector<4xi32>
  return
}

// -----

func.func @coord_tensor_dynamic_size(%t: !fly.coord_tensor<0, ?:1>) {
  // expected-error @+2 {{need a static shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %v = fly.memref.load_vec(%t) : (!fly.coord_tensor<0, ?:1>) -> vector<4xi32>
  return
}

// -----

// expected-error @+1 {{a tensor over a composed layout has no swizzle of its own}}
func.func @composed_and_swizzled(%t: !fly.memref<f32, global, 8:2 o 1 o 4:1, swizzle<1,0,1>>) {
  return
}

// -----

func.func @composed_coordinates(%b: !fly.int_tuple<0>) {
  %c = fly.static : !fly.composed_layout<8:2 o 1 o 4:1>
  // expected-error @+2 {{a coordinate tensor over a composed layout is not offered}}
  // expected-error @+1 {{failed to infer returned types}}
  %v = fly.make_view(%b, %c) : (!fly.int_tuple<0>, !fly.composed_layout<8:2 o 1 o 4:1>) -> !fly.coord_tensor<0, 4:1>
  return
}

// -----

// gfx1250's integer controls exist only on its integer WMMAs.
// expected-error @+1 {{signA/signB/clamp are only valid for integer (iu4/iu8) WMMA, got A='bf16'}}
func.func @gfx1250_float_sign(%x: !fly_rocdl.gfx1250.wmma<16x16x32, (bf16, bf16) -> f32, signA = false, signB = true, clamp = false>) {
  return
}

// -----

// expected-error @+1 {{unsupported GFX1250 WMMA configuration: 16x16x64 with A='f16', B='f16', Acc='f32'}}
func.func @gfx1250_wmma_k(%x: !fly_rocdl.gfx1250.wmma<16x16x64, (f16, f16) -> f32, signA = false, signB = false, clamp = false>) {
  return
}

// -----

// The scaled WMMA's 32-row form reads fp4 only.
// expected-error @+1 {{GFX1250 WMMA_Scale 32x16x128 requires f4E2M1FN A and B, got A='f8E5M2', B='f4E2M1FN'}}
func.func @gfx1250_scale_tall(%x: !fly_rocdl.gfx1250.wmma_scale<32x16x128, (f8E5M2, f4E2M1FN) -> f32, opselA = 0, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 32>) {
  return
}

// -----

// expected-error @+1 {{blockSize must be 16 or 32, got 64}}
func.func @gfx1250_scale_block(%x: !fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 64>) {
  return
}

// -----

// expected-error @+1 {{opselB must be in [0, 1] (row0/row1), got 2}}
func.func @gfx1250_scale_opsel(%x: !fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f6E2M3FN) -> f32, opselA = 0, opselB = 2, modC = 0, reuseA = false, reuseB = false, blockSize = 32>) {
  return
}

// -----

// expected-error @+1 {{numWarps must be a positive power of two, got 6}}
func.func @tdm_warps(%x: !fly_rocdl.gfx1250.tdm<rank = 2, warps = 6, pad = 0, 0, cache = 0, barrier = false, timeout = false>) {
  return
}

// -----

// expected-error @+1 {{padInterval and padAmount must both be zero or both non-zero}}
func.func @tdm_half_pad(%x: !fly_rocdl.gfx1250.tdm<rank = 2, warps = 1, pad = 0, 4, cache = 0, barrier = false, timeout = false>) {
  return
}

// -----

// expected-error @+1 {{padInterval must be a power of two (in elements), got 96}}
func.func @tdm_pad_interval(%x: !fly_rocdl.gfx1250.tdm<rank = 2, warps = 1, pad = 96, 4, cache = 0, barrier = false, timeout = false>) {
  return
}

// -----

// expected-error @+1 {{TDM rank must be in [1, 5], got 6}}
func.func @tdm_rank(%x: !fly_rocdl.gfx1250.tdm<rank = 6, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>) {
  return
}

// -----

// A tile DMA's atom moves no per-thread values: its valBits is 0.
// expected-error @+1 {{a copy atom of '!fly_rocdl.gfx1250.tdm<rank = 2, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>' moves whole tensors: its valBits is 0, not 16}}
func.func @tdm_val_bits(%x: !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 2, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>, 16>) {
  return
}

// -----

!tdm1 = !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 1, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>, 0>
func.func @tdm_spaces(%a: !fly.memref<f32, global, 64:1>, %b: !fly.memref<f32, global, 64:1>) {
  %atom = fly.make_copy_atom {valBits = 0 : i32} : !tdm1
  // expected-error @+1 {{the Tensor Data Mover copies between global and shared memory (one side each)}}
  fly.copy(%atom, %a, %b) : (!tdm1, !fly.memref<f32, global, 64:1>, !fly.memref<f32, global, 64:1>) -> ()
  return
}

// -----

!tdm2 = !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 1, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>, 0>
func.func @tdm_sizes(%a: !fly.memref<f32, global, 64:1>, %b: !fly.memref<f32, shared, 32:1>) {
  %atom = fly.make_copy_atom {valBits = 0 : i32} : !tdm2
  // expected-error @+1 {{copies 64:1 to 32:1: the tensors have different sizes}}
  fly.copy(%atom, %a, %b) : (!tdm2, !fly.memref<f32, global, 64:1>, !fly.memref<f32, shared, 32:1>) -> ()
  return
}

// -----

!tdm3 = !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 1, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>, 0>
// expected-error @+1 {{a copy atom of '!fly_rocdl.gfx1250.tdm<rank = 1, warps = 1, pad = 0, 0, cache = 0, barrier = false, timeout = false>' moves whole tensors and is not tiled over threads}}
func.func @tdm_tiled(%x: !fly.tiled_copy<!tdm3, !fly.layout<(4,1):(1,0)>, !fly.tile<[4]>>) {
  return
}

// -----

// Sub-byte elements have no address of their own: only register fragments hold them.
// expected-error @+1 {{elements of 4 bits ('f4E2M1FN') are held in registers here, a fragment read and written whole}}
func.func @fp4_in_global(%x: !fly.memref<f4E2M1FN, global, 64:1>) {
  return
}

// -----

// expected-error @+1 {{a universal FMA is 1x1x1, not 2x1x1}}
func.func @fma_shape(%t: !fly.universal_fma<2x1x1, (f32, f32) -> f32>) {
  return
}

// -----

// expected-error @+1 {{a universal FMA takes one type for A, B and C, not 'f16', 'f16' and 'f32'}}
func.func @fma_types(%t: !fly.universal_fma<1x1x1, (f16, f16) -> f32>) {
  return
}

// -----

// expected-error @+1 {{a universal FMA computes on integers or floats of 8 bits or more, not 'i1'}}
func.func @fma_bits(%t: !fly.universal_fma<1x1x1, (i1, i1) -> i1>) {
  return
}

// -----

func.func @print_more_values_than_placeholders(%x: i32) {
  // expected-error @+1 {{has 2 values for 1 {} placeholders}}
  "fly.print"(%x, %x) <{format = "x={}"}> : (i32, i32) -> ()
  return
}

// -----

func.func @print_a_pointer(%p: !llvm.ptr) {
  // expected-error @+1 {{prints integers, floats, their vectors, int tuples and layouts, not '!llvm.ptr'}}
  "fly.print"(%p) <{format = ""}> : (!llvm.ptr) -> ()
  return
}

// -----

// expected-error @+1 {{'and' combines integers, not 'f32'}}
func.func @atomic_and_of_floats(%a: !fly.universal_atomic<and, f32>) {
  return
}

// -----

// expected-error @+1 {{an atomic operation is add, max, min, and, or, inc or dec, not xor}}
func.func @atomic_xor(%a: !fly.universal_atomic<xor, i32>) {
  return
}

// -----

// expected-error @+1 {{an atomic copy's sync scope is "" (the system's), singlethread, agent, workgroup, wavefront or one of their -one-as forms, not "gpu"}}
func.func @atomic_scope(%a: !fly.universal_atomic<add, i32, "gpu">) {
  return
}

// -----

func.func @atomic_into_registers(%v: f32, %p: !fly.ptr<f32, register>) {
  // expected-error @+1 {{an atomic copy combines into global or shared memory, not into register}}
  fly.ptr.atomic_rmw(%v, %p) {atom = !fly.universal_atomic<add, f32>} : (f32, !fly.ptr<f32, register>) -> ()
  return
}

// -----

func.func @atomic_of_another_type(%v: i32, %p: !fly.ptr<f32, global>) {
  // expected-error @+1 {{combines 'f32' values, not 'i32'}}
  fly.ptr.atomic_rmw(%v, %p) {atom = !fly.universal_atomic<add, f32>} : (i32, !fly.ptr<f32, global>) -> ()
  return
}

// -----

func.func @negative_pending_groups() {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  fly.cp_async_wait_group -1
  return
}

// -----

// expected-error @+1 {{unsupported MNK for CDNA4 MFMA_Scale: 16x16x64 (expected 16x16x128 or 32x32x64)}}
func.func @mfma_scale_shape(%a: !fly_rocdl.cdna4.mfma_scale<16x16x64, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>) {
  return
}

// -----

// expected-error @+1 {{elemTyB must be one of f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, got 'f16'}}
func.func @mfma_scale_format(%a: !fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f16) -> f32, opselA = 0, opselB = 0>) {
  return
}

// -----

// expected-error @+1 {{opselB must be in [0, 3], got 4}}
func.func @mfma_scale_opsel(%a: !fly_rocdl.cdna4.mfma_scale<32x32x64, (f4E2M1FN, f4E2M1FN) -> f32, opselA = 0, opselB = 4>) {
  return
}

// -----

// expected-error @+1 {{elemTyAcc must be f32, got 'f16'}}
func.func @mfma_scale_acc(%a: !fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f16, opselA = 0, opselB = 0>) {
  return
}

// -----

func.func @mfma_scale_field(%n: i32) {
  %a = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>
  // expected-error @+1 {{has no state field "soffset"}}
  %b = fly.atom.set_value(%a, "soffset", %n) : (!fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>, i32) -> !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>
  return
}

// -----

func.func @mfma_scale_value(%n: i8) {
  %a = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>
  // expected-error @+1 {{field "scale_b" is 'i32', not 'i8'}}
  %b = fly.atom.set_value(%a, "scale_b", %n) : (!fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>, i8) -> !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>
  return
}

// -----

func.func @stateless_mma_atom_field(%n: i32) {
  %a = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  // expected-error @+1 {{has no state field "scale_a"}}
  %b = fly.atom.set_value(%a, "scale_a", %n) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, i32) -> !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  return
}

// -----

func.func @mbarrier_in_global(%raw: !llvm.ptr<1>) {
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<i64, global>
  // expected-error @+1 {{takes an mbarrier: a !fly.ptr<i64, shared>, not '!fly.ptr<i64, global>'}}
  fly_nvvm.mbarrier_init(%bar) {arrivals = 32 : i32} : !fly.ptr<i64, global>
  return
}

// -----

func.func @mbarrier_of_i32(%raw: !llvm.ptr<3>, %p: i32) {
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<i32, shared>
  // expected-error @+1 {{takes an mbarrier: a !fly.ptr<i64, shared>, not '!fly.ptr<i32, shared>'}}
  fly_nvvm.mbarrier_try_wait_parity(%bar, %p) : !fly.ptr<i32, shared>, i32
  return
}

// -----

func.func @mbarrier_arrivals(%raw: !llvm.ptr<3>) {
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<i64, shared>
  // expected-error @+1 {{expects 1..1024 arrivals a phase, not 0}}
  fly_nvvm.mbarrier_init(%bar) {arrivals = 0 : i32} : !fly.ptr<i64, shared>
  return
}

// -----

func.func @mbarrier_transaction_bytes(%raw: !llvm.ptr<3>) {
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<i64, shared>
  // expected-error @+1 {{expects 0..2^20-1 transaction bytes, not 1048576}}
  fly_nvvm.mbarrier_arrive_expect_tx(%bar) {txBytes = 1048576 : i32} : !fly.ptr<i64, shared>
  return
}

// -----

func.func @mbarrier_not_a_pointer(%x: i64) {
  // expected-error @+1 {{takes an mbarrier: a !fly.ptr<i64, shared>, not 'i64'}}
  fly_nvvm.mbarrier_init(%x) {arrivals = 1 : i32} : i64
  return
}

// -----

func.func @tma_box_in_global(%desc: !llvm.ptr, %raw: !llvm.ptr<1>, %x: i32) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  // expected-error @+1 {{copies a box of shared memory (a !fly.ptr in shared), not '!fly.ptr<f32, global>'}}
  fly_nvvm.tma_store(%desc, %p)[%x] : !llvm.ptr, !fly.ptr<f32, global>
  return
}

// -----

func.func @tma_descriptor_in_shared(%desc: !llvm.ptr<3>, %raw: !llvm.ptr<3>, %x: i32) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  // expected-error @+1 {{takes the TMA descriptor as a generic !llvm.ptr, not '!llvm.ptr<3>'}}
  fly_nvvm.tma_store(%desc, %p)[%x] : !llvm.ptr<3>, !fly.ptr<f32, shared>
  return
}

// -----

func.func @tma_six_coordinates(%desc: !llvm.ptr, %raw: !llvm.ptr<3>, %x: i32) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<i64, shared>
  // expected-error @+1 {{takes 1..5 box coordinates, not 6}}
  fly_nvvm.tma_load(%desc, %p, %bar)[%x, %x, %x, %x, %x, %x] : !llvm.ptr, !fly.ptr<f32, shared>, !fly.ptr<i64, shared>
  return
}

// -----

func.func @tma_load_barrier(%desc: !llvm.ptr, %raw: !llvm.ptr<3>, %x: i32) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  // expected-error @+1 {{takes an mbarrier: a !fly.ptr<i64, shared>, not '!fly.ptr<f32, shared>'}}
  fly_nvvm.tma_load(%desc, %p, %p)[%x] : !llvm.ptr, !fly.ptr<f32, shared>, !fly.ptr<f32, shared>
  return
}

// -----

func.func @tma_store_wait_pending() {
  // expected-error @+1 {{lets 0..63 stores stay pending, not 64}}
  fly_nvvm.tma_store_wait {pending = 64 : i32}
  return
}

// -----

func.func @ldmatrix_three_values(%raw: !llvm.ptr<3>) -> vector<3xi16> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f16, shared>
  // expected-error @+1 {{gives a lane 2, 4 or 8 values (x1, x2 or x4 matrices), not 3}}
  %v = fly_nvvm.ldmatrix(%p)[%p, %p, %p] : !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared> -> vector<3xi16>
  return %v : vector<3xi16>
}

// -----

func.func @ldmatrix_result(%raw: !llvm.ptr<3>) -> vector<4xi16> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f16, shared>
  // expected-error @+1 {{returns the 2 values it reads, not 'vector<4xi16>'}}
  %v = fly_nvvm.ldmatrix(%p)[%p, %p] : !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared> -> vector<4xi16>
  return %v : vector<4xi16>
}

// -----

func.func @ldmatrix_of_f32(%raw: !llvm.ptr<3>) -> vector<2xi16> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared>
  // expected-error @+1 {{reads 16-bit elements of shared memory (a !fly.ptr in shared), not '!fly.ptr<f32, shared>'}}
  %v = fly_nvvm.ldmatrix(%p)[%p, %p] : !fly.ptr<f32, shared>, !fly.ptr<f32, shared>, !fly.ptr<f32, shared> -> vector<2xi16>
  return %v : vector<2xi16>
}

// -----

func.func @tma_store_wait_negative() {
  // expected-error @+1 {{lets 0..63 stores stay pending, not -1}}
  fly_nvvm.tma_store_wait {pending = -1 : i32}
  return
}

// -----

// expected-error @+1 {{a wgmma takes A and B of one type, f16, bf16, f8E4M3FN or f8E5M2, not 'f32' and 'f32'}}
func.func @wgmma_of_f32(%a: !fly_nvvm.wgmma<64x8x16, (f32, f32) -> f32, majorA = k, majorB = k>) {
  return
}

// -----

// expected-error @+1 {{64xNx16, N = 8..256 in steps of 8}}
func.func @wgmma_of_n12(%a: !fly_nvvm.wgmma<64x12x16, (f16, f16) -> f32, majorA = k, majorB = k>) {
  return
}

// -----

// expected-error @+1 {{an fp8 wgmma reads K-major A and B (majorA = k, majorB = k)}}
func.func @wgmma_fp8_transposed(%a: !fly_nvvm.wgmma<64x8x32, (f8E4M3FN, f8E4M3FN) -> f32, majorA = k, majorB = mn>) {
  return
}

// -----

// expected-error @+1 {{64xNx32, N = 8..256 in steps of 8}}
func.func @wgmma_fp8_k16(%a: !fly_nvvm.wgmma<64x8x16, (f8E4M3FN, f8E4M3FN) -> f32, majorA = k, majorB = k>) {
  return
}

// -----

// expected-error @+1 {{expected k or mn for majorB, got t}}
func.func @wgmma_major(%a: !fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = t>) {
  return
}

// -----

func.func @wgmma_values(%a: vector<8xf16>, %b: i64, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
  // expected-error @+1 {{takes A as a shared-memory matrix descriptor (i64) or the tile it describes, not 'vector<8xf16>'}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>, vector<8xf16>, i64, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @wgmma_fragments(%d: !fly.memref<f32, register, 4:1>, %a: !fly.memref<f16, register, 8:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
  // expected-error @+1 {{through shared-memory descriptors: call the atom with fly.mma_atom_call_ssa}}
  fly.mma_atom_call(%atom, %d, %a, %a, %d) : (!fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>, !fly.memref<f32, register, 4:1>, !fly.memref<f16, register, 8:1>, !fly.memref<f16, register, 8:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

func.func @wgmma_wait_negative() {
  // expected-error @+1 {{lets a number >= 0 of groups stay pending, not -2}}
  fly_nvvm.wgmma_wait {pending = -2 : i32}
  return
}

// -----

func.func @scale16_takes_i64(%s: i32) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 16>>
  // expected-error @+1 {{field "scale_b" is 'i64', not 'i32'}}
  %1 = fly.atom.set_value(%atom, "scale_b", %s) : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 16>>, i32) -> !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 16>>
  return
}

// -----

!mfma16 = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled16 = !fly.tiled_mma<!mfma16, <(1,1,1):(0,1,2)>>

func.func @mma_partition_of_a_swizzled_tensor(%m: !tiled16, %t: !fly.memref<f16, shared, (16,16):(1,16), swizzle<3,0,3>>, %thr: !fly.int_tuple<?>) {
  // expected-error @+2 {{partitions of swizzled tensors are built by the kernel builder}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = fly.tiled_mma.partition(a, %m, %t, %thr) : (!tiled16, !fly.memref<f16, shared, (16,16):(1,16), swizzle<3,0,3>>, !fly.int_tuple<?>) -> !fly.memref<f16, shared, (4,1,1):(16,0,0)>
  return
}

// -----

!mfma16b = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled16b = !fly.tiled_mma<!mfma16b, <(1,1,1):(0,1,2)>>

func.func @mma_partition_of_a_rank_1_tensor(%m: !tiled16b, %t: !fly.memref<f16, shared, 256:1>, %thr: !fly.int_tuple<?>) {
  // expected-error @+2 {{cannot partition 256:1}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = fly.tiled_mma.partition(a, %m, %t, %thr) : (!tiled16b, !fly.memref<f16, shared, 256:1>, !fly.int_tuple<?>) -> !fly.memref<f16, shared, (4,1,1):(16,0,0)>
  return
}

// -----

!tc64r = !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<64>, 32>, !fly.layout<((8,4),(4,2)):((2,64),(16,1))>, !fly.tile<[16|16]>>

func.func @retile_of_a_dynamic_fragment(%tc: !tc64r, %f: !fly.memref<f32, register, ((1,(4,2)),1,?):((0,(1,4)),0,8)>) {
  // expected-error @+2 {{fly.tiled_copy.retile takes a static fragment, not ((1,(4,2)),1,?):((0,(1,4)),0,8)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "fly.tiled_copy.retile"(%tc, %f) : (!tc64r, !fly.memref<f32, register, ((1,(4,2)),1,?):((0,(1,4)),0,8)>) -> !fly.memref<f32, register, ((2,4),1,2):((1,2),0,8)>
  return
}

// -----

func.func @tiled_copy_of_a_dynamic_layout(%n: i32) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<32>, 32>
  %shape = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(?,1)>
  %stride = fly.static : !fly.int_tuple<(1,0)>
  %tv = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?,1)>, !fly.int_tuple<(1,0)>) -> !fly.layout<(?,1):(1,0)>
  %tile = fly.static : !fly.tile<[32]>
  // expected-error @+2 {{fly.make_tiled_copy: the thread-value layout is static, not (?,1):(1,0)}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = "fly.make_tiled_copy"(%a, %tv, %tile) : (!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.layout<(?,1):(1,0)>, !fly.tile<[32]>) -> !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.layout<(32,1):(1,0)>, !fly.tile<[32]>>
  return
}

// -----

func.func @address_of_registers(%p: !fly.ptr<f32, register>) {
  // expected-error @+2 {{fly.ptrtoint: a register pointer has no integer address (global and shared ones do)}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = fly.ptrtoint(%p) : (!fly.ptr<f32, register>) -> i64
  return
}

// -----

func.func @registers_at_an_address(%a: i64) {
  // expected-error @+1 {{'fly.inttoptr' op gives global or shared pointers, not register ones}}
  %p = fly.inttoptr(%a) : (i64) -> !fly.ptr<f32, register>
  return
}

// -----

func.func @swizzle_twice(%p: !fly.ptr<f16, shared, align<1024>, S<3,4,3>>) {
  %s = fly.static : !fly.swizzle<S<2,4,3>>
  // expected-error @+2 {{fly.apply_swizzle: '!fly.ptr<f16, shared, align<1024>, S<3,4,3>>' swizzles its addresses already}}
  // expected-error @+1 {{failed to infer returned types}}
  %q = fly.apply_swizzle(%p, %s) : (!fly.ptr<f16, shared, align<1024>, S<3,4,3>>, !fly.swizzle<S<2,4,3>>) -> !fly.ptr<f16, shared, align<1024>, S<2,4,3>>
  return
}

// -----

func.func @fragment_of_a_layout_without_dtype() {
  %l = fly.static : !fly.layout<(4,8):(1,4)>
  // expected-error @+2 {{fly.make_fragment_like: the fragment of a layout or a coordinate tensor needs a dtype}}
  // expected-error @+1 {{failed to infer returned types}}
  %f = fly.make_fragment_like(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.memref<f32, register, (4,8):(1,4)>
  return
}

// -----

func.func @fragment_of_a_dynamic_shape(%n: i32) {
  %s = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(?,8)>
  %d = fly.static : !fly.int_tuple<(1,4)>
  %l = fly.make_layout(%s, %d) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(1,4)>) -> !fly.layout<(?,8):(1,4)>
  // expected-error @+2 {{fly.make_fragment_like: a fragment's shape must be static, got (?,8):(1,4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %f = fly.make_fragment_like(%l) {dtype = f32} : (!fly.layout<(?,8):(1,4)>) -> !fly.memref<f32, register, (4,8):(1,4)>
  return
}

// -----

func.func @fragment_past_the_registers() {
  %l = fly.static : !fly.layout<(64,128):(1,64)>
  // expected-error @+2 {{fly.make_fragment_like: a fragment of 8192 elements does not fit in registers (at most 4096)}}
  // expected-error @+1 {{failed to infer returned types}}
  %f = fly.make_fragment_like(%l) {dtype = f32} : (!fly.layout<(64,128):(1,64)>) -> !fly.memref<f32, register, (64,128):(1,64)>
  return
}

// -----

!mfma = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled = !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
func.func @partition_shape_of_a_dynamic_tile(%n: i32) {
  %atom = fly.make_mma_atom : !mfma
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!mfma, !fly.layout<(1,1,1):(0,1,2)>) -> !tiled
  %s = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(?,16)>
  // expected-error @+2 {{fly.tiled_mma.partition_shape: the tile's shape must be static, got '!fly.int_tuple<(?,16)>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = fly.tiled_mma.partition_shape(a, %mma, %s) : (!tiled, !fly.int_tuple<(?,16)>) -> !fly.int_tuple<(4,1,1)>
  return
}

// -----

func.func @resource_of_a_global_pointer(%p: !fly.ptr<f32, global>) {
  // expected-error @+1 {{'fly_rocdl.get_buffer_rsrc' op takes a pointer into a buffer (#fly_rocdl.buffer_desc), not '!fly.ptr<f32, global>'}}
  %r = fly_rocdl.get_buffer_rsrc(%p) : (!fly.ptr<f32, global>) -> !llvm.ptr<8>
  return
}

// -----

func.func @first_element_of_registers(%p: !fly.ptr<f32, register>) {
  %l = fly.static : !fly.layout<4:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  // expected-error @+1 {{'fly.extract_aligned_pointer_as_index' op gives the address of a global or shared tensor, not of a register one}}
  %r = fly.extract_aligned_pointer_as_index %t : !fly.memref<f32, register, 4:1> -> !llvm.ptr<5>
  return
}

// -----

!mfma = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled = !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
func.func @mma_partition_of_flat_coordinates() {
  %atom = fly.make_mma_atom : !mfma
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!mfma, !fly.layout<(1,1,1):(0,1,2)>) -> !tiled
  %base = fly.static : !fly.int_tuple<0>
  %l = fly.static : !fly.layout<256:1>
  %ct = fly.make_view(%base, %l) : (!fly.int_tuple<0>, !fly.layout<256:1>) -> !fly.coord_tensor<0, 256:1>
  %thr = fly.static : !fly.int_tuple<17>
  // expected-error @+2 {{fly.tiled_mma.partition: cannot partition coordinates 256:1: an MMA operand has at least two modes, got 256:1}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = fly.tiled_mma.partition(b, %mma, %ct, %thr) : (!tiled, !fly.coord_tensor<0, 256:1>, !fly.int_tuple<17>) -> !fly.coord_tensor<0, 4:1>
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_of_disagreeing_extents(%mma: !mma, %d: !fly.memref<f32, register, (4,2,2):(1,4,8)>,
    %a: !fly.memref<f32, register, (1,3,2):(0,1,3)>, %c: !fly.memref<f32, register, (4,2,2):(1,4,8)>) {
  // expected-error @+1 {{takes one atom call's fragments, or D and C as (V, M, N), A as (V, M, K) and B as (V, N, K) (K may be left out) of static extents; got D (4,2,2):(1,4,8), A (1,3,2):(0,1,3)}}
  fly.gemm(%mma, %d, %a, %a, %c)
      : (!mma, !fly.memref<f32, register, (4,2,2):(1,4,8)>, !fly.memref<f32, register, (1,3,2):(0,1,3)>,
         !fly.memref<f32, register, (1,3,2):(0,1,3)>, !fly.memref<f32, register, (4,2,2):(1,4,8)>) -> ()
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_of_too_many_values_a_call(%mma: !mma, %d: !fly.memref<f32, register, (8,2,2):(1,8,16)>,
    %a: !fly.memref<f32, register, (1,2):(0,1)>) {
  // expected-error @+1 {{takes 4 values of D per lane and call (mode 0), not (8,2,2):(1,8,16)}}
  fly.gemm(%mma, %d, %a, %a, %d)
      : (!mma, !fly.memref<f32, register, (8,2,2):(1,8,16)>, !fly.memref<f32, register, (1,2):(0,1)>,
         !fly.memref<f32, register, (1,2):(0,1)>, !fly.memref<f32, register, (8,2,2):(1,8,16)>) -> ()
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_of_an_unknown_order(%mma: !mma, %d: !fly.memref<f32, register, 4:1>,
    %a: !fly.memref<f32, register, 1:1>) {
  // expected-error @+2 {{expected ::fly::ir::fly::GemmTraversalOrder to be one of: kmn, knm}}
  // expected-error @+1 {{failed to parse Fly_GemmTraversalOrderAttr parameter 'value'}}
  fly.gemm(%mma, %d, %a, %a, %d) {traversalOrder = #fly<gemm_traversal_order kk>}
      : (!mma, !fly.memref<f32, register, 4:1>, !fly.memref<f32, register, 1:1>,
         !fly.memref<f32, register, 1:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_order_as_a_number(%mma: !mma, %d: !fly.memref<f32, register, 4:1>,
    %a: !fly.memref<f32, register, 1:1>) {
  // expected-error @+1 {{attribute 'traversalOrder' failed to satisfy constraint}}
  fly.gemm(%mma, %d, %a, %a, %d) {traversalOrder = 3 : i32}
      : (!mma, !fly.memref<f32, register, 4:1>, !fly.memref<f32, register, 1:1>,
         !fly.memref<f32, register, 1:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_traversal_that_skips_calls(%mma: !mma, %d: !fly.memref<f32, register, (4,2,2):(1,4,8)>,
    %a: !fly.memref<f32, register, (1,2):(0,1)>) {
  %order = fly.static : !fly.layout<4:0>
  // expected-error @+1 {{must visit each of the 4 atom calls once}}
  fly.gemm(%mma, %d, %a, %a, %d) traversalLayout = %order
      : (!mma, !fly.memref<f32, register, (4,2,2):(1,4,8)>, !fly.memref<f32, register, (1,2):(0,1)>,
         !fly.memref<f32, register, (1,2):(0,1)>, !fly.memref<f32, register, (4,2,2):(1,4,8)>,
         !fly.layout<4:0>) -> ()
  return
}

// -----

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
func.func @gemm_with_two_traversals(%mma: !mma, %d: !fly.memref<f32, register, (4,2,2):(1,4,8)>,
    %a: !fly.memref<f32, register, (1,2):(0,1)>) {
  %order = fly.static : !fly.layout<4:1>
  // expected-error @+1 {{takes a traversal order or a traversal layout, not both}}
  fly.gemm(%mma, %d, %a, %a, %d) traversalLayout = %order {traversalOrder = #fly<gemm_traversal_order mnk>}
      : (!mma, !fly.memref<f32, register, (4,2,2):(1,4,8)>, !fly.memref<f32, register, (1,2):(0,1)>,
         !fly.memref<f32, register, (1,2):(0,1)>, !fly.memref<f32, register, (4,2,2):(1,4,8)>,
         !fly.layout<4:1>) -> ()
  return
}

// -----

func.func @coordinate_tensor_read_at_a_coordinate_of_other_modes() {
  %base = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %l = fly.static : !fly.layout<(2,3):(10,5)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<3>, !fly.layout<(2,3):(10,5)>)
       -> !fly.coord_tensor<3, (2,3):(10,5)>
  %c = fly.make_coord() : () -> !fly.int_tuple<(1,2,0)>
  // expected-error @+2 {{fly.memref.load: crd2idx: (1,2,0) and (2,3) do not have matching ranks}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = fly.memref.load(%t, %c) : (!fly.coord_tensor<3, (2,3):(10,5)>, !fly.int_tuple<(1,2,0)>)
       -> !fly.int_tuple<23>
  return
}

// -----

func.func @slice_of_a_layout_swizzled_tensor(%t: !fly.memref<f16, shared, (16,16):(1,16), swizzle<3,0,3>>) {
  %c = fly.make_int_tuple() : () -> !fly.int_tuple<(*,3)>
  // expected-error @+2 {{fly.slice: slices tensors of plain layouts (the pointer may swizzle), not (16,16):(1,16) swizzled}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = fly.slice(%t, %c) : (!fly.memref<f16, shared, (16,16):(1,16), swizzle<3,0,3>>, !fly.int_tuple<(*,3)>)
       -> !fly.memref<f16, shared, (16):(1)>
  return
}

// -----

!wmn = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = mn, majorB = k>>
!ta = !fly.memref<f16, shared, (64,16):(64,1), align<1024>, S<3,4,3>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<1024>, S<3,4,3>>
func.func @wgmma_tile_of_the_other_major(%a: !ta, %b: !tb, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wmn
  // expected-error @+1 {{the atom reads A MN-major, but the tile (64,16):(64,1) is K-major}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wmn, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

!wk = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
!ta = !fly.memref<f16, shared, (64,16):(1,64), align<16>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<1024>, S<3,4,3>>
func.func @wgmma_tile_of_no_canonical_layout(%a: !ta, %b: !tb, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wk
  // expected-error @+1 {{a wgmma reads A in a canonical K-major or (16-bit) MN-major layout (8 x 16-byte core matrices, or 32/64/128-byte rows under the matching swizzle); got (64,16):(1,64)}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wk, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

!wk = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
!ta = !fly.memref<f16, global, (64,16):(64,1), align<1024>, S<3,4,3>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<1024>, S<3,4,3>>
func.func @wgmma_tile_in_global_memory(%a: !ta, %b: !tb, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wk
  // expected-error @+1 {{a wgmma reads A from a shared-memory tile of its element type}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wk, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// -----

!wk = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = k>>
!ta = !fly.memref<f16, shared, (32,16):(64,1), align<1024>, S<3,4,3>>
!tb = !fly.memref<f16, shared, (8,16):(64,1), align<1024>, S<3,4,3>>
func.func @wgmma_tile_of_half_a_call(%a: !ta, %b: !tb, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !wk
  // expected-error @+1 {{a wgmma reads A as one call's 64 x 16 tile, not (32,16):(64,1)}}
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!wk, !ta, !tb, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}
