// RUN: fly-opt %s --fly-int-swizzle-simplify | FileCheck %s
// fly-int-swizzle-simplify: a swizzle x ^ ((x & mask) >> shift) touches only the bits below
// its period (the power of two above the mask's top bit), so a constant addend that is a
// multiple of the period moves out: swizzle(x + d) == swizzle(x) + d.

// Swizzle<2,4,3>: mask 0b110000000 = 384, shift 3, period 512. A tile base of 3 * 512.
// CHECK-LABEL: func.func @tile_base
// CHECK-DAG: %[[BASE:.*]] = arith.constant 1536 : i32
// CHECK-DAG: %[[MASK:.*]] = arith.constant 384 : i32
// CHECK-DAG: %[[SH:.*]] = arith.constant 3 : i32
// CHECK: %[[B:.*]] = arith.andi %arg0, %[[MASK]] : i32
// CHECK: %[[M:.*]] = arith.shrui %[[B]], %[[SH]] : i32
// CHECK: %[[S:.*]] = arith.xori %arg0, %[[M]] : i32
// CHECK: %[[R:.*]] = arith.addi %[[S]], %[[BASE]] : i32
// CHECK: return %[[R]]
func.func @tile_base(%x: i32) -> i32 {
  %base = arith.constant 1536 : i32
  %y = arith.addi %base, %x : i32
  %mask = arith.constant 384 : i32
  %sh = arith.constant 3 : i32
  %bits = arith.andi %mask, %y : i32
  %moved = arith.shrui %bits, %sh : i32
  %r = arith.xori %moved, %y : i32
  return %r : i32
}

// Two aligned addends peel one after the other; the swizzle ends on the bare value.
// CHECK-LABEL: func.func @two_addends
// CHECK: %[[S:.*]] = arith.xori %arg0, %{{.*}} : i64
// CHECK: %[[T:.*]] = arith.addi %[[S]], %{{.*}} : i64
// CHECK: arith.addi %[[T]], %{{.*}} : i64
func.func @two_addends(%x: i64) -> i64 {
  %a = arith.constant 4096 : i64
  %b = arith.constant 64 : i64
  %y0 = arith.addi %x, %b : i64
  %y = arith.addi %y0, %a : i64
  %mask = arith.constant 48 : i64
  %sh = arith.constant 2 : i64
  %bits = arith.andi %y, %mask : i64
  %moved = arith.shrui %bits, %sh : i64
  %r = arith.xori %y, %moved : i64
  return %r : i64
}

// A constant multiple of the period swizzles to nothing: 0 + d, left unfolded.
// CHECK-LABEL: func.func @whole_periods
// CHECK-DAG: %[[D:.*]] = arith.constant 2048 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[R:.*]] = arith.addi %[[Z]], %[[D]] : i32
// CHECK-NOT: arith.xori
// CHECK: return %[[R]]
func.func @whole_periods() -> i32 {
  %d = arith.constant 2048 : i32
  %mask = arith.constant 384 : i32
  %sh = arith.constant 3 : i32
  %bits = arith.andi %d, %mask : i32
  %moved = arith.shrui %bits, %sh : i32
  %r = arith.xori %d, %moved : i32
  return %r : i32
}

// An addend off the period (256 < 512), a dynamic addend, and a mask that is not the xor's
// other operand's: each stays as written.
// CHECK-LABEL: func.func @untouched
// CHECK: %[[Y:.*]] = arith.addi %arg0, %{{.*}} : i32
// CHECK: arith.xori %[[Y]], %{{.*}} : i32
// CHECK: %[[Y2:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK: arith.xori %[[Y2]], %{{.*}} : i32
// CHECK: %[[Y3:.*]] = arith.addi %arg0, %{{.*}} : i32
// CHECK: arith.xori %[[Y3]], %{{.*}} : i32
// CHECK-NOT: arith.addi
// CHECK: return
func.func @untouched(%x: i32, %n: i32) -> (i32, i32, i32) {
  %off = arith.constant 256 : i32
  %mask = arith.constant 384 : i32
  %sh = arith.constant 3 : i32
  %y = arith.addi %x, %off : i32
  %b = arith.andi %y, %mask : i32
  %m = arith.shrui %b, %sh : i32
  %r = arith.xori %y, %m : i32
  %y2 = arith.addi %x, %n : i32
  %b2 = arith.andi %y2, %mask : i32
  %m2 = arith.shrui %b2, %sh : i32
  %r2 = arith.xori %y2, %m2 : i32
  %big = arith.constant 4096 : i32
  %y3 = arith.addi %x, %big : i32
  %b3 = arith.andi %x, %mask : i32
  %m3 = arith.shrui %b3, %sh : i32
  %r3 = arith.xori %y3, %m3 : i32
  return %r, %r2, %r3 : i32, i32, i32
}
