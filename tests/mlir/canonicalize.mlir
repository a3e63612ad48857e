// RUN: fly-opt %s --canonicalize | FileCheck %s
// Queries of static layouts fold to constants, and the layout values they used go.

// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT: fly.
// CHECK: return %[[C24]], %[[C24]], %[[C2]], %[[C2]]
func.func @queries() -> (index, index, index, index) {
  %l = fly.layout : !fly.layout<(2,(3,4)):(12,(1,3))>
  %s = fly.size %l : !fly.layout<(2,(3,4)):(12,(1,3))>
  %c = fly.cosize %l : !fly.layout<(2,(3,4)):(12,(1,3))>
  %r = fly.rank %l : !fly.layout<(2,(3,4)):(12,(1,3))>
  %d = fly.depth %l : !fly.layout<(2,(3,4)):(12,(1,3))>
  return %s, %c, %r, %d : index, index, index, index
}
