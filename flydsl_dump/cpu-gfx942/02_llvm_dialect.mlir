module {
  llvm.func @__fly_shared_base() -> !llvm.ptr<3> attributes {sym_visibility = "private"}
  llvm.func @softmax(%arg0: !llvm.ptr<1>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr<1>, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i32, %arg11: !llvm.ptr) {
    %0 = llvm.getelementptr %arg11[6] : (!llvm.ptr) -> !llvm.ptr, i64
    %1 = llvm.load %0 : !llvm.ptr -> i64
    %2 = llvm.getelementptr %arg11[7] : (!llvm.ptr) -> !llvm.ptr, i64
    %3 = llvm.load %2 : !llvm.ptr -> i64
    %4 = llvm.getelementptr %arg11[8] : (!llvm.ptr) -> !llvm.ptr, i64
    %5 = llvm.load %4 : !llvm.ptr -> i64
    %6 = llvm.mlir.constant(64 : index) : i64
    %7 = llvm.mul %1, %3 : i64
    %8 = llvm.mul %7, %5 : i64
    %9 = llvm.mlir.constant(127 : i32) : i32
    %10 = llvm.mlir.constant(23 : i32) : i32
    %11 = llvm.mlir.constant(1.270000e+02 : f32) : f32
    %12 = llvm.mlir.constant(-1.270000e+02 : f32) : f32
    %13 = llvm.mlir.constant(8.880000e+01 : f32) : f32
    %14 = llvm.mlir.constant(-8.780000e+01 : f32) : f32
    %15 = llvm.mlir.constant(0.166666657 : f32) : f32
    %16 = llvm.mlir.constant(0.0416657962 : f32) : f32
    %17 = llvm.mlir.constant(0.00833345205 : f32) : f32
    %18 = llvm.mlir.constant(0.00139819994 : f32) : f32
    %19 = llvm.mlir.constant(1.98756912E-4 : f32) : f32
    %20 = llvm.mlir.constant(2.12194442E-4 : f32) : f32
    %21 = llvm.mlir.constant(-0.693359375 : f32) : f32
    %22 = llvm.mlir.constant(1.44269502 : f32) : f32
    %23 = llvm.mlir.constant(5.000000e-01 : f32) : f32
    %24 = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %25 = llvm.mlir.constant(1 : i32) : i32
    %26 = llvm.mlir.constant(2 : i32) : i32
    %27 = llvm.mlir.constant(4 : i32) : i32
    %28 = llvm.mlir.constant(8 : i32) : i32
    %29 = llvm.mlir.constant(16 : i32) : i32
    %30 = llvm.mlir.constant(32 : i32) : i32
    %31 = llvm.mlir.constant(64 : i32) : i32
    %32 = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %33 = llvm.mlir.constant(128 : i32) : i32
    %34 = llvm.mlir.constant(-3.000000e+38 : f32) : f32
    %35 = llvm.mlir.constant(256 : i32) : i32
    %36 = llvm.getelementptr %arg11[3] : (!llvm.ptr) -> !llvm.ptr, i64
    %37 = llvm.load %36 : !llvm.ptr -> i64
    %38 = llvm.trunc %37 : i64 to i32
    %39 = llvm.mlir.constant(0 : index) : i64
    %40 = llvm.mlir.constant(1 : index) : i64
    %41 = llvm.alloca %8 x f32 : (i64) -> !llvm.ptr
    %42 = llvm.alloca %8 x f32 : (i64) -> !llvm.ptr
    %43 = llvm.alloca %8 x i32 : (i64) -> !llvm.ptr
    %44 = llvm.alloca %8 x !llvm.ptr<3> : (i64) -> !llvm.ptr
    %45 = llvm.udiv %8, %7 : i64
    llvm.br ^bb1(%39 : i64)
  ^bb1(%46: i64):  // 2 preds: ^bb0, ^bb11
    %47 = llvm.icmp "slt" %46, %45 : i64
    llvm.cond_br %47, ^bb2, ^bb12
  ^bb2:  // pred: ^bb1
    llvm.br ^bb3(%39 : i64)
  ^bb3(%48: i64):  // 2 preds: ^bb2, ^bb10
    %49 = llvm.icmp "slt" %48, %3 : i64
    llvm.cond_br %49, ^bb4, ^bb11
  ^bb4:  // pred: ^bb3
    llvm.br ^bb5(%39 : i64)
  ^bb5(%50: i64):  // 2 preds: ^bb4, ^bb9
    %51 = llvm.icmp "slt" %50, %1 : i64
    llvm.cond_br %51, ^bb6, ^bb10
  ^bb6:  // pred: ^bb5
    %52 = llvm.mul %46, %3 : i64
    %53 = llvm.add %52, %48 : i64
    %54 = llvm.mul %53, %1 : i64
    %55 = llvm.add %54, %50 : i64
    %56 = llvm.urem %55, %6 : i64
    %57 = llvm.call @__fly_shared_base() : () -> !llvm.ptr<3>
    %58 = llvm.getelementptr %44[%55] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    llvm.store %57, %58 : !llvm.ptr<3>, !llvm.ptr
    %59 = llvm.trunc %50 : i64 to i32
    %60 = llvm.getelementptr %43[%55] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %59, %60 : i32, !llvm.ptr
    llvm.br ^bb7(%59, %34 : i32, f32)
  ^bb7(%61: i32, %62: f32):  // 2 preds: ^bb6, ^bb8
    %63 = llvm.icmp "slt" %61, %arg10 : i32
    llvm.cond_br %63, ^bb8, ^bb9
  ^bb8:  // pred: ^bb7
    %64 = llvm.sext %38 : i32 to i64
    %65 = llvm.mul %arg3, %64 : i64
    %66 = llvm.sext %61 : i32 to i64
    %67 = llvm.add %65, %66 : i64
    %68 = llvm.getelementptr %arg0[%67] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %69 = llvm.load %68 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %70 = llvm.intr.maximum(%62, %69) : (f32, f32) -> f32
    %71 = llvm.add %61, %35 : i32
    llvm.br ^bb7(%71, %70 : i32, f32)
  ^bb9:  // pred: ^bb7
    %72 = llvm.sext %59 : i32 to i64
    %73 = llvm.getelementptr %57[%72] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %62, %73 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    %74 = llvm.add %50, %40 : i64
    llvm.br ^bb5(%74 : i64)
  ^bb10:  // pred: ^bb5
    %75 = llvm.add %48, %40 : i64
    llvm.br ^bb3(%75 : i64)
  ^bb11:  // pred: ^bb3
    %76 = llvm.add %46, %40 : i64
    llvm.br ^bb1(%76 : i64)
  ^bb12:  // pred: ^bb1
    %77 = llvm.udiv %8, %7 : i64
    llvm.br ^bb13(%39 : i64)
  ^bb13(%78: i64):  // 2 preds: ^bb12, ^bb26
    %79 = llvm.icmp "slt" %78, %77 : i64
    llvm.cond_br %79, ^bb14, ^bb27
  ^bb14:  // pred: ^bb13
    llvm.br ^bb15(%39 : i64)
  ^bb15(%80: i64):  // 2 preds: ^bb14, ^bb25
    %81 = llvm.icmp "slt" %80, %3 : i64
    llvm.cond_br %81, ^bb16, ^bb26
  ^bb16:  // pred: ^bb15
    llvm.br ^bb17(%39 : i64)
  ^bb17(%82: i64):  // 2 preds: ^bb16, ^bb24
    %83 = llvm.icmp "slt" %82, %1 : i64
    llvm.cond_br %83, ^bb18, ^bb25
  ^bb18:  // pred: ^bb17
    %84 = llvm.mul %78, %3 : i64
    %85 = llvm.add %84, %80 : i64
    %86 = llvm.mul %85, %1 : i64
    %87 = llvm.add %86, %82 : i64
    %88 = llvm.urem %87, %6 : i64
    %89 = llvm.getelementptr %43[%87] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %90 = llvm.load %89 : !llvm.ptr -> i32
    %91 = llvm.getelementptr %44[%87] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %92 = llvm.load %91 : !llvm.ptr -> !llvm.ptr<3>
    %93 = llvm.icmp "slt" %90, %33 : i32
    %94 = llvm.add %90, %33 : i32
    llvm.cond_br %93, ^bb19, ^bb20
  ^bb19:  // pred: ^bb18
    %95 = llvm.sext %94 : i32 to i64
    %96 = llvm.getelementptr %92[%95] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %97 = llvm.load %96 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb21(%97 : f32)
  ^bb20:  // pred: ^bb18
    llvm.br ^bb21(%32 : f32)
  ^bb21(%98: f32):  // 2 preds: ^bb19, ^bb20
    llvm.br ^bb22
  ^bb22:  // pred: ^bb21
    %99 = llvm.sext %90 : i32 to i64
    %100 = llvm.getelementptr %92[%99] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %101 = llvm.load %100 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %102 = llvm.intr.maximum(%101, %98) : (f32, f32) -> f32
    llvm.cond_br %93, ^bb23, ^bb24
  ^bb23:  // pred: ^bb22
    %103 = llvm.sext %90 : i32 to i64
    %104 = llvm.getelementptr %92[%103] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %102, %104 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb24
  ^bb24:  // 2 preds: ^bb22, ^bb23
    %105 = llvm.add %82, %40 : i64
    llvm.br ^bb17(%105 : i64)
  ^bb25:  // pred: ^bb17
    %106 = llvm.add %80, %40 : i64
    llvm.br ^bb15(%106 : i64)
  ^bb26:  // pred: ^bb15
    %107 = llvm.add %78, %40 : i64
    llvm.br ^bb13(%107 : i64)
  ^bb27:  // pred: ^bb13
    %108 = llvm.udiv %8, %7 : i64
    llvm.br ^bb28(%39 : i64)
  ^bb28(%109: i64):  // 2 preds: ^bb27, ^bb41
    %110 = llvm.icmp "slt" %109, %108 : i64
    llvm.cond_br %110, ^bb29, ^bb42
  ^bb29:  // pred: ^bb28
    llvm.br ^bb30(%39 : i64)
  ^bb30(%111: i64):  // 2 preds: ^bb29, ^bb40
    %112 = llvm.icmp "slt" %111, %3 : i64
    llvm.cond_br %112, ^bb31, ^bb41
  ^bb31:  // pred: ^bb30
    llvm.br ^bb32(%39 : i64)
  ^bb32(%113: i64):  // 2 preds: ^bb31, ^bb39
    %114 = llvm.icmp "slt" %113, %1 : i64
    llvm.cond_br %114, ^bb33, ^bb40
  ^bb33:  // pred: ^bb32
    %115 = llvm.mul %109, %3 : i64
    %116 = llvm.add %115, %111 : i64
    %117 = llvm.mul %116, %1 : i64
    %118 = llvm.add %117, %113 : i64
    %119 = llvm.urem %118, %6 : i64
    %120 = llvm.getelementptr %43[%118] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %121 = llvm.load %120 : !llvm.ptr -> i32
    %122 = llvm.getelementptr %44[%118] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %123 = llvm.load %122 : !llvm.ptr -> !llvm.ptr<3>
    %124 = llvm.icmp "slt" %121, %31 : i32
    %125 = llvm.add %121, %31 : i32
    llvm.cond_br %124, ^bb34, ^bb35
  ^bb34:  // pred: ^bb33
    %126 = llvm.sext %125 : i32 to i64
    %127 = llvm.getelementptr %123[%126] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %128 = llvm.load %127 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb36(%128 : f32)
  ^bb35:  // pred: ^bb33
    llvm.br ^bb36(%32 : f32)
  ^bb36(%129: f32):  // 2 preds: ^bb34, ^bb35
    llvm.br ^bb37
  ^bb37:  // pred: ^bb36
    %130 = llvm.sext %121 : i32 to i64
    %131 = llvm.getelementptr %123[%130] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %132 = llvm.load %131 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %133 = llvm.intr.maximum(%132, %129) : (f32, f32) -> f32
    llvm.cond_br %124, ^bb38, ^bb39
  ^bb38:  // pred: ^bb37
    %134 = llvm.sext %121 : i32 to i64
    %135 = llvm.getelementptr %123[%134] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %133, %135 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb39
  ^bb39:  // 2 preds: ^bb37, ^bb38
    %136 = llvm.add %113, %40 : i64
    llvm.br ^bb32(%136 : i64)
  ^bb40:  // pred: ^bb32
    %137 = llvm.add %111, %40 : i64
    llvm.br ^bb30(%137 : i64)
  ^bb41:  // pred: ^bb30
    %138 = llvm.add %109, %40 : i64
    llvm.br ^bb28(%138 : i64)
  ^bb42:  // pred: ^bb28
    %139 = llvm.udiv %8, %7 : i64
    llvm.br ^bb43(%39 : i64)
  ^bb43(%140: i64):  // 2 preds: ^bb42, ^bb56
    %141 = llvm.icmp "slt" %140, %139 : i64
    llvm.cond_br %141, ^bb44, ^bb57
  ^bb44:  // pred: ^bb43
    llvm.br ^bb45(%39 : i64)
  ^bb45(%142: i64):  // 2 preds: ^bb44, ^bb55
    %143 = llvm.icmp "slt" %142, %3 : i64
    llvm.cond_br %143, ^bb46, ^bb56
  ^bb46:  // pred: ^bb45
    llvm.br ^bb47(%39 : i64)
  ^bb47(%144: i64):  // 2 preds: ^bb46, ^bb54
    %145 = llvm.icmp "slt" %144, %1 : i64
    llvm.cond_br %145, ^bb48, ^bb55
  ^bb48:  // pred: ^bb47
    %146 = llvm.mul %140, %3 : i64
    %147 = llvm.add %146, %142 : i64
    %148 = llvm.mul %147, %1 : i64
    %149 = llvm.add %148, %144 : i64
    %150 = llvm.urem %149, %6 : i64
    %151 = llvm.getelementptr %43[%149] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %152 = llvm.load %151 : !llvm.ptr -> i32
    %153 = llvm.getelementptr %44[%149] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %154 = llvm.load %153 : !llvm.ptr -> !llvm.ptr<3>
    %155 = llvm.icmp "slt" %152, %30 : i32
    %156 = llvm.add %152, %30 : i32
    llvm.cond_br %155, ^bb49, ^bb50
  ^bb49:  // pred: ^bb48
    %157 = llvm.sext %156 : i32 to i64
    %158 = llvm.getelementptr %154[%157] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %159 = llvm.load %158 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb51(%159 : f32)
  ^bb50:  // pred: ^bb48
    llvm.br ^bb51(%32 : f32)
  ^bb51(%160: f32):  // 2 preds: ^bb49, ^bb50
    llvm.br ^bb52
  ^bb52:  // pred: ^bb51
    %161 = llvm.sext %152 : i32 to i64
    %162 = llvm.getelementptr %154[%161] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %163 = llvm.load %162 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %164 = llvm.intr.maximum(%163, %160) : (f32, f32) -> f32
    llvm.cond_br %155, ^bb53, ^bb54
  ^bb53:  // pred: ^bb52
    %165 = llvm.sext %152 : i32 to i64
    %166 = llvm.getelementptr %154[%165] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %164, %166 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb54
  ^bb54:  // 2 preds: ^bb52, ^bb53
    %167 = llvm.add %144, %40 : i64
    llvm.br ^bb47(%167 : i64)
  ^bb55:  // pred: ^bb47
    %168 = llvm.add %142, %40 : i64
    llvm.br ^bb45(%168 : i64)
  ^bb56:  // pred: ^bb45
    %169 = llvm.add %140, %40 : i64
    llvm.br ^bb43(%169 : i64)
  ^bb57:  // pred: ^bb43
    %170 = llvm.udiv %8, %7 : i64
    llvm.br ^bb58(%39 : i64)
  ^bb58(%171: i64):  // 2 preds: ^bb57, ^bb71
    %172 = llvm.icmp "slt" %171, %170 : i64
    llvm.cond_br %172, ^bb59, ^bb72
  ^bb59:  // pred: ^bb58
    llvm.br ^bb60(%39 : i64)
  ^bb60(%173: i64):  // 2 preds: ^bb59, ^bb70
    %174 = llvm.icmp "slt" %173, %3 : i64
    llvm.cond_br %174, ^bb61, ^bb71
  ^bb61:  // pred: ^bb60
    llvm.br ^bb62(%39 : i64)
  ^bb62(%175: i64):  // 2 preds: ^bb61, ^bb69
    %176 = llvm.icmp "slt" %175, %1 : i64
    llvm.cond_br %176, ^bb63, ^bb70
  ^bb63:  // pred: ^bb62
    %177 = llvm.mul %171, %3 : i64
    %178 = llvm.add %177, %173 : i64
    %179 = llvm.mul %178, %1 : i64
    %180 = llvm.add %179, %175 : i64
    %181 = llvm.urem %180, %6 : i64
    %182 = llvm.getelementptr %43[%180] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %183 = llvm.load %182 : !llvm.ptr -> i32
    %184 = llvm.getelementptr %44[%180] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %185 = llvm.load %184 : !llvm.ptr -> !llvm.ptr<3>
    %186 = llvm.icmp "slt" %183, %29 : i32
    %187 = llvm.add %183, %29 : i32
    llvm.cond_br %186, ^bb64, ^bb65
  ^bb64:  // pred: ^bb63
    %188 = llvm.sext %187 : i32 to i64
    %189 = llvm.getelementptr %185[%188] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %190 = llvm.load %189 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb66(%190 : f32)
  ^bb65:  // pred: ^bb63
    llvm.br ^bb66(%32 : f32)
  ^bb66(%191: f32):  // 2 preds: ^bb64, ^bb65
    llvm.br ^bb67
  ^bb67:  // pred: ^bb66
    %192 = llvm.sext %183 : i32 to i64
    %193 = llvm.getelementptr %185[%192] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %194 = llvm.load %193 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %195 = llvm.intr.maximum(%194, %191) : (f32, f32) -> f32
    llvm.cond_br %186, ^bb68, ^bb69
  ^bb68:  // pred: ^bb67
    %196 = llvm.sext %183 : i32 to i64
    %197 = llvm.getelementptr %185[%196] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %195, %197 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb69
  ^bb69:  // 2 preds: ^bb67, ^bb68
    %198 = llvm.add %175, %40 : i64
    llvm.br ^bb62(%198 : i64)
  ^bb70:  // pred: ^bb62
    %199 = llvm.add %173, %40 : i64
    llvm.br ^bb60(%199 : i64)
  ^bb71:  // pred: ^bb60
    %200 = llvm.add %171, %40 : i64
    llvm.br ^bb58(%200 : i64)
  ^bb72:  // pred: ^bb58
    %201 = llvm.udiv %8, %7 : i64
    llvm.br ^bb73(%39 : i64)
  ^bb73(%202: i64):  // 2 preds: ^bb72, ^bb86
    %203 = llvm.icmp "slt" %202, %201 : i64
    llvm.cond_br %203, ^bb74, ^bb87
  ^bb74:  // pred: ^bb73
    llvm.br ^bb75(%39 : i64)
  ^bb75(%204: i64):  // 2 preds: ^bb74, ^bb85
    %205 = llvm.icmp "slt" %204, %3 : i64
    llvm.cond_br %205, ^bb76, ^bb86
  ^bb76:  // pred: ^bb75
    llvm.br ^bb77(%39 : i64)
  ^bb77(%206: i64):  // 2 preds: ^bb76, ^bb84
    %207 = llvm.icmp "slt" %206, %1 : i64
    llvm.cond_br %207, ^bb78, ^bb85
  ^bb78:  // pred: ^bb77
    %208 = llvm.mul %202, %3 : i64
    %209 = llvm.add %208, %204 : i64
    %210 = llvm.mul %209, %1 : i64
    %211 = llvm.add %210, %206 : i64
    %212 = llvm.urem %211, %6 : i64
    %213 = llvm.getelementptr %43[%211] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %214 = llvm.load %213 : !llvm.ptr -> i32
    %215 = llvm.getelementptr %44[%211] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %216 = llvm.load %215 : !llvm.ptr -> !llvm.ptr<3>
    %217 = llvm.icmp "slt" %214, %28 : i32
    %218 = llvm.add %214, %28 : i32
    llvm.cond_br %217, ^bb79, ^bb80
  ^bb79:  // pred: ^bb78
    %219 = llvm.sext %218 : i32 to i64
    %220 = llvm.getelementptr %216[%219] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %221 = llvm.load %220 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb81(%221 : f32)
  ^bb80:  // pred: ^bb78
    llvm.br ^bb81(%32 : f32)
  ^bb81(%222: f32):  // 2 preds: ^bb79, ^bb80
    llvm.br ^bb82
  ^bb82:  // pred: ^bb81
    %223 = llvm.sext %214 : i32 to i64
    %224 = llvm.getelementptr %216[%223] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %225 = llvm.load %224 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %226 = llvm.intr.maximum(%225, %222) : (f32, f32) -> f32
    llvm.cond_br %217, ^bb83, ^bb84
  ^bb83:  // pred: ^bb82
    %227 = llvm.sext %214 : i32 to i64
    %228 = llvm.getelementptr %216[%227] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %226, %228 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb84
  ^bb84:  // 2 preds: ^bb82, ^bb83
    %229 = llvm.add %206, %40 : i64
    llvm.br ^bb77(%229 : i64)
  ^bb85:  // pred: ^bb77
    %230 = llvm.add %204, %40 : i64
    llvm.br ^bb75(%230 : i64)
  ^bb86:  // pred: ^bb75
    %231 = llvm.add %202, %40 : i64
    llvm.br ^bb73(%231 : i64)
  ^bb87:  // pred: ^bb73
    %232 = llvm.udiv %8, %7 : i64
    llvm.br ^bb88(%39 : i64)
  ^bb88(%233: i64):  // 2 preds: ^bb87, ^bb101
    %234 = llvm.icmp "slt" %233, %232 : i64
    llvm.cond_br %234, ^bb89, ^bb102
  ^bb89:  // pred: ^bb88
    llvm.br ^bb90(%39 : i64)
  ^bb90(%235: i64):  // 2 preds: ^bb89, ^bb100
    %236 = llvm.icmp "slt" %235, %3 : i64
    llvm.cond_br %236, ^bb91, ^bb101
  ^bb91:  // pred: ^bb90
    llvm.br ^bb92(%39 : i64)
  ^bb92(%237: i64):  // 2 preds: ^bb91, ^bb99
    %238 = llvm.icmp "slt" %237, %1 : i64
    llvm.cond_br %238, ^bb93, ^bb100
  ^bb93:  // pred: ^bb92
    %239 = llvm.mul %233, %3 : i64
    %240 = llvm.add %239, %235 : i64
    %241 = llvm.mul %240, %1 : i64
    %242 = llvm.add %241, %237 : i64
    %243 = llvm.urem %242, %6 : i64
    %244 = llvm.getelementptr %43[%242] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %245 = llvm.load %244 : !llvm.ptr -> i32
    %246 = llvm.getelementptr %44[%242] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %247 = llvm.load %246 : !llvm.ptr -> !llvm.ptr<3>
    %248 = llvm.icmp "slt" %245, %27 : i32
    %249 = llvm.add %245, %27 : i32
    llvm.cond_br %248, ^bb94, ^bb95
  ^bb94:  // pred: ^bb93
    %250 = llvm.sext %249 : i32 to i64
    %251 = llvm.getelementptr %247[%250] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %252 = llvm.load %251 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb96(%252 : f32)
  ^bb95:  // pred: ^bb93
    llvm.br ^bb96(%32 : f32)
  ^bb96(%253: f32):  // 2 preds: ^bb94, ^bb95
    llvm.br ^bb97
  ^bb97:  // pred: ^bb96
    %254 = llvm.sext %245 : i32 to i64
    %255 = llvm.getelementptr %247[%254] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %256 = llvm.load %255 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %257 = llvm.intr.maximum(%256, %253) : (f32, f32) -> f32
    llvm.cond_br %248, ^bb98, ^bb99
  ^bb98:  // pred: ^bb97
    %258 = llvm.sext %245 : i32 to i64
    %259 = llvm.getelementptr %247[%258] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %257, %259 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb99
  ^bb99:  // 2 preds: ^bb97, ^bb98
    %260 = llvm.add %237, %40 : i64
    llvm.br ^bb92(%260 : i64)
  ^bb100:  // pred: ^bb92
    %261 = llvm.add %235, %40 : i64
    llvm.br ^bb90(%261 : i64)
  ^bb101:  // pred: ^bb90
    %262 = llvm.add %233, %40 : i64
    llvm.br ^bb88(%262 : i64)
  ^bb102:  // pred: ^bb88
    %263 = llvm.udiv %8, %7 : i64
    llvm.br ^bb103(%39 : i64)
  ^bb103(%264: i64):  // 2 preds: ^bb102, ^bb116
    %265 = llvm.icmp "slt" %264, %263 : i64
    llvm.cond_br %265, ^bb104, ^bb117
  ^bb104:  // pred: ^bb103
    llvm.br ^bb105(%39 : i64)
  ^bb105(%266: i64):  // 2 preds: ^bb104, ^bb115
    %267 = llvm.icmp "slt" %266, %3 : i64
    llvm.cond_br %267, ^bb106, ^bb116
  ^bb106:  // pred: ^bb105
    llvm.br ^bb107(%39 : i64)
  ^bb107(%268: i64):  // 2 preds: ^bb106, ^bb114
    %269 = llvm.icmp "slt" %268, %1 : i64
    llvm.cond_br %269, ^bb108, ^bb115
  ^bb108:  // pred: ^bb107
    %270 = llvm.mul %264, %3 : i64
    %271 = llvm.add %270, %266 : i64
    %272 = llvm.mul %271, %1 : i64
    %273 = llvm.add %272, %268 : i64
    %274 = llvm.urem %273, %6 : i64
    %275 = llvm.getelementptr %43[%273] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %276 = llvm.load %275 : !llvm.ptr -> i32
    %277 = llvm.getelementptr %44[%273] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %278 = llvm.load %277 : !llvm.ptr -> !llvm.ptr<3>
    %279 = llvm.icmp "slt" %276, %26 : i32
    %280 = llvm.add %276, %26 : i32
    llvm.cond_br %279, ^bb109, ^bb110
  ^bb109:  // pred: ^bb108
    %281 = llvm.sext %280 : i32 to i64
    %282 = llvm.getelementptr %278[%281] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %283 = llvm.load %282 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb111(%283 : f32)
  ^bb110:  // pred: ^bb108
    llvm.br ^bb111(%32 : f32)
  ^bb111(%284: f32):  // 2 preds: ^bb109, ^bb110
    llvm.br ^bb112
  ^bb112:  // pred: ^bb111
    %285 = llvm.sext %276 : i32 to i64
    %286 = llvm.getelementptr %278[%285] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %287 = llvm.load %286 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %288 = llvm.intr.maximum(%287, %284) : (f32, f32) -> f32
    llvm.cond_br %279, ^bb113, ^bb114
  ^bb113:  // pred: ^bb112
    %289 = llvm.sext %276 : i32 to i64
    %290 = llvm.getelementptr %278[%289] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %288, %290 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb114
  ^bb114:  // 2 preds: ^bb112, ^bb113
    %291 = llvm.add %268, %40 : i64
    llvm.br ^bb107(%291 : i64)
  ^bb115:  // pred: ^bb107
    %292 = llvm.add %266, %40 : i64
    llvm.br ^bb105(%292 : i64)
  ^bb116:  // pred: ^bb105
    %293 = llvm.add %264, %40 : i64
    llvm.br ^bb103(%293 : i64)
  ^bb117:  // pred: ^bb103
    %294 = llvm.udiv %8, %7 : i64
    llvm.br ^bb118(%39 : i64)
  ^bb118(%295: i64):  // 2 preds: ^bb117, ^bb131
    %296 = llvm.icmp "slt" %295, %294 : i64
    llvm.cond_br %296, ^bb119, ^bb132
  ^bb119:  // pred: ^bb118
    llvm.br ^bb120(%39 : i64)
  ^bb120(%297: i64):  // 2 preds: ^bb119, ^bb130
    %298 = llvm.icmp "slt" %297, %3 : i64
    llvm.cond_br %298, ^bb121, ^bb131
  ^bb121:  // pred: ^bb120
    llvm.br ^bb122(%39 : i64)
  ^bb122(%299: i64):  // 2 preds: ^bb121, ^bb129
    %300 = llvm.icmp "slt" %299, %1 : i64
    llvm.cond_br %300, ^bb123, ^bb130
  ^bb123:  // pred: ^bb122
    %301 = llvm.mul %295, %3 : i64
    %302 = llvm.add %301, %297 : i64
    %303 = llvm.mul %302, %1 : i64
    %304 = llvm.add %303, %299 : i64
    %305 = llvm.urem %304, %6 : i64
    %306 = llvm.getelementptr %43[%304] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %307 = llvm.load %306 : !llvm.ptr -> i32
    %308 = llvm.getelementptr %44[%304] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %309 = llvm.load %308 : !llvm.ptr -> !llvm.ptr<3>
    %310 = llvm.icmp "slt" %307, %25 : i32
    %311 = llvm.add %307, %25 : i32
    llvm.cond_br %310, ^bb124, ^bb125
  ^bb124:  // pred: ^bb123
    %312 = llvm.sext %311 : i32 to i64
    %313 = llvm.getelementptr %309[%312] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %314 = llvm.load %313 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb126(%314 : f32)
  ^bb125:  // pred: ^bb123
    llvm.br ^bb126(%32 : f32)
  ^bb126(%315: f32):  // 2 preds: ^bb124, ^bb125
    llvm.br ^bb127
  ^bb127:  // pred: ^bb126
    %316 = llvm.sext %307 : i32 to i64
    %317 = llvm.getelementptr %309[%316] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %318 = llvm.load %317 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %319 = llvm.intr.maximum(%318, %315) : (f32, f32) -> f32
    llvm.cond_br %310, ^bb128, ^bb129
  ^bb128:  // pred: ^bb127
    %320 = llvm.sext %307 : i32 to i64
    %321 = llvm.getelementptr %309[%320] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %319, %321 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb129
  ^bb129:  // 2 preds: ^bb127, ^bb128
    %322 = llvm.add %299, %40 : i64
    llvm.br ^bb122(%322 : i64)
  ^bb130:  // pred: ^bb122
    %323 = llvm.add %297, %40 : i64
    llvm.br ^bb120(%323 : i64)
  ^bb131:  // pred: ^bb120
    %324 = llvm.add %295, %40 : i64
    llvm.br ^bb118(%324 : i64)
  ^bb132:  // pred: ^bb118
    %325 = llvm.udiv %8, %7 : i64
    llvm.br ^bb133(%39 : i64)
  ^bb133(%326: i64):  // 2 preds: ^bb132, ^bb140
    %327 = llvm.icmp "slt" %326, %325 : i64
    llvm.cond_br %327, ^bb134, ^bb141
  ^bb134:  // pred: ^bb133
    llvm.br ^bb135(%39 : i64)
  ^bb135(%328: i64):  // 2 preds: ^bb134, ^bb139
    %329 = llvm.icmp "slt" %328, %3 : i64
    llvm.cond_br %329, ^bb136, ^bb140
  ^bb136:  // pred: ^bb135
    llvm.br ^bb137(%39 : i64)
  ^bb137(%330: i64):  // 2 preds: ^bb136, ^bb138
    %331 = llvm.icmp "slt" %330, %1 : i64
    llvm.cond_br %331, ^bb138, ^bb139
  ^bb138:  // pred: ^bb137
    %332 = llvm.mul %326, %3 : i64
    %333 = llvm.add %332, %328 : i64
    %334 = llvm.mul %333, %1 : i64
    %335 = llvm.add %334, %330 : i64
    %336 = llvm.urem %335, %6 : i64
    %337 = llvm.getelementptr %44[%335] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %338 = llvm.load %337 : !llvm.ptr -> !llvm.ptr<3>
    %339 = llvm.load %338 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %340 = llvm.getelementptr %42[%335] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %339, %340 : f32, !llvm.ptr
    %341 = llvm.add %330, %40 : i64
    llvm.br ^bb137(%341 : i64)
  ^bb139:  // pred: ^bb137
    %342 = llvm.add %328, %40 : i64
    llvm.br ^bb135(%342 : i64)
  ^bb140:  // pred: ^bb135
    %343 = llvm.add %326, %40 : i64
    llvm.br ^bb133(%343 : i64)
  ^bb141:  // pred: ^bb133
    %344 = llvm.udiv %8, %7 : i64
    llvm.br ^bb142(%39 : i64)
  ^bb142(%345: i64):  // 2 preds: ^bb141, ^bb152
    %346 = llvm.icmp "slt" %345, %344 : i64
    llvm.cond_br %346, ^bb143, ^bb153
  ^bb143:  // pred: ^bb142
    llvm.br ^bb144(%39 : i64)
  ^bb144(%347: i64):  // 2 preds: ^bb143, ^bb151
    %348 = llvm.icmp "slt" %347, %3 : i64
    llvm.cond_br %348, ^bb145, ^bb152
  ^bb145:  // pred: ^bb144
    llvm.br ^bb146(%39 : i64)
  ^bb146(%349: i64):  // 2 preds: ^bb145, ^bb150
    %350 = llvm.icmp "slt" %349, %1 : i64
    llvm.cond_br %350, ^bb147, ^bb151
  ^bb147:  // pred: ^bb146
    %351 = llvm.mul %345, %3 : i64
    %352 = llvm.add %351, %347 : i64
    %353 = llvm.mul %352, %1 : i64
    %354 = llvm.add %353, %349 : i64
    %355 = llvm.urem %354, %6 : i64
    %356 = llvm.getelementptr %42[%354] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %357 = llvm.load %356 : !llvm.ptr -> f32
    %358 = llvm.getelementptr %43[%354] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %359 = llvm.load %358 : !llvm.ptr -> i32
    %360 = llvm.getelementptr %44[%354] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %361 = llvm.load %360 : !llvm.ptr -> !llvm.ptr<3>
    llvm.br ^bb148(%359, %32 : i32, f32)
  ^bb148(%362: i32, %363: f32):  // 2 preds: ^bb147, ^bb149
    %364 = llvm.icmp "slt" %362, %arg10 : i32
    llvm.cond_br %364, ^bb149, ^bb150
  ^bb149:  // pred: ^bb148
    %365 = llvm.sext %38 : i32 to i64
    %366 = llvm.mul %arg3, %365 : i64
    %367 = llvm.sext %362 : i32 to i64
    %368 = llvm.add %366, %367 : i64
    %369 = llvm.getelementptr %arg0[%368] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %370 = llvm.load %369 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %371 = llvm.fsub %370, %357 : f32
    %372 = llvm.fcmp "uge" %371, %14 : f32
    %373 = llvm.select %372, %371, %14 : i1, f32
    %374 = llvm.fcmp "ule" %373, %13 : f32
    %375 = llvm.select %374, %373, %13 : i1, f32
    %376 = llvm.intr.fma(%375, %22, %23) : (f32, f32, f32) -> f32
    %377 = llvm.intr.floor(%376) : (f32) -> f32
    %378 = llvm.fcmp "uge" %377, %12 : f32
    %379 = llvm.select %378, %377, %12 : i1, f32
    %380 = llvm.fcmp "ule" %379, %11 : f32
    %381 = llvm.select %380, %379, %11 : i1, f32
    %382 = llvm.intr.fma(%21, %381, %375) : (f32, f32, f32) -> f32
    %383 = llvm.intr.fma(%20, %381, %382) : (f32, f32, f32) -> f32
    %384 = llvm.intr.fma(%383, %19, %18) : (f32, f32, f32) -> f32
    %385 = llvm.intr.fma(%384, %383, %17) : (f32, f32, f32) -> f32
    %386 = llvm.intr.fma(%385, %383, %16) : (f32, f32, f32) -> f32
    %387 = llvm.intr.fma(%386, %383, %15) : (f32, f32, f32) -> f32
    %388 = llvm.intr.fma(%387, %383, %23) : (f32, f32, f32) -> f32
    %389 = llvm.fmul %383, %383 : f32
    %390 = llvm.intr.fma(%388, %389, %383) : (f32, f32, f32) -> f32
    %391 = llvm.fadd %390, %24 : f32
    %392 = llvm.fptosi %381 : f32 to i32
    %393 = llvm.add %392, %9 : i32
    %394 = llvm.shl %393, %10 : i32
    %395 = llvm.bitcast %394 : i32 to f32
    %396 = llvm.fmul %391, %395 : f32
    %397 = llvm.fadd %363, %396 : f32
    %398 = llvm.add %362, %35 : i32
    llvm.br ^bb148(%398, %397 : i32, f32)
  ^bb150:  // pred: ^bb148
    %399 = llvm.sext %359 : i32 to i64
    %400 = llvm.getelementptr %361[%399] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %363, %400 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    %401 = llvm.add %349, %40 : i64
    llvm.br ^bb146(%401 : i64)
  ^bb151:  // pred: ^bb146
    %402 = llvm.add %347, %40 : i64
    llvm.br ^bb144(%402 : i64)
  ^bb152:  // pred: ^bb144
    %403 = llvm.add %345, %40 : i64
    llvm.br ^bb142(%403 : i64)
  ^bb153:  // pred: ^bb142
    %404 = llvm.udiv %8, %7 : i64
    llvm.br ^bb154(%39 : i64)
  ^bb154(%405: i64):  // 2 preds: ^bb153, ^bb167
    %406 = llvm.icmp "slt" %405, %404 : i64
    llvm.cond_br %406, ^bb155, ^bb168
  ^bb155:  // pred: ^bb154
    llvm.br ^bb156(%39 : i64)
  ^bb156(%407: i64):  // 2 preds: ^bb155, ^bb166
    %408 = llvm.icmp "slt" %407, %3 : i64
    llvm.cond_br %408, ^bb157, ^bb167
  ^bb157:  // pred: ^bb156
    llvm.br ^bb158(%39 : i64)
  ^bb158(%409: i64):  // 2 preds: ^bb157, ^bb165
    %410 = llvm.icmp "slt" %409, %1 : i64
    llvm.cond_br %410, ^bb159, ^bb166
  ^bb159:  // pred: ^bb158
    %411 = llvm.mul %405, %3 : i64
    %412 = llvm.add %411, %407 : i64
    %413 = llvm.mul %412, %1 : i64
    %414 = llvm.add %413, %409 : i64
    %415 = llvm.urem %414, %6 : i64
    %416 = llvm.getelementptr %43[%414] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %417 = llvm.load %416 : !llvm.ptr -> i32
    %418 = llvm.getelementptr %44[%414] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %419 = llvm.load %418 : !llvm.ptr -> !llvm.ptr<3>
    %420 = llvm.icmp "slt" %417, %33 : i32
    %421 = llvm.add %417, %33 : i32
    llvm.cond_br %420, ^bb160, ^bb161
  ^bb160:  // pred: ^bb159
    %422 = llvm.sext %421 : i32 to i64
    %423 = llvm.getelementptr %419[%422] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %424 = llvm.load %423 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb162(%424 : f32)
  ^bb161:  // pred: ^bb159
    llvm.br ^bb162(%32 : f32)
  ^bb162(%425: f32):  // 2 preds: ^bb160, ^bb161
    llvm.br ^bb163
  ^bb163:  // pred: ^bb162
    %426 = llvm.sext %417 : i32 to i64
    %427 = llvm.getelementptr %419[%426] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %428 = llvm.load %427 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %429 = llvm.fadd %428, %425 : f32
    llvm.cond_br %420, ^bb164, ^bb165
  ^bb164:  // pred: ^bb163
    %430 = llvm.sext %417 : i32 to i64
    %431 = llvm.getelementptr %419[%430] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %429, %431 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb165
  ^bb165:  // 2 preds: ^bb163, ^bb164
    %432 = llvm.add %409, %40 : i64
    llvm.br ^bb158(%432 : i64)
  ^bb166:  // pred: ^bb158
    %433 = llvm.add %407, %40 : i64
    llvm.br ^bb156(%433 : i64)
  ^bb167:  // pred: ^bb156
    %434 = llvm.add %405, %40 : i64
    llvm.br ^bb154(%434 : i64)
  ^bb168:  // pred: ^bb154
    %435 = llvm.udiv %8, %7 : i64
    llvm.br ^bb169(%39 : i64)
  ^bb169(%436: i64):  // 2 preds: ^bb168, ^bb182
    %437 = llvm.icmp "slt" %436, %435 : i64
    llvm.cond_br %437, ^bb170, ^bb183
  ^bb170:  // pred: ^bb169
    llvm.br ^bb171(%39 : i64)
  ^bb171(%438: i64):  // 2 preds: ^bb170, ^bb181
    %439 = llvm.icmp "slt" %438, %3 : i64
    llvm.cond_br %439, ^bb172, ^bb182
  ^bb172:  // pred: ^bb171
    llvm.br ^bb173(%39 : i64)
  ^bb173(%440: i64):  // 2 preds: ^bb172, ^bb180
    %441 = llvm.icmp "slt" %440, %1 : i64
    llvm.cond_br %441, ^bb174, ^bb181
  ^bb174:  // pred: ^bb173
    %442 = llvm.mul %436, %3 : i64
    %443 = llvm.add %442, %438 : i64
    %444 = llvm.mul %443, %1 : i64
    %445 = llvm.add %444, %440 : i64
    %446 = llvm.urem %445, %6 : i64
    %447 = llvm.getelementptr %43[%445] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %448 = llvm.load %447 : !llvm.ptr -> i32
    %449 = llvm.getelementptr %44[%445] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %450 = llvm.load %449 : !llvm.ptr -> !llvm.ptr<3>
    %451 = llvm.icmp "slt" %448, %31 : i32
    %452 = llvm.add %448, %31 : i32
    llvm.cond_br %451, ^bb175, ^bb176
  ^bb175:  // pred: ^bb174
    %453 = llvm.sext %452 : i32 to i64
    %454 = llvm.getelementptr %450[%453] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %455 = llvm.load %454 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb177(%455 : f32)
  ^bb176:  // pred: ^bb174
    llvm.br ^bb177(%32 : f32)
  ^bb177(%456: f32):  // 2 preds: ^bb175, ^bb176
    llvm.br ^bb178
  ^bb178:  // pred: ^bb177
    %457 = llvm.sext %448 : i32 to i64
    %458 = llvm.getelementptr %450[%457] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %459 = llvm.load %458 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %460 = llvm.fadd %459, %456 : f32
    llvm.cond_br %451, ^bb179, ^bb180
  ^bb179:  // pred: ^bb178
    %461 = llvm.sext %448 : i32 to i64
    %462 = llvm.getelementptr %450[%461] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %460, %462 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb180
  ^bb180:  // 2 preds: ^bb178, ^bb179
    %463 = llvm.add %440, %40 : i64
    llvm.br ^bb173(%463 : i64)
  ^bb181:  // pred: ^bb173
    %464 = llvm.add %438, %40 : i64
    llvm.br ^bb171(%464 : i64)
  ^bb182:  // pred: ^bb171
    %465 = llvm.add %436, %40 : i64
    llvm.br ^bb169(%465 : i64)
  ^bb183:  // pred: ^bb169
    %466 = llvm.udiv %8, %7 : i64
    llvm.br ^bb184(%39 : i64)
  ^bb184(%467: i64):  // 2 preds: ^bb183, ^bb197
    %468 = llvm.icmp "slt" %467, %466 : i64
    llvm.cond_br %468, ^bb185, ^bb198
  ^bb185:  // pred: ^bb184
    llvm.br ^bb186(%39 : i64)
  ^bb186(%469: i64):  // 2 preds: ^bb185, ^bb196
    %470 = llvm.icmp "slt" %469, %3 : i64
    llvm.cond_br %470, ^bb187, ^bb197
  ^bb187:  // pred: ^bb186
    llvm.br ^bb188(%39 : i64)
  ^bb188(%471: i64):  // 2 preds: ^bb187, ^bb195
    %472 = llvm.icmp "slt" %471, %1 : i64
    llvm.cond_br %472, ^bb189, ^bb196
  ^bb189:  // pred: ^bb188
    %473 = llvm.mul %467, %3 : i64
    %474 = llvm.add %473, %469 : i64
    %475 = llvm.mul %474, %1 : i64
    %476 = llvm.add %475, %471 : i64
    %477 = llvm.urem %476, %6 : i64
    %478 = llvm.getelementptr %43[%476] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %479 = llvm.load %478 : !llvm.ptr -> i32
    %480 = llvm.getelementptr %44[%476] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %481 = llvm.load %480 : !llvm.ptr -> !llvm.ptr<3>
    %482 = llvm.icmp "slt" %479, %30 : i32
    %483 = llvm.add %479, %30 : i32
    llvm.cond_br %482, ^bb190, ^bb191
  ^bb190:  // pred: ^bb189
    %484 = llvm.sext %483 : i32 to i64
    %485 = llvm.getelementptr %481[%484] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %486 = llvm.load %485 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb192(%486 : f32)
  ^bb191:  // pred: ^bb189
    llvm.br ^bb192(%32 : f32)
  ^bb192(%487: f32):  // 2 preds: ^bb190, ^bb191
    llvm.br ^bb193
  ^bb193:  // pred: ^bb192
    %488 = llvm.sext %479 : i32 to i64
    %489 = llvm.getelementptr %481[%488] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %490 = llvm.load %489 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %491 = llvm.fadd %490, %487 : f32
    llvm.cond_br %482, ^bb194, ^bb195
  ^bb194:  // pred: ^bb193
    %492 = llvm.sext %479 : i32 to i64
    %493 = llvm.getelementptr %481[%492] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %491, %493 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb195
  ^bb195:  // 2 preds: ^bb193, ^bb194
    %494 = llvm.add %471, %40 : i64
    llvm.br ^bb188(%494 : i64)
  ^bb196:  // pred: ^bb188
    %495 = llvm.add %469, %40 : i64
    llvm.br ^bb186(%495 : i64)
  ^bb197:  // pred: ^bb186
    %496 = llvm.add %467, %40 : i64
    llvm.br ^bb184(%496 : i64)
  ^bb198:  // pred: ^bb184
    %497 = llvm.udiv %8, %7 : i64
    llvm.br ^bb199(%39 : i64)
  ^bb199(%498: i64):  // 2 preds: ^bb198, ^bb212
    %499 = llvm.icmp "slt" %498, %497 : i64
    llvm.cond_br %499, ^bb200, ^bb213
  ^bb200:  // pred: ^bb199
    llvm.br ^bb201(%39 : i64)
  ^bb201(%500: i64):  // 2 preds: ^bb200, ^bb211
    %501 = llvm.icmp "slt" %500, %3 : i64
    llvm.cond_br %501, ^bb202, ^bb212
  ^bb202:  // pred: ^bb201
    llvm.br ^bb203(%39 : i64)
  ^bb203(%502: i64):  // 2 preds: ^bb202, ^bb210
    %503 = llvm.icmp "slt" %502, %1 : i64
    llvm.cond_br %503, ^bb204, ^bb211
  ^bb204:  // pred: ^bb203
    %504 = llvm.mul %498, %3 : i64
    %505 = llvm.add %504, %500 : i64
    %506 = llvm.mul %505, %1 : i64
    %507 = llvm.add %506, %502 : i64
    %508 = llvm.urem %507, %6 : i64
    %509 = llvm.getelementptr %43[%507] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %510 = llvm.load %509 : !llvm.ptr -> i32
    %511 = llvm.getelementptr %44[%507] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %512 = llvm.load %511 : !llvm.ptr -> !llvm.ptr<3>
    %513 = llvm.icmp "slt" %510, %29 : i32
    %514 = llvm.add %510, %29 : i32
    llvm.cond_br %513, ^bb205, ^bb206
  ^bb205:  // pred: ^bb204
    %515 = llvm.sext %514 : i32 to i64
    %516 = llvm.getelementptr %512[%515] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %517 = llvm.load %516 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb207(%517 : f32)
  ^bb206:  // pred: ^bb204
    llvm.br ^bb207(%32 : f32)
  ^bb207(%518: f32):  // 2 preds: ^bb205, ^bb206
    llvm.br ^bb208
  ^bb208:  // pred: ^bb207
    %519 = llvm.sext %510 : i32 to i64
    %520 = llvm.getelementptr %512[%519] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %521 = llvm.load %520 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %522 = llvm.fadd %521, %518 : f32
    llvm.cond_br %513, ^bb209, ^bb210
  ^bb209:  // pred: ^bb208
    %523 = llvm.sext %510 : i32 to i64
    %524 = llvm.getelementptr %512[%523] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %522, %524 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb210
  ^bb210:  // 2 preds: ^bb208, ^bb209
    %525 = llvm.add %502, %40 : i64
    llvm.br ^bb203(%525 : i64)
  ^bb211:  // pred: ^bb203
    %526 = llvm.add %500, %40 : i64
    llvm.br ^bb201(%526 : i64)
  ^bb212:  // pred: ^bb201
    %527 = llvm.add %498, %40 : i64
    llvm.br ^bb199(%527 : i64)
  ^bb213:  // pred: ^bb199
    %528 = llvm.udiv %8, %7 : i64
    llvm.br ^bb214(%39 : i64)
  ^bb214(%529: i64):  // 2 preds: ^bb213, ^bb227
    %530 = llvm.icmp "slt" %529, %528 : i64
    llvm.cond_br %530, ^bb215, ^bb228
  ^bb215:  // pred: ^bb214
    llvm.br ^bb216(%39 : i64)
  ^bb216(%531: i64):  // 2 preds: ^bb215, ^bb226
    %532 = llvm.icmp "slt" %531, %3 : i64
    llvm.cond_br %532, ^bb217, ^bb227
  ^bb217:  // pred: ^bb216
    llvm.br ^bb218(%39 : i64)
  ^bb218(%533: i64):  // 2 preds: ^bb217, ^bb225
    %534 = llvm.icmp "slt" %533, %1 : i64
    llvm.cond_br %534, ^bb219, ^bb226
  ^bb219:  // pred: ^bb218
    %535 = llvm.mul %529, %3 : i64
    %536 = llvm.add %535, %531 : i64
    %537 = llvm.mul %536, %1 : i64
    %538 = llvm.add %537, %533 : i64
    %539 = llvm.urem %538, %6 : i64
    %540 = llvm.getelementptr %43[%538] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %541 = llvm.load %540 : !llvm.ptr -> i32
    %542 = llvm.getelementptr %44[%538] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %543 = llvm.load %542 : !llvm.ptr -> !llvm.ptr<3>
    %544 = llvm.icmp "slt" %541, %28 : i32
    %545 = llvm.add %541, %28 : i32
    llvm.cond_br %544, ^bb220, ^bb221
  ^bb220:  // pred: ^bb219
    %546 = llvm.sext %545 : i32 to i64
    %547 = llvm.getelementptr %543[%546] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %548 = llvm.load %547 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb222(%548 : f32)
  ^bb221:  // pred: ^bb219
    llvm.br ^bb222(%32 : f32)
  ^bb222(%549: f32):  // 2 preds: ^bb220, ^bb221
    llvm.br ^bb223
  ^bb223:  // pred: ^bb222
    %550 = llvm.sext %541 : i32 to i64
    %551 = llvm.getelementptr %543[%550] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %552 = llvm.load %551 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %553 = llvm.fadd %552, %549 : f32
    llvm.cond_br %544, ^bb224, ^bb225
  ^bb224:  // pred: ^bb223
    %554 = llvm.sext %541 : i32 to i64
    %555 = llvm.getelementptr %543[%554] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %553, %555 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb225
  ^bb225:  // 2 preds: ^bb223, ^bb224
    %556 = llvm.add %533, %40 : i64
    llvm.br ^bb218(%556 : i64)
  ^bb226:  // pred: ^bb218
    %557 = llvm.add %531, %40 : i64
    llvm.br ^bb216(%557 : i64)
  ^bb227:  // pred: ^bb216
    %558 = llvm.add %529, %40 : i64
    llvm.br ^bb214(%558 : i64)
  ^bb228:  // pred: ^bb214
    %559 = llvm.udiv %8, %7 : i64
    llvm.br ^bb229(%39 : i64)
  ^bb229(%560: i64):  // 2 preds: ^bb228, ^bb242
    %561 = llvm.icmp "slt" %560, %559 : i64
    llvm.cond_br %561, ^bb230, ^bb243
  ^bb230:  // pred: ^bb229
    llvm.br ^bb231(%39 : i64)
  ^bb231(%562: i64):  // 2 preds: ^bb230, ^bb241
    %563 = llvm.icmp "slt" %562, %3 : i64
    llvm.cond_br %563, ^bb232, ^bb242
  ^bb232:  // pred: ^bb231
    llvm.br ^bb233(%39 : i64)
  ^bb233(%564: i64):  // 2 preds: ^bb232, ^bb240
    %565 = llvm.icmp "slt" %564, %1 : i64
    llvm.cond_br %565, ^bb234, ^bb241
  ^bb234:  // pred: ^bb233
    %566 = llvm.mul %560, %3 : i64
    %567 = llvm.add %566, %562 : i64
    %568 = llvm.mul %567, %1 : i64
    %569 = llvm.add %568, %564 : i64
    %570 = llvm.urem %569, %6 : i64
    %571 = llvm.getelementptr %43[%569] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %572 = llvm.load %571 : !llvm.ptr -> i32
    %573 = llvm.getelementptr %44[%569] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %574 = llvm.load %573 : !llvm.ptr -> !llvm.ptr<3>
    %575 = llvm.icmp "slt" %572, %27 : i32
    %576 = llvm.add %572, %27 : i32
    llvm.cond_br %575, ^bb235, ^bb236
  ^bb235:  // pred: ^bb234
    %577 = llvm.sext %576 : i32 to i64
    %578 = llvm.getelementptr %574[%577] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %579 = llvm.load %578 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb237(%579 : f32)
  ^bb236:  // pred: ^bb234
    llvm.br ^bb237(%32 : f32)
  ^bb237(%580: f32):  // 2 preds: ^bb235, ^bb236
    llvm.br ^bb238
  ^bb238:  // pred: ^bb237
    %581 = llvm.sext %572 : i32 to i64
    %582 = llvm.getelementptr %574[%581] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %583 = llvm.load %582 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %584 = llvm.fadd %583, %580 : f32
    llvm.cond_br %575, ^bb239, ^bb240
  ^bb239:  // pred: ^bb238
    %585 = llvm.sext %572 : i32 to i64
    %586 = llvm.getelementptr %574[%585] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %584, %586 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb240
  ^bb240:  // 2 preds: ^bb238, ^bb239
    %587 = llvm.add %564, %40 : i64
    llvm.br ^bb233(%587 : i64)
  ^bb241:  // pred: ^bb233
    %588 = llvm.add %562, %40 : i64
    llvm.br ^bb231(%588 : i64)
  ^bb242:  // pred: ^bb231
    %589 = llvm.add %560, %40 : i64
    llvm.br ^bb229(%589 : i64)
  ^bb243:  // pred: ^bb229
    %590 = llvm.udiv %8, %7 : i64
    llvm.br ^bb244(%39 : i64)
  ^bb244(%591: i64):  // 2 preds: ^bb243, ^bb257
    %592 = llvm.icmp "slt" %591, %590 : i64
    llvm.cond_br %592, ^bb245, ^bb258
  ^bb245:  // pred: ^bb244
    llvm.br ^bb246(%39 : i64)
  ^bb246(%593: i64):  // 2 preds: ^bb245, ^bb256
    %594 = llvm.icmp "slt" %593, %3 : i64
    llvm.cond_br %594, ^bb247, ^bb257
  ^bb247:  // pred: ^bb246
    llvm.br ^bb248(%39 : i64)
  ^bb248(%595: i64):  // 2 preds: ^bb247, ^bb255
    %596 = llvm.icmp "slt" %595, %1 : i64
    llvm.cond_br %596, ^bb249, ^bb256
  ^bb249:  // pred: ^bb248
    %597 = llvm.mul %591, %3 : i64
    %598 = llvm.add %597, %593 : i64
    %599 = llvm.mul %598, %1 : i64
    %600 = llvm.add %599, %595 : i64
    %601 = llvm.urem %600, %6 : i64
    %602 = llvm.getelementptr %43[%600] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %603 = llvm.load %602 : !llvm.ptr -> i32
    %604 = llvm.getelementptr %44[%600] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %605 = llvm.load %604 : !llvm.ptr -> !llvm.ptr<3>
    %606 = llvm.icmp "slt" %603, %26 : i32
    %607 = llvm.add %603, %26 : i32
    llvm.cond_br %606, ^bb250, ^bb251
  ^bb250:  // pred: ^bb249
    %608 = llvm.sext %607 : i32 to i64
    %609 = llvm.getelementptr %605[%608] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %610 = llvm.load %609 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb252(%610 : f32)
  ^bb251:  // pred: ^bb249
    llvm.br ^bb252(%32 : f32)
  ^bb252(%611: f32):  // 2 preds: ^bb250, ^bb251
    llvm.br ^bb253
  ^bb253:  // pred: ^bb252
    %612 = llvm.sext %603 : i32 to i64
    %613 = llvm.getelementptr %605[%612] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %614 = llvm.load %613 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %615 = llvm.fadd %614, %611 : f32
    llvm.cond_br %606, ^bb254, ^bb255
  ^bb254:  // pred: ^bb253
    %616 = llvm.sext %603 : i32 to i64
    %617 = llvm.getelementptr %605[%616] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %615, %617 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb255
  ^bb255:  // 2 preds: ^bb253, ^bb254
    %618 = llvm.add %595, %40 : i64
    llvm.br ^bb248(%618 : i64)
  ^bb256:  // pred: ^bb248
    %619 = llvm.add %593, %40 : i64
    llvm.br ^bb246(%619 : i64)
  ^bb257:  // pred: ^bb246
    %620 = llvm.add %591, %40 : i64
    llvm.br ^bb244(%620 : i64)
  ^bb258:  // pred: ^bb244
    %621 = llvm.udiv %8, %7 : i64
    llvm.br ^bb259(%39 : i64)
  ^bb259(%622: i64):  // 2 preds: ^bb258, ^bb272
    %623 = llvm.icmp "slt" %622, %621 : i64
    llvm.cond_br %623, ^bb260, ^bb273
  ^bb260:  // pred: ^bb259
    llvm.br ^bb261(%39 : i64)
  ^bb261(%624: i64):  // 2 preds: ^bb260, ^bb271
    %625 = llvm.icmp "slt" %624, %3 : i64
    llvm.cond_br %625, ^bb262, ^bb272
  ^bb262:  // pred: ^bb261
    llvm.br ^bb263(%39 : i64)
  ^bb263(%626: i64):  // 2 preds: ^bb262, ^bb270
    %627 = llvm.icmp "slt" %626, %1 : i64
    llvm.cond_br %627, ^bb264, ^bb271
  ^bb264:  // pred: ^bb263
    %628 = llvm.mul %622, %3 : i64
    %629 = llvm.add %628, %624 : i64
    %630 = llvm.mul %629, %1 : i64
    %631 = llvm.add %630, %626 : i64
    %632 = llvm.urem %631, %6 : i64
    %633 = llvm.getelementptr %43[%631] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %634 = llvm.load %633 : !llvm.ptr -> i32
    %635 = llvm.getelementptr %44[%631] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %636 = llvm.load %635 : !llvm.ptr -> !llvm.ptr<3>
    %637 = llvm.icmp "slt" %634, %25 : i32
    %638 = llvm.add %634, %25 : i32
    llvm.cond_br %637, ^bb265, ^bb266
  ^bb265:  // pred: ^bb264
    %639 = llvm.sext %638 : i32 to i64
    %640 = llvm.getelementptr %636[%639] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %641 = llvm.load %640 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    llvm.br ^bb267(%641 : f32)
  ^bb266:  // pred: ^bb264
    llvm.br ^bb267(%32 : f32)
  ^bb267(%642: f32):  // 2 preds: ^bb265, ^bb266
    llvm.br ^bb268
  ^bb268:  // pred: ^bb267
    %643 = llvm.sext %634 : i32 to i64
    %644 = llvm.getelementptr %636[%643] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %645 = llvm.load %644 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %646 = llvm.fadd %645, %642 : f32
    llvm.cond_br %637, ^bb269, ^bb270
  ^bb269:  // pred: ^bb268
    %647 = llvm.sext %634 : i32 to i64
    %648 = llvm.getelementptr %636[%647] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    llvm.store %646, %648 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    llvm.br ^bb270
  ^bb270:  // 2 preds: ^bb268, ^bb269
    %649 = llvm.add %626, %40 : i64
    llvm.br ^bb263(%649 : i64)
  ^bb271:  // pred: ^bb263
    %650 = llvm.add %624, %40 : i64
    llvm.br ^bb261(%650 : i64)
  ^bb272:  // pred: ^bb261
    %651 = llvm.add %622, %40 : i64
    llvm.br ^bb259(%651 : i64)
  ^bb273:  // pred: ^bb259
    %652 = llvm.udiv %8, %7 : i64
    llvm.br ^bb274(%39 : i64)
  ^bb274(%653: i64):  // 2 preds: ^bb273, ^bb281
    %654 = llvm.icmp "slt" %653, %652 : i64
    llvm.cond_br %654, ^bb275, ^bb282
  ^bb275:  // pred: ^bb274
    llvm.br ^bb276(%39 : i64)
  ^bb276(%655: i64):  // 2 preds: ^bb275, ^bb280
    %656 = llvm.icmp "slt" %655, %3 : i64
    llvm.cond_br %656, ^bb277, ^bb281
  ^bb277:  // pred: ^bb276
    llvm.br ^bb278(%39 : i64)
  ^bb278(%657: i64):  // 2 preds: ^bb277, ^bb279
    %658 = llvm.icmp "slt" %657, %1 : i64
    llvm.cond_br %658, ^bb279, ^bb280
  ^bb279:  // pred: ^bb278
    %659 = llvm.mul %653, %3 : i64
    %660 = llvm.add %659, %655 : i64
    %661 = llvm.mul %660, %1 : i64
    %662 = llvm.add %661, %657 : i64
    %663 = llvm.urem %662, %6 : i64
    %664 = llvm.getelementptr %44[%662] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<3>
    %665 = llvm.load %664 : !llvm.ptr -> !llvm.ptr<3>
    %666 = llvm.load %665 {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %667 = llvm.getelementptr %41[%662] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %666, %667 : f32, !llvm.ptr
    %668 = llvm.add %657, %40 : i64
    llvm.br ^bb278(%668 : i64)
  ^bb280:  // pred: ^bb278
    %669 = llvm.add %655, %40 : i64
    llvm.br ^bb276(%669 : i64)
  ^bb281:  // pred: ^bb276
    %670 = llvm.add %653, %40 : i64
    llvm.br ^bb274(%670 : i64)
  ^bb282:  // pred: ^bb274
    %671 = llvm.udiv %8, %7 : i64
    llvm.br ^bb283(%39 : i64)
  ^bb283(%672: i64):  // 2 preds: ^bb282, ^bb293
    %673 = llvm.icmp "slt" %672, %671 : i64
    llvm.cond_br %673, ^bb284, ^bb294
  ^bb284:  // pred: ^bb283
    llvm.br ^bb285(%39 : i64)
  ^bb285(%674: i64):  // 2 preds: ^bb284, ^bb292
    %675 = llvm.icmp "slt" %674, %3 : i64
    llvm.cond_br %675, ^bb286, ^bb293
  ^bb286:  // pred: ^bb285
    llvm.br ^bb287(%39 : i64)
  ^bb287(%676: i64):  // 2 preds: ^bb286, ^bb291
    %677 = llvm.icmp "slt" %676, %1 : i64
    llvm.cond_br %677, ^bb288, ^bb292
  ^bb288:  // pred: ^bb287
    %678 = llvm.mul %672, %3 : i64
    %679 = llvm.add %678, %674 : i64
    %680 = llvm.mul %679, %1 : i64
    %681 = llvm.add %680, %676 : i64
    %682 = llvm.urem %681, %6 : i64
    %683 = llvm.getelementptr %41[%681] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %684 = llvm.load %683 : !llvm.ptr -> f32
    %685 = llvm.getelementptr %42[%681] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %686 = llvm.load %685 : !llvm.ptr -> f32
    %687 = llvm.getelementptr %43[%681] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %688 = llvm.load %687 : !llvm.ptr -> i32
    %689 = llvm.fdiv %24, %684 : f32
    llvm.br ^bb289(%688 : i32)
  ^bb289(%690: i32):  // 2 preds: ^bb288, ^bb290
    %691 = llvm.icmp "slt" %690, %arg10 : i32
    llvm.cond_br %691, ^bb290, ^bb291
  ^bb290:  // pred: ^bb289
    %692 = llvm.sext %38 : i32 to i64
    %693 = llvm.mul %arg3, %692 : i64
    %694 = llvm.sext %690 : i32 to i64
    %695 = llvm.add %693, %694 : i64
    %696 = llvm.getelementptr %arg0[%695] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %697 = llvm.load %696 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %698 = llvm.fsub %697, %686 : f32
    %699 = llvm.fcmp "uge" %698, %14 : f32
    %700 = llvm.select %699, %698, %14 : i1, f32
    %701 = llvm.fcmp "ule" %700, %13 : f32
    %702 = llvm.select %701, %700, %13 : i1, f32
    %703 = llvm.intr.fma(%702, %22, %23) : (f32, f32, f32) -> f32
    %704 = llvm.intr.floor(%703) : (f32) -> f32
    %705 = llvm.fcmp "uge" %704, %12 : f32
    %706 = llvm.select %705, %704, %12 : i1, f32
    %707 = llvm.fcmp "ule" %706, %11 : f32
    %708 = llvm.select %707, %706, %11 : i1, f32
    %709 = llvm.intr.fma(%21, %708, %702) : (f32, f32, f32) -> f32
    %710 = llvm.intr.fma(%20, %708, %709) : (f32, f32, f32) -> f32
    %711 = llvm.intr.fma(%710, %19, %18) : (f32, f32, f32) -> f32
    %712 = llvm.intr.fma(%711, %710, %17) : (f32, f32, f32) -> f32
    %713 = llvm.intr.fma(%712, %710, %16) : (f32, f32, f32) -> f32
    %714 = llvm.intr.fma(%713, %710, %15) : (f32, f32, f32) -> f32
    %715 = llvm.intr.fma(%714, %710, %23) : (f32, f32, f32) -> f32
    %716 = llvm.fmul %710, %710 : f32
    %717 = llvm.intr.fma(%715, %716, %710) : (f32, f32, f32) -> f32
    %718 = llvm.fadd %717, %24 : f32
    %719 = llvm.fptosi %708 : f32 to i32
    %720 = llvm.add %719, %9 : i32
    %721 = llvm.shl %720, %10 : i32
    %722 = llvm.bitcast %721 : i32 to f32
    %723 = llvm.fmul %718, %722 : f32
    %724 = llvm.fmul %723, %689 : f32
    %725 = llvm.sext %38 : i32 to i64
    %726 = llvm.mul %arg8, %725 : i64
    %727 = llvm.sext %690 : i32 to i64
    %728 = llvm.add %726, %727 : i64
    %729 = llvm.getelementptr %arg5[%728] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    llvm.store %724, %729 {alignment = 4 : i64} : f32, !llvm.ptr<1>
    %730 = llvm.add %690, %35 : i32
    llvm.br ^bb289(%730 : i32)
  ^bb291:  // pred: ^bb289
    %731 = llvm.add %676, %40 : i64
    llvm.br ^bb287(%731 : i64)
  ^bb292:  // pred: ^bb287
    %732 = llvm.add %674, %40 : i64
    llvm.br ^bb285(%732 : i64)
  ^bb293:  // pred: ^bb285
    %733 = llvm.add %672, %40 : i64
    llvm.br ^bb283(%733 : i64)
  ^bb294:  // pred: ^bb283
    llvm.return
  }
}
