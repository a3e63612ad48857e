// RUN: fly-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm | FileCheck %s --check-prefix=LOWER
// Composed layouts, inner o offset o outer: the inner function is a swizzle of offsets
// (S<B,M,S>), a swizzle of coordinates (CS<...>), a layout or another composition; the outer one
// a layout or a composition (printed between brackets). Their types hold them whole.

// A row-major 8x64 tile under Swizzle<3,4,3>: (3,17) is at 3*64+17 = 209 before the swizzle,
// whose bits 7..9 (here 0b001) flip bits 4..6: 209 ^ 16 = 193.
// ROUND-LABEL: func.func @swizzled_tile
// ROUND: fly.make_composed_layout({{.*}}) : (!fly.swizzle<S<3,4,3>>, !fly.int_tuple<0>, !fly.layout<(8,64):(64,1)>) -> !fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>
// ROUND: fly.crd2idx({{.*}}) : (!fly.int_tuple<(3,17)>, !fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>) -> !fly.int_tuple<193>
// LOWER-LABEL: func.func @swizzled_tile
// LOWER: %[[C:.*]] = arith.constant 193 : i32
// LOWER: return %[[C]]
func.func @swizzled_tile() -> i32 {
  %sw = fly.static : !fly.swizzle<S<3,4,3>>
  %off = fly.static : !fly.int_tuple<0>
  %l = fly.static : !fly.layout<(8,64):(64,1)>
  %c = fly.make_composed_layout(%sw, %off, %l)
      : (!fly.swizzle<S<3,4,3>>, !fly.int_tuple<0>, !fly.layout<(8, 64) : (64, 1)>)
      -> !fly.composed_layout<S<3,4,3> o 0 o (8, 64) : (64, 1)>
  %crd = fly.static : !fly.int_tuple<(3,17)>
  %i = fly.crd2idx(%crd, %c)
      : (!fly.int_tuple<(3,17)>, !fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>)
      -> !fly.int_tuple<193>
  %s = fly.get_scalar(%i) : (!fly.int_tuple<193>) -> i32
  return %s : i32
}

// Slicing moves the coordinate's integers into the offset: row 2 starts at 128, and the
// swizzle still sees the whole offset.
// ROUND-LABEL: func.func @slice_a_row
// ROUND: fly.slice({{.*}}) -> !fly.composed_layout<S<3,4,3> o 128 o 64:1>
func.func @slice_a_row(%c: !fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>)
    -> !fly.composed_layout<S<3,4,3> o 128 o 64:1> {
  %crd = fly.static : !fly.int_tuple<(2,*)>
  %r = fly.slice(%c, %crd)
      : (!fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>, !fly.int_tuple<(2,*)>)
      -> !fly.composed_layout<S<3,4,3> o 128 o 64:1>
  return %r : !fly.composed_layout<S<3,4,3> o 128 o 64:1>
}

// A coordinate swizzle XORs mode 2 of the coordinate (1,5,6) with the low 3 bits of mode 1:
// 6 ^ 5 = 3.
// ROUND-LABEL: func.func @swizzled_coordinates
// ROUND: -> !fly.int_tuple<(1,5,3)>
func.func @swizzled_coordinates() -> !fly.int_tuple<(1,5,3)> {
  %cs = fly.static : !fly.coord_swizzle<CS<3,0,[1],0,[2]>>
  %off = fly.static : !fly.int_tuple<(0,0,0)>
  %l = fly.static : !fly.layout<(4,8,8):(1E0,1E1,1E2)>
  %c = fly.make_composed_layout(%cs, %off, %l)
      : (!fly.coord_swizzle<CS<3,0,[1],0,[2]>>, !fly.int_tuple<(0,0,0)>,
         !fly.layout<(4,8,8):(1E0,1E1,1E2)>)
      -> !fly.composed_layout<CS<3,0,[1],0,[2]> o (0,0,0) o (4,8,8):(1E0,1E1,1E2)>
  %crd = fly.static : !fly.int_tuple<(1,5,6)>
  %i = fly.crd2idx(%crd, %c)
      : (!fly.int_tuple<(1,5,6)>,
         !fly.composed_layout<CS<3,0,[1],0,[2]> o (0,0,0) o (4,8,8):(1E0,1E1,1E2)>)
      -> !fly.int_tuple<(1,5,3)>
  return %i : !fly.int_tuple<(1,5,3)>
}

// Nesting on both sides: a composition as the inner function prints flat, one as the outer
// function between brackets; the parts come back out with their own types.
// ROUND-LABEL: func.func @nested_parts
// ROUND: fly.composed_get_inner({{.*}}) -> !fly.composed_layout<S<1,0,1> o 0 o 16:1>
// ROUND: fly.composed_get_offset({{.*}}) -> !fly.int_tuple<2>
// ROUND: fly.composed_get_outer({{.*}}) -> !fly.composed_layout<16:1 o 1 o 4:2>
func.func @nested_parts(
    %c: !fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>) {
  %in = fly.composed_get_inner(%c)
      : (!fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>)
      -> !fly.composed_layout<S<1,0,1> o 0 o 16:1>
  %off = fly.composed_get_offset(%c)
      : (!fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>) -> !fly.int_tuple<2>
  %out = fly.composed_get_outer(%c)
      : (!fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>)
      -> !fly.composed_layout<16:1 o 1 o 4:2>
  return
}

// Through both nestings index 2 goes to 1 + 2*2 = 5 (the outer composition), then 2 + 5 = 7,
// and Swizzle<1,0,1> flips bit 0 by bit 1: 0b111 -> 0b110 = 6.
// LOWER-LABEL: func.func @nested_evaluation
// LOWER: %[[C:.*]] = arith.constant 6 : i32
// LOWER: return %[[C]]
func.func @nested_evaluation(
    %c: !fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>) -> i32 {
  %crd = fly.static : !fly.int_tuple<2>
  %i = fly.crd2idx(%crd, %c)
      : (!fly.int_tuple<2>, !fly.composed_layout<S<1,0,1> o 0 o 16:1 o 2 o [16:1 o 1 o 4:2]>)
      -> !fly.int_tuple<6>
  %s = fly.get_scalar(%i) : (!fly.int_tuple<6>) -> i32
  return %s : i32
}
