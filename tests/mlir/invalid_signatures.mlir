// RUN: fly-opt %s --split-input-file --verify-diagnostics --convert-fly-to-rocdl
// What convert-fly-to-rocdl cannot carry across a boundary gets a diagnostic, never a crash.

// A tensor whose layout is only known at run time has no one-pointer form.
// expected-error @+1 {{takes a tensor whose layout is dynamic or swizzled}}
func.func @dynamic_tensor_argument(%t: !fly.memref<f32, global, (4,?):(?,1)>) {
  return
}

// -----

// expected-error @+1 {{takes a tensor whose layout is dynamic or swizzled}}
func.func @swizzled_tensor_argument(%t: !fly.memref<bf16, shared, (8,64):(64,1), align 16, swizzle<3,3,3>>) {
  return
}
