// RUN: fly-opt %s | fly-opt | FileCheck %s
// Layout types print and parse back; result types are inferred with the host algebra, so a
// declared type that differed from CuTe's answer would fail to verify.

// CHECK-LABEL: func.func @algebra
// CHECK-SAME: -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>, !fly.layout<(2,4):(0,1)>)
func.func @algebra() -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>,
                         !fly.layout<(2,4):(0,1)>) {
  // CHECK: fly.raked_product
  %a = fly.layout : !fly.layout<(2,8):(1,2)>
  %t = fly.layout : !fly.layout<(8):(1)>
  %r = fly.raked_product %a, %t : !fly.layout<(2,8):(1,2)>, !fly.layout<(8):(1)>
  // CHECK: fly.logical_divide
  %b = fly.layout : !fly.layout<(8,1,2):(1,1,8)>
  %u = fly.layout : !fly.layout<15:1>
  %d = fly.logical_divide %b, %u : !fly.layout<(8,1,2):(1,1,8)>, !fly.layout<15:1>
  // CHECK: fly.left_inverse
  %c = fly.layout : !fly.layout<4:2>
  %li = fly.left_inverse %c : !fly.layout<4:2>
  return %r, %d, %li : !fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>,
                       !fly.layout<(2,4):(0,1)>
}

// A layout as the tiler divides the layout's function, not mode by mode.
// CHECK-LABEL: func.func @zipped
// CHECK-SAME: -> (!fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>)
func.func @zipped() -> (!fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>) {
  %l = fly.layout : !fly.layout<(4,8):(8,1)>
  %t = fly.layout : !fly.layout<(2,4):(1,2)>
  %z = fly.zipped_divide %l, %t : !fly.layout<(4,8):(8,1)>, !fly.layout<(2,4):(1,2)>
  %c = fly.coalesce %l : !fly.layout<(4,8):(8,1)>
  return %z, %c : !fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>
}
