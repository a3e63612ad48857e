// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s
// FlyDSL's print: a gpu.printf with one conversion per scalar inside a kernel (int tuples and
// layouts print their static leaves as text, their dynamic ones as values; narrow integers
// widen to i32, an index to i64, f16 to f32), and vector.print piece by piece elsewhere.

// ROUND-LABEL: gpu.func @in_kernel
// ROUND: "fly.print"(%{{.*}}, %{{.*}}, %{{.*}}) <{format = "i={} l={} h={} 5%"}> : (i8, !fly.layout<(4,?):(?,1)>, f16) -> ()

// CHECK-LABEL: gpu.func @in_kernel
// CHECK-DAG: %[[I:.*]] = arith.extsi %arg0 : i8 to i32
// CHECK-DAG: %[[H:.*]] = arith.extf %arg3 : f16 to f32
// CHECK: gpu.printf "i=%d l=(4,%d):(%d,1) h=%.2f 5%%\0A", %[[I]], %arg1, %arg2, %[[H]] : i32, i32, i32, f32
// CHECK-NOT: fly.print
gpu.module @kernels {
  gpu.func @in_kernel(%i: i8, %n: i32, %s: i32, %h: f16) kernel {
    %shape = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(4,?)>
    %stride = fly.make_int_tuple(%s) : (i32) -> !fly.int_tuple<(?,1)>
    %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(4,?)>, !fly.int_tuple<(?,1)>) -> !fly.layout<(4,?):(?,1)>
    "fly.print"(%i, %l, %h) <{format = "i={} l={} h={} 5%"}> : (i8, !fly.layout<(4,?):(?,1)>, f16) -> ()
    gpu.return
  }
}

// Without a format the values are separated by spaces; a vector prints its lanes; a `{}` past
// the values stays text; an index prints as i64.
// CHECK-LABEL: gpu.func @spaces
// CHECK: %[[X:.*]] = arith.index_cast %arg1 : index to i64
// CHECK: gpu.printf "[%d, %d] %lld\0A", %{{.*}}, %{{.*}}, %[[X]] : i32, i32, i64
// CHECK: gpu.printf "x=%lld {}\0A", %{{.*}} : i64
gpu.module @more {
  gpu.func @spaces(%v: vector<2xi32>, %x: index) kernel {
    "fly.print"(%v, %x) <{format = ""}> : (vector<2xi32>, index) -> ()
    "fly.print"(%x) <{format = "x={} {}"}> : (index) -> ()
    gpu.return
  }
}

// CHECK-LABEL: func.func @on_host
// CHECK: vector.print str "n="
// CHECK-NEXT: vector.print %arg0 : i32 punctuation <no_punctuation>
// CHECK-NEXT: vector.print str " t=(2,4)"
// CHECK-NEXT: vector.print{{$}}
func.func @on_host(%n: i32) {
  %t = fly.static : !fly.int_tuple<(2,4)>
  "fly.print"(%n, %t) <{format = "n={} t={}"}> : (i32, !fly.int_tuple<(2,4)>) -> ()
  return
}
