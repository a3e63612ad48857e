// RUN: fly-opt %s --split-input-file --verify-diagnostics --fly-lower-to-llvm=mma-calls=true
// With mma-calls the atoms become calls of functions the pass declares; a symbol of that name
// that is something else is a diagnostic, never a call of the wrong function.

func.func private @__fly_wgmma_settle.4(vector<4xf16>) -> vector<4xf16>

func.func @settle_declared_with_another_type(%c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{the symbol __fly_wgmma_settle.4 is not a function of type (vector<4xf32>) -> vector<4xf32>, which the lowering calls}}
  %r = fly_nvvm.wgmma_wait(%c) {pending = 0 : i32} : vector<4xf32>
  return %r : vector<4xf32>
}

// -----

!w = !fly.mma_atom<!fly_nvvm.wgmma<64x8x16, (f16, f16) -> f32, majorA = k, majorB = mn>>

func.func private @__fly_mma.wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16(i64, i64, vector<4xf32>) -> vector<4xf16>

func.func @atom_declared_with_another_type(%da: i64, %db: i64, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !w
  // expected-error @+1 {{is not a function of type (i64, i64, vector<4xf32>) -> vector<4xf32>}}
  %d = fly.mma_atom_call_ssa(%atom, %da, %db, %c) : (!w, i64, i64, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}
