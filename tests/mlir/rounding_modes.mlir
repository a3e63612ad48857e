// RUN: fly-opt %s --pass-pipeline='builtin.module(fly-expand-rounding-modes)' | FileCheck %s
// A truncf under a rounding mode becomes the nearest-even truncf and a one-step correction of
// its bits; one without a mode (or to_nearest_even's) stays as it is.

// CHECK-LABEL: func.func @upward
// CHECK: %[[T:.*]] = arith.truncf %arg0 : f32 to f16
// CHECK: %[[BACK:.*]] = arith.extf %[[T]] : f16 to f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[T]] : f16 to i16
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[BACK]], %arg0 : f32
// CHECK: %[[MOVED:.*]] = arith.addi %[[BITS]], %{{.*}} : i16
// CHECK: %[[PICK:.*]] = arith.select %[[BELOW]], %[[MOVED]], %[[BITS]] : i16
// CHECK: %[[R:.*]] = arith.bitcast %[[PICK]] : i16 to f16
// CHECK: return %[[R]]
// CHECK-NOT: upward
func.func @upward(%x: f32) -> f16 {
  %r = arith.truncf %x upward : f32 to f16
  return %r : f16
}

// CHECK-LABEL: func.func @away_vector
// CHECK: arith.truncf %arg0 : vector<4xf32> to vector<4xbf16>
// CHECK: arith.cmpf oeq, %{{.*}}, %arg0 : vector<4xf32>
// CHECK: arith.bitcast %{{.*}} : vector<4xi16> to vector<4xbf16>
// CHECK-NOT: to_nearest_away
func.func @away_vector(%x: vector<4xf32>) -> vector<4xbf16> {
  %r = arith.truncf %x to_nearest_away : vector<4xf32> to vector<4xbf16>
  return %r : vector<4xbf16>
}

// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: arith.truncf %arg0 : f64 to f32
// CHECK-NEXT: arith.truncf %arg0 : f64 to f32
// CHECK-NEXT: return
func.func @untouched(%x: f64) -> (f32, f32) {
  %a = arith.truncf %x : f64 to f32
  %b = arith.truncf %x to_nearest_even : f64 to f32
  return %a, %b : f32, f32
}
