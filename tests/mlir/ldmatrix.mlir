// RUN: fly-opt %s --fly-atom-lowering=target=cuda --fly-lower-to-llvm | FileCheck %s --check-prefix=CUDA
// RUN: fly-opt %s --fly-atom-lowering=target=cpu | FileCheck %s --check-prefix=LOADS
// RUN: fly-opt %s --fly-atom-lowering=target=rocm --fly-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// FlyNVVM's ldmatrix: each lane names a row of one of the warp's 8x8 matrices and receives two
// 16-bit elements of each. On cuda it is the instruction; elsewhere each lane reads its own
// elements, whose places the op carries, as the same 16-bit words.

!p = !fly.ptr<f16, shared>

// ROUND-LABEL: func.func @two_matrices
// ROUND: fly_nvvm.ldmatrix(%{{.*}})[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {trans} : !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared>, !fly.ptr<f16, shared> -> vector<4xi16>
// CUDA-LABEL: func.func @two_matrices
// CUDA-SAME: (%[[ROW:[a-z0-9]*]]: !llvm.ptr<3>,
// CUDA: %[[M:.*]] = nvvm.ldmatrix %[[ROW]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CUDA: llvm.extractvalue %[[M]][0]
// CUDA: llvm.extractvalue %[[M]][1]
// CUDA: llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xi16>
// LOADS-LABEL: func.func @two_matrices
// LOADS-COUNT-4: fly.ptr.load(%{{.*}}) : (!fly.ptr<f16, shared>) -> f16
// LOADS: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi16>
// LOADS-NOT: ldmatrix
// LLVM-LABEL: func.func @two_matrices
// LLVM-SAME: (%[[ROW:[a-z0-9]*]]: !llvm.ptr<3>, %[[E0:[a-z0-9]*]]: !llvm.ptr<3>, %[[E1:[a-z0-9]*]]: !llvm.ptr<3>, %[[E2:[a-z0-9]*]]: !llvm.ptr<3>, %[[E3:[a-z0-9]*]]: !llvm.ptr<3>)
// LLVM: llvm.load %[[E0]] {{.*}}: !llvm.ptr<3> -> f16
// LLVM: llvm.load %[[E1]] {{.*}}: !llvm.ptr<3> -> f16
// LLVM: llvm.load %[[E2]] {{.*}}: !llvm.ptr<3> -> f16
// LLVM: llvm.load %[[E3]] {{.*}}: !llvm.ptr<3> -> f16
// LLVM-NOT: nvvm
func.func @two_matrices(%row: !llvm.ptr<3>, %e0: !llvm.ptr<3>, %e1: !llvm.ptr<3>, %e2: !llvm.ptr<3>, %e3: !llvm.ptr<3>) -> vector<4xi16> {
  %r = fly.make_ptr(%row) : (!llvm.ptr<3>) -> !p
  %a = fly.make_ptr(%e0) : (!llvm.ptr<3>) -> !p
  %b = fly.make_ptr(%e1) : (!llvm.ptr<3>) -> !p
  %c = fly.make_ptr(%e2) : (!llvm.ptr<3>) -> !p
  %d = fly.make_ptr(%e3) : (!llvm.ptr<3>) -> !p
  %v = fly_nvvm.ldmatrix(%r)[%a, %b, %c, %d] {trans} : !p, !p, !p, !p, !p -> vector<4xi16>
  return %v : vector<4xi16>
}

// One matrix: the instruction gives one i32.
// CUDA-LABEL: func.func @one_matrix
// CUDA: nvvm.ldmatrix %{{.*}} {{.*}}layout = #nvvm.mma_layout<row>, num = 1 : i32{{.*}} -> i32
// CUDA: llvm.bitcast %{{.*}} : vector<1xi32> to vector<2xi16>
func.func @one_matrix(%row: !llvm.ptr<3>, %e0: !llvm.ptr<3>, %e1: !llvm.ptr<3>) -> vector<2xi16> {
  %r = fly.make_ptr(%row) : (!llvm.ptr<3>) -> !fly.ptr<bf16, shared>
  %a = fly.make_ptr(%e0) : (!llvm.ptr<3>) -> !fly.ptr<bf16, shared>
  %b = fly.make_ptr(%e1) : (!llvm.ptr<3>) -> !fly.ptr<bf16, shared>
  %v = fly_nvvm.ldmatrix(%r)[%a, %b] : !fly.ptr<bf16, shared>, !fly.ptr<bf16, shared>, !fly.ptr<bf16, shared> -> vector<2xi16>
  return %v : vector<2xi16>
}
