module {
  func.func private @__fly_shared_base() -> !llvm.ptr<3>
  func.func @softmax(%arg0: !llvm.ptr<1>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr<1>, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i32, %arg11: !llvm.ptr) {
    %0 = llvm.getelementptr %arg11[6] : (!llvm.ptr) -> !llvm.ptr, i64
    %1 = llvm.load %0 : !llvm.ptr -> i64
    %2 = arith.index_cast %1 : i64 to index
    %3 = llvm.getelementptr %arg11[7] : (!llvm.ptr) -> !llvm.ptr, i64
    %4 = llvm.load %3 : !llvm.ptr -> i64
    %5 = arith.index_cast %4 : i64 to index
    %6 = llvm.getelementptr %arg11[8] : (!llvm.ptr) -> !llvm.ptr, i64
    %7 = llvm.load %6 : !llvm.ptr -> i64
    %8 = arith.index_cast %7 : i64 to index
    %c64 = arith.constant 64 : index
    %9 = arith.muli %2, %5 : index
    %10 = arith.muli %9, %8 : index
    %c127_i32 = arith.constant 127 : i32
    %c23_i32 = arith.constant 23 : i32
    %cst = arith.constant 1.270000e+02 : f32
    %cst_0 = arith.constant -1.270000e+02 : f32
    %cst_1 = arith.constant 8.880000e+01 : f32
    %cst_2 = arith.constant -8.780000e+01 : f32
    %cst_3 = arith.constant 0.166666657 : f32
    %cst_4 = arith.constant 0.0416657962 : f32
    %cst_5 = arith.constant 0.00833345205 : f32
    %cst_6 = arith.constant 0.00139819994 : f32
    %cst_7 = arith.constant 1.98756912E-4 : f32
    %cst_8 = arith.constant 2.12194442E-4 : f32
    %cst_9 = arith.constant -0.693359375 : f32
    %cst_10 = arith.constant 1.44269502 : f32
    %cst_11 = arith.constant 5.000000e-01 : f32
    %cst_12 = arith.constant 1.000000e+00 : f32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_13 = arith.constant 0.000000e+00 : f32
    %c128_i32 = arith.constant 128 : i32
    %cst_14 = arith.constant -3.000000e+38 : f32
    %c256_i32 = arith.constant 256 : i32
    %11 = llvm.getelementptr %arg11[3] : (!llvm.ptr) -> !llvm.ptr, i64
    %12 = llvm.load %11 : !llvm.ptr -> i64
    %13 = arith.index_cast %12 : i64 to index
    %14 = arith.index_cast %13 : index to i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %15 = arith.index_cast %10 : index to i64
    %16 = llvm.alloca %15 x f32 : (i64) -> !llvm.ptr
    %17 = arith.index_cast %10 : index to i64
    %18 = llvm.alloca %17 x f32 : (i64) -> !llvm.ptr
    %19 = arith.index_cast %10 : index to i64
    %20 = llvm.alloca %19 x i32 : (i64) -> !llvm.ptr
    %21 = arith.index_cast %10 : index to i64
    %22 = llvm.alloca %21 x !llvm.ptr<3> : (i64) -> !llvm.ptr
    %23 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %23 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = func.call @__fly_shared_base() : () -> !llvm.ptr<3>
          %50 = arith.index_cast %47 : index to i64
          %51 = llvm.getelementptr %22[%50] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          llvm.store %49, %51 : !llvm.ptr<3>, !llvm.ptr
          %52 = arith.index_cast %arg14 : index to i32
          %53 = arith.index_cast %47 : index to i64
          %54 = llvm.getelementptr %20[%53] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          llvm.store %52, %54 : i32, !llvm.ptr
          %55 = scf.for %arg15 = %52 to %arg10 step %c256_i32 iter_args(%arg16 = %cst_14) -> (f32)  : i32 {
            %58 = arith.extsi %14 : i32 to i64
            %59 = arith.muli %arg3, %58 : i64
            %60 = arith.extsi %arg15 : i32 to i64
            %61 = arith.addi %59, %60 : i64
            %62 = llvm.getelementptr %arg0[%61] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
            %63 = llvm.load %62 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
            %64 = arith.maximumf %arg16, %63 : f32
            scf.yield %64 : f32
          }
          %56 = arith.extsi %52 : i32 to i64
          %57 = llvm.getelementptr %49[%56] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          llvm.store %55, %57 {alignment = 4 : i64} : f32, !llvm.ptr<3>
        }
      }
    }
    %24 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %24 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c128_i32 : i32
          %56 = arith.addi %51, %c128_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %25 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %25 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c64_i32 : i32
          %56 = arith.addi %51, %c64_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %26 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %26 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c32_i32 : i32
          %56 = arith.addi %51, %c32_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %27 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %27 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c16_i32 : i32
          %56 = arith.addi %51, %c16_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %28 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %28 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c8_i32 : i32
          %56 = arith.addi %51, %c8_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %29 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %29 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c4_i32 : i32
          %56 = arith.addi %51, %c4_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %30 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %30 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c2_i32 : i32
          %56 = arith.addi %51, %c2_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %31 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %31 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c1_i32 : i32
          %56 = arith.addi %51, %c1_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.maximumf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %32 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %32 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %22[%49] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %51 = llvm.load %50 : !llvm.ptr -> !llvm.ptr<3>
          %52 = llvm.load %51 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %53 = arith.index_cast %47 : index to i64
          %54 = llvm.getelementptr %18[%53] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          llvm.store %52, %54 : f32, !llvm.ptr
        }
      }
    }
    %33 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %33 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %18[%49] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %51 = llvm.load %50 : !llvm.ptr -> f32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %20[%52] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %54 = llvm.load %53 : !llvm.ptr -> i32
          %55 = arith.index_cast %47 : index to i64
          %56 = llvm.getelementptr %22[%55] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %57 = llvm.load %56 : !llvm.ptr -> !llvm.ptr<3>
          %58 = scf.for %arg15 = %54 to %arg10 step %c256_i32 iter_args(%arg16 = %cst_13) -> (f32)  : i32 {
            %61 = arith.extsi %14 : i32 to i64
            %62 = arith.muli %arg3, %61 : i64
            %63 = arith.extsi %arg15 : i32 to i64
            %64 = arith.addi %62, %63 : i64
            %65 = llvm.getelementptr %arg0[%64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
            %66 = llvm.load %65 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
            %67 = arith.subf %66, %51 : f32
            %68 = arith.cmpf uge, %67, %cst_2 : f32
            %69 = arith.select %68, %67, %cst_2 : f32
            %70 = arith.cmpf ule, %69, %cst_1 : f32
            %71 = arith.select %70, %69, %cst_1 : f32
            %72 = math.fma %71, %cst_10, %cst_11 : f32
            %73 = math.floor %72 : f32
            %74 = arith.cmpf uge, %73, %cst_0 : f32
            %75 = arith.select %74, %73, %cst_0 : f32
            %76 = arith.cmpf ule, %75, %cst : f32
            %77 = arith.select %76, %75, %cst : f32
            %78 = math.fma %cst_9, %77, %71 : f32
            %79 = math.fma %cst_8, %77, %78 : f32
            %80 = math.fma %79, %cst_7, %cst_6 : f32
            %81 = math.fma %80, %79, %cst_5 : f32
            %82 = math.fma %81, %79, %cst_4 : f32
            %83 = math.fma %82, %79, %cst_3 : f32
            %84 = math.fma %83, %79, %cst_11 : f32
            %85 = arith.mulf %79, %79 : f32
            %86 = math.fma %84, %85, %79 : f32
            %87 = arith.addf %86, %cst_12 : f32
            %88 = arith.fptosi %77 : f32 to i32
            %89 = arith.addi %88, %c127_i32 : i32
            %90 = arith.shli %89, %c23_i32 : i32
            %91 = arith.bitcast %90 : i32 to f32
            %92 = arith.mulf %87, %91 : f32
            %93 = arith.addf %arg16, %92 : f32
            scf.yield %93 : f32
          }
          %59 = arith.extsi %54 : i32 to i64
          %60 = llvm.getelementptr %57[%59] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          llvm.store %58, %60 {alignment = 4 : i64} : f32, !llvm.ptr<3>
        }
      }
    }
    %34 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %34 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c128_i32 : i32
          %56 = arith.addi %51, %c128_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %35 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %35 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c64_i32 : i32
          %56 = arith.addi %51, %c64_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %36 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %36 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c32_i32 : i32
          %56 = arith.addi %51, %c32_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %37 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %37 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c16_i32 : i32
          %56 = arith.addi %51, %c16_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %38 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %38 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c8_i32 : i32
          %56 = arith.addi %51, %c8_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %39 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %39 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c4_i32 : i32
          %56 = arith.addi %51, %c4_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %40 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %40 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c2_i32 : i32
          %56 = arith.addi %51, %c2_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %41 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %41 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %20[%49] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %51 = llvm.load %50 : !llvm.ptr -> i32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %22[%52] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %54 = llvm.load %53 : !llvm.ptr -> !llvm.ptr<3>
          %55 = arith.cmpi slt, %51, %c1_i32 : i32
          %56 = arith.addi %51, %c1_i32 : i32
          %57 = scf.if %55 -> (f32) {
            %62 = arith.extsi %56 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
            scf.yield %64 : f32
          } else {
            scf.yield %cst_13 : f32
          }
          %58 = arith.extsi %51 : i32 to i64
          %59 = llvm.getelementptr %54[%58] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
          %60 = llvm.load %59 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %61 = arith.addf %60, %57 : f32
          scf.if %55 {
            %62 = arith.extsi %51 : i32 to i64
            %63 = llvm.getelementptr %54[%62] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
            llvm.store %61, %63 {alignment = 4 : i64} : f32, !llvm.ptr<3>
          }
        }
      }
    }
    %42 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %42 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %22[%49] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
          %51 = llvm.load %50 : !llvm.ptr -> !llvm.ptr<3>
          %52 = llvm.load %51 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
          %53 = arith.index_cast %47 : index to i64
          %54 = llvm.getelementptr %16[%53] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          llvm.store %52, %54 : f32, !llvm.ptr
        }
      }
    }
    %43 = arith.divui %10, %9 : index
    scf.for %arg12 = %c0 to %43 step %c1 {
      scf.for %arg13 = %c0 to %5 step %c1 {
        scf.for %arg14 = %c0 to %2 step %c1 {
          %44 = arith.muli %arg12, %5 : index
          %45 = arith.addi %44, %arg13 : index
          %46 = arith.muli %45, %2 : index
          %47 = arith.addi %46, %arg14 : index
          %48 = arith.remui %47, %c64 : index
          %49 = arith.index_cast %47 : index to i64
          %50 = llvm.getelementptr %16[%49] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %51 = llvm.load %50 : !llvm.ptr -> f32
          %52 = arith.index_cast %47 : index to i64
          %53 = llvm.getelementptr %18[%52] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %54 = llvm.load %53 : !llvm.ptr -> f32
          %55 = arith.index_cast %47 : index to i64
          %56 = llvm.getelementptr %20[%55] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %57 = llvm.load %56 : !llvm.ptr -> i32
          %58 = arith.divf %cst_12, %51 : f32
          scf.for %arg15 = %57 to %arg10 step %c256_i32  : i32 {
            %59 = arith.extsi %14 : i32 to i64
            %60 = arith.muli %arg3, %59 : i64
            %61 = arith.extsi %arg15 : i32 to i64
            %62 = arith.addi %60, %61 : i64
            %63 = llvm.getelementptr %arg0[%62] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
            %64 = llvm.load %63 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
            %65 = arith.subf %64, %54 : f32
            %66 = arith.cmpf uge, %65, %cst_2 : f32
            %67 = arith.select %66, %65, %cst_2 : f32
            %68 = arith.cmpf ule, %67, %cst_1 : f32
            %69 = arith.select %68, %67, %cst_1 : f32
            %70 = math.fma %69, %cst_10, %cst_11 : f32
            %71 = math.floor %70 : f32
            %72 = arith.cmpf uge, %71, %cst_0 : f32
            %73 = arith.select %72, %71, %cst_0 : f32
            %74 = arith.cmpf ule, %73, %cst : f32
            %75 = arith.select %74, %73, %cst : f32
            %76 = math.fma %cst_9, %75, %69 : f32
            %77 = math.fma %cst_8, %75, %76 : f32
            %78 = math.fma %77, %cst_7, %cst_6 : f32
            %79 = math.fma %78, %77, %cst_5 : f32
            %80 = math.fma %79, %77, %cst_4 : f32
            %81 = math.fma %80, %77, %cst_3 : f32
            %82 = math.fma %81, %77, %cst_11 : f32
            %83 = arith.mulf %77, %77 : f32
            %84 = math.fma %82, %83, %77 : f32
            %85 = arith.addf %84, %cst_12 : f32
            %86 = arith.fptosi %75 : f32 to i32
            %87 = arith.addi %86, %c127_i32 : i32
            %88 = arith.shli %87, %c23_i32 : i32
            %89 = arith.bitcast %88 : i32 to f32
            %90 = arith.mulf %85, %89 : f32
            %91 = arith.mulf %90, %58 : f32
            %92 = arith.extsi %14 : i32 to i64
            %93 = arith.muli %arg8, %92 : i64
            %94 = arith.extsi %arg15 : i32 to i64
            %95 = arith.addi %93, %94 : i64
            %96 = llvm.getelementptr %arg5[%95] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
            llvm.store %91, %96 {alignment = 4 : i64} : f32, !llvm.ptr<1>
          }
        }
      }
    }
    return
  }
}
