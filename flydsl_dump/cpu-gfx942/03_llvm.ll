; ModuleID = 'flydsl'
source_filename = "flydsl"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare ptr addrspace(3) @__fly_shared_base() local_unnamed_addr

; Function Attrs: alwaysinline
define void @softmax(ptr addrspace(1) readonly captures(none) %0, i64 %1, i64 %2, i64 %3, i64 %4, ptr addrspace(1) writeonly captures(none) %5, i64 %6, i64 %7, i64 %8, i64 %9, i32 %10, ptr readonly captures(none) %11) local_unnamed_addr #0 {
  %13 = getelementptr i8, ptr %11, i64 48
  %14 = load i64, ptr %13, align 4
  %15 = getelementptr i8, ptr %11, i64 56
  %16 = load i64, ptr %15, align 4
  %17 = getelementptr i8, ptr %11, i64 64
  %18 = load i64, ptr %17, align 4
  %19 = mul i64 %16, %14
  %20 = mul i64 %19, %18
  %21 = getelementptr i8, ptr %11, i64 24
  %22 = load i64, ptr %21, align 4
  %23 = alloca float, i64 %20, align 4
  %24 = alloca float, i64 %20, align 4
  %25 = alloca i32, i64 %20, align 4
  %26 = alloca ptr addrspace(3), i64 %20, align 8
  %27 = udiv i64 %20, %19
  %28 = icmp sgt i64 %27, 0
  br i1 %28, label %.preheader158.lr.ph, label %._crit_edge230

.preheader158.lr.ph:                              ; preds = %12
  %29 = icmp sgt i64 %16, 0
  %30 = icmp sgt i64 %14, 0
  %sext97 = shl i64 %22, 32
  %31 = ashr exact i64 %sext97, 32
  %32 = mul i64 %31, %3
  %33 = getelementptr float, ptr addrspace(1) %0, i64 %32
  br label %.preheader158

.preheader158:                                    ; preds = %.preheader158.lr.ph, %._crit_edge162
  %34 = phi i64 [ 0, %.preheader158.lr.ph ], [ %63, %._crit_edge162 ]
  br i1 %29, label %.preheader157.lr.ph, label %._crit_edge162

.preheader157.lr.ph:                              ; preds = %.preheader158
  %35 = mul i64 %34, %16
  br label %.preheader157

.preheader155.lr.ph:                              ; preds = %._crit_edge162
  %36 = icmp sgt i64 %16, 0
  %37 = icmp sgt i64 %14, 0
  %38 = add i64 %14, -1
  %xtraiter = and i64 %14, 3
  %39 = icmp ult i64 %38, 3
  %unroll_iter = and i64 %14, 9223372036854775804
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  %lcmp.mod438 = icmp ne i64 %xtraiter, 0
  br label %.preheader155

.preheader157:                                    ; preds = %.preheader157.lr.ph, %._crit_edge161
  %40 = phi i64 [ 0, %.preheader157.lr.ph ], [ %62, %._crit_edge161 ]
  br i1 %30, label %.lr.ph160, label %._crit_edge161

.lr.ph160:                                        ; preds = %.preheader157
  %41 = add i64 %40, %35
  %42 = mul i64 %41, %14
  br label %43

43:                                               ; preds = %.lr.ph160, %._crit_edge
  %44 = phi i64 [ 0, %.lr.ph160 ], [ %61, %._crit_edge ]
  %45 = add i64 %44, %42
  %46 = tail call ptr addrspace(3) @__fly_shared_base()
  %47 = getelementptr ptr addrspace(3), ptr %26, i64 %45
  store ptr addrspace(3) %46, ptr %47, align 8
  %48 = trunc i64 %44 to i32
  %49 = getelementptr i32, ptr %25, i64 %45
  store i32 %48, ptr %49, align 4
  %50 = icmp sgt i32 %10, %48
  br i1 %50, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %43, %.lr.ph
  %51 = phi float [ %56, %.lr.ph ], [ 0xC7EC363CC0000000, %43 ]
  %52 = phi i32 [ %57, %.lr.ph ], [ %48, %43 ]
  %53 = sext i32 %52 to i64
  %54 = getelementptr float, ptr addrspace(1) %33, i64 %53
  %55 = load float, ptr addrspace(1) %54, align 4
  %56 = tail call float @llvm.maximum.f32(float %51, float %55)
  %57 = add i32 %52, 256
  %58 = icmp slt i32 %57, %10
  br i1 %58, label %.lr.ph, label %._crit_edge

._crit_edge:                                      ; preds = %.lr.ph, %43
  %.lcssa159 = phi float [ 0xC7EC363CC0000000, %43 ], [ %56, %.lr.ph ]
  %sext96 = shl i64 %44, 32
  %59 = ashr exact i64 %sext96, 30
  %60 = getelementptr i8, ptr addrspace(3) %46, i64 %59
  store float %.lcssa159, ptr addrspace(3) %60, align 4
  %61 = add nuw nsw i64 %44, 1
  %exitcond.not = icmp eq i64 %61, %14
  br i1 %exitcond.not, label %._crit_edge161, label %43

._crit_edge161:                                   ; preds = %._crit_edge, %.preheader157
  %62 = add nuw nsw i64 %40, 1
  %exitcond233.not = icmp eq i64 %62, %16
  br i1 %exitcond233.not, label %._crit_edge162, label %.preheader157

._crit_edge162:                                   ; preds = %._crit_edge161, %.preheader158
  %63 = add nuw nsw i64 %34, 1
  %64 = icmp slt i64 %63, %27
  br i1 %64, label %.preheader158, label %.preheader155.lr.ph

.preheader155:                                    ; preds = %.preheader155.lr.ph, %._crit_edge165
  %65 = phi i64 [ 0, %.preheader155.lr.ph ], [ %147, %._crit_edge165 ]
  br i1 %36, label %.preheader154.lr.ph, label %._crit_edge165

.preheader154.lr.ph:                              ; preds = %.preheader155
  %66 = mul i64 %65, %16
  br label %.preheader154

.preheader152.lr.ph:                              ; preds = %._crit_edge165
  %67 = icmp sgt i64 %16, 0
  %68 = icmp sgt i64 %14, 0
  %xtraiter440 = and i64 %14, 3
  %69 = icmp ult i64 %38, 3
  %unroll_iter446 = and i64 %14, 9223372036854775804
  %lcmp.mod444.not = icmp eq i64 %xtraiter440, 0
  %lcmp.mod445 = icmp ne i64 %xtraiter440, 0
  br label %.preheader152

.preheader154:                                    ; preds = %.preheader154.lr.ph, %._crit_edge164
  %70 = phi i64 [ 0, %.preheader154.lr.ph ], [ %146, %._crit_edge164 ]
  br i1 %37, label %.lr.ph163, label %._crit_edge164

.lr.ph163:                                        ; preds = %.preheader154
  %71 = add i64 %70, %66
  %72 = mul i64 %71, %14
  br i1 %39, label %.epil.preheader, label %.lr.ph163.new

.lr.ph163.new:                                    ; preds = %.lr.ph163, %.critedge.3
  %73 = phi i64 [ %129, %.critedge.3 ], [ 0, %.lr.ph163 ]
  %niter = phi i64 [ %niter.next.3, %.critedge.3 ], [ 0, %.lr.ph163 ]
  %74 = add i64 %73, %72
  %75 = getelementptr i32, ptr %25, i64 %74
  %76 = load i32, ptr %75, align 4
  %77 = icmp slt i32 %76, 128
  br i1 %77, label %78, label %.critedge

78:                                               ; preds = %.lr.ph163.new
  %79 = getelementptr ptr addrspace(3), ptr %26, i64 %74
  %80 = load ptr addrspace(3), ptr %79, align 8
  %81 = sext i32 %76 to i64
  %82 = getelementptr float, ptr addrspace(3) %80, i64 %81
  %83 = getelementptr i8, ptr addrspace(3) %82, i64 512
  %84 = load float, ptr addrspace(3) %83, align 4
  %85 = load float, ptr addrspace(3) %82, align 4
  %86 = tail call float @llvm.maximum.f32(float %85, float %84)
  store float %86, ptr addrspace(3) %82, align 4
  br label %.critedge

.critedge:                                        ; preds = %.lr.ph163.new, %78
  %87 = or disjoint i64 %73, 1
  %88 = add i64 %87, %72
  %89 = getelementptr i32, ptr %25, i64 %88
  %90 = load i32, ptr %89, align 4
  %91 = icmp slt i32 %90, 128
  br i1 %91, label %92, label %.critedge.1

92:                                               ; preds = %.critedge
  %93 = getelementptr ptr addrspace(3), ptr %26, i64 %88
  %94 = load ptr addrspace(3), ptr %93, align 8
  %95 = sext i32 %90 to i64
  %96 = getelementptr float, ptr addrspace(3) %94, i64 %95
  %97 = getelementptr i8, ptr addrspace(3) %96, i64 512
  %98 = load float, ptr addrspace(3) %97, align 4
  %99 = load float, ptr addrspace(3) %96, align 4
  %100 = tail call float @llvm.maximum.f32(float %99, float %98)
  store float %100, ptr addrspace(3) %96, align 4
  br label %.critedge.1

.critedge.1:                                      ; preds = %92, %.critedge
  %101 = or disjoint i64 %73, 2
  %102 = add i64 %101, %72
  %103 = getelementptr i32, ptr %25, i64 %102
  %104 = load i32, ptr %103, align 4
  %105 = icmp slt i32 %104, 128
  br i1 %105, label %106, label %.critedge.2

106:                                              ; preds = %.critedge.1
  %107 = getelementptr ptr addrspace(3), ptr %26, i64 %102
  %108 = load ptr addrspace(3), ptr %107, align 8
  %109 = sext i32 %104 to i64
  %110 = getelementptr float, ptr addrspace(3) %108, i64 %109
  %111 = getelementptr i8, ptr addrspace(3) %110, i64 512
  %112 = load float, ptr addrspace(3) %111, align 4
  %113 = load float, ptr addrspace(3) %110, align 4
  %114 = tail call float @llvm.maximum.f32(float %113, float %112)
  store float %114, ptr addrspace(3) %110, align 4
  br label %.critedge.2

.critedge.2:                                      ; preds = %106, %.critedge.1
  %115 = or disjoint i64 %73, 3
  %116 = add i64 %115, %72
  %117 = getelementptr i32, ptr %25, i64 %116
  %118 = load i32, ptr %117, align 4
  %119 = icmp slt i32 %118, 128
  br i1 %119, label %120, label %.critedge.3

120:                                              ; preds = %.critedge.2
  %121 = getelementptr ptr addrspace(3), ptr %26, i64 %116
  %122 = load ptr addrspace(3), ptr %121, align 8
  %123 = sext i32 %118 to i64
  %124 = getelementptr float, ptr addrspace(3) %122, i64 %123
  %125 = getelementptr i8, ptr addrspace(3) %124, i64 512
  %126 = load float, ptr addrspace(3) %125, align 4
  %127 = load float, ptr addrspace(3) %124, align 4
  %128 = tail call float @llvm.maximum.f32(float %127, float %126)
  store float %128, ptr addrspace(3) %124, align 4
  br label %.critedge.3

.critedge.3:                                      ; preds = %120, %.critedge.2
  %129 = add nuw nsw i64 %73, 4
  %niter.next.3 = add i64 %niter, 4
  %niter.ncmp.3 = icmp eq i64 %niter.next.3, %unroll_iter
  br i1 %niter.ncmp.3, label %._crit_edge164.loopexit.unr-lcssa, label %.lr.ph163.new

._crit_edge164.loopexit.unr-lcssa:                ; preds = %.critedge.3
  br i1 %lcmp.mod.not, label %._crit_edge164, label %.epil.preheader

.epil.preheader:                                  ; preds = %._crit_edge164.loopexit.unr-lcssa, %.lr.ph163
  %.epil.init = phi i64 [ 0, %.lr.ph163 ], [ %129, %._crit_edge164.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod438)
  br label %130

130:                                              ; preds = %.critedge.epil, %.epil.preheader
  %131 = phi i64 [ %.epil.init, %.epil.preheader ], [ %145, %.critedge.epil ]
  %epil.iter = phi i64 [ 0, %.epil.preheader ], [ %epil.iter.next, %.critedge.epil ]
  %132 = add i64 %131, %72
  %133 = getelementptr i32, ptr %25, i64 %132
  %134 = load i32, ptr %133, align 4
  %135 = icmp slt i32 %134, 128
  br i1 %135, label %136, label %.critedge.epil

136:                                              ; preds = %130
  %137 = getelementptr ptr addrspace(3), ptr %26, i64 %132
  %138 = load ptr addrspace(3), ptr %137, align 8
  %139 = sext i32 %134 to i64
  %140 = getelementptr float, ptr addrspace(3) %138, i64 %139
  %141 = getelementptr i8, ptr addrspace(3) %140, i64 512
  %142 = load float, ptr addrspace(3) %141, align 4
  %143 = load float, ptr addrspace(3) %140, align 4
  %144 = tail call float @llvm.maximum.f32(float %143, float %142)
  store float %144, ptr addrspace(3) %140, align 4
  br label %.critedge.epil

.critedge.epil:                                   ; preds = %136, %130
  %145 = add nuw nsw i64 %131, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %._crit_edge164, label %130, !llvm.loop !1

._crit_edge164:                                   ; preds = %._crit_edge164.loopexit.unr-lcssa, %.critedge.epil, %.preheader154
  %146 = add nuw nsw i64 %70, 1
  %exitcond235.not = icmp eq i64 %146, %16
  br i1 %exitcond235.not, label %._crit_edge165, label %.preheader154

._crit_edge165:                                   ; preds = %._crit_edge164, %.preheader155
  %147 = add nuw nsw i64 %65, 1
  %148 = icmp slt i64 %147, %27
  br i1 %148, label %.preheader155, label %.preheader152.lr.ph

.preheader152:                                    ; preds = %.preheader152.lr.ph, %._crit_edge168
  %149 = phi i64 [ 0, %.preheader152.lr.ph ], [ %231, %._crit_edge168 ]
  br i1 %67, label %.preheader151.lr.ph, label %._crit_edge168

.preheader151.lr.ph:                              ; preds = %.preheader152
  %150 = mul i64 %149, %16
  br label %.preheader151

.preheader149.lr.ph:                              ; preds = %._crit_edge168
  %151 = icmp sgt i64 %16, 0
  %152 = icmp sgt i64 %14, 0
  %xtraiter449 = and i64 %14, 3
  %153 = icmp ult i64 %38, 3
  %unroll_iter455 = and i64 %14, 9223372036854775804
  %lcmp.mod453.not = icmp eq i64 %xtraiter449, 0
  %lcmp.mod454 = icmp ne i64 %xtraiter449, 0
  br label %.preheader149

.preheader151:                                    ; preds = %.preheader151.lr.ph, %._crit_edge167
  %154 = phi i64 [ 0, %.preheader151.lr.ph ], [ %230, %._crit_edge167 ]
  br i1 %68, label %.lr.ph166, label %._crit_edge167

.lr.ph166:                                        ; preds = %.preheader151
  %155 = add i64 %154, %150
  %156 = mul i64 %155, %14
  br i1 %69, label %.epil.preheader439, label %.lr.ph166.new

.lr.ph166.new:                                    ; preds = %.lr.ph166, %.critedge2.3
  %157 = phi i64 [ %213, %.critedge2.3 ], [ 0, %.lr.ph166 ]
  %niter447 = phi i64 [ %niter447.next.3, %.critedge2.3 ], [ 0, %.lr.ph166 ]
  %158 = add i64 %157, %156
  %159 = getelementptr i32, ptr %25, i64 %158
  %160 = load i32, ptr %159, align 4
  %161 = icmp slt i32 %160, 64
  br i1 %161, label %162, label %.critedge2

162:                                              ; preds = %.lr.ph166.new
  %163 = getelementptr ptr addrspace(3), ptr %26, i64 %158
  %164 = load ptr addrspace(3), ptr %163, align 8
  %165 = sext i32 %160 to i64
  %166 = getelementptr float, ptr addrspace(3) %164, i64 %165
  %167 = getelementptr i8, ptr addrspace(3) %166, i64 256
  %168 = load float, ptr addrspace(3) %167, align 4
  %169 = load float, ptr addrspace(3) %166, align 4
  %170 = tail call float @llvm.maximum.f32(float %169, float %168)
  store float %170, ptr addrspace(3) %166, align 4
  br label %.critedge2

.critedge2:                                       ; preds = %.lr.ph166.new, %162
  %171 = or disjoint i64 %157, 1
  %172 = add i64 %171, %156
  %173 = getelementptr i32, ptr %25, i64 %172
  %174 = load i32, ptr %173, align 4
  %175 = icmp slt i32 %174, 64
  br i1 %175, label %176, label %.critedge2.1

176:                                              ; preds = %.critedge2
  %177 = getelementptr ptr addrspace(3), ptr %26, i64 %172
  %178 = load ptr addrspace(3), ptr %177, align 8
  %179 = sext i32 %174 to i64
  %180 = getelementptr float, ptr addrspace(3) %178, i64 %179
  %181 = getelementptr i8, ptr addrspace(3) %180, i64 256
  %182 = load float, ptr addrspace(3) %181, align 4
  %183 = load float, ptr addrspace(3) %180, align 4
  %184 = tail call float @llvm.maximum.f32(float %183, float %182)
  store float %184, ptr addrspace(3) %180, align 4
  br label %.critedge2.1

.critedge2.1:                                     ; preds = %176, %.critedge2
  %185 = or disjoint i64 %157, 2
  %186 = add i64 %185, %156
  %187 = getelementptr i32, ptr %25, i64 %186
  %188 = load i32, ptr %187, align 4
  %189 = icmp slt i32 %188, 64
  br i1 %189, label %190, label %.critedge2.2

190:                                              ; preds = %.critedge2.1
  %191 = getelementptr ptr addrspace(3), ptr %26, i64 %186
  %192 = load ptr addrspace(3), ptr %191, align 8
  %193 = sext i32 %188 to i64
  %194 = getelementptr float, ptr addrspace(3) %192, i64 %193
  %195 = getelementptr i8, ptr addrspace(3) %194, i64 256
  %196 = load float, ptr addrspace(3) %195, align 4
  %197 = load float, ptr addrspace(3) %194, align 4
  %198 = tail call float @llvm.maximum.f32(float %197, float %196)
  store float %198, ptr addrspace(3) %194, align 4
  br label %.critedge2.2

.critedge2.2:                                     ; preds = %190, %.critedge2.1
  %199 = or disjoint i64 %157, 3
  %200 = add i64 %199, %156
  %201 = getelementptr i32, ptr %25, i64 %200
  %202 = load i32, ptr %201, align 4
  %203 = icmp slt i32 %202, 64
  br i1 %203, label %204, label %.critedge2.3

204:                                              ; preds = %.critedge2.2
  %205 = getelementptr ptr addrspace(3), ptr %26, i64 %200
  %206 = load ptr addrspace(3), ptr %205, align 8
  %207 = sext i32 %202 to i64
  %208 = getelementptr float, ptr addrspace(3) %206, i64 %207
  %209 = getelementptr i8, ptr addrspace(3) %208, i64 256
  %210 = load float, ptr addrspace(3) %209, align 4
  %211 = load float, ptr addrspace(3) %208, align 4
  %212 = tail call float @llvm.maximum.f32(float %211, float %210)
  store float %212, ptr addrspace(3) %208, align 4
  br label %.critedge2.3

.critedge2.3:                                     ; preds = %204, %.critedge2.2
  %213 = add nuw nsw i64 %157, 4
  %niter447.next.3 = add i64 %niter447, 4
  %niter447.ncmp.3 = icmp eq i64 %niter447.next.3, %unroll_iter446
  br i1 %niter447.ncmp.3, label %._crit_edge167.loopexit.unr-lcssa, label %.lr.ph166.new

._crit_edge167.loopexit.unr-lcssa:                ; preds = %.critedge2.3
  br i1 %lcmp.mod444.not, label %._crit_edge167, label %.epil.preheader439

.epil.preheader439:                               ; preds = %._crit_edge167.loopexit.unr-lcssa, %.lr.ph166
  %.epil.init443 = phi i64 [ 0, %.lr.ph166 ], [ %213, %._crit_edge167.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod445)
  br label %214

214:                                              ; preds = %.critedge2.epil, %.epil.preheader439
  %215 = phi i64 [ %.epil.init443, %.epil.preheader439 ], [ %229, %.critedge2.epil ]
  %epil.iter441 = phi i64 [ 0, %.epil.preheader439 ], [ %epil.iter441.next, %.critedge2.epil ]
  %216 = add i64 %215, %156
  %217 = getelementptr i32, ptr %25, i64 %216
  %218 = load i32, ptr %217, align 4
  %219 = icmp slt i32 %218, 64
  br i1 %219, label %220, label %.critedge2.epil

220:                                              ; preds = %214
  %221 = getelementptr ptr addrspace(3), ptr %26, i64 %216
  %222 = load ptr addrspace(3), ptr %221, align 8
  %223 = sext i32 %218 to i64
  %224 = getelementptr float, ptr addrspace(3) %222, i64 %223
  %225 = getelementptr i8, ptr addrspace(3) %224, i64 256
  %226 = load float, ptr addrspace(3) %225, align 4
  %227 = load float, ptr addrspace(3) %224, align 4
  %228 = tail call float @llvm.maximum.f32(float %227, float %226)
  store float %228, ptr addrspace(3) %224, align 4
  br label %.critedge2.epil

.critedge2.epil:                                  ; preds = %220, %214
  %229 = add nuw nsw i64 %215, 1
  %epil.iter441.next = add i64 %epil.iter441, 1
  %epil.iter441.cmp.not = icmp eq i64 %epil.iter441.next, %xtraiter440
  br i1 %epil.iter441.cmp.not, label %._crit_edge167, label %214, !llvm.loop !3

._crit_edge167:                                   ; preds = %._crit_edge167.loopexit.unr-lcssa, %.critedge2.epil, %.preheader151
  %230 = add nuw nsw i64 %154, 1
  %exitcond237.not = icmp eq i64 %230, %16
  br i1 %exitcond237.not, label %._crit_edge168, label %.preheader151

._crit_edge168:                                   ; preds = %._crit_edge167, %.preheader152
  %231 = add nuw nsw i64 %149, 1
  %232 = icmp slt i64 %231, %27
  br i1 %232, label %.preheader152, label %.preheader149.lr.ph

.preheader149:                                    ; preds = %.preheader149.lr.ph, %._crit_edge171
  %233 = phi i64 [ 0, %.preheader149.lr.ph ], [ %315, %._crit_edge171 ]
  br i1 %151, label %.preheader148.lr.ph, label %._crit_edge171

.preheader148.lr.ph:                              ; preds = %.preheader149
  %234 = mul i64 %233, %16
  br label %.preheader148

.preheader146.lr.ph:                              ; preds = %._crit_edge171
  %235 = icmp sgt i64 %16, 0
  %236 = icmp sgt i64 %14, 0
  %xtraiter458 = and i64 %14, 3
  %237 = icmp ult i64 %38, 3
  %unroll_iter464 = and i64 %14, 9223372036854775804
  %lcmp.mod462.not = icmp eq i64 %xtraiter458, 0
  %lcmp.mod463 = icmp ne i64 %xtraiter458, 0
  br label %.preheader146

.preheader148:                                    ; preds = %.preheader148.lr.ph, %._crit_edge170
  %238 = phi i64 [ 0, %.preheader148.lr.ph ], [ %314, %._crit_edge170 ]
  br i1 %152, label %.lr.ph169, label %._crit_edge170

.lr.ph169:                                        ; preds = %.preheader148
  %239 = add i64 %238, %234
  %240 = mul i64 %239, %14
  br i1 %153, label %.epil.preheader448, label %.lr.ph169.new

.lr.ph169.new:                                    ; preds = %.lr.ph169, %.critedge4.3
  %241 = phi i64 [ %297, %.critedge4.3 ], [ 0, %.lr.ph169 ]
  %niter456 = phi i64 [ %niter456.next.3, %.critedge4.3 ], [ 0, %.lr.ph169 ]
  %242 = add i64 %241, %240
  %243 = getelementptr i32, ptr %25, i64 %242
  %244 = load i32, ptr %243, align 4
  %245 = icmp slt i32 %244, 32
  br i1 %245, label %246, label %.critedge4

246:                                              ; preds = %.lr.ph169.new
  %247 = getelementptr ptr addrspace(3), ptr %26, i64 %242
  %248 = load ptr addrspace(3), ptr %247, align 8
  %249 = sext i32 %244 to i64
  %250 = getelementptr float, ptr addrspace(3) %248, i64 %249
  %251 = getelementptr i8, ptr addrspace(3) %250, i64 128
  %252 = load float, ptr addrspace(3) %251, align 4
  %253 = load float, ptr addrspace(3) %250, align 4
  %254 = tail call float @llvm.maximum.f32(float %253, float %252)
  store float %254, ptr addrspace(3) %250, align 4
  br label %.critedge4

.critedge4:                                       ; preds = %.lr.ph169.new, %246
  %255 = or disjoint i64 %241, 1
  %256 = add i64 %255, %240
  %257 = getelementptr i32, ptr %25, i64 %256
  %258 = load i32, ptr %257, align 4
  %259 = icmp slt i32 %258, 32
  br i1 %259, label %260, label %.critedge4.1

260:                                              ; preds = %.critedge4
  %261 = getelementptr ptr addrspace(3), ptr %26, i64 %256
  %262 = load ptr addrspace(3), ptr %261, align 8
  %263 = sext i32 %258 to i64
  %264 = getelementptr float, ptr addrspace(3) %262, i64 %263
  %265 = getelementptr i8, ptr addrspace(3) %264, i64 128
  %266 = load float, ptr addrspace(3) %265, align 4
  %267 = load float, ptr addrspace(3) %264, align 4
  %268 = tail call float @llvm.maximum.f32(float %267, float %266)
  store float %268, ptr addrspace(3) %264, align 4
  br label %.critedge4.1

.critedge4.1:                                     ; preds = %260, %.critedge4
  %269 = or disjoint i64 %241, 2
  %270 = add i64 %269, %240
  %271 = getelementptr i32, ptr %25, i64 %270
  %272 = load i32, ptr %271, align 4
  %273 = icmp slt i32 %272, 32
  br i1 %273, label %274, label %.critedge4.2

274:                                              ; preds = %.critedge4.1
  %275 = getelementptr ptr addrspace(3), ptr %26, i64 %270
  %276 = load ptr addrspace(3), ptr %275, align 8
  %277 = sext i32 %272 to i64
  %278 = getelementptr float, ptr addrspace(3) %276, i64 %277
  %279 = getelementptr i8, ptr addrspace(3) %278, i64 128
  %280 = load float, ptr addrspace(3) %279, align 4
  %281 = load float, ptr addrspace(3) %278, align 4
  %282 = tail call float @llvm.maximum.f32(float %281, float %280)
  store float %282, ptr addrspace(3) %278, align 4
  br label %.critedge4.2

.critedge4.2:                                     ; preds = %274, %.critedge4.1
  %283 = or disjoint i64 %241, 3
  %284 = add i64 %283, %240
  %285 = getelementptr i32, ptr %25, i64 %284
  %286 = load i32, ptr %285, align 4
  %287 = icmp slt i32 %286, 32
  br i1 %287, label %288, label %.critedge4.3

288:                                              ; preds = %.critedge4.2
  %289 = getelementptr ptr addrspace(3), ptr %26, i64 %284
  %290 = load ptr addrspace(3), ptr %289, align 8
  %291 = sext i32 %286 to i64
  %292 = getelementptr float, ptr addrspace(3) %290, i64 %291
  %293 = getelementptr i8, ptr addrspace(3) %292, i64 128
  %294 = load float, ptr addrspace(3) %293, align 4
  %295 = load float, ptr addrspace(3) %292, align 4
  %296 = tail call float @llvm.maximum.f32(float %295, float %294)
  store float %296, ptr addrspace(3) %292, align 4
  br label %.critedge4.3

.critedge4.3:                                     ; preds = %288, %.critedge4.2
  %297 = add nuw nsw i64 %241, 4
  %niter456.next.3 = add i64 %niter456, 4
  %niter456.ncmp.3 = icmp eq i64 %niter456.next.3, %unroll_iter455
  br i1 %niter456.ncmp.3, label %._crit_edge170.loopexit.unr-lcssa, label %.lr.ph169.new

._crit_edge170.loopexit.unr-lcssa:                ; preds = %.critedge4.3
  br i1 %lcmp.mod453.not, label %._crit_edge170, label %.epil.preheader448

.epil.preheader448:                               ; preds = %._crit_edge170.loopexit.unr-lcssa, %.lr.ph169
  %.epil.init452 = phi i64 [ 0, %.lr.ph169 ], [ %297, %._crit_edge170.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod454)
  br label %298

298:                                              ; preds = %.critedge4.epil, %.epil.preheader448
  %299 = phi i64 [ %.epil.init452, %.epil.preheader448 ], [ %313, %.critedge4.epil ]
  %epil.iter450 = phi i64 [ 0, %.epil.preheader448 ], [ %epil.iter450.next, %.critedge4.epil ]
  %300 = add i64 %299, %240
  %301 = getelementptr i32, ptr %25, i64 %300
  %302 = load i32, ptr %301, align 4
  %303 = icmp slt i32 %302, 32
  br i1 %303, label %304, label %.critedge4.epil

304:                                              ; preds = %298
  %305 = getelementptr ptr addrspace(3), ptr %26, i64 %300
  %306 = load ptr addrspace(3), ptr %305, align 8
  %307 = sext i32 %302 to i64
  %308 = getelementptr float, ptr addrspace(3) %306, i64 %307
  %309 = getelementptr i8, ptr addrspace(3) %308, i64 128
  %310 = load float, ptr addrspace(3) %309, align 4
  %311 = load float, ptr addrspace(3) %308, align 4
  %312 = tail call float @llvm.maximum.f32(float %311, float %310)
  store float %312, ptr addrspace(3) %308, align 4
  br label %.critedge4.epil

.critedge4.epil:                                  ; preds = %304, %298
  %313 = add nuw nsw i64 %299, 1
  %epil.iter450.next = add i64 %epil.iter450, 1
  %epil.iter450.cmp.not = icmp eq i64 %epil.iter450.next, %xtraiter449
  br i1 %epil.iter450.cmp.not, label %._crit_edge170, label %298, !llvm.loop !4

._crit_edge170:                                   ; preds = %._crit_edge170.loopexit.unr-lcssa, %.critedge4.epil, %.preheader148
  %314 = add nuw nsw i64 %238, 1
  %exitcond239.not = icmp eq i64 %314, %16
  br i1 %exitcond239.not, label %._crit_edge171, label %.preheader148

._crit_edge171:                                   ; preds = %._crit_edge170, %.preheader149
  %315 = add nuw nsw i64 %233, 1
  %316 = icmp slt i64 %315, %27
  br i1 %316, label %.preheader149, label %.preheader146.lr.ph

.preheader146:                                    ; preds = %.preheader146.lr.ph, %._crit_edge174
  %317 = phi i64 [ 0, %.preheader146.lr.ph ], [ %399, %._crit_edge174 ]
  br i1 %235, label %.preheader145.lr.ph, label %._crit_edge174

.preheader145.lr.ph:                              ; preds = %.preheader146
  %318 = mul i64 %317, %16
  br label %.preheader145

.preheader143.lr.ph:                              ; preds = %._crit_edge174
  %319 = icmp sgt i64 %16, 0
  %320 = icmp sgt i64 %14, 0
  %xtraiter467 = and i64 %14, 3
  %321 = icmp ult i64 %38, 3
  %unroll_iter473 = and i64 %14, 9223372036854775804
  %lcmp.mod471.not = icmp eq i64 %xtraiter467, 0
  %lcmp.mod472 = icmp ne i64 %xtraiter467, 0
  br label %.preheader143

.preheader145:                                    ; preds = %.preheader145.lr.ph, %._crit_edge173
  %322 = phi i64 [ 0, %.preheader145.lr.ph ], [ %398, %._crit_edge173 ]
  br i1 %236, label %.lr.ph172, label %._crit_edge173

.lr.ph172:                                        ; preds = %.preheader145
  %323 = add i64 %322, %318
  %324 = mul i64 %323, %14
  br i1 %237, label %.epil.preheader457, label %.lr.ph172.new

.lr.ph172.new:                                    ; preds = %.lr.ph172, %.critedge6.3
  %325 = phi i64 [ %381, %.critedge6.3 ], [ 0, %.lr.ph172 ]
  %niter465 = phi i64 [ %niter465.next.3, %.critedge6.3 ], [ 0, %.lr.ph172 ]
  %326 = add i64 %325, %324
  %327 = getelementptr i32, ptr %25, i64 %326
  %328 = load i32, ptr %327, align 4
  %329 = icmp slt i32 %328, 16
  br i1 %329, label %330, label %.critedge6

330:                                              ; preds = %.lr.ph172.new
  %331 = getelementptr ptr addrspace(3), ptr %26, i64 %326
  %332 = load ptr addrspace(3), ptr %331, align 8
  %333 = sext i32 %328 to i64
  %334 = getelementptr float, ptr addrspace(3) %332, i64 %333
  %335 = getelementptr i8, ptr addrspace(3) %334, i64 64
  %336 = load float, ptr addrspace(3) %335, align 4
  %337 = load float, ptr addrspace(3) %334, align 4
  %338 = tail call float @llvm.maximum.f32(float %337, float %336)
  store float %338, ptr addrspace(3) %334, align 4
  br label %.critedge6

.critedge6:                                       ; preds = %.lr.ph172.new, %330
  %339 = or disjoint i64 %325, 1
  %340 = add i64 %339, %324
  %341 = getelementptr i32, ptr %25, i64 %340
  %342 = load i32, ptr %341, align 4
  %343 = icmp slt i32 %342, 16
  br i1 %343, label %344, label %.critedge6.1

344:                                              ; preds = %.critedge6
  %345 = getelementptr ptr addrspace(3), ptr %26, i64 %340
  %346 = load ptr addrspace(3), ptr %345, align 8
  %347 = sext i32 %342 to i64
  %348 = getelementptr float, ptr addrspace(3) %346, i64 %347
  %349 = getelementptr i8, ptr addrspace(3) %348, i64 64
  %350 = load float, ptr addrspace(3) %349, align 4
  %351 = load float, ptr addrspace(3) %348, align 4
  %352 = tail call float @llvm.maximum.f32(float %351, float %350)
  store float %352, ptr addrspace(3) %348, align 4
  br label %.critedge6.1

.critedge6.1:                                     ; preds = %344, %.critedge6
  %353 = or disjoint i64 %325, 2
  %354 = add i64 %353, %324
  %355 = getelementptr i32, ptr %25, i64 %354
  %356 = load i32, ptr %355, align 4
  %357 = icmp slt i32 %356, 16
  br i1 %357, label %358, label %.critedge6.2

358:                                              ; preds = %.critedge6.1
  %359 = getelementptr ptr addrspace(3), ptr %26, i64 %354
  %360 = load ptr addrspace(3), ptr %359, align 8
  %361 = sext i32 %356 to i64
  %362 = getelementptr float, ptr addrspace(3) %360, i64 %361
  %363 = getelementptr i8, ptr addrspace(3) %362, i64 64
  %364 = load float, ptr addrspace(3) %363, align 4
  %365 = load float, ptr addrspace(3) %362, align 4
  %366 = tail call float @llvm.maximum.f32(float %365, float %364)
  store float %366, ptr addrspace(3) %362, align 4
  br label %.critedge6.2

.critedge6.2:                                     ; preds = %358, %.critedge6.1
  %367 = or disjoint i64 %325, 3
  %368 = add i64 %367, %324
  %369 = getelementptr i32, ptr %25, i64 %368
  %370 = load i32, ptr %369, align 4
  %371 = icmp slt i32 %370, 16
  br i1 %371, label %372, label %.critedge6.3

372:                                              ; preds = %.critedge6.2
  %373 = getelementptr ptr addrspace(3), ptr %26, i64 %368
  %374 = load ptr addrspace(3), ptr %373, align 8
  %375 = sext i32 %370 to i64
  %376 = getelementptr float, ptr addrspace(3) %374, i64 %375
  %377 = getelementptr i8, ptr addrspace(3) %376, i64 64
  %378 = load float, ptr addrspace(3) %377, align 4
  %379 = load float, ptr addrspace(3) %376, align 4
  %380 = tail call float @llvm.maximum.f32(float %379, float %378)
  store float %380, ptr addrspace(3) %376, align 4
  br label %.critedge6.3

.critedge6.3:                                     ; preds = %372, %.critedge6.2
  %381 = add nuw nsw i64 %325, 4
  %niter465.next.3 = add i64 %niter465, 4
  %niter465.ncmp.3 = icmp eq i64 %niter465.next.3, %unroll_iter464
  br i1 %niter465.ncmp.3, label %._crit_edge173.loopexit.unr-lcssa, label %.lr.ph172.new

._crit_edge173.loopexit.unr-lcssa:                ; preds = %.critedge6.3
  br i1 %lcmp.mod462.not, label %._crit_edge173, label %.epil.preheader457

.epil.preheader457:                               ; preds = %._crit_edge173.loopexit.unr-lcssa, %.lr.ph172
  %.epil.init461 = phi i64 [ 0, %.lr.ph172 ], [ %381, %._crit_edge173.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod463)
  br label %382

382:                                              ; preds = %.critedge6.epil, %.epil.preheader457
  %383 = phi i64 [ %.epil.init461, %.epil.preheader457 ], [ %397, %.critedge6.epil ]
  %epil.iter459 = phi i64 [ 0, %.epil.preheader457 ], [ %epil.iter459.next, %.critedge6.epil ]
  %384 = add i64 %383, %324
  %385 = getelementptr i32, ptr %25, i64 %384
  %386 = load i32, ptr %385, align 4
  %387 = icmp slt i32 %386, 16
  br i1 %387, label %388, label %.critedge6.epil

388:                                              ; preds = %382
  %389 = getelementptr ptr addrspace(3), ptr %26, i64 %384
  %390 = load ptr addrspace(3), ptr %389, align 8
  %391 = sext i32 %386 to i64
  %392 = getelementptr float, ptr addrspace(3) %390, i64 %391
  %393 = getelementptr i8, ptr addrspace(3) %392, i64 64
  %394 = load float, ptr addrspace(3) %393, align 4
  %395 = load float, ptr addrspace(3) %392, align 4
  %396 = tail call float @llvm.maximum.f32(float %395, float %394)
  store float %396, ptr addrspace(3) %392, align 4
  br label %.critedge6.epil

.critedge6.epil:                                  ; preds = %388, %382
  %397 = add nuw nsw i64 %383, 1
  %epil.iter459.next = add i64 %epil.iter459, 1
  %epil.iter459.cmp.not = icmp eq i64 %epil.iter459.next, %xtraiter458
  br i1 %epil.iter459.cmp.not, label %._crit_edge173, label %382, !llvm.loop !5

._crit_edge173:                                   ; preds = %._crit_edge173.loopexit.unr-lcssa, %.critedge6.epil, %.preheader145
  %398 = add nuw nsw i64 %322, 1
  %exitcond241.not = icmp eq i64 %398, %16
  br i1 %exitcond241.not, label %._crit_edge174, label %.preheader145

._crit_edge174:                                   ; preds = %._crit_edge173, %.preheader146
  %399 = add nuw nsw i64 %317, 1
  %400 = icmp slt i64 %399, %27
  br i1 %400, label %.preheader146, label %.preheader143.lr.ph

.preheader143:                                    ; preds = %.preheader143.lr.ph, %._crit_edge177
  %401 = phi i64 [ 0, %.preheader143.lr.ph ], [ %483, %._crit_edge177 ]
  br i1 %319, label %.preheader142.lr.ph, label %._crit_edge177

.preheader142.lr.ph:                              ; preds = %.preheader143
  %402 = mul i64 %401, %16
  br label %.preheader142

.preheader140.lr.ph:                              ; preds = %._crit_edge177
  %403 = icmp sgt i64 %16, 0
  %404 = icmp sgt i64 %14, 0
  %xtraiter476 = and i64 %14, 3
  %405 = icmp ult i64 %38, 3
  %unroll_iter482 = and i64 %14, 9223372036854775804
  %lcmp.mod480.not = icmp eq i64 %xtraiter476, 0
  %lcmp.mod481 = icmp ne i64 %xtraiter476, 0
  br label %.preheader140

.preheader142:                                    ; preds = %.preheader142.lr.ph, %._crit_edge176
  %406 = phi i64 [ 0, %.preheader142.lr.ph ], [ %482, %._crit_edge176 ]
  br i1 %320, label %.lr.ph175, label %._crit_edge176

.lr.ph175:                                        ; preds = %.preheader142
  %407 = add i64 %406, %402
  %408 = mul i64 %407, %14
  br i1 %321, label %.epil.preheader466, label %.lr.ph175.new

.lr.ph175.new:                                    ; preds = %.lr.ph175, %.critedge8.3
  %409 = phi i64 [ %465, %.critedge8.3 ], [ 0, %.lr.ph175 ]
  %niter474 = phi i64 [ %niter474.next.3, %.critedge8.3 ], [ 0, %.lr.ph175 ]
  %410 = add i64 %409, %408
  %411 = getelementptr i32, ptr %25, i64 %410
  %412 = load i32, ptr %411, align 4
  %413 = icmp slt i32 %412, 8
  br i1 %413, label %414, label %.critedge8

414:                                              ; preds = %.lr.ph175.new
  %415 = getelementptr ptr addrspace(3), ptr %26, i64 %410
  %416 = load ptr addrspace(3), ptr %415, align 8
  %417 = sext i32 %412 to i64
  %418 = getelementptr float, ptr addrspace(3) %416, i64 %417
  %419 = getelementptr i8, ptr addrspace(3) %418, i64 32
  %420 = load float, ptr addrspace(3) %419, align 4
  %421 = load float, ptr addrspace(3) %418, align 4
  %422 = tail call float @llvm.maximum.f32(float %421, float %420)
  store float %422, ptr addrspace(3) %418, align 4
  br label %.critedge8

.critedge8:                                       ; preds = %.lr.ph175.new, %414
  %423 = or disjoint i64 %409, 1
  %424 = add i64 %423, %408
  %425 = getelementptr i32, ptr %25, i64 %424
  %426 = load i32, ptr %425, align 4
  %427 = icmp slt i32 %426, 8
  br i1 %427, label %428, label %.critedge8.1

428:                                              ; preds = %.critedge8
  %429 = getelementptr ptr addrspace(3), ptr %26, i64 %424
  %430 = load ptr addrspace(3), ptr %429, align 8
  %431 = sext i32 %426 to i64
  %432 = getelementptr float, ptr addrspace(3) %430, i64 %431
  %433 = getelementptr i8, ptr addrspace(3) %432, i64 32
  %434 = load float, ptr addrspace(3) %433, align 4
  %435 = load float, ptr addrspace(3) %432, align 4
  %436 = tail call float @llvm.maximum.f32(float %435, float %434)
  store float %436, ptr addrspace(3) %432, align 4
  br label %.critedge8.1

.critedge8.1:                                     ; preds = %428, %.critedge8
  %437 = or disjoint i64 %409, 2
  %438 = add i64 %437, %408
  %439 = getelementptr i32, ptr %25, i64 %438
  %440 = load i32, ptr %439, align 4
  %441 = icmp slt i32 %440, 8
  br i1 %441, label %442, label %.critedge8.2

442:                                              ; preds = %.critedge8.1
  %443 = getelementptr ptr addrspace(3), ptr %26, i64 %438
  %444 = load ptr addrspace(3), ptr %443, align 8
  %445 = sext i32 %440 to i64
  %446 = getelementptr float, ptr addrspace(3) %444, i64 %445
  %447 = getelementptr i8, ptr addrspace(3) %446, i64 32
  %448 = load float, ptr addrspace(3) %447, align 4
  %449 = load float, ptr addrspace(3) %446, align 4
  %450 = tail call float @llvm.maximum.f32(float %449, float %448)
  store float %450, ptr addrspace(3) %446, align 4
  br label %.critedge8.2

.critedge8.2:                                     ; preds = %442, %.critedge8.1
  %451 = or disjoint i64 %409, 3
  %452 = add i64 %451, %408
  %453 = getelementptr i32, ptr %25, i64 %452
  %454 = load i32, ptr %453, align 4
  %455 = icmp slt i32 %454, 8
  br i1 %455, label %456, label %.critedge8.3

456:                                              ; preds = %.critedge8.2
  %457 = getelementptr ptr addrspace(3), ptr %26, i64 %452
  %458 = load ptr addrspace(3), ptr %457, align 8
  %459 = sext i32 %454 to i64
  %460 = getelementptr float, ptr addrspace(3) %458, i64 %459
  %461 = getelementptr i8, ptr addrspace(3) %460, i64 32
  %462 = load float, ptr addrspace(3) %461, align 4
  %463 = load float, ptr addrspace(3) %460, align 4
  %464 = tail call float @llvm.maximum.f32(float %463, float %462)
  store float %464, ptr addrspace(3) %460, align 4
  br label %.critedge8.3

.critedge8.3:                                     ; preds = %456, %.critedge8.2
  %465 = add nuw nsw i64 %409, 4
  %niter474.next.3 = add i64 %niter474, 4
  %niter474.ncmp.3 = icmp eq i64 %niter474.next.3, %unroll_iter473
  br i1 %niter474.ncmp.3, label %._crit_edge176.loopexit.unr-lcssa, label %.lr.ph175.new

._crit_edge176.loopexit.unr-lcssa:                ; preds = %.critedge8.3
  br i1 %lcmp.mod471.not, label %._crit_edge176, label %.epil.preheader466

.epil.preheader466:                               ; preds = %._crit_edge176.loopexit.unr-lcssa, %.lr.ph175
  %.epil.init470 = phi i64 [ 0, %.lr.ph175 ], [ %465, %._crit_edge176.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod472)
  br label %466

466:                                              ; preds = %.critedge8.epil, %.epil.preheader466
  %467 = phi i64 [ %.epil.init470, %.epil.preheader466 ], [ %481, %.critedge8.epil ]
  %epil.iter468 = phi i64 [ 0, %.epil.preheader466 ], [ %epil.iter468.next, %.critedge8.epil ]
  %468 = add i64 %467, %408
  %469 = getelementptr i32, ptr %25, i64 %468
  %470 = load i32, ptr %469, align 4
  %471 = icmp slt i32 %470, 8
  br i1 %471, label %472, label %.critedge8.epil

472:                                              ; preds = %466
  %473 = getelementptr ptr addrspace(3), ptr %26, i64 %468
  %474 = load ptr addrspace(3), ptr %473, align 8
  %475 = sext i32 %470 to i64
  %476 = getelementptr float, ptr addrspace(3) %474, i64 %475
  %477 = getelementptr i8, ptr addrspace(3) %476, i64 32
  %478 = load float, ptr addrspace(3) %477, align 4
  %479 = load float, ptr addrspace(3) %476, align 4
  %480 = tail call float @llvm.maximum.f32(float %479, float %478)
  store float %480, ptr addrspace(3) %476, align 4
  br label %.critedge8.epil

.critedge8.epil:                                  ; preds = %472, %466
  %481 = add nuw nsw i64 %467, 1
  %epil.iter468.next = add i64 %epil.iter468, 1
  %epil.iter468.cmp.not = icmp eq i64 %epil.iter468.next, %xtraiter467
  br i1 %epil.iter468.cmp.not, label %._crit_edge176, label %466, !llvm.loop !6

._crit_edge176:                                   ; preds = %._crit_edge176.loopexit.unr-lcssa, %.critedge8.epil, %.preheader142
  %482 = add nuw nsw i64 %406, 1
  %exitcond243.not = icmp eq i64 %482, %16
  br i1 %exitcond243.not, label %._crit_edge177, label %.preheader142

._crit_edge177:                                   ; preds = %._crit_edge176, %.preheader143
  %483 = add nuw nsw i64 %401, 1
  %484 = icmp slt i64 %483, %27
  br i1 %484, label %.preheader143, label %.preheader140.lr.ph

.preheader140:                                    ; preds = %.preheader140.lr.ph, %._crit_edge180
  %485 = phi i64 [ 0, %.preheader140.lr.ph ], [ %567, %._crit_edge180 ]
  br i1 %403, label %.preheader139.lr.ph, label %._crit_edge180

.preheader139.lr.ph:                              ; preds = %.preheader140
  %486 = mul i64 %485, %16
  br label %.preheader139

.preheader137.lr.ph:                              ; preds = %._crit_edge180
  %487 = icmp sgt i64 %16, 0
  %488 = icmp sgt i64 %14, 0
  %xtraiter485 = and i64 %14, 3
  %489 = icmp ult i64 %38, 3
  %unroll_iter491 = and i64 %14, 9223372036854775804
  %lcmp.mod489.not = icmp eq i64 %xtraiter485, 0
  %lcmp.mod490 = icmp ne i64 %xtraiter485, 0
  br label %.preheader137

.preheader139:                                    ; preds = %.preheader139.lr.ph, %._crit_edge179
  %490 = phi i64 [ 0, %.preheader139.lr.ph ], [ %566, %._crit_edge179 ]
  br i1 %404, label %.lr.ph178, label %._crit_edge179

.lr.ph178:                                        ; preds = %.preheader139
  %491 = add i64 %490, %486
  %492 = mul i64 %491, %14
  br i1 %405, label %.epil.preheader475, label %.lr.ph178.new

.lr.ph178.new:                                    ; preds = %.lr.ph178, %.critedge10.3
  %493 = phi i64 [ %549, %.critedge10.3 ], [ 0, %.lr.ph178 ]
  %niter483 = phi i64 [ %niter483.next.3, %.critedge10.3 ], [ 0, %.lr.ph178 ]
  %494 = add i64 %493, %492
  %495 = getelementptr i32, ptr %25, i64 %494
  %496 = load i32, ptr %495, align 4
  %497 = icmp slt i32 %496, 4
  br i1 %497, label %498, label %.critedge10

498:                                              ; preds = %.lr.ph178.new
  %499 = getelementptr ptr addrspace(3), ptr %26, i64 %494
  %500 = load ptr addrspace(3), ptr %499, align 8
  %501 = sext i32 %496 to i64
  %502 = getelementptr float, ptr addrspace(3) %500, i64 %501
  %503 = getelementptr i8, ptr addrspace(3) %502, i64 16
  %504 = load float, ptr addrspace(3) %503, align 4
  %505 = load float, ptr addrspace(3) %502, align 4
  %506 = tail call float @llvm.maximum.f32(float %505, float %504)
  store float %506, ptr addrspace(3) %502, align 4
  br label %.critedge10

.critedge10:                                      ; preds = %.lr.ph178.new, %498
  %507 = or disjoint i64 %493, 1
  %508 = add i64 %507, %492
  %509 = getelementptr i32, ptr %25, i64 %508
  %510 = load i32, ptr %509, align 4
  %511 = icmp slt i32 %510, 4
  br i1 %511, label %512, label %.critedge10.1

512:                                              ; preds = %.critedge10
  %513 = getelementptr ptr addrspace(3), ptr %26, i64 %508
  %514 = load ptr addrspace(3), ptr %513, align 8
  %515 = sext i32 %510 to i64
  %516 = getelementptr float, ptr addrspace(3) %514, i64 %515
  %517 = getelementptr i8, ptr addrspace(3) %516, i64 16
  %518 = load float, ptr addrspace(3) %517, align 4
  %519 = load float, ptr addrspace(3) %516, align 4
  %520 = tail call float @llvm.maximum.f32(float %519, float %518)
  store float %520, ptr addrspace(3) %516, align 4
  br label %.critedge10.1

.critedge10.1:                                    ; preds = %512, %.critedge10
  %521 = or disjoint i64 %493, 2
  %522 = add i64 %521, %492
  %523 = getelementptr i32, ptr %25, i64 %522
  %524 = load i32, ptr %523, align 4
  %525 = icmp slt i32 %524, 4
  br i1 %525, label %526, label %.critedge10.2

526:                                              ; preds = %.critedge10.1
  %527 = getelementptr ptr addrspace(3), ptr %26, i64 %522
  %528 = load ptr addrspace(3), ptr %527, align 8
  %529 = sext i32 %524 to i64
  %530 = getelementptr float, ptr addrspace(3) %528, i64 %529
  %531 = getelementptr i8, ptr addrspace(3) %530, i64 16
  %532 = load float, ptr addrspace(3) %531, align 4
  %533 = load float, ptr addrspace(3) %530, align 4
  %534 = tail call float @llvm.maximum.f32(float %533, float %532)
  store float %534, ptr addrspace(3) %530, align 4
  br label %.critedge10.2

.critedge10.2:                                    ; preds = %526, %.critedge10.1
  %535 = or disjoint i64 %493, 3
  %536 = add i64 %535, %492
  %537 = getelementptr i32, ptr %25, i64 %536
  %538 = load i32, ptr %537, align 4
  %539 = icmp slt i32 %538, 4
  br i1 %539, label %540, label %.critedge10.3

540:                                              ; preds = %.critedge10.2
  %541 = getelementptr ptr addrspace(3), ptr %26, i64 %536
  %542 = load ptr addrspace(3), ptr %541, align 8
  %543 = sext i32 %538 to i64
  %544 = getelementptr float, ptr addrspace(3) %542, i64 %543
  %545 = getelementptr i8, ptr addrspace(3) %544, i64 16
  %546 = load float, ptr addrspace(3) %545, align 4
  %547 = load float, ptr addrspace(3) %544, align 4
  %548 = tail call float @llvm.maximum.f32(float %547, float %546)
  store float %548, ptr addrspace(3) %544, align 4
  br label %.critedge10.3

.critedge10.3:                                    ; preds = %540, %.critedge10.2
  %549 = add nuw nsw i64 %493, 4
  %niter483.next.3 = add i64 %niter483, 4
  %niter483.ncmp.3 = icmp eq i64 %niter483.next.3, %unroll_iter482
  br i1 %niter483.ncmp.3, label %._crit_edge179.loopexit.unr-lcssa, label %.lr.ph178.new

._crit_edge179.loopexit.unr-lcssa:                ; preds = %.critedge10.3
  br i1 %lcmp.mod480.not, label %._crit_edge179, label %.epil.preheader475

.epil.preheader475:                               ; preds = %._crit_edge179.loopexit.unr-lcssa, %.lr.ph178
  %.epil.init479 = phi i64 [ 0, %.lr.ph178 ], [ %549, %._crit_edge179.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod481)
  br label %550

550:                                              ; preds = %.critedge10.epil, %.epil.preheader475
  %551 = phi i64 [ %.epil.init479, %.epil.preheader475 ], [ %565, %.critedge10.epil ]
  %epil.iter477 = phi i64 [ 0, %.epil.preheader475 ], [ %epil.iter477.next, %.critedge10.epil ]
  %552 = add i64 %551, %492
  %553 = getelementptr i32, ptr %25, i64 %552
  %554 = load i32, ptr %553, align 4
  %555 = icmp slt i32 %554, 4
  br i1 %555, label %556, label %.critedge10.epil

556:                                              ; preds = %550
  %557 = getelementptr ptr addrspace(3), ptr %26, i64 %552
  %558 = load ptr addrspace(3), ptr %557, align 8
  %559 = sext i32 %554 to i64
  %560 = getelementptr float, ptr addrspace(3) %558, i64 %559
  %561 = getelementptr i8, ptr addrspace(3) %560, i64 16
  %562 = load float, ptr addrspace(3) %561, align 4
  %563 = load float, ptr addrspace(3) %560, align 4
  %564 = tail call float @llvm.maximum.f32(float %563, float %562)
  store float %564, ptr addrspace(3) %560, align 4
  br label %.critedge10.epil

.critedge10.epil:                                 ; preds = %556, %550
  %565 = add nuw nsw i64 %551, 1
  %epil.iter477.next = add i64 %epil.iter477, 1
  %epil.iter477.cmp.not = icmp eq i64 %epil.iter477.next, %xtraiter476
  br i1 %epil.iter477.cmp.not, label %._crit_edge179, label %550, !llvm.loop !7

._crit_edge179:                                   ; preds = %._crit_edge179.loopexit.unr-lcssa, %.critedge10.epil, %.preheader139
  %566 = add nuw nsw i64 %490, 1
  %exitcond245.not = icmp eq i64 %566, %16
  br i1 %exitcond245.not, label %._crit_edge180, label %.preheader139

._crit_edge180:                                   ; preds = %._crit_edge179, %.preheader140
  %567 = add nuw nsw i64 %485, 1
  %568 = icmp slt i64 %567, %27
  br i1 %568, label %.preheader140, label %.preheader137.lr.ph

.preheader137:                                    ; preds = %.preheader137.lr.ph, %._crit_edge183
  %569 = phi i64 [ 0, %.preheader137.lr.ph ], [ %651, %._crit_edge183 ]
  br i1 %487, label %.preheader136.lr.ph, label %._crit_edge183

.preheader136.lr.ph:                              ; preds = %.preheader137
  %570 = mul i64 %569, %16
  br label %.preheader136

.preheader134.lr.ph:                              ; preds = %._crit_edge183
  %571 = icmp sgt i64 %16, 0
  %572 = icmp sgt i64 %14, 0
  %xtraiter494 = and i64 %14, 3
  %573 = icmp ult i64 %38, 3
  %unroll_iter500 = and i64 %14, 9223372036854775804
  %lcmp.mod498.not = icmp eq i64 %xtraiter494, 0
  %lcmp.mod499 = icmp ne i64 %xtraiter494, 0
  br label %.preheader134

.preheader136:                                    ; preds = %.preheader136.lr.ph, %._crit_edge182
  %574 = phi i64 [ 0, %.preheader136.lr.ph ], [ %650, %._crit_edge182 ]
  br i1 %488, label %.lr.ph181, label %._crit_edge182

.lr.ph181:                                        ; preds = %.preheader136
  %575 = add i64 %574, %570
  %576 = mul i64 %575, %14
  br i1 %489, label %.epil.preheader484, label %.lr.ph181.new

.lr.ph181.new:                                    ; preds = %.lr.ph181, %.critedge12.3
  %577 = phi i64 [ %633, %.critedge12.3 ], [ 0, %.lr.ph181 ]
  %niter492 = phi i64 [ %niter492.next.3, %.critedge12.3 ], [ 0, %.lr.ph181 ]
  %578 = add i64 %577, %576
  %579 = getelementptr i32, ptr %25, i64 %578
  %580 = load i32, ptr %579, align 4
  %581 = icmp slt i32 %580, 2
  br i1 %581, label %582, label %.critedge12

582:                                              ; preds = %.lr.ph181.new
  %583 = getelementptr ptr addrspace(3), ptr %26, i64 %578
  %584 = load ptr addrspace(3), ptr %583, align 8
  %585 = sext i32 %580 to i64
  %586 = getelementptr float, ptr addrspace(3) %584, i64 %585
  %587 = getelementptr i8, ptr addrspace(3) %586, i64 8
  %588 = load float, ptr addrspace(3) %587, align 4
  %589 = load float, ptr addrspace(3) %586, align 4
  %590 = tail call float @llvm.maximum.f32(float %589, float %588)
  store float %590, ptr addrspace(3) %586, align 4
  br label %.critedge12

.critedge12:                                      ; preds = %.lr.ph181.new, %582
  %591 = or disjoint i64 %577, 1
  %592 = add i64 %591, %576
  %593 = getelementptr i32, ptr %25, i64 %592
  %594 = load i32, ptr %593, align 4
  %595 = icmp slt i32 %594, 2
  br i1 %595, label %596, label %.critedge12.1

596:                                              ; preds = %.critedge12
  %597 = getelementptr ptr addrspace(3), ptr %26, i64 %592
  %598 = load ptr addrspace(3), ptr %597, align 8
  %599 = sext i32 %594 to i64
  %600 = getelementptr float, ptr addrspace(3) %598, i64 %599
  %601 = getelementptr i8, ptr addrspace(3) %600, i64 8
  %602 = load float, ptr addrspace(3) %601, align 4
  %603 = load float, ptr addrspace(3) %600, align 4
  %604 = tail call float @llvm.maximum.f32(float %603, float %602)
  store float %604, ptr addrspace(3) %600, align 4
  br label %.critedge12.1

.critedge12.1:                                    ; preds = %596, %.critedge12
  %605 = or disjoint i64 %577, 2
  %606 = add i64 %605, %576
  %607 = getelementptr i32, ptr %25, i64 %606
  %608 = load i32, ptr %607, align 4
  %609 = icmp slt i32 %608, 2
  br i1 %609, label %610, label %.critedge12.2

610:                                              ; preds = %.critedge12.1
  %611 = getelementptr ptr addrspace(3), ptr %26, i64 %606
  %612 = load ptr addrspace(3), ptr %611, align 8
  %613 = sext i32 %608 to i64
  %614 = getelementptr float, ptr addrspace(3) %612, i64 %613
  %615 = getelementptr i8, ptr addrspace(3) %614, i64 8
  %616 = load float, ptr addrspace(3) %615, align 4
  %617 = load float, ptr addrspace(3) %614, align 4
  %618 = tail call float @llvm.maximum.f32(float %617, float %616)
  store float %618, ptr addrspace(3) %614, align 4
  br label %.critedge12.2

.critedge12.2:                                    ; preds = %610, %.critedge12.1
  %619 = or disjoint i64 %577, 3
  %620 = add i64 %619, %576
  %621 = getelementptr i32, ptr %25, i64 %620
  %622 = load i32, ptr %621, align 4
  %623 = icmp slt i32 %622, 2
  br i1 %623, label %624, label %.critedge12.3

624:                                              ; preds = %.critedge12.2
  %625 = getelementptr ptr addrspace(3), ptr %26, i64 %620
  %626 = load ptr addrspace(3), ptr %625, align 8
  %627 = sext i32 %622 to i64
  %628 = getelementptr float, ptr addrspace(3) %626, i64 %627
  %629 = getelementptr i8, ptr addrspace(3) %628, i64 8
  %630 = load float, ptr addrspace(3) %629, align 4
  %631 = load float, ptr addrspace(3) %628, align 4
  %632 = tail call float @llvm.maximum.f32(float %631, float %630)
  store float %632, ptr addrspace(3) %628, align 4
  br label %.critedge12.3

.critedge12.3:                                    ; preds = %624, %.critedge12.2
  %633 = add nuw nsw i64 %577, 4
  %niter492.next.3 = add i64 %niter492, 4
  %niter492.ncmp.3 = icmp eq i64 %niter492.next.3, %unroll_iter491
  br i1 %niter492.ncmp.3, label %._crit_edge182.loopexit.unr-lcssa, label %.lr.ph181.new

._crit_edge182.loopexit.unr-lcssa:                ; preds = %.critedge12.3
  br i1 %lcmp.mod489.not, label %._crit_edge182, label %.epil.preheader484

.epil.preheader484:                               ; preds = %._crit_edge182.loopexit.unr-lcssa, %.lr.ph181
  %.epil.init488 = phi i64 [ 0, %.lr.ph181 ], [ %633, %._crit_edge182.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod490)
  br label %634

634:                                              ; preds = %.critedge12.epil, %.epil.preheader484
  %635 = phi i64 [ %.epil.init488, %.epil.preheader484 ], [ %649, %.critedge12.epil ]
  %epil.iter486 = phi i64 [ 0, %.epil.preheader484 ], [ %epil.iter486.next, %.critedge12.epil ]
  %636 = add i64 %635, %576
  %637 = getelementptr i32, ptr %25, i64 %636
  %638 = load i32, ptr %637, align 4
  %639 = icmp slt i32 %638, 2
  br i1 %639, label %640, label %.critedge12.epil

640:                                              ; preds = %634
  %641 = getelementptr ptr addrspace(3), ptr %26, i64 %636
  %642 = load ptr addrspace(3), ptr %641, align 8
  %643 = sext i32 %638 to i64
  %644 = getelementptr float, ptr addrspace(3) %642, i64 %643
  %645 = getelementptr i8, ptr addrspace(3) %644, i64 8
  %646 = load float, ptr addrspace(3) %645, align 4
  %647 = load float, ptr addrspace(3) %644, align 4
  %648 = tail call float @llvm.maximum.f32(float %647, float %646)
  store float %648, ptr addrspace(3) %644, align 4
  br label %.critedge12.epil

.critedge12.epil:                                 ; preds = %640, %634
  %649 = add nuw nsw i64 %635, 1
  %epil.iter486.next = add i64 %epil.iter486, 1
  %epil.iter486.cmp.not = icmp eq i64 %epil.iter486.next, %xtraiter485
  br i1 %epil.iter486.cmp.not, label %._crit_edge182, label %634, !llvm.loop !8

._crit_edge182:                                   ; preds = %._crit_edge182.loopexit.unr-lcssa, %.critedge12.epil, %.preheader136
  %650 = add nuw nsw i64 %574, 1
  %exitcond247.not = icmp eq i64 %650, %16
  br i1 %exitcond247.not, label %._crit_edge183, label %.preheader136

._crit_edge183:                                   ; preds = %._crit_edge182, %.preheader137
  %651 = add nuw nsw i64 %569, 1
  %652 = icmp slt i64 %651, %27
  br i1 %652, label %.preheader137, label %.preheader134.lr.ph

.preheader134:                                    ; preds = %.preheader134.lr.ph, %._crit_edge186
  %653 = phi i64 [ 0, %.preheader134.lr.ph ], [ %734, %._crit_edge186 ]
  br i1 %571, label %.preheader133.lr.ph, label %._crit_edge186

.preheader133.lr.ph:                              ; preds = %.preheader134
  %654 = mul i64 %653, %16
  br label %.preheader133

.preheader131.lr.ph:                              ; preds = %._crit_edge186
  %655 = icmp sgt i64 %16, 0
  %656 = icmp sgt i64 %14, 0
  %min.iters.check = icmp ult i64 %14, 4
  %min.iters.check403 = icmp ult i64 %14, 16
  %n.mod.vf = and i64 %14, 12
  %n.vec = and i64 %14, 9223372036854775792
  %cmp.n = icmp eq i64 %14, %n.vec
  %min.epilog.iters.check = icmp eq i64 %n.mod.vf, 0
  %n.vec405 = and i64 %14, 9223372036854775804
  %cmp.n408 = icmp eq i64 %14, %n.vec405
  br label %.preheader131

.preheader133:                                    ; preds = %.preheader133.lr.ph, %._crit_edge185
  %657 = phi i64 [ 0, %.preheader133.lr.ph ], [ %733, %._crit_edge185 ]
  br i1 %572, label %.lr.ph184, label %._crit_edge185

.lr.ph184:                                        ; preds = %.preheader133
  %658 = add i64 %657, %654
  %659 = mul i64 %658, %14
  br i1 %573, label %.epil.preheader493, label %.lr.ph184.new

.lr.ph184.new:                                    ; preds = %.lr.ph184, %.critedge14.3
  %660 = phi i64 [ %716, %.critedge14.3 ], [ 0, %.lr.ph184 ]
  %niter501 = phi i64 [ %niter501.next.3, %.critedge14.3 ], [ 0, %.lr.ph184 ]
  %661 = add i64 %660, %659
  %662 = getelementptr i32, ptr %25, i64 %661
  %663 = load i32, ptr %662, align 4
  %664 = icmp slt i32 %663, 1
  br i1 %664, label %665, label %.critedge14

665:                                              ; preds = %.lr.ph184.new
  %666 = getelementptr ptr addrspace(3), ptr %26, i64 %661
  %667 = load ptr addrspace(3), ptr %666, align 8
  %668 = sext i32 %663 to i64
  %669 = getelementptr float, ptr addrspace(3) %667, i64 %668
  %670 = getelementptr i8, ptr addrspace(3) %669, i64 4
  %671 = load float, ptr addrspace(3) %670, align 4
  %672 = load float, ptr addrspace(3) %669, align 4
  %673 = tail call float @llvm.maximum.f32(float %672, float %671)
  store float %673, ptr addrspace(3) %669, align 4
  br label %.critedge14

.critedge14:                                      ; preds = %.lr.ph184.new, %665
  %674 = or disjoint i64 %660, 1
  %675 = add i64 %674, %659
  %676 = getelementptr i32, ptr %25, i64 %675
  %677 = load i32, ptr %676, align 4
  %678 = icmp slt i32 %677, 1
  br i1 %678, label %679, label %.critedge14.1

679:                                              ; preds = %.critedge14
  %680 = getelementptr ptr addrspace(3), ptr %26, i64 %675
  %681 = load ptr addrspace(3), ptr %680, align 8
  %682 = sext i32 %677 to i64
  %683 = getelementptr float, ptr addrspace(3) %681, i64 %682
  %684 = getelementptr i8, ptr addrspace(3) %683, i64 4
  %685 = load float, ptr addrspace(3) %684, align 4
  %686 = load float, ptr addrspace(3) %683, align 4
  %687 = tail call float @llvm.maximum.f32(float %686, float %685)
  store float %687, ptr addrspace(3) %683, align 4
  br label %.critedge14.1

.critedge14.1:                                    ; preds = %679, %.critedge14
  %688 = or disjoint i64 %660, 2
  %689 = add i64 %688, %659
  %690 = getelementptr i32, ptr %25, i64 %689
  %691 = load i32, ptr %690, align 4
  %692 = icmp slt i32 %691, 1
  br i1 %692, label %693, label %.critedge14.2

693:                                              ; preds = %.critedge14.1
  %694 = getelementptr ptr addrspace(3), ptr %26, i64 %689
  %695 = load ptr addrspace(3), ptr %694, align 8
  %696 = sext i32 %691 to i64
  %697 = getelementptr float, ptr addrspace(3) %695, i64 %696
  %698 = getelementptr i8, ptr addrspace(3) %697, i64 4
  %699 = load float, ptr addrspace(3) %698, align 4
  %700 = load float, ptr addrspace(3) %697, align 4
  %701 = tail call float @llvm.maximum.f32(float %700, float %699)
  store float %701, ptr addrspace(3) %697, align 4
  br label %.critedge14.2

.critedge14.2:                                    ; preds = %693, %.critedge14.1
  %702 = or disjoint i64 %660, 3
  %703 = add i64 %702, %659
  %704 = getelementptr i32, ptr %25, i64 %703
  %705 = load i32, ptr %704, align 4
  %706 = icmp slt i32 %705, 1
  br i1 %706, label %707, label %.critedge14.3

707:                                              ; preds = %.critedge14.2
  %708 = getelementptr ptr addrspace(3), ptr %26, i64 %703
  %709 = load ptr addrspace(3), ptr %708, align 8
  %710 = sext i32 %705 to i64
  %711 = getelementptr float, ptr addrspace(3) %709, i64 %710
  %712 = getelementptr i8, ptr addrspace(3) %711, i64 4
  %713 = load float, ptr addrspace(3) %712, align 4
  %714 = load float, ptr addrspace(3) %711, align 4
  %715 = tail call float @llvm.maximum.f32(float %714, float %713)
  store float %715, ptr addrspace(3) %711, align 4
  br label %.critedge14.3

.critedge14.3:                                    ; preds = %707, %.critedge14.2
  %716 = add nuw nsw i64 %660, 4
  %niter501.next.3 = add i64 %niter501, 4
  %niter501.ncmp.3 = icmp eq i64 %niter501.next.3, %unroll_iter500
  br i1 %niter501.ncmp.3, label %._crit_edge185.loopexit.unr-lcssa, label %.lr.ph184.new

._crit_edge185.loopexit.unr-lcssa:                ; preds = %.critedge14.3
  br i1 %lcmp.mod498.not, label %._crit_edge185, label %.epil.preheader493

.epil.preheader493:                               ; preds = %._crit_edge185.loopexit.unr-lcssa, %.lr.ph184
  %.epil.init497 = phi i64 [ 0, %.lr.ph184 ], [ %716, %._crit_edge185.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod499)
  br label %717

717:                                              ; preds = %.critedge14.epil, %.epil.preheader493
  %718 = phi i64 [ %.epil.init497, %.epil.preheader493 ], [ %732, %.critedge14.epil ]
  %epil.iter495 = phi i64 [ 0, %.epil.preheader493 ], [ %epil.iter495.next, %.critedge14.epil ]
  %719 = add i64 %718, %659
  %720 = getelementptr i32, ptr %25, i64 %719
  %721 = load i32, ptr %720, align 4
  %722 = icmp slt i32 %721, 1
  br i1 %722, label %723, label %.critedge14.epil

723:                                              ; preds = %717
  %724 = getelementptr ptr addrspace(3), ptr %26, i64 %719
  %725 = load ptr addrspace(3), ptr %724, align 8
  %726 = sext i32 %721 to i64
  %727 = getelementptr float, ptr addrspace(3) %725, i64 %726
  %728 = getelementptr i8, ptr addrspace(3) %727, i64 4
  %729 = load float, ptr addrspace(3) %728, align 4
  %730 = load float, ptr addrspace(3) %727, align 4
  %731 = tail call float @llvm.maximum.f32(float %730, float %729)
  store float %731, ptr addrspace(3) %727, align 4
  br label %.critedge14.epil

.critedge14.epil:                                 ; preds = %723, %717
  %732 = add nuw nsw i64 %718, 1
  %epil.iter495.next = add i64 %epil.iter495, 1
  %epil.iter495.cmp.not = icmp eq i64 %epil.iter495.next, %xtraiter494
  br i1 %epil.iter495.cmp.not, label %._crit_edge185, label %717, !llvm.loop !9

._crit_edge185:                                   ; preds = %._crit_edge185.loopexit.unr-lcssa, %.critedge14.epil, %.preheader133
  %733 = add nuw nsw i64 %657, 1
  %exitcond249.not = icmp eq i64 %733, %16
  br i1 %exitcond249.not, label %._crit_edge186, label %.preheader133

._crit_edge186:                                   ; preds = %._crit_edge185, %.preheader134
  %734 = add nuw nsw i64 %653, 1
  %735 = icmp slt i64 %734, %27
  br i1 %735, label %.preheader134, label %.preheader131.lr.ph

.preheader131:                                    ; preds = %.preheader131.lr.ph, %._crit_edge189
  %736 = phi i64 [ 0, %.preheader131.lr.ph ], [ %880, %._crit_edge189 ]
  br i1 %655, label %.preheader130.lr.ph, label %._crit_edge189

.preheader130.lr.ph:                              ; preds = %.preheader131
  %737 = mul i64 %736, %16
  br label %.preheader130

.preheader128.lr.ph:                              ; preds = %._crit_edge189
  %738 = icmp sgt i64 %16, 0
  %739 = icmp sgt i64 %14, 0
  %sext91 = shl i64 %22, 32
  %740 = ashr exact i64 %sext91, 32
  %741 = mul i64 %740, %3
  %742 = getelementptr float, ptr addrspace(1) %0, i64 %741
  %xtraiter503 = and i64 %14, 1
  %743 = icmp eq i64 %38, 0
  %unroll_iter509 = and i64 %14, 9223372036854775806
  %lcmp.mod507.not = icmp eq i64 %xtraiter503, 0
  %lcmp.mod508 = icmp ne i64 %xtraiter503, 0
  br label %.preheader128

.preheader130:                                    ; preds = %.preheader130.lr.ph, %._crit_edge188
  %744 = phi i64 [ 0, %.preheader130.lr.ph ], [ %879, %._crit_edge188 ]
  br i1 %656, label %iter.check, label %._crit_edge188

iter.check:                                       ; preds = %.preheader130
  %745 = add i64 %744, %737
  %746 = mul i64 %745, %14
  br i1 %min.iters.check, label %vec.epilog.scalar.ph.preheader, label %vector.main.loop.iter.check

vector.main.loop.iter.check:                      ; preds = %iter.check
  br i1 %min.iters.check403, label %vec.epilog.ph, label %vector.body

vector.body:                                      ; preds = %vector.main.loop.iter.check, %vector.body
  %index = phi i64 [ %index.next, %vector.body ], [ 0, %vector.main.loop.iter.check ]
  %747 = add i64 %index, %746
  %748 = getelementptr ptr addrspace(3), ptr %26, i64 %747
  %749 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %750 = getelementptr i8, ptr %749, i64 8
  %751 = getelementptr ptr addrspace(3), ptr %750, i64 %746
  %752 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %753 = getelementptr i8, ptr %752, i64 16
  %754 = getelementptr ptr addrspace(3), ptr %753, i64 %746
  %755 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %756 = getelementptr i8, ptr %755, i64 24
  %757 = getelementptr ptr addrspace(3), ptr %756, i64 %746
  %758 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %759 = getelementptr i8, ptr %758, i64 32
  %760 = getelementptr ptr addrspace(3), ptr %759, i64 %746
  %761 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %762 = getelementptr i8, ptr %761, i64 40
  %763 = getelementptr ptr addrspace(3), ptr %762, i64 %746
  %764 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %765 = getelementptr i8, ptr %764, i64 48
  %766 = getelementptr ptr addrspace(3), ptr %765, i64 %746
  %767 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %768 = getelementptr i8, ptr %767, i64 56
  %769 = getelementptr ptr addrspace(3), ptr %768, i64 %746
  %770 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %771 = getelementptr i8, ptr %770, i64 64
  %772 = getelementptr ptr addrspace(3), ptr %771, i64 %746
  %773 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %774 = getelementptr i8, ptr %773, i64 72
  %775 = getelementptr ptr addrspace(3), ptr %774, i64 %746
  %776 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %777 = getelementptr i8, ptr %776, i64 80
  %778 = getelementptr ptr addrspace(3), ptr %777, i64 %746
  %779 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %780 = getelementptr i8, ptr %779, i64 88
  %781 = getelementptr ptr addrspace(3), ptr %780, i64 %746
  %782 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %783 = getelementptr i8, ptr %782, i64 96
  %784 = getelementptr ptr addrspace(3), ptr %783, i64 %746
  %785 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %786 = getelementptr i8, ptr %785, i64 104
  %787 = getelementptr ptr addrspace(3), ptr %786, i64 %746
  %788 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %789 = getelementptr i8, ptr %788, i64 112
  %790 = getelementptr ptr addrspace(3), ptr %789, i64 %746
  %791 = getelementptr ptr addrspace(3), ptr %26, i64 %index
  %792 = getelementptr i8, ptr %791, i64 120
  %793 = getelementptr ptr addrspace(3), ptr %792, i64 %746
  %794 = load ptr addrspace(3), ptr %748, align 8
  %795 = load ptr addrspace(3), ptr %751, align 8
  %796 = load ptr addrspace(3), ptr %754, align 8
  %797 = load ptr addrspace(3), ptr %757, align 8
  %798 = load ptr addrspace(3), ptr %760, align 8
  %799 = load ptr addrspace(3), ptr %763, align 8
  %800 = load ptr addrspace(3), ptr %766, align 8
  %801 = load ptr addrspace(3), ptr %769, align 8
  %802 = load ptr addrspace(3), ptr %772, align 8
  %803 = load ptr addrspace(3), ptr %775, align 8
  %804 = load ptr addrspace(3), ptr %778, align 8
  %805 = load ptr addrspace(3), ptr %781, align 8
  %806 = load ptr addrspace(3), ptr %784, align 8
  %807 = load ptr addrspace(3), ptr %787, align 8
  %808 = load ptr addrspace(3), ptr %790, align 8
  %809 = load ptr addrspace(3), ptr %793, align 8
  %810 = load float, ptr addrspace(3) %794, align 4
  %811 = load float, ptr addrspace(3) %795, align 4
  %812 = load float, ptr addrspace(3) %796, align 4
  %813 = load float, ptr addrspace(3) %797, align 4
  %814 = insertelement <4 x float> poison, float %810, i64 0
  %815 = insertelement <4 x float> %814, float %811, i64 1
  %816 = insertelement <4 x float> %815, float %812, i64 2
  %817 = insertelement <4 x float> %816, float %813, i64 3
  %818 = load float, ptr addrspace(3) %798, align 4
  %819 = load float, ptr addrspace(3) %799, align 4
  %820 = load float, ptr addrspace(3) %800, align 4
  %821 = load float, ptr addrspace(3) %801, align 4
  %822 = insertelement <4 x float> poison, float %818, i64 0
  %823 = insertelement <4 x float> %822, float %819, i64 1
  %824 = insertelement <4 x float> %823, float %820, i64 2
  %825 = insertelement <4 x float> %824, float %821, i64 3
  %826 = load float, ptr addrspace(3) %802, align 4
  %827 = load float, ptr addrspace(3) %803, align 4
  %828 = load float, ptr addrspace(3) %804, align 4
  %829 = load float, ptr addrspace(3) %805, align 4
  %830 = insertelement <4 x float> poison, float %826, i64 0
  %831 = insertelement <4 x float> %830, float %827, i64 1
  %832 = insertelement <4 x float> %831, float %828, i64 2
  %833 = insertelement <4 x float> %832, float %829, i64 3
  %834 = load float, ptr addrspace(3) %806, align 4
  %835 = load float, ptr addrspace(3) %807, align 4
  %836 = load float, ptr addrspace(3) %808, align 4
  %837 = load float, ptr addrspace(3) %809, align 4
  %838 = insertelement <4 x float> poison, float %834, i64 0
  %839 = insertelement <4 x float> %838, float %835, i64 1
  %840 = insertelement <4 x float> %839, float %836, i64 2
  %841 = insertelement <4 x float> %840, float %837, i64 3
  %842 = getelementptr float, ptr %24, i64 %747
  %843 = getelementptr i8, ptr %842, i64 16
  %844 = getelementptr i8, ptr %842, i64 32
  %845 = getelementptr i8, ptr %842, i64 48
  store <4 x float> %817, ptr %842, align 4
  store <4 x float> %825, ptr %843, align 4
  store <4 x float> %833, ptr %844, align 4
  store <4 x float> %841, ptr %845, align 4
  %index.next = add nuw i64 %index, 16
  %846 = icmp eq i64 %index.next, %n.vec
  br i1 %846, label %middle.block, label %vector.body, !llvm.loop !10

middle.block:                                     ; preds = %vector.body
  br i1 %cmp.n, label %._crit_edge188, label %vec.epilog.iter.check

vec.epilog.iter.check:                            ; preds = %middle.block
  br i1 %min.epilog.iters.check, label %vec.epilog.scalar.ph.preheader, label %vec.epilog.ph, !prof !13

vec.epilog.ph:                                    ; preds = %vector.main.loop.iter.check, %vec.epilog.iter.check
  %vec.epilog.resume.val = phi i64 [ %n.vec, %vec.epilog.iter.check ], [ 0, %vector.main.loop.iter.check ]
  br label %vec.epilog.vector.body

vec.epilog.vector.body:                           ; preds = %vec.epilog.vector.body, %vec.epilog.ph
  %index406 = phi i64 [ %vec.epilog.resume.val, %vec.epilog.ph ], [ %index.next407, %vec.epilog.vector.body ]
  %847 = add i64 %index406, %746
  %848 = getelementptr ptr addrspace(3), ptr %26, i64 %847
  %849 = getelementptr ptr addrspace(3), ptr %26, i64 %index406
  %850 = getelementptr i8, ptr %849, i64 8
  %851 = getelementptr ptr addrspace(3), ptr %850, i64 %746
  %852 = getelementptr ptr addrspace(3), ptr %26, i64 %index406
  %853 = getelementptr i8, ptr %852, i64 16
  %854 = getelementptr ptr addrspace(3), ptr %853, i64 %746
  %855 = getelementptr ptr addrspace(3), ptr %26, i64 %index406
  %856 = getelementptr i8, ptr %855, i64 24
  %857 = getelementptr ptr addrspace(3), ptr %856, i64 %746
  %858 = load ptr addrspace(3), ptr %848, align 8
  %859 = load ptr addrspace(3), ptr %851, align 8
  %860 = load ptr addrspace(3), ptr %854, align 8
  %861 = load ptr addrspace(3), ptr %857, align 8
  %862 = load float, ptr addrspace(3) %858, align 4
  %863 = load float, ptr addrspace(3) %859, align 4
  %864 = load float, ptr addrspace(3) %860, align 4
  %865 = load float, ptr addrspace(3) %861, align 4
  %866 = insertelement <4 x float> poison, float %862, i64 0
  %867 = insertelement <4 x float> %866, float %863, i64 1
  %868 = insertelement <4 x float> %867, float %864, i64 2
  %869 = insertelement <4 x float> %868, float %865, i64 3
  %870 = getelementptr float, ptr %24, i64 %847
  store <4 x float> %869, ptr %870, align 4
  %index.next407 = add nuw i64 %index406, 4
  %871 = icmp eq i64 %index.next407, %n.vec405
  br i1 %871, label %vec.epilog.middle.block, label %vec.epilog.vector.body, !llvm.loop !14

vec.epilog.middle.block:                          ; preds = %vec.epilog.vector.body
  br i1 %cmp.n408, label %._crit_edge188, label %vec.epilog.scalar.ph.preheader

vec.epilog.scalar.ph.preheader:                   ; preds = %iter.check, %vec.epilog.iter.check, %vec.epilog.middle.block
  %.ph436 = phi i64 [ 0, %iter.check ], [ %n.vec, %vec.epilog.iter.check ], [ %n.vec405, %vec.epilog.middle.block ]
  br label %vec.epilog.scalar.ph

vec.epilog.scalar.ph:                             ; preds = %vec.epilog.scalar.ph.preheader, %vec.epilog.scalar.ph
  %872 = phi i64 [ %878, %vec.epilog.scalar.ph ], [ %.ph436, %vec.epilog.scalar.ph.preheader ]
  %873 = add i64 %872, %746
  %874 = getelementptr ptr addrspace(3), ptr %26, i64 %873
  %875 = load ptr addrspace(3), ptr %874, align 8
  %876 = load float, ptr addrspace(3) %875, align 4
  %877 = getelementptr float, ptr %24, i64 %873
  store float %876, ptr %877, align 4
  %878 = add nuw nsw i64 %872, 1
  %exitcond250.not = icmp eq i64 %878, %14
  br i1 %exitcond250.not, label %._crit_edge188, label %vec.epilog.scalar.ph, !llvm.loop !15

._crit_edge188:                                   ; preds = %vec.epilog.scalar.ph, %middle.block, %vec.epilog.middle.block, %.preheader130
  %879 = add nuw nsw i64 %744, 1
  %exitcond251.not = icmp eq i64 %879, %16
  br i1 %exitcond251.not, label %._crit_edge189, label %.preheader130

._crit_edge189:                                   ; preds = %._crit_edge188, %.preheader131
  %880 = add nuw nsw i64 %736, 1
  %881 = icmp slt i64 %880, %27
  br i1 %881, label %.preheader131, label %.preheader128.lr.ph

.preheader128:                                    ; preds = %.preheader128.lr.ph, %._crit_edge196
  %882 = phi i64 [ 0, %.preheader128.lr.ph ], [ %1014, %._crit_edge196 ]
  br i1 %738, label %.preheader127.lr.ph, label %._crit_edge196

.preheader127.lr.ph:                              ; preds = %.preheader128
  %883 = mul i64 %882, %16
  br label %.preheader127

.preheader125.lr.ph:                              ; preds = %._crit_edge196
  %884 = icmp sgt i64 %16, 0
  %885 = icmp sgt i64 %14, 0
  %xtraiter512 = and i64 %14, 3
  %886 = icmp ult i64 %38, 3
  %unroll_iter518 = and i64 %14, 9223372036854775804
  %lcmp.mod516.not = icmp eq i64 %xtraiter512, 0
  %lcmp.mod517 = icmp ne i64 %xtraiter512, 0
  br label %.preheader125

.preheader127:                                    ; preds = %.preheader127.lr.ph, %._crit_edge195
  %887 = phi i64 [ 0, %.preheader127.lr.ph ], [ %1013, %._crit_edge195 ]
  br i1 %739, label %.lr.ph194, label %._crit_edge195

.lr.ph194:                                        ; preds = %.preheader127
  %888 = add i64 %887, %883
  %889 = mul i64 %888, %14
  br i1 %743, label %.epil.preheader502, label %.lr.ph194.new

.lr.ph194.new:                                    ; preds = %.lr.ph194, %._crit_edge192.1
  %890 = phi i64 [ %972, %._crit_edge192.1 ], [ 0, %.lr.ph194 ]
  %niter510 = phi i64 [ %niter510.next.1, %._crit_edge192.1 ], [ 0, %.lr.ph194 ]
  %891 = add i64 %890, %889
  %892 = getelementptr float, ptr %24, i64 %891
  %893 = load float, ptr %892, align 4
  %894 = getelementptr i32, ptr %25, i64 %891
  %895 = load i32, ptr %894, align 4
  %896 = getelementptr ptr addrspace(3), ptr %26, i64 %891
  %897 = load ptr addrspace(3), ptr %896, align 8
  %898 = icmp slt i32 %895, %10
  br i1 %898, label %.lr.ph191, label %._crit_edge192

.lr.ph191:                                        ; preds = %.lr.ph194.new, %.lr.ph191
  %899 = phi float [ %926, %.lr.ph191 ], [ 0.000000e+00, %.lr.ph194.new ]
  %900 = phi i32 [ %927, %.lr.ph191 ], [ %895, %.lr.ph194.new ]
  %901 = sext i32 %900 to i64
  %902 = getelementptr float, ptr addrspace(1) %742, i64 %901
  %903 = load float, ptr addrspace(1) %902, align 4
  %904 = fsub float %903, %893
  %.inv92 = fcmp olt float %904, 0xC055F33340000000
  %905 = select i1 %.inv92, float 0xC055F33340000000, float %904
  %.inv93 = fcmp ogt float %905, 0x4056333340000000
  %906 = select i1 %.inv93, float 0x4056333340000000, float %905
  %907 = tail call float @llvm.fma.f32(float %906, float 0x3FF7154760000000, float 5.000000e-01)
  %908 = tail call float @llvm.floor.f32(float %907)
  %.inv94 = fcmp olt float %908, -1.270000e+02
  %909 = select i1 %.inv94, float -1.270000e+02, float %908
  %.inv95 = fcmp ogt float %909, 1.270000e+02
  %910 = select i1 %.inv95, float 1.270000e+02, float %909
  %911 = tail call float @llvm.fma.f32(float %910, float 0xBFE6300000000000, float %906)
  %912 = tail call float @llvm.fma.f32(float %910, float 0x3F2BD01060000000, float %911)
  %913 = tail call float @llvm.fma.f32(float %912, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %914 = tail call float @llvm.fma.f32(float %913, float %912, float 0x3F81112100000000)
  %915 = tail call float @llvm.fma.f32(float %914, float %912, float 0x3FA5553820000000)
  %916 = tail call float @llvm.fma.f32(float %915, float %912, float 0x3FC5555540000000)
  %917 = tail call float @llvm.fma.f32(float %916, float %912, float 5.000000e-01)
  %918 = fmul float %912, %912
  %919 = tail call float @llvm.fma.f32(float %917, float %918, float %912)
  %920 = fadd float %919, 1.000000e+00
  %921 = fptosi float %910 to i32
  %922 = shl i32 %921, 23
  %923 = add i32 %922, 1065353216
  %924 = bitcast i32 %923 to float
  %925 = fmul float %920, %924
  %926 = fadd float %899, %925
  %927 = add i32 %900, 256
  %928 = icmp slt i32 %927, %10
  br i1 %928, label %.lr.ph191, label %._crit_edge192

._crit_edge192:                                   ; preds = %.lr.ph191, %.lr.ph194.new
  %.lcssa = phi float [ 0.000000e+00, %.lr.ph194.new ], [ %926, %.lr.ph191 ]
  %929 = sext i32 %895 to i64
  %930 = getelementptr float, ptr addrspace(3) %897, i64 %929
  store float %.lcssa, ptr addrspace(3) %930, align 4
  %931 = or disjoint i64 %890, 1
  %932 = add i64 %931, %889
  %933 = getelementptr float, ptr %24, i64 %932
  %934 = load float, ptr %933, align 4
  %935 = getelementptr i32, ptr %25, i64 %932
  %936 = load i32, ptr %935, align 4
  %937 = getelementptr ptr addrspace(3), ptr %26, i64 %932
  %938 = load ptr addrspace(3), ptr %937, align 8
  %939 = icmp slt i32 %936, %10
  br i1 %939, label %.lr.ph191.1, label %._crit_edge192.1

.lr.ph191.1:                                      ; preds = %._crit_edge192, %.lr.ph191.1
  %940 = phi float [ %967, %.lr.ph191.1 ], [ 0.000000e+00, %._crit_edge192 ]
  %941 = phi i32 [ %968, %.lr.ph191.1 ], [ %936, %._crit_edge192 ]
  %942 = sext i32 %941 to i64
  %943 = getelementptr float, ptr addrspace(1) %742, i64 %942
  %944 = load float, ptr addrspace(1) %943, align 4
  %945 = fsub float %944, %934
  %.inv92.1 = fcmp olt float %945, 0xC055F33340000000
  %946 = select i1 %.inv92.1, float 0xC055F33340000000, float %945
  %.inv93.1 = fcmp ogt float %946, 0x4056333340000000
  %947 = select i1 %.inv93.1, float 0x4056333340000000, float %946
  %948 = tail call float @llvm.fma.f32(float %947, float 0x3FF7154760000000, float 5.000000e-01)
  %949 = tail call float @llvm.floor.f32(float %948)
  %.inv94.1 = fcmp olt float %949, -1.270000e+02
  %950 = select i1 %.inv94.1, float -1.270000e+02, float %949
  %.inv95.1 = fcmp ogt float %950, 1.270000e+02
  %951 = select i1 %.inv95.1, float 1.270000e+02, float %950
  %952 = tail call float @llvm.fma.f32(float %951, float 0xBFE6300000000000, float %947)
  %953 = tail call float @llvm.fma.f32(float %951, float 0x3F2BD01060000000, float %952)
  %954 = tail call float @llvm.fma.f32(float %953, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %955 = tail call float @llvm.fma.f32(float %954, float %953, float 0x3F81112100000000)
  %956 = tail call float @llvm.fma.f32(float %955, float %953, float 0x3FA5553820000000)
  %957 = tail call float @llvm.fma.f32(float %956, float %953, float 0x3FC5555540000000)
  %958 = tail call float @llvm.fma.f32(float %957, float %953, float 5.000000e-01)
  %959 = fmul float %953, %953
  %960 = tail call float @llvm.fma.f32(float %958, float %959, float %953)
  %961 = fadd float %960, 1.000000e+00
  %962 = fptosi float %951 to i32
  %963 = shl i32 %962, 23
  %964 = add i32 %963, 1065353216
  %965 = bitcast i32 %964 to float
  %966 = fmul float %961, %965
  %967 = fadd float %940, %966
  %968 = add i32 %941, 256
  %969 = icmp slt i32 %968, %10
  br i1 %969, label %.lr.ph191.1, label %._crit_edge192.1

._crit_edge192.1:                                 ; preds = %.lr.ph191.1, %._crit_edge192
  %.lcssa.1 = phi float [ 0.000000e+00, %._crit_edge192 ], [ %967, %.lr.ph191.1 ]
  %970 = sext i32 %936 to i64
  %971 = getelementptr float, ptr addrspace(3) %938, i64 %970
  store float %.lcssa.1, ptr addrspace(3) %971, align 4
  %972 = add nuw nsw i64 %890, 2
  %niter510.next.1 = add i64 %niter510, 2
  %niter510.ncmp.1 = icmp eq i64 %niter510.next.1, %unroll_iter509
  br i1 %niter510.ncmp.1, label %._crit_edge195.loopexit.unr-lcssa, label %.lr.ph194.new

._crit_edge195.loopexit.unr-lcssa:                ; preds = %._crit_edge192.1
  br i1 %lcmp.mod507.not, label %._crit_edge195, label %.epil.preheader502

.epil.preheader502:                               ; preds = %._crit_edge195.loopexit.unr-lcssa, %.lr.ph194
  %.epil.init506 = phi i64 [ 0, %.lr.ph194 ], [ %972, %._crit_edge195.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod508)
  %973 = add i64 %.epil.init506, %889
  %974 = getelementptr float, ptr %24, i64 %973
  %975 = load float, ptr %974, align 4
  %976 = getelementptr i32, ptr %25, i64 %973
  %977 = load i32, ptr %976, align 4
  %978 = getelementptr ptr addrspace(3), ptr %26, i64 %973
  %979 = load ptr addrspace(3), ptr %978, align 8
  %980 = icmp slt i32 %977, %10
  br i1 %980, label %.lr.ph191.epil, label %._crit_edge192.epil

.lr.ph191.epil:                                   ; preds = %.epil.preheader502, %.lr.ph191.epil
  %981 = phi float [ %1008, %.lr.ph191.epil ], [ 0.000000e+00, %.epil.preheader502 ]
  %982 = phi i32 [ %1009, %.lr.ph191.epil ], [ %977, %.epil.preheader502 ]
  %983 = sext i32 %982 to i64
  %984 = getelementptr float, ptr addrspace(1) %742, i64 %983
  %985 = load float, ptr addrspace(1) %984, align 4
  %986 = fsub float %985, %975
  %.inv92.epil = fcmp olt float %986, 0xC055F33340000000
  %987 = select i1 %.inv92.epil, float 0xC055F33340000000, float %986
  %.inv93.epil = fcmp ogt float %987, 0x4056333340000000
  %988 = select i1 %.inv93.epil, float 0x4056333340000000, float %987
  %989 = tail call float @llvm.fma.f32(float %988, float 0x3FF7154760000000, float 5.000000e-01)
  %990 = tail call float @llvm.floor.f32(float %989)
  %.inv94.epil = fcmp olt float %990, -1.270000e+02
  %991 = select i1 %.inv94.epil, float -1.270000e+02, float %990
  %.inv95.epil = fcmp ogt float %991, 1.270000e+02
  %992 = select i1 %.inv95.epil, float 1.270000e+02, float %991
  %993 = tail call float @llvm.fma.f32(float %992, float 0xBFE6300000000000, float %988)
  %994 = tail call float @llvm.fma.f32(float %992, float 0x3F2BD01060000000, float %993)
  %995 = tail call float @llvm.fma.f32(float %994, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %996 = tail call float @llvm.fma.f32(float %995, float %994, float 0x3F81112100000000)
  %997 = tail call float @llvm.fma.f32(float %996, float %994, float 0x3FA5553820000000)
  %998 = tail call float @llvm.fma.f32(float %997, float %994, float 0x3FC5555540000000)
  %999 = tail call float @llvm.fma.f32(float %998, float %994, float 5.000000e-01)
  %1000 = fmul float %994, %994
  %1001 = tail call float @llvm.fma.f32(float %999, float %1000, float %994)
  %1002 = fadd float %1001, 1.000000e+00
  %1003 = fptosi float %992 to i32
  %1004 = shl i32 %1003, 23
  %1005 = add i32 %1004, 1065353216
  %1006 = bitcast i32 %1005 to float
  %1007 = fmul float %1002, %1006
  %1008 = fadd float %981, %1007
  %1009 = add i32 %982, 256
  %1010 = icmp slt i32 %1009, %10
  br i1 %1010, label %.lr.ph191.epil, label %._crit_edge192.epil

._crit_edge192.epil:                              ; preds = %.lr.ph191.epil, %.epil.preheader502
  %.lcssa.epil = phi float [ 0.000000e+00, %.epil.preheader502 ], [ %1008, %.lr.ph191.epil ]
  %1011 = sext i32 %977 to i64
  %1012 = getelementptr float, ptr addrspace(3) %979, i64 %1011
  store float %.lcssa.epil, ptr addrspace(3) %1012, align 4
  br label %._crit_edge195

._crit_edge195:                                   ; preds = %._crit_edge192.epil, %._crit_edge195.loopexit.unr-lcssa, %.preheader127
  %1013 = add nuw nsw i64 %887, 1
  %exitcond253.not = icmp eq i64 %1013, %16
  br i1 %exitcond253.not, label %._crit_edge196, label %.preheader127

._crit_edge196:                                   ; preds = %._crit_edge195, %.preheader128
  %1014 = add nuw nsw i64 %882, 1
  %1015 = icmp slt i64 %1014, %27
  br i1 %1015, label %.preheader128, label %.preheader125.lr.ph

.preheader125:                                    ; preds = %.preheader125.lr.ph, %._crit_edge199
  %1016 = phi i64 [ 0, %.preheader125.lr.ph ], [ %1098, %._crit_edge199 ]
  br i1 %884, label %.preheader124.lr.ph, label %._crit_edge199

.preheader124.lr.ph:                              ; preds = %.preheader125
  %1017 = mul i64 %1016, %16
  br label %.preheader124

.preheader122.lr.ph:                              ; preds = %._crit_edge199
  %1018 = icmp sgt i64 %16, 0
  %1019 = icmp sgt i64 %14, 0
  %xtraiter521 = and i64 %14, 3
  %1020 = icmp ult i64 %38, 3
  %unroll_iter527 = and i64 %14, 9223372036854775804
  %lcmp.mod525.not = icmp eq i64 %xtraiter521, 0
  %lcmp.mod526 = icmp ne i64 %xtraiter521, 0
  br label %.preheader122

.preheader124:                                    ; preds = %.preheader124.lr.ph, %._crit_edge198
  %1021 = phi i64 [ 0, %.preheader124.lr.ph ], [ %1097, %._crit_edge198 ]
  br i1 %885, label %.lr.ph197, label %._crit_edge198

.lr.ph197:                                        ; preds = %.preheader124
  %1022 = add i64 %1021, %1017
  %1023 = mul i64 %1022, %14
  br i1 %886, label %.epil.preheader511, label %.lr.ph197.new

.lr.ph197.new:                                    ; preds = %.lr.ph197, %.critedge16.3
  %1024 = phi i64 [ %1080, %.critedge16.3 ], [ 0, %.lr.ph197 ]
  %niter519 = phi i64 [ %niter519.next.3, %.critedge16.3 ], [ 0, %.lr.ph197 ]
  %1025 = add i64 %1024, %1023
  %1026 = getelementptr i32, ptr %25, i64 %1025
  %1027 = load i32, ptr %1026, align 4
  %1028 = icmp slt i32 %1027, 128
  br i1 %1028, label %1029, label %.critedge16

1029:                                             ; preds = %.lr.ph197.new
  %1030 = getelementptr ptr addrspace(3), ptr %26, i64 %1025
  %1031 = load ptr addrspace(3), ptr %1030, align 8
  %1032 = sext i32 %1027 to i64
  %1033 = getelementptr float, ptr addrspace(3) %1031, i64 %1032
  %1034 = getelementptr i8, ptr addrspace(3) %1033, i64 512
  %1035 = load float, ptr addrspace(3) %1034, align 4
  %1036 = load float, ptr addrspace(3) %1033, align 4
  %1037 = fadd float %1035, %1036
  store float %1037, ptr addrspace(3) %1033, align 4
  br label %.critedge16

.critedge16:                                      ; preds = %.lr.ph197.new, %1029
  %1038 = or disjoint i64 %1024, 1
  %1039 = add i64 %1038, %1023
  %1040 = getelementptr i32, ptr %25, i64 %1039
  %1041 = load i32, ptr %1040, align 4
  %1042 = icmp slt i32 %1041, 128
  br i1 %1042, label %1043, label %.critedge16.1

1043:                                             ; preds = %.critedge16
  %1044 = getelementptr ptr addrspace(3), ptr %26, i64 %1039
  %1045 = load ptr addrspace(3), ptr %1044, align 8
  %1046 = sext i32 %1041 to i64
  %1047 = getelementptr float, ptr addrspace(3) %1045, i64 %1046
  %1048 = getelementptr i8, ptr addrspace(3) %1047, i64 512
  %1049 = load float, ptr addrspace(3) %1048, align 4
  %1050 = load float, ptr addrspace(3) %1047, align 4
  %1051 = fadd float %1049, %1050
  store float %1051, ptr addrspace(3) %1047, align 4
  br label %.critedge16.1

.critedge16.1:                                    ; preds = %1043, %.critedge16
  %1052 = or disjoint i64 %1024, 2
  %1053 = add i64 %1052, %1023
  %1054 = getelementptr i32, ptr %25, i64 %1053
  %1055 = load i32, ptr %1054, align 4
  %1056 = icmp slt i32 %1055, 128
  br i1 %1056, label %1057, label %.critedge16.2

1057:                                             ; preds = %.critedge16.1
  %1058 = getelementptr ptr addrspace(3), ptr %26, i64 %1053
  %1059 = load ptr addrspace(3), ptr %1058, align 8
  %1060 = sext i32 %1055 to i64
  %1061 = getelementptr float, ptr addrspace(3) %1059, i64 %1060
  %1062 = getelementptr i8, ptr addrspace(3) %1061, i64 512
  %1063 = load float, ptr addrspace(3) %1062, align 4
  %1064 = load float, ptr addrspace(3) %1061, align 4
  %1065 = fadd float %1063, %1064
  store float %1065, ptr addrspace(3) %1061, align 4
  br label %.critedge16.2

.critedge16.2:                                    ; preds = %1057, %.critedge16.1
  %1066 = or disjoint i64 %1024, 3
  %1067 = add i64 %1066, %1023
  %1068 = getelementptr i32, ptr %25, i64 %1067
  %1069 = load i32, ptr %1068, align 4
  %1070 = icmp slt i32 %1069, 128
  br i1 %1070, label %1071, label %.critedge16.3

1071:                                             ; preds = %.critedge16.2
  %1072 = getelementptr ptr addrspace(3), ptr %26, i64 %1067
  %1073 = load ptr addrspace(3), ptr %1072, align 8
  %1074 = sext i32 %1069 to i64
  %1075 = getelementptr float, ptr addrspace(3) %1073, i64 %1074
  %1076 = getelementptr i8, ptr addrspace(3) %1075, i64 512
  %1077 = load float, ptr addrspace(3) %1076, align 4
  %1078 = load float, ptr addrspace(3) %1075, align 4
  %1079 = fadd float %1077, %1078
  store float %1079, ptr addrspace(3) %1075, align 4
  br label %.critedge16.3

.critedge16.3:                                    ; preds = %1071, %.critedge16.2
  %1080 = add nuw nsw i64 %1024, 4
  %niter519.next.3 = add i64 %niter519, 4
  %niter519.ncmp.3 = icmp eq i64 %niter519.next.3, %unroll_iter518
  br i1 %niter519.ncmp.3, label %._crit_edge198.loopexit.unr-lcssa, label %.lr.ph197.new

._crit_edge198.loopexit.unr-lcssa:                ; preds = %.critedge16.3
  br i1 %lcmp.mod516.not, label %._crit_edge198, label %.epil.preheader511

.epil.preheader511:                               ; preds = %._crit_edge198.loopexit.unr-lcssa, %.lr.ph197
  %.epil.init515 = phi i64 [ 0, %.lr.ph197 ], [ %1080, %._crit_edge198.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod517)
  br label %1081

1081:                                             ; preds = %.critedge16.epil, %.epil.preheader511
  %1082 = phi i64 [ %.epil.init515, %.epil.preheader511 ], [ %1096, %.critedge16.epil ]
  %epil.iter513 = phi i64 [ 0, %.epil.preheader511 ], [ %epil.iter513.next, %.critedge16.epil ]
  %1083 = add i64 %1082, %1023
  %1084 = getelementptr i32, ptr %25, i64 %1083
  %1085 = load i32, ptr %1084, align 4
  %1086 = icmp slt i32 %1085, 128
  br i1 %1086, label %1087, label %.critedge16.epil

1087:                                             ; preds = %1081
  %1088 = getelementptr ptr addrspace(3), ptr %26, i64 %1083
  %1089 = load ptr addrspace(3), ptr %1088, align 8
  %1090 = sext i32 %1085 to i64
  %1091 = getelementptr float, ptr addrspace(3) %1089, i64 %1090
  %1092 = getelementptr i8, ptr addrspace(3) %1091, i64 512
  %1093 = load float, ptr addrspace(3) %1092, align 4
  %1094 = load float, ptr addrspace(3) %1091, align 4
  %1095 = fadd float %1093, %1094
  store float %1095, ptr addrspace(3) %1091, align 4
  br label %.critedge16.epil

.critedge16.epil:                                 ; preds = %1087, %1081
  %1096 = add nuw nsw i64 %1082, 1
  %epil.iter513.next = add i64 %epil.iter513, 1
  %epil.iter513.cmp.not = icmp eq i64 %epil.iter513.next, %xtraiter512
  br i1 %epil.iter513.cmp.not, label %._crit_edge198, label %1081, !llvm.loop !16

._crit_edge198:                                   ; preds = %._crit_edge198.loopexit.unr-lcssa, %.critedge16.epil, %.preheader124
  %1097 = add nuw nsw i64 %1021, 1
  %exitcond255.not = icmp eq i64 %1097, %16
  br i1 %exitcond255.not, label %._crit_edge199, label %.preheader124

._crit_edge199:                                   ; preds = %._crit_edge198, %.preheader125
  %1098 = add nuw nsw i64 %1016, 1
  %1099 = icmp slt i64 %1098, %27
  br i1 %1099, label %.preheader125, label %.preheader122.lr.ph

.preheader122:                                    ; preds = %.preheader122.lr.ph, %._crit_edge202
  %1100 = phi i64 [ 0, %.preheader122.lr.ph ], [ %1182, %._crit_edge202 ]
  br i1 %1018, label %.preheader121.lr.ph, label %._crit_edge202

.preheader121.lr.ph:                              ; preds = %.preheader122
  %1101 = mul i64 %1100, %16
  br label %.preheader121

.preheader119.lr.ph:                              ; preds = %._crit_edge202
  %1102 = icmp sgt i64 %16, 0
  %1103 = icmp sgt i64 %14, 0
  %xtraiter530 = and i64 %14, 3
  %1104 = icmp ult i64 %38, 3
  %unroll_iter536 = and i64 %14, 9223372036854775804
  %lcmp.mod534.not = icmp eq i64 %xtraiter530, 0
  %lcmp.mod535 = icmp ne i64 %xtraiter530, 0
  br label %.preheader119

.preheader121:                                    ; preds = %.preheader121.lr.ph, %._crit_edge201
  %1105 = phi i64 [ 0, %.preheader121.lr.ph ], [ %1181, %._crit_edge201 ]
  br i1 %1019, label %.lr.ph200, label %._crit_edge201

.lr.ph200:                                        ; preds = %.preheader121
  %1106 = add i64 %1105, %1101
  %1107 = mul i64 %1106, %14
  br i1 %1020, label %.epil.preheader520, label %.lr.ph200.new

.lr.ph200.new:                                    ; preds = %.lr.ph200, %.critedge18.3
  %1108 = phi i64 [ %1164, %.critedge18.3 ], [ 0, %.lr.ph200 ]
  %niter528 = phi i64 [ %niter528.next.3, %.critedge18.3 ], [ 0, %.lr.ph200 ]
  %1109 = add i64 %1108, %1107
  %1110 = getelementptr i32, ptr %25, i64 %1109
  %1111 = load i32, ptr %1110, align 4
  %1112 = icmp slt i32 %1111, 64
  br i1 %1112, label %1113, label %.critedge18

1113:                                             ; preds = %.lr.ph200.new
  %1114 = getelementptr ptr addrspace(3), ptr %26, i64 %1109
  %1115 = load ptr addrspace(3), ptr %1114, align 8
  %1116 = sext i32 %1111 to i64
  %1117 = getelementptr float, ptr addrspace(3) %1115, i64 %1116
  %1118 = getelementptr i8, ptr addrspace(3) %1117, i64 256
  %1119 = load float, ptr addrspace(3) %1118, align 4
  %1120 = load float, ptr addrspace(3) %1117, align 4
  %1121 = fadd float %1119, %1120
  store float %1121, ptr addrspace(3) %1117, align 4
  br label %.critedge18

.critedge18:                                      ; preds = %.lr.ph200.new, %1113
  %1122 = or disjoint i64 %1108, 1
  %1123 = add i64 %1122, %1107
  %1124 = getelementptr i32, ptr %25, i64 %1123
  %1125 = load i32, ptr %1124, align 4
  %1126 = icmp slt i32 %1125, 64
  br i1 %1126, label %1127, label %.critedge18.1

1127:                                             ; preds = %.critedge18
  %1128 = getelementptr ptr addrspace(3), ptr %26, i64 %1123
  %1129 = load ptr addrspace(3), ptr %1128, align 8
  %1130 = sext i32 %1125 to i64
  %1131 = getelementptr float, ptr addrspace(3) %1129, i64 %1130
  %1132 = getelementptr i8, ptr addrspace(3) %1131, i64 256
  %1133 = load float, ptr addrspace(3) %1132, align 4
  %1134 = load float, ptr addrspace(3) %1131, align 4
  %1135 = fadd float %1133, %1134
  store float %1135, ptr addrspace(3) %1131, align 4
  br label %.critedge18.1

.critedge18.1:                                    ; preds = %1127, %.critedge18
  %1136 = or disjoint i64 %1108, 2
  %1137 = add i64 %1136, %1107
  %1138 = getelementptr i32, ptr %25, i64 %1137
  %1139 = load i32, ptr %1138, align 4
  %1140 = icmp slt i32 %1139, 64
  br i1 %1140, label %1141, label %.critedge18.2

1141:                                             ; preds = %.critedge18.1
  %1142 = getelementptr ptr addrspace(3), ptr %26, i64 %1137
  %1143 = load ptr addrspace(3), ptr %1142, align 8
  %1144 = sext i32 %1139 to i64
  %1145 = getelementptr float, ptr addrspace(3) %1143, i64 %1144
  %1146 = getelementptr i8, ptr addrspace(3) %1145, i64 256
  %1147 = load float, ptr addrspace(3) %1146, align 4
  %1148 = load float, ptr addrspace(3) %1145, align 4
  %1149 = fadd float %1147, %1148
  store float %1149, ptr addrspace(3) %1145, align 4
  br label %.critedge18.2

.critedge18.2:                                    ; preds = %1141, %.critedge18.1
  %1150 = or disjoint i64 %1108, 3
  %1151 = add i64 %1150, %1107
  %1152 = getelementptr i32, ptr %25, i64 %1151
  %1153 = load i32, ptr %1152, align 4
  %1154 = icmp slt i32 %1153, 64
  br i1 %1154, label %1155, label %.critedge18.3

1155:                                             ; preds = %.critedge18.2
  %1156 = getelementptr ptr addrspace(3), ptr %26, i64 %1151
  %1157 = load ptr addrspace(3), ptr %1156, align 8
  %1158 = sext i32 %1153 to i64
  %1159 = getelementptr float, ptr addrspace(3) %1157, i64 %1158
  %1160 = getelementptr i8, ptr addrspace(3) %1159, i64 256
  %1161 = load float, ptr addrspace(3) %1160, align 4
  %1162 = load float, ptr addrspace(3) %1159, align 4
  %1163 = fadd float %1161, %1162
  store float %1163, ptr addrspace(3) %1159, align 4
  br label %.critedge18.3

.critedge18.3:                                    ; preds = %1155, %.critedge18.2
  %1164 = add nuw nsw i64 %1108, 4
  %niter528.next.3 = add i64 %niter528, 4
  %niter528.ncmp.3 = icmp eq i64 %niter528.next.3, %unroll_iter527
  br i1 %niter528.ncmp.3, label %._crit_edge201.loopexit.unr-lcssa, label %.lr.ph200.new

._crit_edge201.loopexit.unr-lcssa:                ; preds = %.critedge18.3
  br i1 %lcmp.mod525.not, label %._crit_edge201, label %.epil.preheader520

.epil.preheader520:                               ; preds = %._crit_edge201.loopexit.unr-lcssa, %.lr.ph200
  %.epil.init524 = phi i64 [ 0, %.lr.ph200 ], [ %1164, %._crit_edge201.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod526)
  br label %1165

1165:                                             ; preds = %.critedge18.epil, %.epil.preheader520
  %1166 = phi i64 [ %.epil.init524, %.epil.preheader520 ], [ %1180, %.critedge18.epil ]
  %epil.iter522 = phi i64 [ 0, %.epil.preheader520 ], [ %epil.iter522.next, %.critedge18.epil ]
  %1167 = add i64 %1166, %1107
  %1168 = getelementptr i32, ptr %25, i64 %1167
  %1169 = load i32, ptr %1168, align 4
  %1170 = icmp slt i32 %1169, 64
  br i1 %1170, label %1171, label %.critedge18.epil

1171:                                             ; preds = %1165
  %1172 = getelementptr ptr addrspace(3), ptr %26, i64 %1167
  %1173 = load ptr addrspace(3), ptr %1172, align 8
  %1174 = sext i32 %1169 to i64
  %1175 = getelementptr float, ptr addrspace(3) %1173, i64 %1174
  %1176 = getelementptr i8, ptr addrspace(3) %1175, i64 256
  %1177 = load float, ptr addrspace(3) %1176, align 4
  %1178 = load float, ptr addrspace(3) %1175, align 4
  %1179 = fadd float %1177, %1178
  store float %1179, ptr addrspace(3) %1175, align 4
  br label %.critedge18.epil

.critedge18.epil:                                 ; preds = %1171, %1165
  %1180 = add nuw nsw i64 %1166, 1
  %epil.iter522.next = add i64 %epil.iter522, 1
  %epil.iter522.cmp.not = icmp eq i64 %epil.iter522.next, %xtraiter521
  br i1 %epil.iter522.cmp.not, label %._crit_edge201, label %1165, !llvm.loop !17

._crit_edge201:                                   ; preds = %._crit_edge201.loopexit.unr-lcssa, %.critedge18.epil, %.preheader121
  %1181 = add nuw nsw i64 %1105, 1
  %exitcond257.not = icmp eq i64 %1181, %16
  br i1 %exitcond257.not, label %._crit_edge202, label %.preheader121

._crit_edge202:                                   ; preds = %._crit_edge201, %.preheader122
  %1182 = add nuw nsw i64 %1100, 1
  %1183 = icmp slt i64 %1182, %27
  br i1 %1183, label %.preheader122, label %.preheader119.lr.ph

.preheader119:                                    ; preds = %.preheader119.lr.ph, %._crit_edge205
  %1184 = phi i64 [ 0, %.preheader119.lr.ph ], [ %1266, %._crit_edge205 ]
  br i1 %1102, label %.preheader118.lr.ph, label %._crit_edge205

.preheader118.lr.ph:                              ; preds = %.preheader119
  %1185 = mul i64 %1184, %16
  br label %.preheader118

.preheader116.lr.ph:                              ; preds = %._crit_edge205
  %1186 = icmp sgt i64 %16, 0
  %1187 = icmp sgt i64 %14, 0
  %xtraiter539 = and i64 %14, 3
  %1188 = icmp ult i64 %38, 3
  %unroll_iter545 = and i64 %14, 9223372036854775804
  %lcmp.mod543.not = icmp eq i64 %xtraiter539, 0
  %lcmp.mod544 = icmp ne i64 %xtraiter539, 0
  br label %.preheader116

.preheader118:                                    ; preds = %.preheader118.lr.ph, %._crit_edge204
  %1189 = phi i64 [ 0, %.preheader118.lr.ph ], [ %1265, %._crit_edge204 ]
  br i1 %1103, label %.lr.ph203, label %._crit_edge204

.lr.ph203:                                        ; preds = %.preheader118
  %1190 = add i64 %1189, %1185
  %1191 = mul i64 %1190, %14
  br i1 %1104, label %.epil.preheader529, label %.lr.ph203.new

.lr.ph203.new:                                    ; preds = %.lr.ph203, %.critedge20.3
  %1192 = phi i64 [ %1248, %.critedge20.3 ], [ 0, %.lr.ph203 ]
  %niter537 = phi i64 [ %niter537.next.3, %.critedge20.3 ], [ 0, %.lr.ph203 ]
  %1193 = add i64 %1192, %1191
  %1194 = getelementptr i32, ptr %25, i64 %1193
  %1195 = load i32, ptr %1194, align 4
  %1196 = icmp slt i32 %1195, 32
  br i1 %1196, label %1197, label %.critedge20

1197:                                             ; preds = %.lr.ph203.new
  %1198 = getelementptr ptr addrspace(3), ptr %26, i64 %1193
  %1199 = load ptr addrspace(3), ptr %1198, align 8
  %1200 = sext i32 %1195 to i64
  %1201 = getelementptr float, ptr addrspace(3) %1199, i64 %1200
  %1202 = getelementptr i8, ptr addrspace(3) %1201, i64 128
  %1203 = load float, ptr addrspace(3) %1202, align 4
  %1204 = load float, ptr addrspace(3) %1201, align 4
  %1205 = fadd float %1203, %1204
  store float %1205, ptr addrspace(3) %1201, align 4
  br label %.critedge20

.critedge20:                                      ; preds = %.lr.ph203.new, %1197
  %1206 = or disjoint i64 %1192, 1
  %1207 = add i64 %1206, %1191
  %1208 = getelementptr i32, ptr %25, i64 %1207
  %1209 = load i32, ptr %1208, align 4
  %1210 = icmp slt i32 %1209, 32
  br i1 %1210, label %1211, label %.critedge20.1

1211:                                             ; preds = %.critedge20
  %1212 = getelementptr ptr addrspace(3), ptr %26, i64 %1207
  %1213 = load ptr addrspace(3), ptr %1212, align 8
  %1214 = sext i32 %1209 to i64
  %1215 = getelementptr float, ptr addrspace(3) %1213, i64 %1214
  %1216 = getelementptr i8, ptr addrspace(3) %1215, i64 128
  %1217 = load float, ptr addrspace(3) %1216, align 4
  %1218 = load float, ptr addrspace(3) %1215, align 4
  %1219 = fadd float %1217, %1218
  store float %1219, ptr addrspace(3) %1215, align 4
  br label %.critedge20.1

.critedge20.1:                                    ; preds = %1211, %.critedge20
  %1220 = or disjoint i64 %1192, 2
  %1221 = add i64 %1220, %1191
  %1222 = getelementptr i32, ptr %25, i64 %1221
  %1223 = load i32, ptr %1222, align 4
  %1224 = icmp slt i32 %1223, 32
  br i1 %1224, label %1225, label %.critedge20.2

1225:                                             ; preds = %.critedge20.1
  %1226 = getelementptr ptr addrspace(3), ptr %26, i64 %1221
  %1227 = load ptr addrspace(3), ptr %1226, align 8
  %1228 = sext i32 %1223 to i64
  %1229 = getelementptr float, ptr addrspace(3) %1227, i64 %1228
  %1230 = getelementptr i8, ptr addrspace(3) %1229, i64 128
  %1231 = load float, ptr addrspace(3) %1230, align 4
  %1232 = load float, ptr addrspace(3) %1229, align 4
  %1233 = fadd float %1231, %1232
  store float %1233, ptr addrspace(3) %1229, align 4
  br label %.critedge20.2

.critedge20.2:                                    ; preds = %1225, %.critedge20.1
  %1234 = or disjoint i64 %1192, 3
  %1235 = add i64 %1234, %1191
  %1236 = getelementptr i32, ptr %25, i64 %1235
  %1237 = load i32, ptr %1236, align 4
  %1238 = icmp slt i32 %1237, 32
  br i1 %1238, label %1239, label %.critedge20.3

1239:                                             ; preds = %.critedge20.2
  %1240 = getelementptr ptr addrspace(3), ptr %26, i64 %1235
  %1241 = load ptr addrspace(3), ptr %1240, align 8
  %1242 = sext i32 %1237 to i64
  %1243 = getelementptr float, ptr addrspace(3) %1241, i64 %1242
  %1244 = getelementptr i8, ptr addrspace(3) %1243, i64 128
  %1245 = load float, ptr addrspace(3) %1244, align 4
  %1246 = load float, ptr addrspace(3) %1243, align 4
  %1247 = fadd float %1245, %1246
  store float %1247, ptr addrspace(3) %1243, align 4
  br label %.critedge20.3

.critedge20.3:                                    ; preds = %1239, %.critedge20.2
  %1248 = add nuw nsw i64 %1192, 4
  %niter537.next.3 = add i64 %niter537, 4
  %niter537.ncmp.3 = icmp eq i64 %niter537.next.3, %unroll_iter536
  br i1 %niter537.ncmp.3, label %._crit_edge204.loopexit.unr-lcssa, label %.lr.ph203.new

._crit_edge204.loopexit.unr-lcssa:                ; preds = %.critedge20.3
  br i1 %lcmp.mod534.not, label %._crit_edge204, label %.epil.preheader529

.epil.preheader529:                               ; preds = %._crit_edge204.loopexit.unr-lcssa, %.lr.ph203
  %.epil.init533 = phi i64 [ 0, %.lr.ph203 ], [ %1248, %._crit_edge204.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod535)
  br label %1249

1249:                                             ; preds = %.critedge20.epil, %.epil.preheader529
  %1250 = phi i64 [ %.epil.init533, %.epil.preheader529 ], [ %1264, %.critedge20.epil ]
  %epil.iter531 = phi i64 [ 0, %.epil.preheader529 ], [ %epil.iter531.next, %.critedge20.epil ]
  %1251 = add i64 %1250, %1191
  %1252 = getelementptr i32, ptr %25, i64 %1251
  %1253 = load i32, ptr %1252, align 4
  %1254 = icmp slt i32 %1253, 32
  br i1 %1254, label %1255, label %.critedge20.epil

1255:                                             ; preds = %1249
  %1256 = getelementptr ptr addrspace(3), ptr %26, i64 %1251
  %1257 = load ptr addrspace(3), ptr %1256, align 8
  %1258 = sext i32 %1253 to i64
  %1259 = getelementptr float, ptr addrspace(3) %1257, i64 %1258
  %1260 = getelementptr i8, ptr addrspace(3) %1259, i64 128
  %1261 = load float, ptr addrspace(3) %1260, align 4
  %1262 = load float, ptr addrspace(3) %1259, align 4
  %1263 = fadd float %1261, %1262
  store float %1263, ptr addrspace(3) %1259, align 4
  br label %.critedge20.epil

.critedge20.epil:                                 ; preds = %1255, %1249
  %1264 = add nuw nsw i64 %1250, 1
  %epil.iter531.next = add i64 %epil.iter531, 1
  %epil.iter531.cmp.not = icmp eq i64 %epil.iter531.next, %xtraiter530
  br i1 %epil.iter531.cmp.not, label %._crit_edge204, label %1249, !llvm.loop !18

._crit_edge204:                                   ; preds = %._crit_edge204.loopexit.unr-lcssa, %.critedge20.epil, %.preheader118
  %1265 = add nuw nsw i64 %1189, 1
  %exitcond259.not = icmp eq i64 %1265, %16
  br i1 %exitcond259.not, label %._crit_edge205, label %.preheader118

._crit_edge205:                                   ; preds = %._crit_edge204, %.preheader119
  %1266 = add nuw nsw i64 %1184, 1
  %1267 = icmp slt i64 %1266, %27
  br i1 %1267, label %.preheader119, label %.preheader116.lr.ph

.preheader116:                                    ; preds = %.preheader116.lr.ph, %._crit_edge208
  %1268 = phi i64 [ 0, %.preheader116.lr.ph ], [ %1350, %._crit_edge208 ]
  br i1 %1186, label %.preheader115.lr.ph, label %._crit_edge208

.preheader115.lr.ph:                              ; preds = %.preheader116
  %1269 = mul i64 %1268, %16
  br label %.preheader115

.preheader113.lr.ph:                              ; preds = %._crit_edge208
  %1270 = icmp sgt i64 %16, 0
  %1271 = icmp sgt i64 %14, 0
  %xtraiter548 = and i64 %14, 3
  %1272 = icmp ult i64 %38, 3
  %unroll_iter554 = and i64 %14, 9223372036854775804
  %lcmp.mod552.not = icmp eq i64 %xtraiter548, 0
  %lcmp.mod553 = icmp ne i64 %xtraiter548, 0
  br label %.preheader113

.preheader115:                                    ; preds = %.preheader115.lr.ph, %._crit_edge207
  %1273 = phi i64 [ 0, %.preheader115.lr.ph ], [ %1349, %._crit_edge207 ]
  br i1 %1187, label %.lr.ph206, label %._crit_edge207

.lr.ph206:                                        ; preds = %.preheader115
  %1274 = add i64 %1273, %1269
  %1275 = mul i64 %1274, %14
  br i1 %1188, label %.epil.preheader538, label %.lr.ph206.new

.lr.ph206.new:                                    ; preds = %.lr.ph206, %.critedge22.3
  %1276 = phi i64 [ %1332, %.critedge22.3 ], [ 0, %.lr.ph206 ]
  %niter546 = phi i64 [ %niter546.next.3, %.critedge22.3 ], [ 0, %.lr.ph206 ]
  %1277 = add i64 %1276, %1275
  %1278 = getelementptr i32, ptr %25, i64 %1277
  %1279 = load i32, ptr %1278, align 4
  %1280 = icmp slt i32 %1279, 16
  br i1 %1280, label %1281, label %.critedge22

1281:                                             ; preds = %.lr.ph206.new
  %1282 = getelementptr ptr addrspace(3), ptr %26, i64 %1277
  %1283 = load ptr addrspace(3), ptr %1282, align 8
  %1284 = sext i32 %1279 to i64
  %1285 = getelementptr float, ptr addrspace(3) %1283, i64 %1284
  %1286 = getelementptr i8, ptr addrspace(3) %1285, i64 64
  %1287 = load float, ptr addrspace(3) %1286, align 4
  %1288 = load float, ptr addrspace(3) %1285, align 4
  %1289 = fadd float %1287, %1288
  store float %1289, ptr addrspace(3) %1285, align 4
  br label %.critedge22

.critedge22:                                      ; preds = %.lr.ph206.new, %1281
  %1290 = or disjoint i64 %1276, 1
  %1291 = add i64 %1290, %1275
  %1292 = getelementptr i32, ptr %25, i64 %1291
  %1293 = load i32, ptr %1292, align 4
  %1294 = icmp slt i32 %1293, 16
  br i1 %1294, label %1295, label %.critedge22.1

1295:                                             ; preds = %.critedge22
  %1296 = getelementptr ptr addrspace(3), ptr %26, i64 %1291
  %1297 = load ptr addrspace(3), ptr %1296, align 8
  %1298 = sext i32 %1293 to i64
  %1299 = getelementptr float, ptr addrspace(3) %1297, i64 %1298
  %1300 = getelementptr i8, ptr addrspace(3) %1299, i64 64
  %1301 = load float, ptr addrspace(3) %1300, align 4
  %1302 = load float, ptr addrspace(3) %1299, align 4
  %1303 = fadd float %1301, %1302
  store float %1303, ptr addrspace(3) %1299, align 4
  br label %.critedge22.1

.critedge22.1:                                    ; preds = %1295, %.critedge22
  %1304 = or disjoint i64 %1276, 2
  %1305 = add i64 %1304, %1275
  %1306 = getelementptr i32, ptr %25, i64 %1305
  %1307 = load i32, ptr %1306, align 4
  %1308 = icmp slt i32 %1307, 16
  br i1 %1308, label %1309, label %.critedge22.2

1309:                                             ; preds = %.critedge22.1
  %1310 = getelementptr ptr addrspace(3), ptr %26, i64 %1305
  %1311 = load ptr addrspace(3), ptr %1310, align 8
  %1312 = sext i32 %1307 to i64
  %1313 = getelementptr float, ptr addrspace(3) %1311, i64 %1312
  %1314 = getelementptr i8, ptr addrspace(3) %1313, i64 64
  %1315 = load float, ptr addrspace(3) %1314, align 4
  %1316 = load float, ptr addrspace(3) %1313, align 4
  %1317 = fadd float %1315, %1316
  store float %1317, ptr addrspace(3) %1313, align 4
  br label %.critedge22.2

.critedge22.2:                                    ; preds = %1309, %.critedge22.1
  %1318 = or disjoint i64 %1276, 3
  %1319 = add i64 %1318, %1275
  %1320 = getelementptr i32, ptr %25, i64 %1319
  %1321 = load i32, ptr %1320, align 4
  %1322 = icmp slt i32 %1321, 16
  br i1 %1322, label %1323, label %.critedge22.3

1323:                                             ; preds = %.critedge22.2
  %1324 = getelementptr ptr addrspace(3), ptr %26, i64 %1319
  %1325 = load ptr addrspace(3), ptr %1324, align 8
  %1326 = sext i32 %1321 to i64
  %1327 = getelementptr float, ptr addrspace(3) %1325, i64 %1326
  %1328 = getelementptr i8, ptr addrspace(3) %1327, i64 64
  %1329 = load float, ptr addrspace(3) %1328, align 4
  %1330 = load float, ptr addrspace(3) %1327, align 4
  %1331 = fadd float %1329, %1330
  store float %1331, ptr addrspace(3) %1327, align 4
  br label %.critedge22.3

.critedge22.3:                                    ; preds = %1323, %.critedge22.2
  %1332 = add nuw nsw i64 %1276, 4
  %niter546.next.3 = add i64 %niter546, 4
  %niter546.ncmp.3 = icmp eq i64 %niter546.next.3, %unroll_iter545
  br i1 %niter546.ncmp.3, label %._crit_edge207.loopexit.unr-lcssa, label %.lr.ph206.new

._crit_edge207.loopexit.unr-lcssa:                ; preds = %.critedge22.3
  br i1 %lcmp.mod543.not, label %._crit_edge207, label %.epil.preheader538

.epil.preheader538:                               ; preds = %._crit_edge207.loopexit.unr-lcssa, %.lr.ph206
  %.epil.init542 = phi i64 [ 0, %.lr.ph206 ], [ %1332, %._crit_edge207.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod544)
  br label %1333

1333:                                             ; preds = %.critedge22.epil, %.epil.preheader538
  %1334 = phi i64 [ %.epil.init542, %.epil.preheader538 ], [ %1348, %.critedge22.epil ]
  %epil.iter540 = phi i64 [ 0, %.epil.preheader538 ], [ %epil.iter540.next, %.critedge22.epil ]
  %1335 = add i64 %1334, %1275
  %1336 = getelementptr i32, ptr %25, i64 %1335
  %1337 = load i32, ptr %1336, align 4
  %1338 = icmp slt i32 %1337, 16
  br i1 %1338, label %1339, label %.critedge22.epil

1339:                                             ; preds = %1333
  %1340 = getelementptr ptr addrspace(3), ptr %26, i64 %1335
  %1341 = load ptr addrspace(3), ptr %1340, align 8
  %1342 = sext i32 %1337 to i64
  %1343 = getelementptr float, ptr addrspace(3) %1341, i64 %1342
  %1344 = getelementptr i8, ptr addrspace(3) %1343, i64 64
  %1345 = load float, ptr addrspace(3) %1344, align 4
  %1346 = load float, ptr addrspace(3) %1343, align 4
  %1347 = fadd float %1345, %1346
  store float %1347, ptr addrspace(3) %1343, align 4
  br label %.critedge22.epil

.critedge22.epil:                                 ; preds = %1339, %1333
  %1348 = add nuw nsw i64 %1334, 1
  %epil.iter540.next = add i64 %epil.iter540, 1
  %epil.iter540.cmp.not = icmp eq i64 %epil.iter540.next, %xtraiter539
  br i1 %epil.iter540.cmp.not, label %._crit_edge207, label %1333, !llvm.loop !19

._crit_edge207:                                   ; preds = %._crit_edge207.loopexit.unr-lcssa, %.critedge22.epil, %.preheader115
  %1349 = add nuw nsw i64 %1273, 1
  %exitcond261.not = icmp eq i64 %1349, %16
  br i1 %exitcond261.not, label %._crit_edge208, label %.preheader115

._crit_edge208:                                   ; preds = %._crit_edge207, %.preheader116
  %1350 = add nuw nsw i64 %1268, 1
  %1351 = icmp slt i64 %1350, %27
  br i1 %1351, label %.preheader116, label %.preheader113.lr.ph

.preheader113:                                    ; preds = %.preheader113.lr.ph, %._crit_edge211
  %1352 = phi i64 [ 0, %.preheader113.lr.ph ], [ %1434, %._crit_edge211 ]
  br i1 %1270, label %.preheader112.lr.ph, label %._crit_edge211

.preheader112.lr.ph:                              ; preds = %.preheader113
  %1353 = mul i64 %1352, %16
  br label %.preheader112

.preheader110.lr.ph:                              ; preds = %._crit_edge211
  %1354 = icmp sgt i64 %16, 0
  %1355 = icmp sgt i64 %14, 0
  %xtraiter557 = and i64 %14, 3
  %1356 = icmp ult i64 %38, 3
  %unroll_iter563 = and i64 %14, 9223372036854775804
  %lcmp.mod561.not = icmp eq i64 %xtraiter557, 0
  %lcmp.mod562 = icmp ne i64 %xtraiter557, 0
  br label %.preheader110

.preheader112:                                    ; preds = %.preheader112.lr.ph, %._crit_edge210
  %1357 = phi i64 [ 0, %.preheader112.lr.ph ], [ %1433, %._crit_edge210 ]
  br i1 %1271, label %.lr.ph209, label %._crit_edge210

.lr.ph209:                                        ; preds = %.preheader112
  %1358 = add i64 %1357, %1353
  %1359 = mul i64 %1358, %14
  br i1 %1272, label %.epil.preheader547, label %.lr.ph209.new

.lr.ph209.new:                                    ; preds = %.lr.ph209, %.critedge24.3
  %1360 = phi i64 [ %1416, %.critedge24.3 ], [ 0, %.lr.ph209 ]
  %niter555 = phi i64 [ %niter555.next.3, %.critedge24.3 ], [ 0, %.lr.ph209 ]
  %1361 = add i64 %1360, %1359
  %1362 = getelementptr i32, ptr %25, i64 %1361
  %1363 = load i32, ptr %1362, align 4
  %1364 = icmp slt i32 %1363, 8
  br i1 %1364, label %1365, label %.critedge24

1365:                                             ; preds = %.lr.ph209.new
  %1366 = getelementptr ptr addrspace(3), ptr %26, i64 %1361
  %1367 = load ptr addrspace(3), ptr %1366, align 8
  %1368 = sext i32 %1363 to i64
  %1369 = getelementptr float, ptr addrspace(3) %1367, i64 %1368
  %1370 = getelementptr i8, ptr addrspace(3) %1369, i64 32
  %1371 = load float, ptr addrspace(3) %1370, align 4
  %1372 = load float, ptr addrspace(3) %1369, align 4
  %1373 = fadd float %1371, %1372
  store float %1373, ptr addrspace(3) %1369, align 4
  br label %.critedge24

.critedge24:                                      ; preds = %.lr.ph209.new, %1365
  %1374 = or disjoint i64 %1360, 1
  %1375 = add i64 %1374, %1359
  %1376 = getelementptr i32, ptr %25, i64 %1375
  %1377 = load i32, ptr %1376, align 4
  %1378 = icmp slt i32 %1377, 8
  br i1 %1378, label %1379, label %.critedge24.1

1379:                                             ; preds = %.critedge24
  %1380 = getelementptr ptr addrspace(3), ptr %26, i64 %1375
  %1381 = load ptr addrspace(3), ptr %1380, align 8
  %1382 = sext i32 %1377 to i64
  %1383 = getelementptr float, ptr addrspace(3) %1381, i64 %1382
  %1384 = getelementptr i8, ptr addrspace(3) %1383, i64 32
  %1385 = load float, ptr addrspace(3) %1384, align 4
  %1386 = load float, ptr addrspace(3) %1383, align 4
  %1387 = fadd float %1385, %1386
  store float %1387, ptr addrspace(3) %1383, align 4
  br label %.critedge24.1

.critedge24.1:                                    ; preds = %1379, %.critedge24
  %1388 = or disjoint i64 %1360, 2
  %1389 = add i64 %1388, %1359
  %1390 = getelementptr i32, ptr %25, i64 %1389
  %1391 = load i32, ptr %1390, align 4
  %1392 = icmp slt i32 %1391, 8
  br i1 %1392, label %1393, label %.critedge24.2

1393:                                             ; preds = %.critedge24.1
  %1394 = getelementptr ptr addrspace(3), ptr %26, i64 %1389
  %1395 = load ptr addrspace(3), ptr %1394, align 8
  %1396 = sext i32 %1391 to i64
  %1397 = getelementptr float, ptr addrspace(3) %1395, i64 %1396
  %1398 = getelementptr i8, ptr addrspace(3) %1397, i64 32
  %1399 = load float, ptr addrspace(3) %1398, align 4
  %1400 = load float, ptr addrspace(3) %1397, align 4
  %1401 = fadd float %1399, %1400
  store float %1401, ptr addrspace(3) %1397, align 4
  br label %.critedge24.2

.critedge24.2:                                    ; preds = %1393, %.critedge24.1
  %1402 = or disjoint i64 %1360, 3
  %1403 = add i64 %1402, %1359
  %1404 = getelementptr i32, ptr %25, i64 %1403
  %1405 = load i32, ptr %1404, align 4
  %1406 = icmp slt i32 %1405, 8
  br i1 %1406, label %1407, label %.critedge24.3

1407:                                             ; preds = %.critedge24.2
  %1408 = getelementptr ptr addrspace(3), ptr %26, i64 %1403
  %1409 = load ptr addrspace(3), ptr %1408, align 8
  %1410 = sext i32 %1405 to i64
  %1411 = getelementptr float, ptr addrspace(3) %1409, i64 %1410
  %1412 = getelementptr i8, ptr addrspace(3) %1411, i64 32
  %1413 = load float, ptr addrspace(3) %1412, align 4
  %1414 = load float, ptr addrspace(3) %1411, align 4
  %1415 = fadd float %1413, %1414
  store float %1415, ptr addrspace(3) %1411, align 4
  br label %.critedge24.3

.critedge24.3:                                    ; preds = %1407, %.critedge24.2
  %1416 = add nuw nsw i64 %1360, 4
  %niter555.next.3 = add i64 %niter555, 4
  %niter555.ncmp.3 = icmp eq i64 %niter555.next.3, %unroll_iter554
  br i1 %niter555.ncmp.3, label %._crit_edge210.loopexit.unr-lcssa, label %.lr.ph209.new

._crit_edge210.loopexit.unr-lcssa:                ; preds = %.critedge24.3
  br i1 %lcmp.mod552.not, label %._crit_edge210, label %.epil.preheader547

.epil.preheader547:                               ; preds = %._crit_edge210.loopexit.unr-lcssa, %.lr.ph209
  %.epil.init551 = phi i64 [ 0, %.lr.ph209 ], [ %1416, %._crit_edge210.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod553)
  br label %1417

1417:                                             ; preds = %.critedge24.epil, %.epil.preheader547
  %1418 = phi i64 [ %.epil.init551, %.epil.preheader547 ], [ %1432, %.critedge24.epil ]
  %epil.iter549 = phi i64 [ 0, %.epil.preheader547 ], [ %epil.iter549.next, %.critedge24.epil ]
  %1419 = add i64 %1418, %1359
  %1420 = getelementptr i32, ptr %25, i64 %1419
  %1421 = load i32, ptr %1420, align 4
  %1422 = icmp slt i32 %1421, 8
  br i1 %1422, label %1423, label %.critedge24.epil

1423:                                             ; preds = %1417
  %1424 = getelementptr ptr addrspace(3), ptr %26, i64 %1419
  %1425 = load ptr addrspace(3), ptr %1424, align 8
  %1426 = sext i32 %1421 to i64
  %1427 = getelementptr float, ptr addrspace(3) %1425, i64 %1426
  %1428 = getelementptr i8, ptr addrspace(3) %1427, i64 32
  %1429 = load float, ptr addrspace(3) %1428, align 4
  %1430 = load float, ptr addrspace(3) %1427, align 4
  %1431 = fadd float %1429, %1430
  store float %1431, ptr addrspace(3) %1427, align 4
  br label %.critedge24.epil

.critedge24.epil:                                 ; preds = %1423, %1417
  %1432 = add nuw nsw i64 %1418, 1
  %epil.iter549.next = add i64 %epil.iter549, 1
  %epil.iter549.cmp.not = icmp eq i64 %epil.iter549.next, %xtraiter548
  br i1 %epil.iter549.cmp.not, label %._crit_edge210, label %1417, !llvm.loop !20

._crit_edge210:                                   ; preds = %._crit_edge210.loopexit.unr-lcssa, %.critedge24.epil, %.preheader112
  %1433 = add nuw nsw i64 %1357, 1
  %exitcond263.not = icmp eq i64 %1433, %16
  br i1 %exitcond263.not, label %._crit_edge211, label %.preheader112

._crit_edge211:                                   ; preds = %._crit_edge210, %.preheader113
  %1434 = add nuw nsw i64 %1352, 1
  %1435 = icmp slt i64 %1434, %27
  br i1 %1435, label %.preheader113, label %.preheader110.lr.ph

.preheader110:                                    ; preds = %.preheader110.lr.ph, %._crit_edge214
  %1436 = phi i64 [ 0, %.preheader110.lr.ph ], [ %1518, %._crit_edge214 ]
  br i1 %1354, label %.preheader109.lr.ph, label %._crit_edge214

.preheader109.lr.ph:                              ; preds = %.preheader110
  %1437 = mul i64 %1436, %16
  br label %.preheader109

.preheader107.lr.ph:                              ; preds = %._crit_edge214
  %1438 = icmp sgt i64 %16, 0
  %1439 = icmp sgt i64 %14, 0
  %xtraiter566 = and i64 %14, 3
  %1440 = icmp ult i64 %38, 3
  %unroll_iter572 = and i64 %14, 9223372036854775804
  %lcmp.mod570.not = icmp eq i64 %xtraiter566, 0
  %lcmp.mod571 = icmp ne i64 %xtraiter566, 0
  br label %.preheader107

.preheader109:                                    ; preds = %.preheader109.lr.ph, %._crit_edge213
  %1441 = phi i64 [ 0, %.preheader109.lr.ph ], [ %1517, %._crit_edge213 ]
  br i1 %1355, label %.lr.ph212, label %._crit_edge213

.lr.ph212:                                        ; preds = %.preheader109
  %1442 = add i64 %1441, %1437
  %1443 = mul i64 %1442, %14
  br i1 %1356, label %.epil.preheader556, label %.lr.ph212.new

.lr.ph212.new:                                    ; preds = %.lr.ph212, %.critedge26.3
  %1444 = phi i64 [ %1500, %.critedge26.3 ], [ 0, %.lr.ph212 ]
  %niter564 = phi i64 [ %niter564.next.3, %.critedge26.3 ], [ 0, %.lr.ph212 ]
  %1445 = add i64 %1444, %1443
  %1446 = getelementptr i32, ptr %25, i64 %1445
  %1447 = load i32, ptr %1446, align 4
  %1448 = icmp slt i32 %1447, 4
  br i1 %1448, label %1449, label %.critedge26

1449:                                             ; preds = %.lr.ph212.new
  %1450 = getelementptr ptr addrspace(3), ptr %26, i64 %1445
  %1451 = load ptr addrspace(3), ptr %1450, align 8
  %1452 = sext i32 %1447 to i64
  %1453 = getelementptr float, ptr addrspace(3) %1451, i64 %1452
  %1454 = getelementptr i8, ptr addrspace(3) %1453, i64 16
  %1455 = load float, ptr addrspace(3) %1454, align 4
  %1456 = load float, ptr addrspace(3) %1453, align 4
  %1457 = fadd float %1455, %1456
  store float %1457, ptr addrspace(3) %1453, align 4
  br label %.critedge26

.critedge26:                                      ; preds = %.lr.ph212.new, %1449
  %1458 = or disjoint i64 %1444, 1
  %1459 = add i64 %1458, %1443
  %1460 = getelementptr i32, ptr %25, i64 %1459
  %1461 = load i32, ptr %1460, align 4
  %1462 = icmp slt i32 %1461, 4
  br i1 %1462, label %1463, label %.critedge26.1

1463:                                             ; preds = %.critedge26
  %1464 = getelementptr ptr addrspace(3), ptr %26, i64 %1459
  %1465 = load ptr addrspace(3), ptr %1464, align 8
  %1466 = sext i32 %1461 to i64
  %1467 = getelementptr float, ptr addrspace(3) %1465, i64 %1466
  %1468 = getelementptr i8, ptr addrspace(3) %1467, i64 16
  %1469 = load float, ptr addrspace(3) %1468, align 4
  %1470 = load float, ptr addrspace(3) %1467, align 4
  %1471 = fadd float %1469, %1470
  store float %1471, ptr addrspace(3) %1467, align 4
  br label %.critedge26.1

.critedge26.1:                                    ; preds = %1463, %.critedge26
  %1472 = or disjoint i64 %1444, 2
  %1473 = add i64 %1472, %1443
  %1474 = getelementptr i32, ptr %25, i64 %1473
  %1475 = load i32, ptr %1474, align 4
  %1476 = icmp slt i32 %1475, 4
  br i1 %1476, label %1477, label %.critedge26.2

1477:                                             ; preds = %.critedge26.1
  %1478 = getelementptr ptr addrspace(3), ptr %26, i64 %1473
  %1479 = load ptr addrspace(3), ptr %1478, align 8
  %1480 = sext i32 %1475 to i64
  %1481 = getelementptr float, ptr addrspace(3) %1479, i64 %1480
  %1482 = getelementptr i8, ptr addrspace(3) %1481, i64 16
  %1483 = load float, ptr addrspace(3) %1482, align 4
  %1484 = load float, ptr addrspace(3) %1481, align 4
  %1485 = fadd float %1483, %1484
  store float %1485, ptr addrspace(3) %1481, align 4
  br label %.critedge26.2

.critedge26.2:                                    ; preds = %1477, %.critedge26.1
  %1486 = or disjoint i64 %1444, 3
  %1487 = add i64 %1486, %1443
  %1488 = getelementptr i32, ptr %25, i64 %1487
  %1489 = load i32, ptr %1488, align 4
  %1490 = icmp slt i32 %1489, 4
  br i1 %1490, label %1491, label %.critedge26.3

1491:                                             ; preds = %.critedge26.2
  %1492 = getelementptr ptr addrspace(3), ptr %26, i64 %1487
  %1493 = load ptr addrspace(3), ptr %1492, align 8
  %1494 = sext i32 %1489 to i64
  %1495 = getelementptr float, ptr addrspace(3) %1493, i64 %1494
  %1496 = getelementptr i8, ptr addrspace(3) %1495, i64 16
  %1497 = load float, ptr addrspace(3) %1496, align 4
  %1498 = load float, ptr addrspace(3) %1495, align 4
  %1499 = fadd float %1497, %1498
  store float %1499, ptr addrspace(3) %1495, align 4
  br label %.critedge26.3

.critedge26.3:                                    ; preds = %1491, %.critedge26.2
  %1500 = add nuw nsw i64 %1444, 4
  %niter564.next.3 = add i64 %niter564, 4
  %niter564.ncmp.3 = icmp eq i64 %niter564.next.3, %unroll_iter563
  br i1 %niter564.ncmp.3, label %._crit_edge213.loopexit.unr-lcssa, label %.lr.ph212.new

._crit_edge213.loopexit.unr-lcssa:                ; preds = %.critedge26.3
  br i1 %lcmp.mod561.not, label %._crit_edge213, label %.epil.preheader556

.epil.preheader556:                               ; preds = %._crit_edge213.loopexit.unr-lcssa, %.lr.ph212
  %.epil.init560 = phi i64 [ 0, %.lr.ph212 ], [ %1500, %._crit_edge213.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod562)
  br label %1501

1501:                                             ; preds = %.critedge26.epil, %.epil.preheader556
  %1502 = phi i64 [ %.epil.init560, %.epil.preheader556 ], [ %1516, %.critedge26.epil ]
  %epil.iter558 = phi i64 [ 0, %.epil.preheader556 ], [ %epil.iter558.next, %.critedge26.epil ]
  %1503 = add i64 %1502, %1443
  %1504 = getelementptr i32, ptr %25, i64 %1503
  %1505 = load i32, ptr %1504, align 4
  %1506 = icmp slt i32 %1505, 4
  br i1 %1506, label %1507, label %.critedge26.epil

1507:                                             ; preds = %1501
  %1508 = getelementptr ptr addrspace(3), ptr %26, i64 %1503
  %1509 = load ptr addrspace(3), ptr %1508, align 8
  %1510 = sext i32 %1505 to i64
  %1511 = getelementptr float, ptr addrspace(3) %1509, i64 %1510
  %1512 = getelementptr i8, ptr addrspace(3) %1511, i64 16
  %1513 = load float, ptr addrspace(3) %1512, align 4
  %1514 = load float, ptr addrspace(3) %1511, align 4
  %1515 = fadd float %1513, %1514
  store float %1515, ptr addrspace(3) %1511, align 4
  br label %.critedge26.epil

.critedge26.epil:                                 ; preds = %1507, %1501
  %1516 = add nuw nsw i64 %1502, 1
  %epil.iter558.next = add i64 %epil.iter558, 1
  %epil.iter558.cmp.not = icmp eq i64 %epil.iter558.next, %xtraiter557
  br i1 %epil.iter558.cmp.not, label %._crit_edge213, label %1501, !llvm.loop !21

._crit_edge213:                                   ; preds = %._crit_edge213.loopexit.unr-lcssa, %.critedge26.epil, %.preheader109
  %1517 = add nuw nsw i64 %1441, 1
  %exitcond265.not = icmp eq i64 %1517, %16
  br i1 %exitcond265.not, label %._crit_edge214, label %.preheader109

._crit_edge214:                                   ; preds = %._crit_edge213, %.preheader110
  %1518 = add nuw nsw i64 %1436, 1
  %1519 = icmp slt i64 %1518, %27
  br i1 %1519, label %.preheader110, label %.preheader107.lr.ph

.preheader107:                                    ; preds = %.preheader107.lr.ph, %._crit_edge217
  %1520 = phi i64 [ 0, %.preheader107.lr.ph ], [ %1602, %._crit_edge217 ]
  br i1 %1438, label %.preheader106.lr.ph, label %._crit_edge217

.preheader106.lr.ph:                              ; preds = %.preheader107
  %1521 = mul i64 %1520, %16
  br label %.preheader106

.preheader104.lr.ph:                              ; preds = %._crit_edge217
  %1522 = icmp sgt i64 %16, 0
  %1523 = icmp sgt i64 %14, 0
  %xtraiter575 = and i64 %14, 3
  %1524 = icmp ult i64 %38, 3
  %unroll_iter581 = and i64 %14, 9223372036854775804
  %lcmp.mod579.not = icmp eq i64 %xtraiter575, 0
  %lcmp.mod580 = icmp ne i64 %xtraiter575, 0
  br label %.preheader104

.preheader106:                                    ; preds = %.preheader106.lr.ph, %._crit_edge216
  %1525 = phi i64 [ 0, %.preheader106.lr.ph ], [ %1601, %._crit_edge216 ]
  br i1 %1439, label %.lr.ph215, label %._crit_edge216

.lr.ph215:                                        ; preds = %.preheader106
  %1526 = add i64 %1525, %1521
  %1527 = mul i64 %1526, %14
  br i1 %1440, label %.epil.preheader565, label %.lr.ph215.new

.lr.ph215.new:                                    ; preds = %.lr.ph215, %.critedge28.3
  %1528 = phi i64 [ %1584, %.critedge28.3 ], [ 0, %.lr.ph215 ]
  %niter573 = phi i64 [ %niter573.next.3, %.critedge28.3 ], [ 0, %.lr.ph215 ]
  %1529 = add i64 %1528, %1527
  %1530 = getelementptr i32, ptr %25, i64 %1529
  %1531 = load i32, ptr %1530, align 4
  %1532 = icmp slt i32 %1531, 2
  br i1 %1532, label %1533, label %.critedge28

1533:                                             ; preds = %.lr.ph215.new
  %1534 = getelementptr ptr addrspace(3), ptr %26, i64 %1529
  %1535 = load ptr addrspace(3), ptr %1534, align 8
  %1536 = sext i32 %1531 to i64
  %1537 = getelementptr float, ptr addrspace(3) %1535, i64 %1536
  %1538 = getelementptr i8, ptr addrspace(3) %1537, i64 8
  %1539 = load float, ptr addrspace(3) %1538, align 4
  %1540 = load float, ptr addrspace(3) %1537, align 4
  %1541 = fadd float %1539, %1540
  store float %1541, ptr addrspace(3) %1537, align 4
  br label %.critedge28

.critedge28:                                      ; preds = %.lr.ph215.new, %1533
  %1542 = or disjoint i64 %1528, 1
  %1543 = add i64 %1542, %1527
  %1544 = getelementptr i32, ptr %25, i64 %1543
  %1545 = load i32, ptr %1544, align 4
  %1546 = icmp slt i32 %1545, 2
  br i1 %1546, label %1547, label %.critedge28.1

1547:                                             ; preds = %.critedge28
  %1548 = getelementptr ptr addrspace(3), ptr %26, i64 %1543
  %1549 = load ptr addrspace(3), ptr %1548, align 8
  %1550 = sext i32 %1545 to i64
  %1551 = getelementptr float, ptr addrspace(3) %1549, i64 %1550
  %1552 = getelementptr i8, ptr addrspace(3) %1551, i64 8
  %1553 = load float, ptr addrspace(3) %1552, align 4
  %1554 = load float, ptr addrspace(3) %1551, align 4
  %1555 = fadd float %1553, %1554
  store float %1555, ptr addrspace(3) %1551, align 4
  br label %.critedge28.1

.critedge28.1:                                    ; preds = %1547, %.critedge28
  %1556 = or disjoint i64 %1528, 2
  %1557 = add i64 %1556, %1527
  %1558 = getelementptr i32, ptr %25, i64 %1557
  %1559 = load i32, ptr %1558, align 4
  %1560 = icmp slt i32 %1559, 2
  br i1 %1560, label %1561, label %.critedge28.2

1561:                                             ; preds = %.critedge28.1
  %1562 = getelementptr ptr addrspace(3), ptr %26, i64 %1557
  %1563 = load ptr addrspace(3), ptr %1562, align 8
  %1564 = sext i32 %1559 to i64
  %1565 = getelementptr float, ptr addrspace(3) %1563, i64 %1564
  %1566 = getelementptr i8, ptr addrspace(3) %1565, i64 8
  %1567 = load float, ptr addrspace(3) %1566, align 4
  %1568 = load float, ptr addrspace(3) %1565, align 4
  %1569 = fadd float %1567, %1568
  store float %1569, ptr addrspace(3) %1565, align 4
  br label %.critedge28.2

.critedge28.2:                                    ; preds = %1561, %.critedge28.1
  %1570 = or disjoint i64 %1528, 3
  %1571 = add i64 %1570, %1527
  %1572 = getelementptr i32, ptr %25, i64 %1571
  %1573 = load i32, ptr %1572, align 4
  %1574 = icmp slt i32 %1573, 2
  br i1 %1574, label %1575, label %.critedge28.3

1575:                                             ; preds = %.critedge28.2
  %1576 = getelementptr ptr addrspace(3), ptr %26, i64 %1571
  %1577 = load ptr addrspace(3), ptr %1576, align 8
  %1578 = sext i32 %1573 to i64
  %1579 = getelementptr float, ptr addrspace(3) %1577, i64 %1578
  %1580 = getelementptr i8, ptr addrspace(3) %1579, i64 8
  %1581 = load float, ptr addrspace(3) %1580, align 4
  %1582 = load float, ptr addrspace(3) %1579, align 4
  %1583 = fadd float %1581, %1582
  store float %1583, ptr addrspace(3) %1579, align 4
  br label %.critedge28.3

.critedge28.3:                                    ; preds = %1575, %.critedge28.2
  %1584 = add nuw nsw i64 %1528, 4
  %niter573.next.3 = add i64 %niter573, 4
  %niter573.ncmp.3 = icmp eq i64 %niter573.next.3, %unroll_iter572
  br i1 %niter573.ncmp.3, label %._crit_edge216.loopexit.unr-lcssa, label %.lr.ph215.new

._crit_edge216.loopexit.unr-lcssa:                ; preds = %.critedge28.3
  br i1 %lcmp.mod570.not, label %._crit_edge216, label %.epil.preheader565

.epil.preheader565:                               ; preds = %._crit_edge216.loopexit.unr-lcssa, %.lr.ph215
  %.epil.init569 = phi i64 [ 0, %.lr.ph215 ], [ %1584, %._crit_edge216.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod571)
  br label %1585

1585:                                             ; preds = %.critedge28.epil, %.epil.preheader565
  %1586 = phi i64 [ %.epil.init569, %.epil.preheader565 ], [ %1600, %.critedge28.epil ]
  %epil.iter567 = phi i64 [ 0, %.epil.preheader565 ], [ %epil.iter567.next, %.critedge28.epil ]
  %1587 = add i64 %1586, %1527
  %1588 = getelementptr i32, ptr %25, i64 %1587
  %1589 = load i32, ptr %1588, align 4
  %1590 = icmp slt i32 %1589, 2
  br i1 %1590, label %1591, label %.critedge28.epil

1591:                                             ; preds = %1585
  %1592 = getelementptr ptr addrspace(3), ptr %26, i64 %1587
  %1593 = load ptr addrspace(3), ptr %1592, align 8
  %1594 = sext i32 %1589 to i64
  %1595 = getelementptr float, ptr addrspace(3) %1593, i64 %1594
  %1596 = getelementptr i8, ptr addrspace(3) %1595, i64 8
  %1597 = load float, ptr addrspace(3) %1596, align 4
  %1598 = load float, ptr addrspace(3) %1595, align 4
  %1599 = fadd float %1597, %1598
  store float %1599, ptr addrspace(3) %1595, align 4
  br label %.critedge28.epil

.critedge28.epil:                                 ; preds = %1591, %1585
  %1600 = add nuw nsw i64 %1586, 1
  %epil.iter567.next = add i64 %epil.iter567, 1
  %epil.iter567.cmp.not = icmp eq i64 %epil.iter567.next, %xtraiter566
  br i1 %epil.iter567.cmp.not, label %._crit_edge216, label %1585, !llvm.loop !22

._crit_edge216:                                   ; preds = %._crit_edge216.loopexit.unr-lcssa, %.critedge28.epil, %.preheader106
  %1601 = add nuw nsw i64 %1525, 1
  %exitcond267.not = icmp eq i64 %1601, %16
  br i1 %exitcond267.not, label %._crit_edge217, label %.preheader106

._crit_edge217:                                   ; preds = %._crit_edge216, %.preheader107
  %1602 = add nuw nsw i64 %1520, 1
  %1603 = icmp slt i64 %1602, %27
  br i1 %1603, label %.preheader107, label %.preheader104.lr.ph

.preheader104:                                    ; preds = %.preheader104.lr.ph, %._crit_edge220
  %1604 = phi i64 [ 0, %.preheader104.lr.ph ], [ %1685, %._crit_edge220 ]
  br i1 %1522, label %.preheader103.lr.ph, label %._crit_edge220

.preheader103.lr.ph:                              ; preds = %.preheader104
  %1605 = mul i64 %1604, %16
  br label %.preheader103

.preheader101.lr.ph:                              ; preds = %._crit_edge220
  %1606 = icmp sgt i64 %16, 0
  %1607 = icmp sgt i64 %14, 0
  %min.iters.check409 = icmp ult i64 %14, 4
  %min.iters.check412 = icmp ult i64 %14, 16
  %n.mod.vf415 = and i64 %14, 12
  %n.vec416 = and i64 %14, 9223372036854775792
  %cmp.n421 = icmp eq i64 %14, %n.vec416
  %min.epilog.iters.check425 = icmp eq i64 %n.mod.vf415, 0
  %n.vec428 = and i64 %14, 9223372036854775804
  %cmp.n433 = icmp eq i64 %14, %n.vec428
  br label %.preheader101

.preheader103:                                    ; preds = %.preheader103.lr.ph, %._crit_edge219
  %1608 = phi i64 [ 0, %.preheader103.lr.ph ], [ %1684, %._crit_edge219 ]
  br i1 %1523, label %.lr.ph218, label %._crit_edge219

.lr.ph218:                                        ; preds = %.preheader103
  %1609 = add i64 %1608, %1605
  %1610 = mul i64 %1609, %14
  br i1 %1524, label %.epil.preheader574, label %.lr.ph218.new

.lr.ph218.new:                                    ; preds = %.lr.ph218, %.critedge30.3
  %1611 = phi i64 [ %1667, %.critedge30.3 ], [ 0, %.lr.ph218 ]
  %niter582 = phi i64 [ %niter582.next.3, %.critedge30.3 ], [ 0, %.lr.ph218 ]
  %1612 = add i64 %1611, %1610
  %1613 = getelementptr i32, ptr %25, i64 %1612
  %1614 = load i32, ptr %1613, align 4
  %1615 = icmp slt i32 %1614, 1
  br i1 %1615, label %1616, label %.critedge30

1616:                                             ; preds = %.lr.ph218.new
  %1617 = getelementptr ptr addrspace(3), ptr %26, i64 %1612
  %1618 = load ptr addrspace(3), ptr %1617, align 8
  %1619 = sext i32 %1614 to i64
  %1620 = getelementptr float, ptr addrspace(3) %1618, i64 %1619
  %1621 = getelementptr i8, ptr addrspace(3) %1620, i64 4
  %1622 = load float, ptr addrspace(3) %1621, align 4
  %1623 = load float, ptr addrspace(3) %1620, align 4
  %1624 = fadd float %1622, %1623
  store float %1624, ptr addrspace(3) %1620, align 4
  br label %.critedge30

.critedge30:                                      ; preds = %.lr.ph218.new, %1616
  %1625 = or disjoint i64 %1611, 1
  %1626 = add i64 %1625, %1610
  %1627 = getelementptr i32, ptr %25, i64 %1626
  %1628 = load i32, ptr %1627, align 4
  %1629 = icmp slt i32 %1628, 1
  br i1 %1629, label %1630, label %.critedge30.1

1630:                                             ; preds = %.critedge30
  %1631 = getelementptr ptr addrspace(3), ptr %26, i64 %1626
  %1632 = load ptr addrspace(3), ptr %1631, align 8
  %1633 = sext i32 %1628 to i64
  %1634 = getelementptr float, ptr addrspace(3) %1632, i64 %1633
  %1635 = getelementptr i8, ptr addrspace(3) %1634, i64 4
  %1636 = load float, ptr addrspace(3) %1635, align 4
  %1637 = load float, ptr addrspace(3) %1634, align 4
  %1638 = fadd float %1636, %1637
  store float %1638, ptr addrspace(3) %1634, align 4
  br label %.critedge30.1

.critedge30.1:                                    ; preds = %1630, %.critedge30
  %1639 = or disjoint i64 %1611, 2
  %1640 = add i64 %1639, %1610
  %1641 = getelementptr i32, ptr %25, i64 %1640
  %1642 = load i32, ptr %1641, align 4
  %1643 = icmp slt i32 %1642, 1
  br i1 %1643, label %1644, label %.critedge30.2

1644:                                             ; preds = %.critedge30.1
  %1645 = getelementptr ptr addrspace(3), ptr %26, i64 %1640
  %1646 = load ptr addrspace(3), ptr %1645, align 8
  %1647 = sext i32 %1642 to i64
  %1648 = getelementptr float, ptr addrspace(3) %1646, i64 %1647
  %1649 = getelementptr i8, ptr addrspace(3) %1648, i64 4
  %1650 = load float, ptr addrspace(3) %1649, align 4
  %1651 = load float, ptr addrspace(3) %1648, align 4
  %1652 = fadd float %1650, %1651
  store float %1652, ptr addrspace(3) %1648, align 4
  br label %.critedge30.2

.critedge30.2:                                    ; preds = %1644, %.critedge30.1
  %1653 = or disjoint i64 %1611, 3
  %1654 = add i64 %1653, %1610
  %1655 = getelementptr i32, ptr %25, i64 %1654
  %1656 = load i32, ptr %1655, align 4
  %1657 = icmp slt i32 %1656, 1
  br i1 %1657, label %1658, label %.critedge30.3

1658:                                             ; preds = %.critedge30.2
  %1659 = getelementptr ptr addrspace(3), ptr %26, i64 %1654
  %1660 = load ptr addrspace(3), ptr %1659, align 8
  %1661 = sext i32 %1656 to i64
  %1662 = getelementptr float, ptr addrspace(3) %1660, i64 %1661
  %1663 = getelementptr i8, ptr addrspace(3) %1662, i64 4
  %1664 = load float, ptr addrspace(3) %1663, align 4
  %1665 = load float, ptr addrspace(3) %1662, align 4
  %1666 = fadd float %1664, %1665
  store float %1666, ptr addrspace(3) %1662, align 4
  br label %.critedge30.3

.critedge30.3:                                    ; preds = %1658, %.critedge30.2
  %1667 = add nuw nsw i64 %1611, 4
  %niter582.next.3 = add i64 %niter582, 4
  %niter582.ncmp.3 = icmp eq i64 %niter582.next.3, %unroll_iter581
  br i1 %niter582.ncmp.3, label %._crit_edge219.loopexit.unr-lcssa, label %.lr.ph218.new

._crit_edge219.loopexit.unr-lcssa:                ; preds = %.critedge30.3
  br i1 %lcmp.mod579.not, label %._crit_edge219, label %.epil.preheader574

.epil.preheader574:                               ; preds = %._crit_edge219.loopexit.unr-lcssa, %.lr.ph218
  %.epil.init578 = phi i64 [ 0, %.lr.ph218 ], [ %1667, %._crit_edge219.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod580)
  br label %1668

1668:                                             ; preds = %.critedge30.epil, %.epil.preheader574
  %1669 = phi i64 [ %.epil.init578, %.epil.preheader574 ], [ %1683, %.critedge30.epil ]
  %epil.iter576 = phi i64 [ 0, %.epil.preheader574 ], [ %epil.iter576.next, %.critedge30.epil ]
  %1670 = add i64 %1669, %1610
  %1671 = getelementptr i32, ptr %25, i64 %1670
  %1672 = load i32, ptr %1671, align 4
  %1673 = icmp slt i32 %1672, 1
  br i1 %1673, label %1674, label %.critedge30.epil

1674:                                             ; preds = %1668
  %1675 = getelementptr ptr addrspace(3), ptr %26, i64 %1670
  %1676 = load ptr addrspace(3), ptr %1675, align 8
  %1677 = sext i32 %1672 to i64
  %1678 = getelementptr float, ptr addrspace(3) %1676, i64 %1677
  %1679 = getelementptr i8, ptr addrspace(3) %1678, i64 4
  %1680 = load float, ptr addrspace(3) %1679, align 4
  %1681 = load float, ptr addrspace(3) %1678, align 4
  %1682 = fadd float %1680, %1681
  store float %1682, ptr addrspace(3) %1678, align 4
  br label %.critedge30.epil

.critedge30.epil:                                 ; preds = %1674, %1668
  %1683 = add nuw nsw i64 %1669, 1
  %epil.iter576.next = add i64 %epil.iter576, 1
  %epil.iter576.cmp.not = icmp eq i64 %epil.iter576.next, %xtraiter575
  br i1 %epil.iter576.cmp.not, label %._crit_edge219, label %1668, !llvm.loop !23

._crit_edge219:                                   ; preds = %._crit_edge219.loopexit.unr-lcssa, %.critedge30.epil, %.preheader103
  %1684 = add nuw nsw i64 %1608, 1
  %exitcond269.not = icmp eq i64 %1684, %16
  br i1 %exitcond269.not, label %._crit_edge220, label %.preheader103

._crit_edge220:                                   ; preds = %._crit_edge219, %.preheader104
  %1685 = add nuw nsw i64 %1604, 1
  %1686 = icmp slt i64 %1685, %27
  br i1 %1686, label %.preheader104, label %.preheader101.lr.ph

.preheader101:                                    ; preds = %.preheader101.lr.ph, %._crit_edge223
  %1687 = phi i64 [ 0, %.preheader101.lr.ph ], [ %1833, %._crit_edge223 ]
  br i1 %1606, label %.preheader100.lr.ph, label %._crit_edge223

.preheader100.lr.ph:                              ; preds = %.preheader101
  %1688 = mul i64 %1687, %16
  br label %.preheader100

.preheader98.lr.ph:                               ; preds = %._crit_edge223
  %1689 = icmp sgt i64 %16, 0
  %1690 = icmp sgt i64 %14, 0
  %sext = shl i64 %22, 32
  %1691 = ashr exact i64 %sext, 32
  %1692 = mul i64 %1691, %3
  %1693 = getelementptr float, ptr addrspace(1) %0, i64 %1692
  %1694 = mul i64 %1691, %8
  %1695 = getelementptr float, ptr addrspace(1) %5, i64 %1694
  %xtraiter584 = and i64 %14, 1
  %1696 = icmp eq i64 %38, 0
  %unroll_iter590 = and i64 %14, 9223372036854775806
  %lcmp.mod588.not = icmp eq i64 %xtraiter584, 0
  %lcmp.mod589 = icmp ne i64 %xtraiter584, 0
  br label %.preheader98

.preheader100:                                    ; preds = %.preheader100.lr.ph, %._crit_edge222
  %1697 = phi i64 [ 0, %.preheader100.lr.ph ], [ %1832, %._crit_edge222 ]
  br i1 %1607, label %iter.check411, label %._crit_edge222

iter.check411:                                    ; preds = %.preheader100
  %1698 = add i64 %1697, %1688
  %1699 = mul i64 %1698, %14
  br i1 %min.iters.check409, label %vec.epilog.scalar.ph423.preheader, label %vector.main.loop.iter.check413

vector.main.loop.iter.check413:                   ; preds = %iter.check411
  br i1 %min.iters.check412, label %vec.epilog.ph426, label %vector.body417

vector.body417:                                   ; preds = %vector.main.loop.iter.check413, %vector.body417
  %index418 = phi i64 [ %index.next419, %vector.body417 ], [ 0, %vector.main.loop.iter.check413 ]
  %1700 = add i64 %index418, %1699
  %1701 = getelementptr ptr addrspace(3), ptr %26, i64 %1700
  %1702 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1703 = getelementptr i8, ptr %1702, i64 8
  %1704 = getelementptr ptr addrspace(3), ptr %1703, i64 %1699
  %1705 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1706 = getelementptr i8, ptr %1705, i64 16
  %1707 = getelementptr ptr addrspace(3), ptr %1706, i64 %1699
  %1708 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1709 = getelementptr i8, ptr %1708, i64 24
  %1710 = getelementptr ptr addrspace(3), ptr %1709, i64 %1699
  %1711 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1712 = getelementptr i8, ptr %1711, i64 32
  %1713 = getelementptr ptr addrspace(3), ptr %1712, i64 %1699
  %1714 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1715 = getelementptr i8, ptr %1714, i64 40
  %1716 = getelementptr ptr addrspace(3), ptr %1715, i64 %1699
  %1717 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1718 = getelementptr i8, ptr %1717, i64 48
  %1719 = getelementptr ptr addrspace(3), ptr %1718, i64 %1699
  %1720 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1721 = getelementptr i8, ptr %1720, i64 56
  %1722 = getelementptr ptr addrspace(3), ptr %1721, i64 %1699
  %1723 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1724 = getelementptr i8, ptr %1723, i64 64
  %1725 = getelementptr ptr addrspace(3), ptr %1724, i64 %1699
  %1726 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1727 = getelementptr i8, ptr %1726, i64 72
  %1728 = getelementptr ptr addrspace(3), ptr %1727, i64 %1699
  %1729 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1730 = getelementptr i8, ptr %1729, i64 80
  %1731 = getelementptr ptr addrspace(3), ptr %1730, i64 %1699
  %1732 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1733 = getelementptr i8, ptr %1732, i64 88
  %1734 = getelementptr ptr addrspace(3), ptr %1733, i64 %1699
  %1735 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1736 = getelementptr i8, ptr %1735, i64 96
  %1737 = getelementptr ptr addrspace(3), ptr %1736, i64 %1699
  %1738 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1739 = getelementptr i8, ptr %1738, i64 104
  %1740 = getelementptr ptr addrspace(3), ptr %1739, i64 %1699
  %1741 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1742 = getelementptr i8, ptr %1741, i64 112
  %1743 = getelementptr ptr addrspace(3), ptr %1742, i64 %1699
  %1744 = getelementptr ptr addrspace(3), ptr %26, i64 %index418
  %1745 = getelementptr i8, ptr %1744, i64 120
  %1746 = getelementptr ptr addrspace(3), ptr %1745, i64 %1699
  %1747 = load ptr addrspace(3), ptr %1701, align 8
  %1748 = load ptr addrspace(3), ptr %1704, align 8
  %1749 = load ptr addrspace(3), ptr %1707, align 8
  %1750 = load ptr addrspace(3), ptr %1710, align 8
  %1751 = load ptr addrspace(3), ptr %1713, align 8
  %1752 = load ptr addrspace(3), ptr %1716, align 8
  %1753 = load ptr addrspace(3), ptr %1719, align 8
  %1754 = load ptr addrspace(3), ptr %1722, align 8
  %1755 = load ptr addrspace(3), ptr %1725, align 8
  %1756 = load ptr addrspace(3), ptr %1728, align 8
  %1757 = load ptr addrspace(3), ptr %1731, align 8
  %1758 = load ptr addrspace(3), ptr %1734, align 8
  %1759 = load ptr addrspace(3), ptr %1737, align 8
  %1760 = load ptr addrspace(3), ptr %1740, align 8
  %1761 = load ptr addrspace(3), ptr %1743, align 8
  %1762 = load ptr addrspace(3), ptr %1746, align 8
  %1763 = load float, ptr addrspace(3) %1747, align 4
  %1764 = load float, ptr addrspace(3) %1748, align 4
  %1765 = load float, ptr addrspace(3) %1749, align 4
  %1766 = load float, ptr addrspace(3) %1750, align 4
  %1767 = insertelement <4 x float> poison, float %1763, i64 0
  %1768 = insertelement <4 x float> %1767, float %1764, i64 1
  %1769 = insertelement <4 x float> %1768, float %1765, i64 2
  %1770 = insertelement <4 x float> %1769, float %1766, i64 3
  %1771 = load float, ptr addrspace(3) %1751, align 4
  %1772 = load float, ptr addrspace(3) %1752, align 4
  %1773 = load float, ptr addrspace(3) %1753, align 4
  %1774 = load float, ptr addrspace(3) %1754, align 4
  %1775 = insertelement <4 x float> poison, float %1771, i64 0
  %1776 = insertelement <4 x float> %1775, float %1772, i64 1
  %1777 = insertelement <4 x float> %1776, float %1773, i64 2
  %1778 = insertelement <4 x float> %1777, float %1774, i64 3
  %1779 = load float, ptr addrspace(3) %1755, align 4
  %1780 = load float, ptr addrspace(3) %1756, align 4
  %1781 = load float, ptr addrspace(3) %1757, align 4
  %1782 = load float, ptr addrspace(3) %1758, align 4
  %1783 = insertelement <4 x float> poison, float %1779, i64 0
  %1784 = insertelement <4 x float> %1783, float %1780, i64 1
  %1785 = insertelement <4 x float> %1784, float %1781, i64 2
  %1786 = insertelement <4 x float> %1785, float %1782, i64 3
  %1787 = load float, ptr addrspace(3) %1759, align 4
  %1788 = load float, ptr addrspace(3) %1760, align 4
  %1789 = load float, ptr addrspace(3) %1761, align 4
  %1790 = load float, ptr addrspace(3) %1762, align 4
  %1791 = insertelement <4 x float> poison, float %1787, i64 0
  %1792 = insertelement <4 x float> %1791, float %1788, i64 1
  %1793 = insertelement <4 x float> %1792, float %1789, i64 2
  %1794 = insertelement <4 x float> %1793, float %1790, i64 3
  %1795 = getelementptr float, ptr %23, i64 %1700
  %1796 = getelementptr i8, ptr %1795, i64 16
  %1797 = getelementptr i8, ptr %1795, i64 32
  %1798 = getelementptr i8, ptr %1795, i64 48
  store <4 x float> %1770, ptr %1795, align 4
  store <4 x float> %1778, ptr %1796, align 4
  store <4 x float> %1786, ptr %1797, align 4
  store <4 x float> %1794, ptr %1798, align 4
  %index.next419 = add nuw i64 %index418, 16
  %1799 = icmp eq i64 %index.next419, %n.vec416
  br i1 %1799, label %middle.block420, label %vector.body417, !llvm.loop !24

middle.block420:                                  ; preds = %vector.body417
  br i1 %cmp.n421, label %._crit_edge222, label %vec.epilog.iter.check424

vec.epilog.iter.check424:                         ; preds = %middle.block420
  br i1 %min.epilog.iters.check425, label %vec.epilog.scalar.ph423.preheader, label %vec.epilog.ph426, !prof !13

vec.epilog.ph426:                                 ; preds = %vector.main.loop.iter.check413, %vec.epilog.iter.check424
  %vec.epilog.resume.val422 = phi i64 [ %n.vec416, %vec.epilog.iter.check424 ], [ 0, %vector.main.loop.iter.check413 ]
  br label %vec.epilog.vector.body429

vec.epilog.vector.body429:                        ; preds = %vec.epilog.vector.body429, %vec.epilog.ph426
  %index430 = phi i64 [ %vec.epilog.resume.val422, %vec.epilog.ph426 ], [ %index.next431, %vec.epilog.vector.body429 ]
  %1800 = add i64 %index430, %1699
  %1801 = getelementptr ptr addrspace(3), ptr %26, i64 %1800
  %1802 = getelementptr ptr addrspace(3), ptr %26, i64 %index430
  %1803 = getelementptr i8, ptr %1802, i64 8
  %1804 = getelementptr ptr addrspace(3), ptr %1803, i64 %1699
  %1805 = getelementptr ptr addrspace(3), ptr %26, i64 %index430
  %1806 = getelementptr i8, ptr %1805, i64 16
  %1807 = getelementptr ptr addrspace(3), ptr %1806, i64 %1699
  %1808 = getelementptr ptr addrspace(3), ptr %26, i64 %index430
  %1809 = getelementptr i8, ptr %1808, i64 24
  %1810 = getelementptr ptr addrspace(3), ptr %1809, i64 %1699
  %1811 = load ptr addrspace(3), ptr %1801, align 8
  %1812 = load ptr addrspace(3), ptr %1804, align 8
  %1813 = load ptr addrspace(3), ptr %1807, align 8
  %1814 = load ptr addrspace(3), ptr %1810, align 8
  %1815 = load float, ptr addrspace(3) %1811, align 4
  %1816 = load float, ptr addrspace(3) %1812, align 4
  %1817 = load float, ptr addrspace(3) %1813, align 4
  %1818 = load float, ptr addrspace(3) %1814, align 4
  %1819 = insertelement <4 x float> poison, float %1815, i64 0
  %1820 = insertelement <4 x float> %1819, float %1816, i64 1
  %1821 = insertelement <4 x float> %1820, float %1817, i64 2
  %1822 = insertelement <4 x float> %1821, float %1818, i64 3
  %1823 = getelementptr float, ptr %23, i64 %1800
  store <4 x float> %1822, ptr %1823, align 4
  %index.next431 = add nuw i64 %index430, 4
  %1824 = icmp eq i64 %index.next431, %n.vec428
  br i1 %1824, label %vec.epilog.middle.block432, label %vec.epilog.vector.body429, !llvm.loop !25

vec.epilog.middle.block432:                       ; preds = %vec.epilog.vector.body429
  br i1 %cmp.n433, label %._crit_edge222, label %vec.epilog.scalar.ph423.preheader

vec.epilog.scalar.ph423.preheader:                ; preds = %iter.check411, %vec.epilog.iter.check424, %vec.epilog.middle.block432
  %.ph = phi i64 [ 0, %iter.check411 ], [ %n.vec416, %vec.epilog.iter.check424 ], [ %n.vec428, %vec.epilog.middle.block432 ]
  br label %vec.epilog.scalar.ph423

vec.epilog.scalar.ph423:                          ; preds = %vec.epilog.scalar.ph423.preheader, %vec.epilog.scalar.ph423
  %1825 = phi i64 [ %1831, %vec.epilog.scalar.ph423 ], [ %.ph, %vec.epilog.scalar.ph423.preheader ]
  %1826 = add i64 %1825, %1699
  %1827 = getelementptr ptr addrspace(3), ptr %26, i64 %1826
  %1828 = load ptr addrspace(3), ptr %1827, align 8
  %1829 = load float, ptr addrspace(3) %1828, align 4
  %1830 = getelementptr float, ptr %23, i64 %1826
  store float %1829, ptr %1830, align 4
  %1831 = add nuw nsw i64 %1825, 1
  %exitcond270.not = icmp eq i64 %1831, %14
  br i1 %exitcond270.not, label %._crit_edge222, label %vec.epilog.scalar.ph423, !llvm.loop !26

._crit_edge222:                                   ; preds = %vec.epilog.scalar.ph423, %middle.block420, %vec.epilog.middle.block432, %.preheader100
  %1832 = add nuw nsw i64 %1697, 1
  %exitcond271.not = icmp eq i64 %1832, %16
  br i1 %exitcond271.not, label %._crit_edge223, label %.preheader100

._crit_edge223:                                   ; preds = %._crit_edge222, %.preheader101
  %1833 = add nuw nsw i64 %1687, 1
  %1834 = icmp slt i64 %1833, %27
  br i1 %1834, label %.preheader101, label %.preheader98.lr.ph

.preheader98:                                     ; preds = %.preheader98.lr.ph, %._crit_edge229
  %1835 = phi i64 [ 0, %.preheader98.lr.ph ], [ %1961, %._crit_edge229 ]
  br i1 %1689, label %.preheader.lr.ph, label %._crit_edge229

.preheader.lr.ph:                                 ; preds = %.preheader98
  %1836 = mul i64 %1835, %16
  br label %.preheader

.preheader:                                       ; preds = %.preheader.lr.ph, %._crit_edge228
  %1837 = phi i64 [ 0, %.preheader.lr.ph ], [ %1960, %._crit_edge228 ]
  br i1 %1690, label %.lr.ph227, label %._crit_edge228

.lr.ph227:                                        ; preds = %.preheader
  %1838 = add i64 %1837, %1836
  %1839 = mul i64 %1838, %14
  br i1 %1696, label %.epil.preheader583, label %.lr.ph227.new

.lr.ph227.new:                                    ; preds = %.lr.ph227, %._crit_edge226.1
  %1840 = phi i64 [ %1920, %._crit_edge226.1 ], [ 0, %.lr.ph227 ]
  %niter591 = phi i64 [ %niter591.next.1, %._crit_edge226.1 ], [ 0, %.lr.ph227 ]
  %1841 = add i64 %1840, %1839
  %1842 = getelementptr float, ptr %23, i64 %1841
  %1843 = load float, ptr %1842, align 4
  %1844 = getelementptr float, ptr %24, i64 %1841
  %1845 = load float, ptr %1844, align 4
  %1846 = getelementptr i32, ptr %25, i64 %1841
  %1847 = load i32, ptr %1846, align 4
  %1848 = fdiv float 1.000000e+00, %1843
  %1849 = icmp slt i32 %1847, %10
  br i1 %1849, label %.lr.ph225, label %._crit_edge226

.lr.ph225:                                        ; preds = %.lr.ph227.new, %.lr.ph225
  %1850 = phi i32 [ %1878, %.lr.ph225 ], [ %1847, %.lr.ph227.new ]
  %1851 = sext i32 %1850 to i64
  %1852 = getelementptr float, ptr addrspace(1) %1693, i64 %1851
  %1853 = load float, ptr addrspace(1) %1852, align 4
  %1854 = fsub float %1853, %1845
  %.inv = fcmp olt float %1854, 0xC055F33340000000
  %1855 = select i1 %.inv, float 0xC055F33340000000, float %1854
  %.inv88 = fcmp ogt float %1855, 0x4056333340000000
  %1856 = select i1 %.inv88, float 0x4056333340000000, float %1855
  %1857 = tail call float @llvm.fma.f32(float %1856, float 0x3FF7154760000000, float 5.000000e-01)
  %1858 = tail call float @llvm.floor.f32(float %1857)
  %.inv89 = fcmp olt float %1858, -1.270000e+02
  %1859 = select i1 %.inv89, float -1.270000e+02, float %1858
  %.inv90 = fcmp ogt float %1859, 1.270000e+02
  %1860 = select i1 %.inv90, float 1.270000e+02, float %1859
  %1861 = tail call float @llvm.fma.f32(float %1860, float 0xBFE6300000000000, float %1856)
  %1862 = tail call float @llvm.fma.f32(float %1860, float 0x3F2BD01060000000, float %1861)
  %1863 = tail call float @llvm.fma.f32(float %1862, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1864 = tail call float @llvm.fma.f32(float %1863, float %1862, float 0x3F81112100000000)
  %1865 = tail call float @llvm.fma.f32(float %1864, float %1862, float 0x3FA5553820000000)
  %1866 = tail call float @llvm.fma.f32(float %1865, float %1862, float 0x3FC5555540000000)
  %1867 = tail call float @llvm.fma.f32(float %1866, float %1862, float 5.000000e-01)
  %1868 = fmul float %1862, %1862
  %1869 = tail call float @llvm.fma.f32(float %1867, float %1868, float %1862)
  %1870 = fadd float %1869, 1.000000e+00
  %1871 = fptosi float %1860 to i32
  %1872 = shl i32 %1871, 23
  %1873 = add i32 %1872, 1065353216
  %1874 = bitcast i32 %1873 to float
  %1875 = fmul float %1870, %1874
  %1876 = fmul float %1848, %1875
  %1877 = getelementptr float, ptr addrspace(1) %1695, i64 %1851
  store float %1876, ptr addrspace(1) %1877, align 4
  %1878 = add i32 %1850, 256
  %1879 = icmp slt i32 %1878, %10
  br i1 %1879, label %.lr.ph225, label %._crit_edge226

._crit_edge226:                                   ; preds = %.lr.ph225, %.lr.ph227.new
  %1880 = or disjoint i64 %1840, 1
  %1881 = add i64 %1880, %1839
  %1882 = getelementptr float, ptr %23, i64 %1881
  %1883 = load float, ptr %1882, align 4
  %1884 = getelementptr float, ptr %24, i64 %1881
  %1885 = load float, ptr %1884, align 4
  %1886 = getelementptr i32, ptr %25, i64 %1881
  %1887 = load i32, ptr %1886, align 4
  %1888 = fdiv float 1.000000e+00, %1883
  %1889 = icmp slt i32 %1887, %10
  br i1 %1889, label %.lr.ph225.1, label %._crit_edge226.1

.lr.ph225.1:                                      ; preds = %._crit_edge226, %.lr.ph225.1
  %1890 = phi i32 [ %1918, %.lr.ph225.1 ], [ %1887, %._crit_edge226 ]
  %1891 = sext i32 %1890 to i64
  %1892 = getelementptr float, ptr addrspace(1) %1693, i64 %1891
  %1893 = load float, ptr addrspace(1) %1892, align 4
  %1894 = fsub float %1893, %1885
  %.inv.1 = fcmp olt float %1894, 0xC055F33340000000
  %1895 = select i1 %.inv.1, float 0xC055F33340000000, float %1894
  %.inv88.1 = fcmp ogt float %1895, 0x4056333340000000
  %1896 = select i1 %.inv88.1, float 0x4056333340000000, float %1895
  %1897 = tail call float @llvm.fma.f32(float %1896, float 0x3FF7154760000000, float 5.000000e-01)
  %1898 = tail call float @llvm.floor.f32(float %1897)
  %.inv89.1 = fcmp olt float %1898, -1.270000e+02
  %1899 = select i1 %.inv89.1, float -1.270000e+02, float %1898
  %.inv90.1 = fcmp ogt float %1899, 1.270000e+02
  %1900 = select i1 %.inv90.1, float 1.270000e+02, float %1899
  %1901 = tail call float @llvm.fma.f32(float %1900, float 0xBFE6300000000000, float %1896)
  %1902 = tail call float @llvm.fma.f32(float %1900, float 0x3F2BD01060000000, float %1901)
  %1903 = tail call float @llvm.fma.f32(float %1902, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1904 = tail call float @llvm.fma.f32(float %1903, float %1902, float 0x3F81112100000000)
  %1905 = tail call float @llvm.fma.f32(float %1904, float %1902, float 0x3FA5553820000000)
  %1906 = tail call float @llvm.fma.f32(float %1905, float %1902, float 0x3FC5555540000000)
  %1907 = tail call float @llvm.fma.f32(float %1906, float %1902, float 5.000000e-01)
  %1908 = fmul float %1902, %1902
  %1909 = tail call float @llvm.fma.f32(float %1907, float %1908, float %1902)
  %1910 = fadd float %1909, 1.000000e+00
  %1911 = fptosi float %1900 to i32
  %1912 = shl i32 %1911, 23
  %1913 = add i32 %1912, 1065353216
  %1914 = bitcast i32 %1913 to float
  %1915 = fmul float %1910, %1914
  %1916 = fmul float %1888, %1915
  %1917 = getelementptr float, ptr addrspace(1) %1695, i64 %1891
  store float %1916, ptr addrspace(1) %1917, align 4
  %1918 = add i32 %1890, 256
  %1919 = icmp slt i32 %1918, %10
  br i1 %1919, label %.lr.ph225.1, label %._crit_edge226.1

._crit_edge226.1:                                 ; preds = %.lr.ph225.1, %._crit_edge226
  %1920 = add nuw nsw i64 %1840, 2
  %niter591.next.1 = add i64 %niter591, 2
  %niter591.ncmp.1 = icmp eq i64 %niter591.next.1, %unroll_iter590
  br i1 %niter591.ncmp.1, label %._crit_edge228.loopexit.unr-lcssa, label %.lr.ph227.new

._crit_edge228.loopexit.unr-lcssa:                ; preds = %._crit_edge226.1
  br i1 %lcmp.mod588.not, label %._crit_edge228, label %.epil.preheader583

.epil.preheader583:                               ; preds = %._crit_edge228.loopexit.unr-lcssa, %.lr.ph227
  %.epil.init587 = phi i64 [ 0, %.lr.ph227 ], [ %1920, %._crit_edge228.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod589)
  %1921 = add i64 %.epil.init587, %1839
  %1922 = getelementptr float, ptr %23, i64 %1921
  %1923 = load float, ptr %1922, align 4
  %1924 = getelementptr float, ptr %24, i64 %1921
  %1925 = load float, ptr %1924, align 4
  %1926 = getelementptr i32, ptr %25, i64 %1921
  %1927 = load i32, ptr %1926, align 4
  %1928 = fdiv float 1.000000e+00, %1923
  %1929 = icmp slt i32 %1927, %10
  br i1 %1929, label %.lr.ph225.epil, label %._crit_edge228

.lr.ph225.epil:                                   ; preds = %.epil.preheader583, %.lr.ph225.epil
  %1930 = phi i32 [ %1958, %.lr.ph225.epil ], [ %1927, %.epil.preheader583 ]
  %1931 = sext i32 %1930 to i64
  %1932 = getelementptr float, ptr addrspace(1) %1693, i64 %1931
  %1933 = load float, ptr addrspace(1) %1932, align 4
  %1934 = fsub float %1933, %1925
  %.inv.epil = fcmp olt float %1934, 0xC055F33340000000
  %1935 = select i1 %.inv.epil, float 0xC055F33340000000, float %1934
  %.inv88.epil = fcmp ogt float %1935, 0x4056333340000000
  %1936 = select i1 %.inv88.epil, float 0x4056333340000000, float %1935
  %1937 = tail call float @llvm.fma.f32(float %1936, float 0x3FF7154760000000, float 5.000000e-01)
  %1938 = tail call float @llvm.floor.f32(float %1937)
  %.inv89.epil = fcmp olt float %1938, -1.270000e+02
  %1939 = select i1 %.inv89.epil, float -1.270000e+02, float %1938
  %.inv90.epil = fcmp ogt float %1939, 1.270000e+02
  %1940 = select i1 %.inv90.epil, float 1.270000e+02, float %1939
  %1941 = tail call float @llvm.fma.f32(float %1940, float 0xBFE6300000000000, float %1936)
  %1942 = tail call float @llvm.fma.f32(float %1940, float 0x3F2BD01060000000, float %1941)
  %1943 = tail call float @llvm.fma.f32(float %1942, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1944 = tail call float @llvm.fma.f32(float %1943, float %1942, float 0x3F81112100000000)
  %1945 = tail call float @llvm.fma.f32(float %1944, float %1942, float 0x3FA5553820000000)
  %1946 = tail call float @llvm.fma.f32(float %1945, float %1942, float 0x3FC5555540000000)
  %1947 = tail call float @llvm.fma.f32(float %1946, float %1942, float 5.000000e-01)
  %1948 = fmul float %1942, %1942
  %1949 = tail call float @llvm.fma.f32(float %1947, float %1948, float %1942)
  %1950 = fadd float %1949, 1.000000e+00
  %1951 = fptosi float %1940 to i32
  %1952 = shl i32 %1951, 23
  %1953 = add i32 %1952, 1065353216
  %1954 = bitcast i32 %1953 to float
  %1955 = fmul float %1950, %1954
  %1956 = fmul float %1928, %1955
  %1957 = getelementptr float, ptr addrspace(1) %1695, i64 %1931
  store float %1956, ptr addrspace(1) %1957, align 4
  %1958 = add i32 %1930, 256
  %1959 = icmp slt i32 %1958, %10
  br i1 %1959, label %.lr.ph225.epil, label %._crit_edge228

._crit_edge228:                                   ; preds = %._crit_edge228.loopexit.unr-lcssa, %.lr.ph225.epil, %.epil.preheader583, %.preheader
  %1960 = add nuw nsw i64 %1837, 1
  %exitcond273.not = icmp eq i64 %1960, %16
  br i1 %exitcond273.not, label %._crit_edge229, label %.preheader

._crit_edge229:                                   ; preds = %._crit_edge228, %.preheader98
  %1961 = add nuw nsw i64 %1835, 1
  %1962 = icmp slt i64 %1961, %27
  br i1 %1962, label %.preheader98, label %._crit_edge230

._crit_edge230:                                   ; preds = %._crit_edge229, %12
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.floor.f32(float) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maximum.f32(float, float) #1

define void @__fly_packed_softmax(ptr readonly captures(none) %0, ptr readonly captures(none) %1) local_unnamed_addr {
entry:
  %2 = load ptr, ptr %0, align 8
  %3 = load ptr addrspace(1), ptr %2, align 8
  %4 = getelementptr i8, ptr %0, i64 24
  %5 = load ptr, ptr %4, align 8
  %6 = load i64, ptr %5, align 8
  %7 = getelementptr i8, ptr %0, i64 40
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr addrspace(1), ptr %8, align 8
  %10 = getelementptr i8, ptr %0, i64 64
  %11 = load ptr, ptr %10, align 8
  %12 = load i64, ptr %11, align 8
  %13 = getelementptr i8, ptr %0, i64 80
  %14 = load ptr, ptr %13, align 8
  %15 = load i32, ptr %14, align 4
  tail call void @softmax(ptr addrspace(1) %3, i64 poison, i64 poison, i64 %6, i64 poison, ptr addrspace(1) %9, i64 poison, i64 poison, i64 %12, i64 poison, i32 %15, ptr %1) #3
  ret void
}

define void @__fly_block_softmax(ptr readonly captures(none) %0, ptr readonly captures(none) %1) local_unnamed_addr {
entry:
  %2 = load ptr, ptr %0, align 8
  %3 = load ptr addrspace(1), ptr %2, align 8
  %4 = getelementptr i8, ptr %0, i64 24
  %5 = load ptr, ptr %4, align 8
  %6 = load i64, ptr %5, align 8
  %7 = getelementptr i8, ptr %0, i64 40
  %8 = load ptr, ptr %7, align 8
  %9 = load ptr addrspace(1), ptr %8, align 8
  %10 = getelementptr i8, ptr %0, i64 64
  %11 = load ptr, ptr %10, align 8
  %12 = load i64, ptr %11, align 8
  %13 = getelementptr i8, ptr %0, i64 80
  %14 = load ptr, ptr %13, align 8
  %15 = load i32, ptr %14, align 4
  %16 = getelementptr i8, ptr %1, i64 48
  %17 = load i64, ptr %16, align 4
  %18 = getelementptr i8, ptr %1, i64 56
  %19 = load i64, ptr %18, align 4
  %20 = getelementptr i8, ptr %1, i64 64
  %21 = load i64, ptr %20, align 4
  %22 = mul i64 %19, %17
  %23 = mul i64 %22, %21
  %24 = getelementptr i8, ptr %1, i64 24
  %25 = load i64, ptr %24, align 4
  %26 = alloca float, i64 %23, align 4
  %27 = alloca float, i64 %23, align 4
  %28 = alloca i32, i64 %23, align 4
  %29 = alloca ptr addrspace(3), i64 %23, align 8
  %30 = udiv i64 %23, %22
  %31 = icmp sgt i64 %30, 0
  br i1 %31, label %.preheader61.lr.ph, label %softmax.exit

.preheader61.lr.ph:                               ; preds = %entry
  %32 = icmp sgt i64 %19, 0
  %33 = icmp sgt i64 %17, 0
  %sext97.i = shl i64 %25, 32
  %34 = ashr exact i64 %sext97.i, 32
  %35 = mul i64 %34, %6
  %36 = getelementptr float, ptr addrspace(1) %3, i64 %35
  br label %.preheader61

.preheader61:                                     ; preds = %.preheader61.lr.ph, %._crit_edge65
  %37 = phi i64 [ 0, %.preheader61.lr.ph ], [ %66, %._crit_edge65 ]
  br i1 %32, label %.preheader60.lr.ph, label %._crit_edge65

.preheader60.lr.ph:                               ; preds = %.preheader61
  %38 = mul i64 %37, %19
  br label %.preheader60

.preheader58.lr.ph:                               ; preds = %._crit_edge65
  %39 = icmp sgt i64 %19, 0
  %40 = icmp sgt i64 %17, 0
  %41 = add i64 %17, -1
  %xtraiter = and i64 %17, 3
  %42 = icmp ult i64 %41, 3
  %unroll_iter = and i64 %17, 9223372036854775804
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  %lcmp.mod340 = icmp ne i64 %xtraiter, 0
  br label %.preheader58

.preheader60:                                     ; preds = %.preheader60.lr.ph, %._crit_edge64
  %43 = phi i64 [ 0, %.preheader60.lr.ph ], [ %65, %._crit_edge64 ]
  br i1 %33, label %.lr.ph63, label %._crit_edge64

.lr.ph63:                                         ; preds = %.preheader60
  %44 = add i64 %43, %38
  %45 = mul i64 %44, %17
  br label %46

46:                                               ; preds = %.lr.ph63, %._crit_edge
  %47 = phi i64 [ 0, %.lr.ph63 ], [ %64, %._crit_edge ]
  %48 = add i64 %47, %45
  %49 = tail call ptr addrspace(3) @__fly_shared_base()
  %50 = getelementptr ptr addrspace(3), ptr %29, i64 %48
  store ptr addrspace(3) %49, ptr %50, align 8
  %51 = trunc i64 %47 to i32
  %52 = getelementptr i32, ptr %28, i64 %48
  store i32 %51, ptr %52, align 4
  %53 = icmp sgt i32 %15, %51
  br i1 %53, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %46, %.lr.ph
  %54 = phi float [ %59, %.lr.ph ], [ 0xC7EC363CC0000000, %46 ]
  %55 = phi i32 [ %60, %.lr.ph ], [ %51, %46 ]
  %56 = sext i32 %55 to i64
  %57 = getelementptr float, ptr addrspace(1) %36, i64 %56
  %58 = load float, ptr addrspace(1) %57, align 4
  %59 = tail call float @llvm.maximum.f32(float %54, float %58)
  %60 = add i32 %55, 256
  %61 = icmp slt i32 %60, %15
  br i1 %61, label %.lr.ph, label %._crit_edge

._crit_edge:                                      ; preds = %.lr.ph, %46
  %.lcssa62 = phi float [ 0xC7EC363CC0000000, %46 ], [ %59, %.lr.ph ]
  %sext96.i = shl i64 %47, 32
  %62 = ashr exact i64 %sext96.i, 30
  %63 = getelementptr i8, ptr addrspace(3) %49, i64 %62
  store float %.lcssa62, ptr addrspace(3) %63, align 4
  %64 = add nuw nsw i64 %47, 1
  %exitcond.not = icmp eq i64 %64, %17
  br i1 %exitcond.not, label %._crit_edge64, label %46

._crit_edge64:                                    ; preds = %._crit_edge, %.preheader60
  %65 = add nuw nsw i64 %43, 1
  %exitcond135.not = icmp eq i64 %65, %19
  br i1 %exitcond135.not, label %._crit_edge65, label %.preheader60

._crit_edge65:                                    ; preds = %._crit_edge64, %.preheader61
  %66 = add nuw nsw i64 %37, 1
  %67 = icmp slt i64 %66, %30
  br i1 %67, label %.preheader61, label %.preheader58.lr.ph

.preheader58:                                     ; preds = %.preheader58.lr.ph, %._crit_edge68
  %68 = phi i64 [ 0, %.preheader58.lr.ph ], [ %150, %._crit_edge68 ]
  br i1 %39, label %.preheader57.lr.ph, label %._crit_edge68

.preheader57.lr.ph:                               ; preds = %.preheader58
  %69 = mul i64 %68, %19
  br label %.preheader57

.preheader55.lr.ph:                               ; preds = %._crit_edge68
  %70 = icmp sgt i64 %19, 0
  %71 = icmp sgt i64 %17, 0
  %xtraiter342 = and i64 %17, 3
  %72 = icmp ult i64 %41, 3
  %unroll_iter348 = and i64 %17, 9223372036854775804
  %lcmp.mod346.not = icmp eq i64 %xtraiter342, 0
  %lcmp.mod347 = icmp ne i64 %xtraiter342, 0
  br label %.preheader55

.preheader57:                                     ; preds = %.preheader57.lr.ph, %._crit_edge67
  %73 = phi i64 [ 0, %.preheader57.lr.ph ], [ %149, %._crit_edge67 ]
  br i1 %40, label %.lr.ph66, label %._crit_edge67

.lr.ph66:                                         ; preds = %.preheader57
  %74 = add i64 %73, %69
  %75 = mul i64 %74, %17
  br i1 %42, label %.epil.preheader, label %.lr.ph66.new

.lr.ph66.new:                                     ; preds = %.lr.ph66, %.critedge.i.3
  %76 = phi i64 [ %132, %.critedge.i.3 ], [ 0, %.lr.ph66 ]
  %niter = phi i64 [ %niter.next.3, %.critedge.i.3 ], [ 0, %.lr.ph66 ]
  %77 = add i64 %76, %75
  %78 = getelementptr i32, ptr %28, i64 %77
  %79 = load i32, ptr %78, align 4
  %80 = icmp slt i32 %79, 128
  br i1 %80, label %81, label %.critedge.i

81:                                               ; preds = %.lr.ph66.new
  %82 = getelementptr ptr addrspace(3), ptr %29, i64 %77
  %83 = load ptr addrspace(3), ptr %82, align 8
  %84 = sext i32 %79 to i64
  %85 = getelementptr float, ptr addrspace(3) %83, i64 %84
  %86 = getelementptr i8, ptr addrspace(3) %85, i64 512
  %87 = load float, ptr addrspace(3) %86, align 4
  %88 = load float, ptr addrspace(3) %85, align 4
  %89 = tail call float @llvm.maximum.f32(float %88, float %87)
  store float %89, ptr addrspace(3) %85, align 4
  br label %.critedge.i

.critedge.i:                                      ; preds = %81, %.lr.ph66.new
  %90 = or disjoint i64 %76, 1
  %91 = add i64 %90, %75
  %92 = getelementptr i32, ptr %28, i64 %91
  %93 = load i32, ptr %92, align 4
  %94 = icmp slt i32 %93, 128
  br i1 %94, label %95, label %.critedge.i.1

95:                                               ; preds = %.critedge.i
  %96 = getelementptr ptr addrspace(3), ptr %29, i64 %91
  %97 = load ptr addrspace(3), ptr %96, align 8
  %98 = sext i32 %93 to i64
  %99 = getelementptr float, ptr addrspace(3) %97, i64 %98
  %100 = getelementptr i8, ptr addrspace(3) %99, i64 512
  %101 = load float, ptr addrspace(3) %100, align 4
  %102 = load float, ptr addrspace(3) %99, align 4
  %103 = tail call float @llvm.maximum.f32(float %102, float %101)
  store float %103, ptr addrspace(3) %99, align 4
  br label %.critedge.i.1

.critedge.i.1:                                    ; preds = %95, %.critedge.i
  %104 = or disjoint i64 %76, 2
  %105 = add i64 %104, %75
  %106 = getelementptr i32, ptr %28, i64 %105
  %107 = load i32, ptr %106, align 4
  %108 = icmp slt i32 %107, 128
  br i1 %108, label %109, label %.critedge.i.2

109:                                              ; preds = %.critedge.i.1
  %110 = getelementptr ptr addrspace(3), ptr %29, i64 %105
  %111 = load ptr addrspace(3), ptr %110, align 8
  %112 = sext i32 %107 to i64
  %113 = getelementptr float, ptr addrspace(3) %111, i64 %112
  %114 = getelementptr i8, ptr addrspace(3) %113, i64 512
  %115 = load float, ptr addrspace(3) %114, align 4
  %116 = load float, ptr addrspace(3) %113, align 4
  %117 = tail call float @llvm.maximum.f32(float %116, float %115)
  store float %117, ptr addrspace(3) %113, align 4
  br label %.critedge.i.2

.critedge.i.2:                                    ; preds = %109, %.critedge.i.1
  %118 = or disjoint i64 %76, 3
  %119 = add i64 %118, %75
  %120 = getelementptr i32, ptr %28, i64 %119
  %121 = load i32, ptr %120, align 4
  %122 = icmp slt i32 %121, 128
  br i1 %122, label %123, label %.critedge.i.3

123:                                              ; preds = %.critedge.i.2
  %124 = getelementptr ptr addrspace(3), ptr %29, i64 %119
  %125 = load ptr addrspace(3), ptr %124, align 8
  %126 = sext i32 %121 to i64
  %127 = getelementptr float, ptr addrspace(3) %125, i64 %126
  %128 = getelementptr i8, ptr addrspace(3) %127, i64 512
  %129 = load float, ptr addrspace(3) %128, align 4
  %130 = load float, ptr addrspace(3) %127, align 4
  %131 = tail call float @llvm.maximum.f32(float %130, float %129)
  store float %131, ptr addrspace(3) %127, align 4
  br label %.critedge.i.3

.critedge.i.3:                                    ; preds = %123, %.critedge.i.2
  %132 = add nuw nsw i64 %76, 4
  %niter.next.3 = add i64 %niter, 4
  %niter.ncmp.3 = icmp eq i64 %niter.next.3, %unroll_iter
  br i1 %niter.ncmp.3, label %._crit_edge67.loopexit.unr-lcssa, label %.lr.ph66.new

._crit_edge67.loopexit.unr-lcssa:                 ; preds = %.critedge.i.3
  br i1 %lcmp.mod.not, label %._crit_edge67, label %.epil.preheader

.epil.preheader:                                  ; preds = %._crit_edge67.loopexit.unr-lcssa, %.lr.ph66
  %.epil.init = phi i64 [ 0, %.lr.ph66 ], [ %132, %._crit_edge67.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod340)
  br label %133

133:                                              ; preds = %.critedge.i.epil, %.epil.preheader
  %134 = phi i64 [ %.epil.init, %.epil.preheader ], [ %148, %.critedge.i.epil ]
  %epil.iter = phi i64 [ 0, %.epil.preheader ], [ %epil.iter.next, %.critedge.i.epil ]
  %135 = add i64 %134, %75
  %136 = getelementptr i32, ptr %28, i64 %135
  %137 = load i32, ptr %136, align 4
  %138 = icmp slt i32 %137, 128
  br i1 %138, label %139, label %.critedge.i.epil

139:                                              ; preds = %133
  %140 = getelementptr ptr addrspace(3), ptr %29, i64 %135
  %141 = load ptr addrspace(3), ptr %140, align 8
  %142 = sext i32 %137 to i64
  %143 = getelementptr float, ptr addrspace(3) %141, i64 %142
  %144 = getelementptr i8, ptr addrspace(3) %143, i64 512
  %145 = load float, ptr addrspace(3) %144, align 4
  %146 = load float, ptr addrspace(3) %143, align 4
  %147 = tail call float @llvm.maximum.f32(float %146, float %145)
  store float %147, ptr addrspace(3) %143, align 4
  br label %.critedge.i.epil

.critedge.i.epil:                                 ; preds = %139, %133
  %148 = add nuw nsw i64 %134, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %._crit_edge67, label %133, !llvm.loop !27

._crit_edge67:                                    ; preds = %._crit_edge67.loopexit.unr-lcssa, %.critedge.i.epil, %.preheader57
  %149 = add nuw nsw i64 %73, 1
  %exitcond137.not = icmp eq i64 %149, %19
  br i1 %exitcond137.not, label %._crit_edge68, label %.preheader57

._crit_edge68:                                    ; preds = %._crit_edge67, %.preheader58
  %150 = add nuw nsw i64 %68, 1
  %151 = icmp slt i64 %150, %30
  br i1 %151, label %.preheader58, label %.preheader55.lr.ph

.preheader55:                                     ; preds = %.preheader55.lr.ph, %._crit_edge71
  %152 = phi i64 [ 0, %.preheader55.lr.ph ], [ %234, %._crit_edge71 ]
  br i1 %70, label %.preheader54.lr.ph, label %._crit_edge71

.preheader54.lr.ph:                               ; preds = %.preheader55
  %153 = mul i64 %152, %19
  br label %.preheader54

.preheader52.lr.ph:                               ; preds = %._crit_edge71
  %154 = icmp sgt i64 %19, 0
  %155 = icmp sgt i64 %17, 0
  %xtraiter351 = and i64 %17, 3
  %156 = icmp ult i64 %41, 3
  %unroll_iter357 = and i64 %17, 9223372036854775804
  %lcmp.mod355.not = icmp eq i64 %xtraiter351, 0
  %lcmp.mod356 = icmp ne i64 %xtraiter351, 0
  br label %.preheader52

.preheader54:                                     ; preds = %.preheader54.lr.ph, %._crit_edge70
  %157 = phi i64 [ 0, %.preheader54.lr.ph ], [ %233, %._crit_edge70 ]
  br i1 %71, label %.lr.ph69, label %._crit_edge70

.lr.ph69:                                         ; preds = %.preheader54
  %158 = add i64 %157, %153
  %159 = mul i64 %158, %17
  br i1 %72, label %.epil.preheader341, label %.lr.ph69.new

.lr.ph69.new:                                     ; preds = %.lr.ph69, %.critedge2.i.3
  %160 = phi i64 [ %216, %.critedge2.i.3 ], [ 0, %.lr.ph69 ]
  %niter349 = phi i64 [ %niter349.next.3, %.critedge2.i.3 ], [ 0, %.lr.ph69 ]
  %161 = add i64 %160, %159
  %162 = getelementptr i32, ptr %28, i64 %161
  %163 = load i32, ptr %162, align 4
  %164 = icmp slt i32 %163, 64
  br i1 %164, label %165, label %.critedge2.i

165:                                              ; preds = %.lr.ph69.new
  %166 = getelementptr ptr addrspace(3), ptr %29, i64 %161
  %167 = load ptr addrspace(3), ptr %166, align 8
  %168 = sext i32 %163 to i64
  %169 = getelementptr float, ptr addrspace(3) %167, i64 %168
  %170 = getelementptr i8, ptr addrspace(3) %169, i64 256
  %171 = load float, ptr addrspace(3) %170, align 4
  %172 = load float, ptr addrspace(3) %169, align 4
  %173 = tail call float @llvm.maximum.f32(float %172, float %171)
  store float %173, ptr addrspace(3) %169, align 4
  br label %.critedge2.i

.critedge2.i:                                     ; preds = %165, %.lr.ph69.new
  %174 = or disjoint i64 %160, 1
  %175 = add i64 %174, %159
  %176 = getelementptr i32, ptr %28, i64 %175
  %177 = load i32, ptr %176, align 4
  %178 = icmp slt i32 %177, 64
  br i1 %178, label %179, label %.critedge2.i.1

179:                                              ; preds = %.critedge2.i
  %180 = getelementptr ptr addrspace(3), ptr %29, i64 %175
  %181 = load ptr addrspace(3), ptr %180, align 8
  %182 = sext i32 %177 to i64
  %183 = getelementptr float, ptr addrspace(3) %181, i64 %182
  %184 = getelementptr i8, ptr addrspace(3) %183, i64 256
  %185 = load float, ptr addrspace(3) %184, align 4
  %186 = load float, ptr addrspace(3) %183, align 4
  %187 = tail call float @llvm.maximum.f32(float %186, float %185)
  store float %187, ptr addrspace(3) %183, align 4
  br label %.critedge2.i.1

.critedge2.i.1:                                   ; preds = %179, %.critedge2.i
  %188 = or disjoint i64 %160, 2
  %189 = add i64 %188, %159
  %190 = getelementptr i32, ptr %28, i64 %189
  %191 = load i32, ptr %190, align 4
  %192 = icmp slt i32 %191, 64
  br i1 %192, label %193, label %.critedge2.i.2

193:                                              ; preds = %.critedge2.i.1
  %194 = getelementptr ptr addrspace(3), ptr %29, i64 %189
  %195 = load ptr addrspace(3), ptr %194, align 8
  %196 = sext i32 %191 to i64
  %197 = getelementptr float, ptr addrspace(3) %195, i64 %196
  %198 = getelementptr i8, ptr addrspace(3) %197, i64 256
  %199 = load float, ptr addrspace(3) %198, align 4
  %200 = load float, ptr addrspace(3) %197, align 4
  %201 = tail call float @llvm.maximum.f32(float %200, float %199)
  store float %201, ptr addrspace(3) %197, align 4
  br label %.critedge2.i.2

.critedge2.i.2:                                   ; preds = %193, %.critedge2.i.1
  %202 = or disjoint i64 %160, 3
  %203 = add i64 %202, %159
  %204 = getelementptr i32, ptr %28, i64 %203
  %205 = load i32, ptr %204, align 4
  %206 = icmp slt i32 %205, 64
  br i1 %206, label %207, label %.critedge2.i.3

207:                                              ; preds = %.critedge2.i.2
  %208 = getelementptr ptr addrspace(3), ptr %29, i64 %203
  %209 = load ptr addrspace(3), ptr %208, align 8
  %210 = sext i32 %205 to i64
  %211 = getelementptr float, ptr addrspace(3) %209, i64 %210
  %212 = getelementptr i8, ptr addrspace(3) %211, i64 256
  %213 = load float, ptr addrspace(3) %212, align 4
  %214 = load float, ptr addrspace(3) %211, align 4
  %215 = tail call float @llvm.maximum.f32(float %214, float %213)
  store float %215, ptr addrspace(3) %211, align 4
  br label %.critedge2.i.3

.critedge2.i.3:                                   ; preds = %207, %.critedge2.i.2
  %216 = add nuw nsw i64 %160, 4
  %niter349.next.3 = add i64 %niter349, 4
  %niter349.ncmp.3 = icmp eq i64 %niter349.next.3, %unroll_iter348
  br i1 %niter349.ncmp.3, label %._crit_edge70.loopexit.unr-lcssa, label %.lr.ph69.new

._crit_edge70.loopexit.unr-lcssa:                 ; preds = %.critedge2.i.3
  br i1 %lcmp.mod346.not, label %._crit_edge70, label %.epil.preheader341

.epil.preheader341:                               ; preds = %._crit_edge70.loopexit.unr-lcssa, %.lr.ph69
  %.epil.init345 = phi i64 [ 0, %.lr.ph69 ], [ %216, %._crit_edge70.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod347)
  br label %217

217:                                              ; preds = %.critedge2.i.epil, %.epil.preheader341
  %218 = phi i64 [ %.epil.init345, %.epil.preheader341 ], [ %232, %.critedge2.i.epil ]
  %epil.iter343 = phi i64 [ 0, %.epil.preheader341 ], [ %epil.iter343.next, %.critedge2.i.epil ]
  %219 = add i64 %218, %159
  %220 = getelementptr i32, ptr %28, i64 %219
  %221 = load i32, ptr %220, align 4
  %222 = icmp slt i32 %221, 64
  br i1 %222, label %223, label %.critedge2.i.epil

223:                                              ; preds = %217
  %224 = getelementptr ptr addrspace(3), ptr %29, i64 %219
  %225 = load ptr addrspace(3), ptr %224, align 8
  %226 = sext i32 %221 to i64
  %227 = getelementptr float, ptr addrspace(3) %225, i64 %226
  %228 = getelementptr i8, ptr addrspace(3) %227, i64 256
  %229 = load float, ptr addrspace(3) %228, align 4
  %230 = load float, ptr addrspace(3) %227, align 4
  %231 = tail call float @llvm.maximum.f32(float %230, float %229)
  store float %231, ptr addrspace(3) %227, align 4
  br label %.critedge2.i.epil

.critedge2.i.epil:                                ; preds = %223, %217
  %232 = add nuw nsw i64 %218, 1
  %epil.iter343.next = add i64 %epil.iter343, 1
  %epil.iter343.cmp.not = icmp eq i64 %epil.iter343.next, %xtraiter342
  br i1 %epil.iter343.cmp.not, label %._crit_edge70, label %217, !llvm.loop !28

._crit_edge70:                                    ; preds = %._crit_edge70.loopexit.unr-lcssa, %.critedge2.i.epil, %.preheader54
  %233 = add nuw nsw i64 %157, 1
  %exitcond139.not = icmp eq i64 %233, %19
  br i1 %exitcond139.not, label %._crit_edge71, label %.preheader54

._crit_edge71:                                    ; preds = %._crit_edge70, %.preheader55
  %234 = add nuw nsw i64 %152, 1
  %235 = icmp slt i64 %234, %30
  br i1 %235, label %.preheader55, label %.preheader52.lr.ph

.preheader52:                                     ; preds = %.preheader52.lr.ph, %._crit_edge74
  %236 = phi i64 [ 0, %.preheader52.lr.ph ], [ %318, %._crit_edge74 ]
  br i1 %154, label %.preheader51.lr.ph, label %._crit_edge74

.preheader51.lr.ph:                               ; preds = %.preheader52
  %237 = mul i64 %236, %19
  br label %.preheader51

.preheader49.lr.ph:                               ; preds = %._crit_edge74
  %238 = icmp sgt i64 %19, 0
  %239 = icmp sgt i64 %17, 0
  %xtraiter360 = and i64 %17, 3
  %240 = icmp ult i64 %41, 3
  %unroll_iter366 = and i64 %17, 9223372036854775804
  %lcmp.mod364.not = icmp eq i64 %xtraiter360, 0
  %lcmp.mod365 = icmp ne i64 %xtraiter360, 0
  br label %.preheader49

.preheader51:                                     ; preds = %.preheader51.lr.ph, %._crit_edge73
  %241 = phi i64 [ 0, %.preheader51.lr.ph ], [ %317, %._crit_edge73 ]
  br i1 %155, label %.lr.ph72, label %._crit_edge73

.lr.ph72:                                         ; preds = %.preheader51
  %242 = add i64 %241, %237
  %243 = mul i64 %242, %17
  br i1 %156, label %.epil.preheader350, label %.lr.ph72.new

.lr.ph72.new:                                     ; preds = %.lr.ph72, %.critedge4.i.3
  %244 = phi i64 [ %300, %.critedge4.i.3 ], [ 0, %.lr.ph72 ]
  %niter358 = phi i64 [ %niter358.next.3, %.critedge4.i.3 ], [ 0, %.lr.ph72 ]
  %245 = add i64 %244, %243
  %246 = getelementptr i32, ptr %28, i64 %245
  %247 = load i32, ptr %246, align 4
  %248 = icmp slt i32 %247, 32
  br i1 %248, label %249, label %.critedge4.i

249:                                              ; preds = %.lr.ph72.new
  %250 = getelementptr ptr addrspace(3), ptr %29, i64 %245
  %251 = load ptr addrspace(3), ptr %250, align 8
  %252 = sext i32 %247 to i64
  %253 = getelementptr float, ptr addrspace(3) %251, i64 %252
  %254 = getelementptr i8, ptr addrspace(3) %253, i64 128
  %255 = load float, ptr addrspace(3) %254, align 4
  %256 = load float, ptr addrspace(3) %253, align 4
  %257 = tail call float @llvm.maximum.f32(float %256, float %255)
  store float %257, ptr addrspace(3) %253, align 4
  br label %.critedge4.i

.critedge4.i:                                     ; preds = %249, %.lr.ph72.new
  %258 = or disjoint i64 %244, 1
  %259 = add i64 %258, %243
  %260 = getelementptr i32, ptr %28, i64 %259
  %261 = load i32, ptr %260, align 4
  %262 = icmp slt i32 %261, 32
  br i1 %262, label %263, label %.critedge4.i.1

263:                                              ; preds = %.critedge4.i
  %264 = getelementptr ptr addrspace(3), ptr %29, i64 %259
  %265 = load ptr addrspace(3), ptr %264, align 8
  %266 = sext i32 %261 to i64
  %267 = getelementptr float, ptr addrspace(3) %265, i64 %266
  %268 = getelementptr i8, ptr addrspace(3) %267, i64 128
  %269 = load float, ptr addrspace(3) %268, align 4
  %270 = load float, ptr addrspace(3) %267, align 4
  %271 = tail call float @llvm.maximum.f32(float %270, float %269)
  store float %271, ptr addrspace(3) %267, align 4
  br label %.critedge4.i.1

.critedge4.i.1:                                   ; preds = %263, %.critedge4.i
  %272 = or disjoint i64 %244, 2
  %273 = add i64 %272, %243
  %274 = getelementptr i32, ptr %28, i64 %273
  %275 = load i32, ptr %274, align 4
  %276 = icmp slt i32 %275, 32
  br i1 %276, label %277, label %.critedge4.i.2

277:                                              ; preds = %.critedge4.i.1
  %278 = getelementptr ptr addrspace(3), ptr %29, i64 %273
  %279 = load ptr addrspace(3), ptr %278, align 8
  %280 = sext i32 %275 to i64
  %281 = getelementptr float, ptr addrspace(3) %279, i64 %280
  %282 = getelementptr i8, ptr addrspace(3) %281, i64 128
  %283 = load float, ptr addrspace(3) %282, align 4
  %284 = load float, ptr addrspace(3) %281, align 4
  %285 = tail call float @llvm.maximum.f32(float %284, float %283)
  store float %285, ptr addrspace(3) %281, align 4
  br label %.critedge4.i.2

.critedge4.i.2:                                   ; preds = %277, %.critedge4.i.1
  %286 = or disjoint i64 %244, 3
  %287 = add i64 %286, %243
  %288 = getelementptr i32, ptr %28, i64 %287
  %289 = load i32, ptr %288, align 4
  %290 = icmp slt i32 %289, 32
  br i1 %290, label %291, label %.critedge4.i.3

291:                                              ; preds = %.critedge4.i.2
  %292 = getelementptr ptr addrspace(3), ptr %29, i64 %287
  %293 = load ptr addrspace(3), ptr %292, align 8
  %294 = sext i32 %289 to i64
  %295 = getelementptr float, ptr addrspace(3) %293, i64 %294
  %296 = getelementptr i8, ptr addrspace(3) %295, i64 128
  %297 = load float, ptr addrspace(3) %296, align 4
  %298 = load float, ptr addrspace(3) %295, align 4
  %299 = tail call float @llvm.maximum.f32(float %298, float %297)
  store float %299, ptr addrspace(3) %295, align 4
  br label %.critedge4.i.3

.critedge4.i.3:                                   ; preds = %291, %.critedge4.i.2
  %300 = add nuw nsw i64 %244, 4
  %niter358.next.3 = add i64 %niter358, 4
  %niter358.ncmp.3 = icmp eq i64 %niter358.next.3, %unroll_iter357
  br i1 %niter358.ncmp.3, label %._crit_edge73.loopexit.unr-lcssa, label %.lr.ph72.new

._crit_edge73.loopexit.unr-lcssa:                 ; preds = %.critedge4.i.3
  br i1 %lcmp.mod355.not, label %._crit_edge73, label %.epil.preheader350

.epil.preheader350:                               ; preds = %._crit_edge73.loopexit.unr-lcssa, %.lr.ph72
  %.epil.init354 = phi i64 [ 0, %.lr.ph72 ], [ %300, %._crit_edge73.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod356)
  br label %301

301:                                              ; preds = %.critedge4.i.epil, %.epil.preheader350
  %302 = phi i64 [ %.epil.init354, %.epil.preheader350 ], [ %316, %.critedge4.i.epil ]
  %epil.iter352 = phi i64 [ 0, %.epil.preheader350 ], [ %epil.iter352.next, %.critedge4.i.epil ]
  %303 = add i64 %302, %243
  %304 = getelementptr i32, ptr %28, i64 %303
  %305 = load i32, ptr %304, align 4
  %306 = icmp slt i32 %305, 32
  br i1 %306, label %307, label %.critedge4.i.epil

307:                                              ; preds = %301
  %308 = getelementptr ptr addrspace(3), ptr %29, i64 %303
  %309 = load ptr addrspace(3), ptr %308, align 8
  %310 = sext i32 %305 to i64
  %311 = getelementptr float, ptr addrspace(3) %309, i64 %310
  %312 = getelementptr i8, ptr addrspace(3) %311, i64 128
  %313 = load float, ptr addrspace(3) %312, align 4
  %314 = load float, ptr addrspace(3) %311, align 4
  %315 = tail call float @llvm.maximum.f32(float %314, float %313)
  store float %315, ptr addrspace(3) %311, align 4
  br label %.critedge4.i.epil

.critedge4.i.epil:                                ; preds = %307, %301
  %316 = add nuw nsw i64 %302, 1
  %epil.iter352.next = add i64 %epil.iter352, 1
  %epil.iter352.cmp.not = icmp eq i64 %epil.iter352.next, %xtraiter351
  br i1 %epil.iter352.cmp.not, label %._crit_edge73, label %301, !llvm.loop !29

._crit_edge73:                                    ; preds = %._crit_edge73.loopexit.unr-lcssa, %.critedge4.i.epil, %.preheader51
  %317 = add nuw nsw i64 %241, 1
  %exitcond141.not = icmp eq i64 %317, %19
  br i1 %exitcond141.not, label %._crit_edge74, label %.preheader51

._crit_edge74:                                    ; preds = %._crit_edge73, %.preheader52
  %318 = add nuw nsw i64 %236, 1
  %319 = icmp slt i64 %318, %30
  br i1 %319, label %.preheader52, label %.preheader49.lr.ph

.preheader49:                                     ; preds = %.preheader49.lr.ph, %._crit_edge77
  %320 = phi i64 [ 0, %.preheader49.lr.ph ], [ %402, %._crit_edge77 ]
  br i1 %238, label %.preheader48.lr.ph, label %._crit_edge77

.preheader48.lr.ph:                               ; preds = %.preheader49
  %321 = mul i64 %320, %19
  br label %.preheader48

.preheader46.lr.ph:                               ; preds = %._crit_edge77
  %322 = icmp sgt i64 %19, 0
  %323 = icmp sgt i64 %17, 0
  %xtraiter369 = and i64 %17, 3
  %324 = icmp ult i64 %41, 3
  %unroll_iter375 = and i64 %17, 9223372036854775804
  %lcmp.mod373.not = icmp eq i64 %xtraiter369, 0
  %lcmp.mod374 = icmp ne i64 %xtraiter369, 0
  br label %.preheader46

.preheader48:                                     ; preds = %.preheader48.lr.ph, %._crit_edge76
  %325 = phi i64 [ 0, %.preheader48.lr.ph ], [ %401, %._crit_edge76 ]
  br i1 %239, label %.lr.ph75, label %._crit_edge76

.lr.ph75:                                         ; preds = %.preheader48
  %326 = add i64 %325, %321
  %327 = mul i64 %326, %17
  br i1 %240, label %.epil.preheader359, label %.lr.ph75.new

.lr.ph75.new:                                     ; preds = %.lr.ph75, %.critedge6.i.3
  %328 = phi i64 [ %384, %.critedge6.i.3 ], [ 0, %.lr.ph75 ]
  %niter367 = phi i64 [ %niter367.next.3, %.critedge6.i.3 ], [ 0, %.lr.ph75 ]
  %329 = add i64 %328, %327
  %330 = getelementptr i32, ptr %28, i64 %329
  %331 = load i32, ptr %330, align 4
  %332 = icmp slt i32 %331, 16
  br i1 %332, label %333, label %.critedge6.i

333:                                              ; preds = %.lr.ph75.new
  %334 = getelementptr ptr addrspace(3), ptr %29, i64 %329
  %335 = load ptr addrspace(3), ptr %334, align 8
  %336 = sext i32 %331 to i64
  %337 = getelementptr float, ptr addrspace(3) %335, i64 %336
  %338 = getelementptr i8, ptr addrspace(3) %337, i64 64
  %339 = load float, ptr addrspace(3) %338, align 4
  %340 = load float, ptr addrspace(3) %337, align 4
  %341 = tail call float @llvm.maximum.f32(float %340, float %339)
  store float %341, ptr addrspace(3) %337, align 4
  br label %.critedge6.i

.critedge6.i:                                     ; preds = %333, %.lr.ph75.new
  %342 = or disjoint i64 %328, 1
  %343 = add i64 %342, %327
  %344 = getelementptr i32, ptr %28, i64 %343
  %345 = load i32, ptr %344, align 4
  %346 = icmp slt i32 %345, 16
  br i1 %346, label %347, label %.critedge6.i.1

347:                                              ; preds = %.critedge6.i
  %348 = getelementptr ptr addrspace(3), ptr %29, i64 %343
  %349 = load ptr addrspace(3), ptr %348, align 8
  %350 = sext i32 %345 to i64
  %351 = getelementptr float, ptr addrspace(3) %349, i64 %350
  %352 = getelementptr i8, ptr addrspace(3) %351, i64 64
  %353 = load float, ptr addrspace(3) %352, align 4
  %354 = load float, ptr addrspace(3) %351, align 4
  %355 = tail call float @llvm.maximum.f32(float %354, float %353)
  store float %355, ptr addrspace(3) %351, align 4
  br label %.critedge6.i.1

.critedge6.i.1:                                   ; preds = %347, %.critedge6.i
  %356 = or disjoint i64 %328, 2
  %357 = add i64 %356, %327
  %358 = getelementptr i32, ptr %28, i64 %357
  %359 = load i32, ptr %358, align 4
  %360 = icmp slt i32 %359, 16
  br i1 %360, label %361, label %.critedge6.i.2

361:                                              ; preds = %.critedge6.i.1
  %362 = getelementptr ptr addrspace(3), ptr %29, i64 %357
  %363 = load ptr addrspace(3), ptr %362, align 8
  %364 = sext i32 %359 to i64
  %365 = getelementptr float, ptr addrspace(3) %363, i64 %364
  %366 = getelementptr i8, ptr addrspace(3) %365, i64 64
  %367 = load float, ptr addrspace(3) %366, align 4
  %368 = load float, ptr addrspace(3) %365, align 4
  %369 = tail call float @llvm.maximum.f32(float %368, float %367)
  store float %369, ptr addrspace(3) %365, align 4
  br label %.critedge6.i.2

.critedge6.i.2:                                   ; preds = %361, %.critedge6.i.1
  %370 = or disjoint i64 %328, 3
  %371 = add i64 %370, %327
  %372 = getelementptr i32, ptr %28, i64 %371
  %373 = load i32, ptr %372, align 4
  %374 = icmp slt i32 %373, 16
  br i1 %374, label %375, label %.critedge6.i.3

375:                                              ; preds = %.critedge6.i.2
  %376 = getelementptr ptr addrspace(3), ptr %29, i64 %371
  %377 = load ptr addrspace(3), ptr %376, align 8
  %378 = sext i32 %373 to i64
  %379 = getelementptr float, ptr addrspace(3) %377, i64 %378
  %380 = getelementptr i8, ptr addrspace(3) %379, i64 64
  %381 = load float, ptr addrspace(3) %380, align 4
  %382 = load float, ptr addrspace(3) %379, align 4
  %383 = tail call float @llvm.maximum.f32(float %382, float %381)
  store float %383, ptr addrspace(3) %379, align 4
  br label %.critedge6.i.3

.critedge6.i.3:                                   ; preds = %375, %.critedge6.i.2
  %384 = add nuw nsw i64 %328, 4
  %niter367.next.3 = add i64 %niter367, 4
  %niter367.ncmp.3 = icmp eq i64 %niter367.next.3, %unroll_iter366
  br i1 %niter367.ncmp.3, label %._crit_edge76.loopexit.unr-lcssa, label %.lr.ph75.new

._crit_edge76.loopexit.unr-lcssa:                 ; preds = %.critedge6.i.3
  br i1 %lcmp.mod364.not, label %._crit_edge76, label %.epil.preheader359

.epil.preheader359:                               ; preds = %._crit_edge76.loopexit.unr-lcssa, %.lr.ph75
  %.epil.init363 = phi i64 [ 0, %.lr.ph75 ], [ %384, %._crit_edge76.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod365)
  br label %385

385:                                              ; preds = %.critedge6.i.epil, %.epil.preheader359
  %386 = phi i64 [ %.epil.init363, %.epil.preheader359 ], [ %400, %.critedge6.i.epil ]
  %epil.iter361 = phi i64 [ 0, %.epil.preheader359 ], [ %epil.iter361.next, %.critedge6.i.epil ]
  %387 = add i64 %386, %327
  %388 = getelementptr i32, ptr %28, i64 %387
  %389 = load i32, ptr %388, align 4
  %390 = icmp slt i32 %389, 16
  br i1 %390, label %391, label %.critedge6.i.epil

391:                                              ; preds = %385
  %392 = getelementptr ptr addrspace(3), ptr %29, i64 %387
  %393 = load ptr addrspace(3), ptr %392, align 8
  %394 = sext i32 %389 to i64
  %395 = getelementptr float, ptr addrspace(3) %393, i64 %394
  %396 = getelementptr i8, ptr addrspace(3) %395, i64 64
  %397 = load float, ptr addrspace(3) %396, align 4
  %398 = load float, ptr addrspace(3) %395, align 4
  %399 = tail call float @llvm.maximum.f32(float %398, float %397)
  store float %399, ptr addrspace(3) %395, align 4
  br label %.critedge6.i.epil

.critedge6.i.epil:                                ; preds = %391, %385
  %400 = add nuw nsw i64 %386, 1
  %epil.iter361.next = add i64 %epil.iter361, 1
  %epil.iter361.cmp.not = icmp eq i64 %epil.iter361.next, %xtraiter360
  br i1 %epil.iter361.cmp.not, label %._crit_edge76, label %385, !llvm.loop !30

._crit_edge76:                                    ; preds = %._crit_edge76.loopexit.unr-lcssa, %.critedge6.i.epil, %.preheader48
  %401 = add nuw nsw i64 %325, 1
  %exitcond143.not = icmp eq i64 %401, %19
  br i1 %exitcond143.not, label %._crit_edge77, label %.preheader48

._crit_edge77:                                    ; preds = %._crit_edge76, %.preheader49
  %402 = add nuw nsw i64 %320, 1
  %403 = icmp slt i64 %402, %30
  br i1 %403, label %.preheader49, label %.preheader46.lr.ph

.preheader46:                                     ; preds = %.preheader46.lr.ph, %._crit_edge80
  %404 = phi i64 [ 0, %.preheader46.lr.ph ], [ %486, %._crit_edge80 ]
  br i1 %322, label %.preheader45.lr.ph, label %._crit_edge80

.preheader45.lr.ph:                               ; preds = %.preheader46
  %405 = mul i64 %404, %19
  br label %.preheader45

.preheader43.lr.ph:                               ; preds = %._crit_edge80
  %406 = icmp sgt i64 %19, 0
  %407 = icmp sgt i64 %17, 0
  %xtraiter378 = and i64 %17, 3
  %408 = icmp ult i64 %41, 3
  %unroll_iter384 = and i64 %17, 9223372036854775804
  %lcmp.mod382.not = icmp eq i64 %xtraiter378, 0
  %lcmp.mod383 = icmp ne i64 %xtraiter378, 0
  br label %.preheader43

.preheader45:                                     ; preds = %.preheader45.lr.ph, %._crit_edge79
  %409 = phi i64 [ 0, %.preheader45.lr.ph ], [ %485, %._crit_edge79 ]
  br i1 %323, label %.lr.ph78, label %._crit_edge79

.lr.ph78:                                         ; preds = %.preheader45
  %410 = add i64 %409, %405
  %411 = mul i64 %410, %17
  br i1 %324, label %.epil.preheader368, label %.lr.ph78.new

.lr.ph78.new:                                     ; preds = %.lr.ph78, %.critedge8.i.3
  %412 = phi i64 [ %468, %.critedge8.i.3 ], [ 0, %.lr.ph78 ]
  %niter376 = phi i64 [ %niter376.next.3, %.critedge8.i.3 ], [ 0, %.lr.ph78 ]
  %413 = add i64 %412, %411
  %414 = getelementptr i32, ptr %28, i64 %413
  %415 = load i32, ptr %414, align 4
  %416 = icmp slt i32 %415, 8
  br i1 %416, label %417, label %.critedge8.i

417:                                              ; preds = %.lr.ph78.new
  %418 = getelementptr ptr addrspace(3), ptr %29, i64 %413
  %419 = load ptr addrspace(3), ptr %418, align 8
  %420 = sext i32 %415 to i64
  %421 = getelementptr float, ptr addrspace(3) %419, i64 %420
  %422 = getelementptr i8, ptr addrspace(3) %421, i64 32
  %423 = load float, ptr addrspace(3) %422, align 4
  %424 = load float, ptr addrspace(3) %421, align 4
  %425 = tail call float @llvm.maximum.f32(float %424, float %423)
  store float %425, ptr addrspace(3) %421, align 4
  br label %.critedge8.i

.critedge8.i:                                     ; preds = %417, %.lr.ph78.new
  %426 = or disjoint i64 %412, 1
  %427 = add i64 %426, %411
  %428 = getelementptr i32, ptr %28, i64 %427
  %429 = load i32, ptr %428, align 4
  %430 = icmp slt i32 %429, 8
  br i1 %430, label %431, label %.critedge8.i.1

431:                                              ; preds = %.critedge8.i
  %432 = getelementptr ptr addrspace(3), ptr %29, i64 %427
  %433 = load ptr addrspace(3), ptr %432, align 8
  %434 = sext i32 %429 to i64
  %435 = getelementptr float, ptr addrspace(3) %433, i64 %434
  %436 = getelementptr i8, ptr addrspace(3) %435, i64 32
  %437 = load float, ptr addrspace(3) %436, align 4
  %438 = load float, ptr addrspace(3) %435, align 4
  %439 = tail call float @llvm.maximum.f32(float %438, float %437)
  store float %439, ptr addrspace(3) %435, align 4
  br label %.critedge8.i.1

.critedge8.i.1:                                   ; preds = %431, %.critedge8.i
  %440 = or disjoint i64 %412, 2
  %441 = add i64 %440, %411
  %442 = getelementptr i32, ptr %28, i64 %441
  %443 = load i32, ptr %442, align 4
  %444 = icmp slt i32 %443, 8
  br i1 %444, label %445, label %.critedge8.i.2

445:                                              ; preds = %.critedge8.i.1
  %446 = getelementptr ptr addrspace(3), ptr %29, i64 %441
  %447 = load ptr addrspace(3), ptr %446, align 8
  %448 = sext i32 %443 to i64
  %449 = getelementptr float, ptr addrspace(3) %447, i64 %448
  %450 = getelementptr i8, ptr addrspace(3) %449, i64 32
  %451 = load float, ptr addrspace(3) %450, align 4
  %452 = load float, ptr addrspace(3) %449, align 4
  %453 = tail call float @llvm.maximum.f32(float %452, float %451)
  store float %453, ptr addrspace(3) %449, align 4
  br label %.critedge8.i.2

.critedge8.i.2:                                   ; preds = %445, %.critedge8.i.1
  %454 = or disjoint i64 %412, 3
  %455 = add i64 %454, %411
  %456 = getelementptr i32, ptr %28, i64 %455
  %457 = load i32, ptr %456, align 4
  %458 = icmp slt i32 %457, 8
  br i1 %458, label %459, label %.critedge8.i.3

459:                                              ; preds = %.critedge8.i.2
  %460 = getelementptr ptr addrspace(3), ptr %29, i64 %455
  %461 = load ptr addrspace(3), ptr %460, align 8
  %462 = sext i32 %457 to i64
  %463 = getelementptr float, ptr addrspace(3) %461, i64 %462
  %464 = getelementptr i8, ptr addrspace(3) %463, i64 32
  %465 = load float, ptr addrspace(3) %464, align 4
  %466 = load float, ptr addrspace(3) %463, align 4
  %467 = tail call float @llvm.maximum.f32(float %466, float %465)
  store float %467, ptr addrspace(3) %463, align 4
  br label %.critedge8.i.3

.critedge8.i.3:                                   ; preds = %459, %.critedge8.i.2
  %468 = add nuw nsw i64 %412, 4
  %niter376.next.3 = add i64 %niter376, 4
  %niter376.ncmp.3 = icmp eq i64 %niter376.next.3, %unroll_iter375
  br i1 %niter376.ncmp.3, label %._crit_edge79.loopexit.unr-lcssa, label %.lr.ph78.new

._crit_edge79.loopexit.unr-lcssa:                 ; preds = %.critedge8.i.3
  br i1 %lcmp.mod373.not, label %._crit_edge79, label %.epil.preheader368

.epil.preheader368:                               ; preds = %._crit_edge79.loopexit.unr-lcssa, %.lr.ph78
  %.epil.init372 = phi i64 [ 0, %.lr.ph78 ], [ %468, %._crit_edge79.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod374)
  br label %469

469:                                              ; preds = %.critedge8.i.epil, %.epil.preheader368
  %470 = phi i64 [ %.epil.init372, %.epil.preheader368 ], [ %484, %.critedge8.i.epil ]
  %epil.iter370 = phi i64 [ 0, %.epil.preheader368 ], [ %epil.iter370.next, %.critedge8.i.epil ]
  %471 = add i64 %470, %411
  %472 = getelementptr i32, ptr %28, i64 %471
  %473 = load i32, ptr %472, align 4
  %474 = icmp slt i32 %473, 8
  br i1 %474, label %475, label %.critedge8.i.epil

475:                                              ; preds = %469
  %476 = getelementptr ptr addrspace(3), ptr %29, i64 %471
  %477 = load ptr addrspace(3), ptr %476, align 8
  %478 = sext i32 %473 to i64
  %479 = getelementptr float, ptr addrspace(3) %477, i64 %478
  %480 = getelementptr i8, ptr addrspace(3) %479, i64 32
  %481 = load float, ptr addrspace(3) %480, align 4
  %482 = load float, ptr addrspace(3) %479, align 4
  %483 = tail call float @llvm.maximum.f32(float %482, float %481)
  store float %483, ptr addrspace(3) %479, align 4
  br label %.critedge8.i.epil

.critedge8.i.epil:                                ; preds = %475, %469
  %484 = add nuw nsw i64 %470, 1
  %epil.iter370.next = add i64 %epil.iter370, 1
  %epil.iter370.cmp.not = icmp eq i64 %epil.iter370.next, %xtraiter369
  br i1 %epil.iter370.cmp.not, label %._crit_edge79, label %469, !llvm.loop !31

._crit_edge79:                                    ; preds = %._crit_edge79.loopexit.unr-lcssa, %.critedge8.i.epil, %.preheader45
  %485 = add nuw nsw i64 %409, 1
  %exitcond145.not = icmp eq i64 %485, %19
  br i1 %exitcond145.not, label %._crit_edge80, label %.preheader45

._crit_edge80:                                    ; preds = %._crit_edge79, %.preheader46
  %486 = add nuw nsw i64 %404, 1
  %487 = icmp slt i64 %486, %30
  br i1 %487, label %.preheader46, label %.preheader43.lr.ph

.preheader43:                                     ; preds = %.preheader43.lr.ph, %._crit_edge83
  %488 = phi i64 [ 0, %.preheader43.lr.ph ], [ %570, %._crit_edge83 ]
  br i1 %406, label %.preheader42.lr.ph, label %._crit_edge83

.preheader42.lr.ph:                               ; preds = %.preheader43
  %489 = mul i64 %488, %19
  br label %.preheader42

.preheader40.lr.ph:                               ; preds = %._crit_edge83
  %490 = icmp sgt i64 %19, 0
  %491 = icmp sgt i64 %17, 0
  %xtraiter387 = and i64 %17, 3
  %492 = icmp ult i64 %41, 3
  %unroll_iter393 = and i64 %17, 9223372036854775804
  %lcmp.mod391.not = icmp eq i64 %xtraiter387, 0
  %lcmp.mod392 = icmp ne i64 %xtraiter387, 0
  br label %.preheader40

.preheader42:                                     ; preds = %.preheader42.lr.ph, %._crit_edge82
  %493 = phi i64 [ 0, %.preheader42.lr.ph ], [ %569, %._crit_edge82 ]
  br i1 %407, label %.lr.ph81, label %._crit_edge82

.lr.ph81:                                         ; preds = %.preheader42
  %494 = add i64 %493, %489
  %495 = mul i64 %494, %17
  br i1 %408, label %.epil.preheader377, label %.lr.ph81.new

.lr.ph81.new:                                     ; preds = %.lr.ph81, %.critedge10.i.3
  %496 = phi i64 [ %552, %.critedge10.i.3 ], [ 0, %.lr.ph81 ]
  %niter385 = phi i64 [ %niter385.next.3, %.critedge10.i.3 ], [ 0, %.lr.ph81 ]
  %497 = add i64 %496, %495
  %498 = getelementptr i32, ptr %28, i64 %497
  %499 = load i32, ptr %498, align 4
  %500 = icmp slt i32 %499, 4
  br i1 %500, label %501, label %.critedge10.i

501:                                              ; preds = %.lr.ph81.new
  %502 = getelementptr ptr addrspace(3), ptr %29, i64 %497
  %503 = load ptr addrspace(3), ptr %502, align 8
  %504 = sext i32 %499 to i64
  %505 = getelementptr float, ptr addrspace(3) %503, i64 %504
  %506 = getelementptr i8, ptr addrspace(3) %505, i64 16
  %507 = load float, ptr addrspace(3) %506, align 4
  %508 = load float, ptr addrspace(3) %505, align 4
  %509 = tail call float @llvm.maximum.f32(float %508, float %507)
  store float %509, ptr addrspace(3) %505, align 4
  br label %.critedge10.i

.critedge10.i:                                    ; preds = %501, %.lr.ph81.new
  %510 = or disjoint i64 %496, 1
  %511 = add i64 %510, %495
  %512 = getelementptr i32, ptr %28, i64 %511
  %513 = load i32, ptr %512, align 4
  %514 = icmp slt i32 %513, 4
  br i1 %514, label %515, label %.critedge10.i.1

515:                                              ; preds = %.critedge10.i
  %516 = getelementptr ptr addrspace(3), ptr %29, i64 %511
  %517 = load ptr addrspace(3), ptr %516, align 8
  %518 = sext i32 %513 to i64
  %519 = getelementptr float, ptr addrspace(3) %517, i64 %518
  %520 = getelementptr i8, ptr addrspace(3) %519, i64 16
  %521 = load float, ptr addrspace(3) %520, align 4
  %522 = load float, ptr addrspace(3) %519, align 4
  %523 = tail call float @llvm.maximum.f32(float %522, float %521)
  store float %523, ptr addrspace(3) %519, align 4
  br label %.critedge10.i.1

.critedge10.i.1:                                  ; preds = %515, %.critedge10.i
  %524 = or disjoint i64 %496, 2
  %525 = add i64 %524, %495
  %526 = getelementptr i32, ptr %28, i64 %525
  %527 = load i32, ptr %526, align 4
  %528 = icmp slt i32 %527, 4
  br i1 %528, label %529, label %.critedge10.i.2

529:                                              ; preds = %.critedge10.i.1
  %530 = getelementptr ptr addrspace(3), ptr %29, i64 %525
  %531 = load ptr addrspace(3), ptr %530, align 8
  %532 = sext i32 %527 to i64
  %533 = getelementptr float, ptr addrspace(3) %531, i64 %532
  %534 = getelementptr i8, ptr addrspace(3) %533, i64 16
  %535 = load float, ptr addrspace(3) %534, align 4
  %536 = load float, ptr addrspace(3) %533, align 4
  %537 = tail call float @llvm.maximum.f32(float %536, float %535)
  store float %537, ptr addrspace(3) %533, align 4
  br label %.critedge10.i.2

.critedge10.i.2:                                  ; preds = %529, %.critedge10.i.1
  %538 = or disjoint i64 %496, 3
  %539 = add i64 %538, %495
  %540 = getelementptr i32, ptr %28, i64 %539
  %541 = load i32, ptr %540, align 4
  %542 = icmp slt i32 %541, 4
  br i1 %542, label %543, label %.critedge10.i.3

543:                                              ; preds = %.critedge10.i.2
  %544 = getelementptr ptr addrspace(3), ptr %29, i64 %539
  %545 = load ptr addrspace(3), ptr %544, align 8
  %546 = sext i32 %541 to i64
  %547 = getelementptr float, ptr addrspace(3) %545, i64 %546
  %548 = getelementptr i8, ptr addrspace(3) %547, i64 16
  %549 = load float, ptr addrspace(3) %548, align 4
  %550 = load float, ptr addrspace(3) %547, align 4
  %551 = tail call float @llvm.maximum.f32(float %550, float %549)
  store float %551, ptr addrspace(3) %547, align 4
  br label %.critedge10.i.3

.critedge10.i.3:                                  ; preds = %543, %.critedge10.i.2
  %552 = add nuw nsw i64 %496, 4
  %niter385.next.3 = add i64 %niter385, 4
  %niter385.ncmp.3 = icmp eq i64 %niter385.next.3, %unroll_iter384
  br i1 %niter385.ncmp.3, label %._crit_edge82.loopexit.unr-lcssa, label %.lr.ph81.new

._crit_edge82.loopexit.unr-lcssa:                 ; preds = %.critedge10.i.3
  br i1 %lcmp.mod382.not, label %._crit_edge82, label %.epil.preheader377

.epil.preheader377:                               ; preds = %._crit_edge82.loopexit.unr-lcssa, %.lr.ph81
  %.epil.init381 = phi i64 [ 0, %.lr.ph81 ], [ %552, %._crit_edge82.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod383)
  br label %553

553:                                              ; preds = %.critedge10.i.epil, %.epil.preheader377
  %554 = phi i64 [ %.epil.init381, %.epil.preheader377 ], [ %568, %.critedge10.i.epil ]
  %epil.iter379 = phi i64 [ 0, %.epil.preheader377 ], [ %epil.iter379.next, %.critedge10.i.epil ]
  %555 = add i64 %554, %495
  %556 = getelementptr i32, ptr %28, i64 %555
  %557 = load i32, ptr %556, align 4
  %558 = icmp slt i32 %557, 4
  br i1 %558, label %559, label %.critedge10.i.epil

559:                                              ; preds = %553
  %560 = getelementptr ptr addrspace(3), ptr %29, i64 %555
  %561 = load ptr addrspace(3), ptr %560, align 8
  %562 = sext i32 %557 to i64
  %563 = getelementptr float, ptr addrspace(3) %561, i64 %562
  %564 = getelementptr i8, ptr addrspace(3) %563, i64 16
  %565 = load float, ptr addrspace(3) %564, align 4
  %566 = load float, ptr addrspace(3) %563, align 4
  %567 = tail call float @llvm.maximum.f32(float %566, float %565)
  store float %567, ptr addrspace(3) %563, align 4
  br label %.critedge10.i.epil

.critedge10.i.epil:                               ; preds = %559, %553
  %568 = add nuw nsw i64 %554, 1
  %epil.iter379.next = add i64 %epil.iter379, 1
  %epil.iter379.cmp.not = icmp eq i64 %epil.iter379.next, %xtraiter378
  br i1 %epil.iter379.cmp.not, label %._crit_edge82, label %553, !llvm.loop !32

._crit_edge82:                                    ; preds = %._crit_edge82.loopexit.unr-lcssa, %.critedge10.i.epil, %.preheader42
  %569 = add nuw nsw i64 %493, 1
  %exitcond147.not = icmp eq i64 %569, %19
  br i1 %exitcond147.not, label %._crit_edge83, label %.preheader42

._crit_edge83:                                    ; preds = %._crit_edge82, %.preheader43
  %570 = add nuw nsw i64 %488, 1
  %571 = icmp slt i64 %570, %30
  br i1 %571, label %.preheader43, label %.preheader40.lr.ph

.preheader40:                                     ; preds = %.preheader40.lr.ph, %._crit_edge86
  %572 = phi i64 [ 0, %.preheader40.lr.ph ], [ %654, %._crit_edge86 ]
  br i1 %490, label %.preheader39.lr.ph, label %._crit_edge86

.preheader39.lr.ph:                               ; preds = %.preheader40
  %573 = mul i64 %572, %19
  br label %.preheader39

.preheader37.lr.ph:                               ; preds = %._crit_edge86
  %574 = icmp sgt i64 %19, 0
  %575 = icmp sgt i64 %17, 0
  %xtraiter396 = and i64 %17, 3
  %576 = icmp ult i64 %41, 3
  %unroll_iter402 = and i64 %17, 9223372036854775804
  %lcmp.mod400.not = icmp eq i64 %xtraiter396, 0
  %lcmp.mod401 = icmp ne i64 %xtraiter396, 0
  br label %.preheader37

.preheader39:                                     ; preds = %.preheader39.lr.ph, %._crit_edge85
  %577 = phi i64 [ 0, %.preheader39.lr.ph ], [ %653, %._crit_edge85 ]
  br i1 %491, label %.lr.ph84, label %._crit_edge85

.lr.ph84:                                         ; preds = %.preheader39
  %578 = add i64 %577, %573
  %579 = mul i64 %578, %17
  br i1 %492, label %.epil.preheader386, label %.lr.ph84.new

.lr.ph84.new:                                     ; preds = %.lr.ph84, %.critedge12.i.3
  %580 = phi i64 [ %636, %.critedge12.i.3 ], [ 0, %.lr.ph84 ]
  %niter394 = phi i64 [ %niter394.next.3, %.critedge12.i.3 ], [ 0, %.lr.ph84 ]
  %581 = add i64 %580, %579
  %582 = getelementptr i32, ptr %28, i64 %581
  %583 = load i32, ptr %582, align 4
  %584 = icmp slt i32 %583, 2
  br i1 %584, label %585, label %.critedge12.i

585:                                              ; preds = %.lr.ph84.new
  %586 = getelementptr ptr addrspace(3), ptr %29, i64 %581
  %587 = load ptr addrspace(3), ptr %586, align 8
  %588 = sext i32 %583 to i64
  %589 = getelementptr float, ptr addrspace(3) %587, i64 %588
  %590 = getelementptr i8, ptr addrspace(3) %589, i64 8
  %591 = load float, ptr addrspace(3) %590, align 4
  %592 = load float, ptr addrspace(3) %589, align 4
  %593 = tail call float @llvm.maximum.f32(float %592, float %591)
  store float %593, ptr addrspace(3) %589, align 4
  br label %.critedge12.i

.critedge12.i:                                    ; preds = %585, %.lr.ph84.new
  %594 = or disjoint i64 %580, 1
  %595 = add i64 %594, %579
  %596 = getelementptr i32, ptr %28, i64 %595
  %597 = load i32, ptr %596, align 4
  %598 = icmp slt i32 %597, 2
  br i1 %598, label %599, label %.critedge12.i.1

599:                                              ; preds = %.critedge12.i
  %600 = getelementptr ptr addrspace(3), ptr %29, i64 %595
  %601 = load ptr addrspace(3), ptr %600, align 8
  %602 = sext i32 %597 to i64
  %603 = getelementptr float, ptr addrspace(3) %601, i64 %602
  %604 = getelementptr i8, ptr addrspace(3) %603, i64 8
  %605 = load float, ptr addrspace(3) %604, align 4
  %606 = load float, ptr addrspace(3) %603, align 4
  %607 = tail call float @llvm.maximum.f32(float %606, float %605)
  store float %607, ptr addrspace(3) %603, align 4
  br label %.critedge12.i.1

.critedge12.i.1:                                  ; preds = %599, %.critedge12.i
  %608 = or disjoint i64 %580, 2
  %609 = add i64 %608, %579
  %610 = getelementptr i32, ptr %28, i64 %609
  %611 = load i32, ptr %610, align 4
  %612 = icmp slt i32 %611, 2
  br i1 %612, label %613, label %.critedge12.i.2

613:                                              ; preds = %.critedge12.i.1
  %614 = getelementptr ptr addrspace(3), ptr %29, i64 %609
  %615 = load ptr addrspace(3), ptr %614, align 8
  %616 = sext i32 %611 to i64
  %617 = getelementptr float, ptr addrspace(3) %615, i64 %616
  %618 = getelementptr i8, ptr addrspace(3) %617, i64 8
  %619 = load float, ptr addrspace(3) %618, align 4
  %620 = load float, ptr addrspace(3) %617, align 4
  %621 = tail call float @llvm.maximum.f32(float %620, float %619)
  store float %621, ptr addrspace(3) %617, align 4
  br label %.critedge12.i.2

.critedge12.i.2:                                  ; preds = %613, %.critedge12.i.1
  %622 = or disjoint i64 %580, 3
  %623 = add i64 %622, %579
  %624 = getelementptr i32, ptr %28, i64 %623
  %625 = load i32, ptr %624, align 4
  %626 = icmp slt i32 %625, 2
  br i1 %626, label %627, label %.critedge12.i.3

627:                                              ; preds = %.critedge12.i.2
  %628 = getelementptr ptr addrspace(3), ptr %29, i64 %623
  %629 = load ptr addrspace(3), ptr %628, align 8
  %630 = sext i32 %625 to i64
  %631 = getelementptr float, ptr addrspace(3) %629, i64 %630
  %632 = getelementptr i8, ptr addrspace(3) %631, i64 8
  %633 = load float, ptr addrspace(3) %632, align 4
  %634 = load float, ptr addrspace(3) %631, align 4
  %635 = tail call float @llvm.maximum.f32(float %634, float %633)
  store float %635, ptr addrspace(3) %631, align 4
  br label %.critedge12.i.3

.critedge12.i.3:                                  ; preds = %627, %.critedge12.i.2
  %636 = add nuw nsw i64 %580, 4
  %niter394.next.3 = add i64 %niter394, 4
  %niter394.ncmp.3 = icmp eq i64 %niter394.next.3, %unroll_iter393
  br i1 %niter394.ncmp.3, label %._crit_edge85.loopexit.unr-lcssa, label %.lr.ph84.new

._crit_edge85.loopexit.unr-lcssa:                 ; preds = %.critedge12.i.3
  br i1 %lcmp.mod391.not, label %._crit_edge85, label %.epil.preheader386

.epil.preheader386:                               ; preds = %._crit_edge85.loopexit.unr-lcssa, %.lr.ph84
  %.epil.init390 = phi i64 [ 0, %.lr.ph84 ], [ %636, %._crit_edge85.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod392)
  br label %637

637:                                              ; preds = %.critedge12.i.epil, %.epil.preheader386
  %638 = phi i64 [ %.epil.init390, %.epil.preheader386 ], [ %652, %.critedge12.i.epil ]
  %epil.iter388 = phi i64 [ 0, %.epil.preheader386 ], [ %epil.iter388.next, %.critedge12.i.epil ]
  %639 = add i64 %638, %579
  %640 = getelementptr i32, ptr %28, i64 %639
  %641 = load i32, ptr %640, align 4
  %642 = icmp slt i32 %641, 2
  br i1 %642, label %643, label %.critedge12.i.epil

643:                                              ; preds = %637
  %644 = getelementptr ptr addrspace(3), ptr %29, i64 %639
  %645 = load ptr addrspace(3), ptr %644, align 8
  %646 = sext i32 %641 to i64
  %647 = getelementptr float, ptr addrspace(3) %645, i64 %646
  %648 = getelementptr i8, ptr addrspace(3) %647, i64 8
  %649 = load float, ptr addrspace(3) %648, align 4
  %650 = load float, ptr addrspace(3) %647, align 4
  %651 = tail call float @llvm.maximum.f32(float %650, float %649)
  store float %651, ptr addrspace(3) %647, align 4
  br label %.critedge12.i.epil

.critedge12.i.epil:                               ; preds = %643, %637
  %652 = add nuw nsw i64 %638, 1
  %epil.iter388.next = add i64 %epil.iter388, 1
  %epil.iter388.cmp.not = icmp eq i64 %epil.iter388.next, %xtraiter387
  br i1 %epil.iter388.cmp.not, label %._crit_edge85, label %637, !llvm.loop !33

._crit_edge85:                                    ; preds = %._crit_edge85.loopexit.unr-lcssa, %.critedge12.i.epil, %.preheader39
  %653 = add nuw nsw i64 %577, 1
  %exitcond149.not = icmp eq i64 %653, %19
  br i1 %exitcond149.not, label %._crit_edge86, label %.preheader39

._crit_edge86:                                    ; preds = %._crit_edge85, %.preheader40
  %654 = add nuw nsw i64 %572, 1
  %655 = icmp slt i64 %654, %30
  br i1 %655, label %.preheader40, label %.preheader37.lr.ph

.preheader37:                                     ; preds = %.preheader37.lr.ph, %._crit_edge89
  %656 = phi i64 [ 0, %.preheader37.lr.ph ], [ %737, %._crit_edge89 ]
  br i1 %574, label %.preheader36.lr.ph, label %._crit_edge89

.preheader36.lr.ph:                               ; preds = %.preheader37
  %657 = mul i64 %656, %19
  br label %.preheader36

.preheader34.lr.ph:                               ; preds = %._crit_edge89
  %658 = icmp sgt i64 %19, 0
  %659 = icmp sgt i64 %17, 0
  %min.iters.check = icmp ult i64 %17, 4
  %min.iters.check305 = icmp ult i64 %17, 16
  %n.mod.vf = and i64 %17, 12
  %n.vec = and i64 %17, 9223372036854775792
  %cmp.n = icmp eq i64 %17, %n.vec
  %min.epilog.iters.check = icmp eq i64 %n.mod.vf, 0
  %n.vec307 = and i64 %17, 9223372036854775804
  %cmp.n310 = icmp eq i64 %17, %n.vec307
  br label %.preheader34

.preheader36:                                     ; preds = %.preheader36.lr.ph, %._crit_edge88
  %660 = phi i64 [ 0, %.preheader36.lr.ph ], [ %736, %._crit_edge88 ]
  br i1 %575, label %.lr.ph87, label %._crit_edge88

.lr.ph87:                                         ; preds = %.preheader36
  %661 = add i64 %660, %657
  %662 = mul i64 %661, %17
  br i1 %576, label %.epil.preheader395, label %.lr.ph87.new

.lr.ph87.new:                                     ; preds = %.lr.ph87, %.critedge14.i.3
  %663 = phi i64 [ %719, %.critedge14.i.3 ], [ 0, %.lr.ph87 ]
  %niter403 = phi i64 [ %niter403.next.3, %.critedge14.i.3 ], [ 0, %.lr.ph87 ]
  %664 = add i64 %663, %662
  %665 = getelementptr i32, ptr %28, i64 %664
  %666 = load i32, ptr %665, align 4
  %667 = icmp slt i32 %666, 1
  br i1 %667, label %668, label %.critedge14.i

668:                                              ; preds = %.lr.ph87.new
  %669 = getelementptr ptr addrspace(3), ptr %29, i64 %664
  %670 = load ptr addrspace(3), ptr %669, align 8
  %671 = sext i32 %666 to i64
  %672 = getelementptr float, ptr addrspace(3) %670, i64 %671
  %673 = getelementptr i8, ptr addrspace(3) %672, i64 4
  %674 = load float, ptr addrspace(3) %673, align 4
  %675 = load float, ptr addrspace(3) %672, align 4
  %676 = tail call float @llvm.maximum.f32(float %675, float %674)
  store float %676, ptr addrspace(3) %672, align 4
  br label %.critedge14.i

.critedge14.i:                                    ; preds = %668, %.lr.ph87.new
  %677 = or disjoint i64 %663, 1
  %678 = add i64 %677, %662
  %679 = getelementptr i32, ptr %28, i64 %678
  %680 = load i32, ptr %679, align 4
  %681 = icmp slt i32 %680, 1
  br i1 %681, label %682, label %.critedge14.i.1

682:                                              ; preds = %.critedge14.i
  %683 = getelementptr ptr addrspace(3), ptr %29, i64 %678
  %684 = load ptr addrspace(3), ptr %683, align 8
  %685 = sext i32 %680 to i64
  %686 = getelementptr float, ptr addrspace(3) %684, i64 %685
  %687 = getelementptr i8, ptr addrspace(3) %686, i64 4
  %688 = load float, ptr addrspace(3) %687, align 4
  %689 = load float, ptr addrspace(3) %686, align 4
  %690 = tail call float @llvm.maximum.f32(float %689, float %688)
  store float %690, ptr addrspace(3) %686, align 4
  br label %.critedge14.i.1

.critedge14.i.1:                                  ; preds = %682, %.critedge14.i
  %691 = or disjoint i64 %663, 2
  %692 = add i64 %691, %662
  %693 = getelementptr i32, ptr %28, i64 %692
  %694 = load i32, ptr %693, align 4
  %695 = icmp slt i32 %694, 1
  br i1 %695, label %696, label %.critedge14.i.2

696:                                              ; preds = %.critedge14.i.1
  %697 = getelementptr ptr addrspace(3), ptr %29, i64 %692
  %698 = load ptr addrspace(3), ptr %697, align 8
  %699 = sext i32 %694 to i64
  %700 = getelementptr float, ptr addrspace(3) %698, i64 %699
  %701 = getelementptr i8, ptr addrspace(3) %700, i64 4
  %702 = load float, ptr addrspace(3) %701, align 4
  %703 = load float, ptr addrspace(3) %700, align 4
  %704 = tail call float @llvm.maximum.f32(float %703, float %702)
  store float %704, ptr addrspace(3) %700, align 4
  br label %.critedge14.i.2

.critedge14.i.2:                                  ; preds = %696, %.critedge14.i.1
  %705 = or disjoint i64 %663, 3
  %706 = add i64 %705, %662
  %707 = getelementptr i32, ptr %28, i64 %706
  %708 = load i32, ptr %707, align 4
  %709 = icmp slt i32 %708, 1
  br i1 %709, label %710, label %.critedge14.i.3

710:                                              ; preds = %.critedge14.i.2
  %711 = getelementptr ptr addrspace(3), ptr %29, i64 %706
  %712 = load ptr addrspace(3), ptr %711, align 8
  %713 = sext i32 %708 to i64
  %714 = getelementptr float, ptr addrspace(3) %712, i64 %713
  %715 = getelementptr i8, ptr addrspace(3) %714, i64 4
  %716 = load float, ptr addrspace(3) %715, align 4
  %717 = load float, ptr addrspace(3) %714, align 4
  %718 = tail call float @llvm.maximum.f32(float %717, float %716)
  store float %718, ptr addrspace(3) %714, align 4
  br label %.critedge14.i.3

.critedge14.i.3:                                  ; preds = %710, %.critedge14.i.2
  %719 = add nuw nsw i64 %663, 4
  %niter403.next.3 = add i64 %niter403, 4
  %niter403.ncmp.3 = icmp eq i64 %niter403.next.3, %unroll_iter402
  br i1 %niter403.ncmp.3, label %._crit_edge88.loopexit.unr-lcssa, label %.lr.ph87.new

._crit_edge88.loopexit.unr-lcssa:                 ; preds = %.critedge14.i.3
  br i1 %lcmp.mod400.not, label %._crit_edge88, label %.epil.preheader395

.epil.preheader395:                               ; preds = %._crit_edge88.loopexit.unr-lcssa, %.lr.ph87
  %.epil.init399 = phi i64 [ 0, %.lr.ph87 ], [ %719, %._crit_edge88.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod401)
  br label %720

720:                                              ; preds = %.critedge14.i.epil, %.epil.preheader395
  %721 = phi i64 [ %.epil.init399, %.epil.preheader395 ], [ %735, %.critedge14.i.epil ]
  %epil.iter397 = phi i64 [ 0, %.epil.preheader395 ], [ %epil.iter397.next, %.critedge14.i.epil ]
  %722 = add i64 %721, %662
  %723 = getelementptr i32, ptr %28, i64 %722
  %724 = load i32, ptr %723, align 4
  %725 = icmp slt i32 %724, 1
  br i1 %725, label %726, label %.critedge14.i.epil

726:                                              ; preds = %720
  %727 = getelementptr ptr addrspace(3), ptr %29, i64 %722
  %728 = load ptr addrspace(3), ptr %727, align 8
  %729 = sext i32 %724 to i64
  %730 = getelementptr float, ptr addrspace(3) %728, i64 %729
  %731 = getelementptr i8, ptr addrspace(3) %730, i64 4
  %732 = load float, ptr addrspace(3) %731, align 4
  %733 = load float, ptr addrspace(3) %730, align 4
  %734 = tail call float @llvm.maximum.f32(float %733, float %732)
  store float %734, ptr addrspace(3) %730, align 4
  br label %.critedge14.i.epil

.critedge14.i.epil:                               ; preds = %726, %720
  %735 = add nuw nsw i64 %721, 1
  %epil.iter397.next = add i64 %epil.iter397, 1
  %epil.iter397.cmp.not = icmp eq i64 %epil.iter397.next, %xtraiter396
  br i1 %epil.iter397.cmp.not, label %._crit_edge88, label %720, !llvm.loop !34

._crit_edge88:                                    ; preds = %._crit_edge88.loopexit.unr-lcssa, %.critedge14.i.epil, %.preheader36
  %736 = add nuw nsw i64 %660, 1
  %exitcond151.not = icmp eq i64 %736, %19
  br i1 %exitcond151.not, label %._crit_edge89, label %.preheader36

._crit_edge89:                                    ; preds = %._crit_edge88, %.preheader37
  %737 = add nuw nsw i64 %656, 1
  %738 = icmp slt i64 %737, %30
  br i1 %738, label %.preheader37, label %.preheader34.lr.ph

.preheader34:                                     ; preds = %.preheader34.lr.ph, %._crit_edge92
  %739 = phi i64 [ 0, %.preheader34.lr.ph ], [ %883, %._crit_edge92 ]
  br i1 %658, label %.preheader33.lr.ph, label %._crit_edge92

.preheader33.lr.ph:                               ; preds = %.preheader34
  %740 = mul i64 %739, %19
  br label %.preheader33

.preheader31.lr.ph:                               ; preds = %._crit_edge92
  %741 = icmp sgt i64 %19, 0
  %742 = icmp sgt i64 %17, 0
  %sext91.i = shl i64 %25, 32
  %743 = ashr exact i64 %sext91.i, 32
  %744 = mul i64 %743, %6
  %745 = getelementptr float, ptr addrspace(1) %3, i64 %744
  %xtraiter405 = and i64 %17, 1
  %746 = icmp eq i64 %41, 0
  %unroll_iter411 = and i64 %17, 9223372036854775806
  %lcmp.mod409.not = icmp eq i64 %xtraiter405, 0
  %lcmp.mod410 = icmp ne i64 %xtraiter405, 0
  br label %.preheader31

.preheader33:                                     ; preds = %.preheader33.lr.ph, %._crit_edge91
  %747 = phi i64 [ 0, %.preheader33.lr.ph ], [ %882, %._crit_edge91 ]
  br i1 %659, label %iter.check, label %._crit_edge91

iter.check:                                       ; preds = %.preheader33
  %748 = add i64 %747, %740
  %749 = mul i64 %748, %17
  br i1 %min.iters.check, label %vec.epilog.scalar.ph.preheader, label %vector.main.loop.iter.check

vector.main.loop.iter.check:                      ; preds = %iter.check
  br i1 %min.iters.check305, label %vec.epilog.ph, label %vector.body

vector.body:                                      ; preds = %vector.main.loop.iter.check, %vector.body
  %index = phi i64 [ %index.next, %vector.body ], [ 0, %vector.main.loop.iter.check ]
  %750 = add i64 %index, %749
  %751 = getelementptr ptr addrspace(3), ptr %29, i64 %750
  %752 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %753 = getelementptr i8, ptr %752, i64 8
  %754 = getelementptr ptr addrspace(3), ptr %753, i64 %749
  %755 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %756 = getelementptr i8, ptr %755, i64 16
  %757 = getelementptr ptr addrspace(3), ptr %756, i64 %749
  %758 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %759 = getelementptr i8, ptr %758, i64 24
  %760 = getelementptr ptr addrspace(3), ptr %759, i64 %749
  %761 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %762 = getelementptr i8, ptr %761, i64 32
  %763 = getelementptr ptr addrspace(3), ptr %762, i64 %749
  %764 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %765 = getelementptr i8, ptr %764, i64 40
  %766 = getelementptr ptr addrspace(3), ptr %765, i64 %749
  %767 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %768 = getelementptr i8, ptr %767, i64 48
  %769 = getelementptr ptr addrspace(3), ptr %768, i64 %749
  %770 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %771 = getelementptr i8, ptr %770, i64 56
  %772 = getelementptr ptr addrspace(3), ptr %771, i64 %749
  %773 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %774 = getelementptr i8, ptr %773, i64 64
  %775 = getelementptr ptr addrspace(3), ptr %774, i64 %749
  %776 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %777 = getelementptr i8, ptr %776, i64 72
  %778 = getelementptr ptr addrspace(3), ptr %777, i64 %749
  %779 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %780 = getelementptr i8, ptr %779, i64 80
  %781 = getelementptr ptr addrspace(3), ptr %780, i64 %749
  %782 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %783 = getelementptr i8, ptr %782, i64 88
  %784 = getelementptr ptr addrspace(3), ptr %783, i64 %749
  %785 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %786 = getelementptr i8, ptr %785, i64 96
  %787 = getelementptr ptr addrspace(3), ptr %786, i64 %749
  %788 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %789 = getelementptr i8, ptr %788, i64 104
  %790 = getelementptr ptr addrspace(3), ptr %789, i64 %749
  %791 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %792 = getelementptr i8, ptr %791, i64 112
  %793 = getelementptr ptr addrspace(3), ptr %792, i64 %749
  %794 = getelementptr ptr addrspace(3), ptr %29, i64 %index
  %795 = getelementptr i8, ptr %794, i64 120
  %796 = getelementptr ptr addrspace(3), ptr %795, i64 %749
  %797 = load ptr addrspace(3), ptr %751, align 8
  %798 = load ptr addrspace(3), ptr %754, align 8
  %799 = load ptr addrspace(3), ptr %757, align 8
  %800 = load ptr addrspace(3), ptr %760, align 8
  %801 = load ptr addrspace(3), ptr %763, align 8
  %802 = load ptr addrspace(3), ptr %766, align 8
  %803 = load ptr addrspace(3), ptr %769, align 8
  %804 = load ptr addrspace(3), ptr %772, align 8
  %805 = load ptr addrspace(3), ptr %775, align 8
  %806 = load ptr addrspace(3), ptr %778, align 8
  %807 = load ptr addrspace(3), ptr %781, align 8
  %808 = load ptr addrspace(3), ptr %784, align 8
  %809 = load ptr addrspace(3), ptr %787, align 8
  %810 = load ptr addrspace(3), ptr %790, align 8
  %811 = load ptr addrspace(3), ptr %793, align 8
  %812 = load ptr addrspace(3), ptr %796, align 8
  %813 = load float, ptr addrspace(3) %797, align 4
  %814 = load float, ptr addrspace(3) %798, align 4
  %815 = load float, ptr addrspace(3) %799, align 4
  %816 = load float, ptr addrspace(3) %800, align 4
  %817 = insertelement <4 x float> poison, float %813, i64 0
  %818 = insertelement <4 x float> %817, float %814, i64 1
  %819 = insertelement <4 x float> %818, float %815, i64 2
  %820 = insertelement <4 x float> %819, float %816, i64 3
  %821 = load float, ptr addrspace(3) %801, align 4
  %822 = load float, ptr addrspace(3) %802, align 4
  %823 = load float, ptr addrspace(3) %803, align 4
  %824 = load float, ptr addrspace(3) %804, align 4
  %825 = insertelement <4 x float> poison, float %821, i64 0
  %826 = insertelement <4 x float> %825, float %822, i64 1
  %827 = insertelement <4 x float> %826, float %823, i64 2
  %828 = insertelement <4 x float> %827, float %824, i64 3
  %829 = load float, ptr addrspace(3) %805, align 4
  %830 = load float, ptr addrspace(3) %806, align 4
  %831 = load float, ptr addrspace(3) %807, align 4
  %832 = load float, ptr addrspace(3) %808, align 4
  %833 = insertelement <4 x float> poison, float %829, i64 0
  %834 = insertelement <4 x float> %833, float %830, i64 1
  %835 = insertelement <4 x float> %834, float %831, i64 2
  %836 = insertelement <4 x float> %835, float %832, i64 3
  %837 = load float, ptr addrspace(3) %809, align 4
  %838 = load float, ptr addrspace(3) %810, align 4
  %839 = load float, ptr addrspace(3) %811, align 4
  %840 = load float, ptr addrspace(3) %812, align 4
  %841 = insertelement <4 x float> poison, float %837, i64 0
  %842 = insertelement <4 x float> %841, float %838, i64 1
  %843 = insertelement <4 x float> %842, float %839, i64 2
  %844 = insertelement <4 x float> %843, float %840, i64 3
  %845 = getelementptr float, ptr %27, i64 %750
  %846 = getelementptr i8, ptr %845, i64 16
  %847 = getelementptr i8, ptr %845, i64 32
  %848 = getelementptr i8, ptr %845, i64 48
  store <4 x float> %820, ptr %845, align 4
  store <4 x float> %828, ptr %846, align 4
  store <4 x float> %836, ptr %847, align 4
  store <4 x float> %844, ptr %848, align 4
  %index.next = add nuw i64 %index, 16
  %849 = icmp eq i64 %index.next, %n.vec
  br i1 %849, label %middle.block, label %vector.body, !llvm.loop !35

middle.block:                                     ; preds = %vector.body
  br i1 %cmp.n, label %._crit_edge91, label %vec.epilog.iter.check

vec.epilog.iter.check:                            ; preds = %middle.block
  br i1 %min.epilog.iters.check, label %vec.epilog.scalar.ph.preheader, label %vec.epilog.ph, !prof !13

vec.epilog.ph:                                    ; preds = %vector.main.loop.iter.check, %vec.epilog.iter.check
  %vec.epilog.resume.val = phi i64 [ %n.vec, %vec.epilog.iter.check ], [ 0, %vector.main.loop.iter.check ]
  br label %vec.epilog.vector.body

vec.epilog.vector.body:                           ; preds = %vec.epilog.vector.body, %vec.epilog.ph
  %index308 = phi i64 [ %vec.epilog.resume.val, %vec.epilog.ph ], [ %index.next309, %vec.epilog.vector.body ]
  %850 = add i64 %index308, %749
  %851 = getelementptr ptr addrspace(3), ptr %29, i64 %850
  %852 = getelementptr ptr addrspace(3), ptr %29, i64 %index308
  %853 = getelementptr i8, ptr %852, i64 8
  %854 = getelementptr ptr addrspace(3), ptr %853, i64 %749
  %855 = getelementptr ptr addrspace(3), ptr %29, i64 %index308
  %856 = getelementptr i8, ptr %855, i64 16
  %857 = getelementptr ptr addrspace(3), ptr %856, i64 %749
  %858 = getelementptr ptr addrspace(3), ptr %29, i64 %index308
  %859 = getelementptr i8, ptr %858, i64 24
  %860 = getelementptr ptr addrspace(3), ptr %859, i64 %749
  %861 = load ptr addrspace(3), ptr %851, align 8
  %862 = load ptr addrspace(3), ptr %854, align 8
  %863 = load ptr addrspace(3), ptr %857, align 8
  %864 = load ptr addrspace(3), ptr %860, align 8
  %865 = load float, ptr addrspace(3) %861, align 4
  %866 = load float, ptr addrspace(3) %862, align 4
  %867 = load float, ptr addrspace(3) %863, align 4
  %868 = load float, ptr addrspace(3) %864, align 4
  %869 = insertelement <4 x float> poison, float %865, i64 0
  %870 = insertelement <4 x float> %869, float %866, i64 1
  %871 = insertelement <4 x float> %870, float %867, i64 2
  %872 = insertelement <4 x float> %871, float %868, i64 3
  %873 = getelementptr float, ptr %27, i64 %850
  store <4 x float> %872, ptr %873, align 4
  %index.next309 = add nuw i64 %index308, 4
  %874 = icmp eq i64 %index.next309, %n.vec307
  br i1 %874, label %vec.epilog.middle.block, label %vec.epilog.vector.body, !llvm.loop !36

vec.epilog.middle.block:                          ; preds = %vec.epilog.vector.body
  br i1 %cmp.n310, label %._crit_edge91, label %vec.epilog.scalar.ph.preheader

vec.epilog.scalar.ph.preheader:                   ; preds = %iter.check, %vec.epilog.iter.check, %vec.epilog.middle.block
  %.ph338 = phi i64 [ 0, %iter.check ], [ %n.vec, %vec.epilog.iter.check ], [ %n.vec307, %vec.epilog.middle.block ]
  br label %vec.epilog.scalar.ph

vec.epilog.scalar.ph:                             ; preds = %vec.epilog.scalar.ph.preheader, %vec.epilog.scalar.ph
  %875 = phi i64 [ %881, %vec.epilog.scalar.ph ], [ %.ph338, %vec.epilog.scalar.ph.preheader ]
  %876 = add i64 %875, %749
  %877 = getelementptr ptr addrspace(3), ptr %29, i64 %876
  %878 = load ptr addrspace(3), ptr %877, align 8
  %879 = load float, ptr addrspace(3) %878, align 4
  %880 = getelementptr float, ptr %27, i64 %876
  store float %879, ptr %880, align 4
  %881 = add nuw nsw i64 %875, 1
  %exitcond152.not = icmp eq i64 %881, %17
  br i1 %exitcond152.not, label %._crit_edge91, label %vec.epilog.scalar.ph, !llvm.loop !37

._crit_edge91:                                    ; preds = %vec.epilog.scalar.ph, %middle.block, %vec.epilog.middle.block, %.preheader33
  %882 = add nuw nsw i64 %747, 1
  %exitcond153.not = icmp eq i64 %882, %19
  br i1 %exitcond153.not, label %._crit_edge92, label %.preheader33

._crit_edge92:                                    ; preds = %._crit_edge91, %.preheader34
  %883 = add nuw nsw i64 %739, 1
  %884 = icmp slt i64 %883, %30
  br i1 %884, label %.preheader34, label %.preheader31.lr.ph

.preheader31:                                     ; preds = %.preheader31.lr.ph, %._crit_edge99
  %885 = phi i64 [ 0, %.preheader31.lr.ph ], [ %1017, %._crit_edge99 ]
  br i1 %741, label %.preheader30.lr.ph, label %._crit_edge99

.preheader30.lr.ph:                               ; preds = %.preheader31
  %886 = mul i64 %885, %19
  br label %.preheader30

.preheader28.lr.ph:                               ; preds = %._crit_edge99
  %887 = icmp sgt i64 %19, 0
  %888 = icmp sgt i64 %17, 0
  %xtraiter414 = and i64 %17, 3
  %889 = icmp ult i64 %41, 3
  %unroll_iter420 = and i64 %17, 9223372036854775804
  %lcmp.mod418.not = icmp eq i64 %xtraiter414, 0
  %lcmp.mod419 = icmp ne i64 %xtraiter414, 0
  br label %.preheader28

.preheader30:                                     ; preds = %.preheader30.lr.ph, %._crit_edge98
  %890 = phi i64 [ 0, %.preheader30.lr.ph ], [ %1016, %._crit_edge98 ]
  br i1 %742, label %.lr.ph97, label %._crit_edge98

.lr.ph97:                                         ; preds = %.preheader30
  %891 = add i64 %890, %886
  %892 = mul i64 %891, %17
  br i1 %746, label %.epil.preheader404, label %.lr.ph97.new

.lr.ph97.new:                                     ; preds = %.lr.ph97, %._crit_edge95.1
  %893 = phi i64 [ %975, %._crit_edge95.1 ], [ 0, %.lr.ph97 ]
  %niter412 = phi i64 [ %niter412.next.1, %._crit_edge95.1 ], [ 0, %.lr.ph97 ]
  %894 = add i64 %893, %892
  %895 = getelementptr float, ptr %27, i64 %894
  %896 = load float, ptr %895, align 4
  %897 = getelementptr i32, ptr %28, i64 %894
  %898 = load i32, ptr %897, align 4
  %899 = getelementptr ptr addrspace(3), ptr %29, i64 %894
  %900 = load ptr addrspace(3), ptr %899, align 8
  %901 = icmp slt i32 %898, %15
  br i1 %901, label %.lr.ph94, label %._crit_edge95

.lr.ph94:                                         ; preds = %.lr.ph97.new, %.lr.ph94
  %902 = phi float [ %929, %.lr.ph94 ], [ 0.000000e+00, %.lr.ph97.new ]
  %903 = phi i32 [ %930, %.lr.ph94 ], [ %898, %.lr.ph97.new ]
  %904 = sext i32 %903 to i64
  %905 = getelementptr float, ptr addrspace(1) %745, i64 %904
  %906 = load float, ptr addrspace(1) %905, align 4
  %907 = fsub float %906, %896
  %.inv92.i = fcmp olt float %907, 0xC055F33340000000
  %908 = select i1 %.inv92.i, float 0xC055F33340000000, float %907
  %.inv93.i = fcmp ogt float %908, 0x4056333340000000
  %909 = select i1 %.inv93.i, float 0x4056333340000000, float %908
  %910 = tail call float @llvm.fma.f32(float %909, float 0x3FF7154760000000, float 5.000000e-01)
  %911 = tail call float @llvm.floor.f32(float %910)
  %.inv94.i = fcmp olt float %911, -1.270000e+02
  %912 = select i1 %.inv94.i, float -1.270000e+02, float %911
  %.inv95.i = fcmp ogt float %912, 1.270000e+02
  %913 = select i1 %.inv95.i, float 1.270000e+02, float %912
  %914 = tail call float @llvm.fma.f32(float %913, float 0xBFE6300000000000, float %909)
  %915 = tail call float @llvm.fma.f32(float %913, float 0x3F2BD01060000000, float %914)
  %916 = tail call float @llvm.fma.f32(float %915, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %917 = tail call float @llvm.fma.f32(float %916, float %915, float 0x3F81112100000000)
  %918 = tail call float @llvm.fma.f32(float %917, float %915, float 0x3FA5553820000000)
  %919 = tail call float @llvm.fma.f32(float %918, float %915, float 0x3FC5555540000000)
  %920 = tail call float @llvm.fma.f32(float %919, float %915, float 5.000000e-01)
  %921 = fmul float %915, %915
  %922 = tail call float @llvm.fma.f32(float %920, float %921, float %915)
  %923 = fadd float %922, 1.000000e+00
  %924 = fptosi float %913 to i32
  %925 = shl i32 %924, 23
  %926 = add i32 %925, 1065353216
  %927 = bitcast i32 %926 to float
  %928 = fmul float %923, %927
  %929 = fadd float %902, %928
  %930 = add i32 %903, 256
  %931 = icmp slt i32 %930, %15
  br i1 %931, label %.lr.ph94, label %._crit_edge95

._crit_edge95:                                    ; preds = %.lr.ph94, %.lr.ph97.new
  %.lcssa = phi float [ 0.000000e+00, %.lr.ph97.new ], [ %929, %.lr.ph94 ]
  %932 = sext i32 %898 to i64
  %933 = getelementptr float, ptr addrspace(3) %900, i64 %932
  store float %.lcssa, ptr addrspace(3) %933, align 4
  %934 = or disjoint i64 %893, 1
  %935 = add i64 %934, %892
  %936 = getelementptr float, ptr %27, i64 %935
  %937 = load float, ptr %936, align 4
  %938 = getelementptr i32, ptr %28, i64 %935
  %939 = load i32, ptr %938, align 4
  %940 = getelementptr ptr addrspace(3), ptr %29, i64 %935
  %941 = load ptr addrspace(3), ptr %940, align 8
  %942 = icmp slt i32 %939, %15
  br i1 %942, label %.lr.ph94.1, label %._crit_edge95.1

.lr.ph94.1:                                       ; preds = %._crit_edge95, %.lr.ph94.1
  %943 = phi float [ %970, %.lr.ph94.1 ], [ 0.000000e+00, %._crit_edge95 ]
  %944 = phi i32 [ %971, %.lr.ph94.1 ], [ %939, %._crit_edge95 ]
  %945 = sext i32 %944 to i64
  %946 = getelementptr float, ptr addrspace(1) %745, i64 %945
  %947 = load float, ptr addrspace(1) %946, align 4
  %948 = fsub float %947, %937
  %.inv92.i.1 = fcmp olt float %948, 0xC055F33340000000
  %949 = select i1 %.inv92.i.1, float 0xC055F33340000000, float %948
  %.inv93.i.1 = fcmp ogt float %949, 0x4056333340000000
  %950 = select i1 %.inv93.i.1, float 0x4056333340000000, float %949
  %951 = tail call float @llvm.fma.f32(float %950, float 0x3FF7154760000000, float 5.000000e-01)
  %952 = tail call float @llvm.floor.f32(float %951)
  %.inv94.i.1 = fcmp olt float %952, -1.270000e+02
  %953 = select i1 %.inv94.i.1, float -1.270000e+02, float %952
  %.inv95.i.1 = fcmp ogt float %953, 1.270000e+02
  %954 = select i1 %.inv95.i.1, float 1.270000e+02, float %953
  %955 = tail call float @llvm.fma.f32(float %954, float 0xBFE6300000000000, float %950)
  %956 = tail call float @llvm.fma.f32(float %954, float 0x3F2BD01060000000, float %955)
  %957 = tail call float @llvm.fma.f32(float %956, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %958 = tail call float @llvm.fma.f32(float %957, float %956, float 0x3F81112100000000)
  %959 = tail call float @llvm.fma.f32(float %958, float %956, float 0x3FA5553820000000)
  %960 = tail call float @llvm.fma.f32(float %959, float %956, float 0x3FC5555540000000)
  %961 = tail call float @llvm.fma.f32(float %960, float %956, float 5.000000e-01)
  %962 = fmul float %956, %956
  %963 = tail call float @llvm.fma.f32(float %961, float %962, float %956)
  %964 = fadd float %963, 1.000000e+00
  %965 = fptosi float %954 to i32
  %966 = shl i32 %965, 23
  %967 = add i32 %966, 1065353216
  %968 = bitcast i32 %967 to float
  %969 = fmul float %964, %968
  %970 = fadd float %943, %969
  %971 = add i32 %944, 256
  %972 = icmp slt i32 %971, %15
  br i1 %972, label %.lr.ph94.1, label %._crit_edge95.1

._crit_edge95.1:                                  ; preds = %.lr.ph94.1, %._crit_edge95
  %.lcssa.1 = phi float [ 0.000000e+00, %._crit_edge95 ], [ %970, %.lr.ph94.1 ]
  %973 = sext i32 %939 to i64
  %974 = getelementptr float, ptr addrspace(3) %941, i64 %973
  store float %.lcssa.1, ptr addrspace(3) %974, align 4
  %975 = add nuw nsw i64 %893, 2
  %niter412.next.1 = add i64 %niter412, 2
  %niter412.ncmp.1 = icmp eq i64 %niter412.next.1, %unroll_iter411
  br i1 %niter412.ncmp.1, label %._crit_edge98.loopexit.unr-lcssa, label %.lr.ph97.new

._crit_edge98.loopexit.unr-lcssa:                 ; preds = %._crit_edge95.1
  br i1 %lcmp.mod409.not, label %._crit_edge98, label %.epil.preheader404

.epil.preheader404:                               ; preds = %._crit_edge98.loopexit.unr-lcssa, %.lr.ph97
  %.epil.init408 = phi i64 [ 0, %.lr.ph97 ], [ %975, %._crit_edge98.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod410)
  %976 = add i64 %.epil.init408, %892
  %977 = getelementptr float, ptr %27, i64 %976
  %978 = load float, ptr %977, align 4
  %979 = getelementptr i32, ptr %28, i64 %976
  %980 = load i32, ptr %979, align 4
  %981 = getelementptr ptr addrspace(3), ptr %29, i64 %976
  %982 = load ptr addrspace(3), ptr %981, align 8
  %983 = icmp slt i32 %980, %15
  br i1 %983, label %.lr.ph94.epil, label %._crit_edge95.epil

.lr.ph94.epil:                                    ; preds = %.epil.preheader404, %.lr.ph94.epil
  %984 = phi float [ %1011, %.lr.ph94.epil ], [ 0.000000e+00, %.epil.preheader404 ]
  %985 = phi i32 [ %1012, %.lr.ph94.epil ], [ %980, %.epil.preheader404 ]
  %986 = sext i32 %985 to i64
  %987 = getelementptr float, ptr addrspace(1) %745, i64 %986
  %988 = load float, ptr addrspace(1) %987, align 4
  %989 = fsub float %988, %978
  %.inv92.i.epil = fcmp olt float %989, 0xC055F33340000000
  %990 = select i1 %.inv92.i.epil, float 0xC055F33340000000, float %989
  %.inv93.i.epil = fcmp ogt float %990, 0x4056333340000000
  %991 = select i1 %.inv93.i.epil, float 0x4056333340000000, float %990
  %992 = tail call float @llvm.fma.f32(float %991, float 0x3FF7154760000000, float 5.000000e-01)
  %993 = tail call float @llvm.floor.f32(float %992)
  %.inv94.i.epil = fcmp olt float %993, -1.270000e+02
  %994 = select i1 %.inv94.i.epil, float -1.270000e+02, float %993
  %.inv95.i.epil = fcmp ogt float %994, 1.270000e+02
  %995 = select i1 %.inv95.i.epil, float 1.270000e+02, float %994
  %996 = tail call float @llvm.fma.f32(float %995, float 0xBFE6300000000000, float %991)
  %997 = tail call float @llvm.fma.f32(float %995, float 0x3F2BD01060000000, float %996)
  %998 = tail call float @llvm.fma.f32(float %997, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %999 = tail call float @llvm.fma.f32(float %998, float %997, float 0x3F81112100000000)
  %1000 = tail call float @llvm.fma.f32(float %999, float %997, float 0x3FA5553820000000)
  %1001 = tail call float @llvm.fma.f32(float %1000, float %997, float 0x3FC5555540000000)
  %1002 = tail call float @llvm.fma.f32(float %1001, float %997, float 5.000000e-01)
  %1003 = fmul float %997, %997
  %1004 = tail call float @llvm.fma.f32(float %1002, float %1003, float %997)
  %1005 = fadd float %1004, 1.000000e+00
  %1006 = fptosi float %995 to i32
  %1007 = shl i32 %1006, 23
  %1008 = add i32 %1007, 1065353216
  %1009 = bitcast i32 %1008 to float
  %1010 = fmul float %1005, %1009
  %1011 = fadd float %984, %1010
  %1012 = add i32 %985, 256
  %1013 = icmp slt i32 %1012, %15
  br i1 %1013, label %.lr.ph94.epil, label %._crit_edge95.epil

._crit_edge95.epil:                               ; preds = %.lr.ph94.epil, %.epil.preheader404
  %.lcssa.epil = phi float [ 0.000000e+00, %.epil.preheader404 ], [ %1011, %.lr.ph94.epil ]
  %1014 = sext i32 %980 to i64
  %1015 = getelementptr float, ptr addrspace(3) %982, i64 %1014
  store float %.lcssa.epil, ptr addrspace(3) %1015, align 4
  br label %._crit_edge98

._crit_edge98:                                    ; preds = %._crit_edge95.epil, %._crit_edge98.loopexit.unr-lcssa, %.preheader30
  %1016 = add nuw nsw i64 %890, 1
  %exitcond155.not = icmp eq i64 %1016, %19
  br i1 %exitcond155.not, label %._crit_edge99, label %.preheader30

._crit_edge99:                                    ; preds = %._crit_edge98, %.preheader31
  %1017 = add nuw nsw i64 %885, 1
  %1018 = icmp slt i64 %1017, %30
  br i1 %1018, label %.preheader31, label %.preheader28.lr.ph

.preheader28:                                     ; preds = %.preheader28.lr.ph, %._crit_edge102
  %1019 = phi i64 [ 0, %.preheader28.lr.ph ], [ %1101, %._crit_edge102 ]
  br i1 %887, label %.preheader27.lr.ph, label %._crit_edge102

.preheader27.lr.ph:                               ; preds = %.preheader28
  %1020 = mul i64 %1019, %19
  br label %.preheader27

.preheader25.lr.ph:                               ; preds = %._crit_edge102
  %1021 = icmp sgt i64 %19, 0
  %1022 = icmp sgt i64 %17, 0
  %xtraiter423 = and i64 %17, 3
  %1023 = icmp ult i64 %41, 3
  %unroll_iter429 = and i64 %17, 9223372036854775804
  %lcmp.mod427.not = icmp eq i64 %xtraiter423, 0
  %lcmp.mod428 = icmp ne i64 %xtraiter423, 0
  br label %.preheader25

.preheader27:                                     ; preds = %.preheader27.lr.ph, %._crit_edge101
  %1024 = phi i64 [ 0, %.preheader27.lr.ph ], [ %1100, %._crit_edge101 ]
  br i1 %888, label %.lr.ph100, label %._crit_edge101

.lr.ph100:                                        ; preds = %.preheader27
  %1025 = add i64 %1024, %1020
  %1026 = mul i64 %1025, %17
  br i1 %889, label %.epil.preheader413, label %.lr.ph100.new

.lr.ph100.new:                                    ; preds = %.lr.ph100, %.critedge16.i.3
  %1027 = phi i64 [ %1083, %.critedge16.i.3 ], [ 0, %.lr.ph100 ]
  %niter421 = phi i64 [ %niter421.next.3, %.critedge16.i.3 ], [ 0, %.lr.ph100 ]
  %1028 = add i64 %1027, %1026
  %1029 = getelementptr i32, ptr %28, i64 %1028
  %1030 = load i32, ptr %1029, align 4
  %1031 = icmp slt i32 %1030, 128
  br i1 %1031, label %1032, label %.critedge16.i

1032:                                             ; preds = %.lr.ph100.new
  %1033 = getelementptr ptr addrspace(3), ptr %29, i64 %1028
  %1034 = load ptr addrspace(3), ptr %1033, align 8
  %1035 = sext i32 %1030 to i64
  %1036 = getelementptr float, ptr addrspace(3) %1034, i64 %1035
  %1037 = getelementptr i8, ptr addrspace(3) %1036, i64 512
  %1038 = load float, ptr addrspace(3) %1037, align 4
  %1039 = load float, ptr addrspace(3) %1036, align 4
  %1040 = fadd float %1038, %1039
  store float %1040, ptr addrspace(3) %1036, align 4
  br label %.critedge16.i

.critedge16.i:                                    ; preds = %1032, %.lr.ph100.new
  %1041 = or disjoint i64 %1027, 1
  %1042 = add i64 %1041, %1026
  %1043 = getelementptr i32, ptr %28, i64 %1042
  %1044 = load i32, ptr %1043, align 4
  %1045 = icmp slt i32 %1044, 128
  br i1 %1045, label %1046, label %.critedge16.i.1

1046:                                             ; preds = %.critedge16.i
  %1047 = getelementptr ptr addrspace(3), ptr %29, i64 %1042
  %1048 = load ptr addrspace(3), ptr %1047, align 8
  %1049 = sext i32 %1044 to i64
  %1050 = getelementptr float, ptr addrspace(3) %1048, i64 %1049
  %1051 = getelementptr i8, ptr addrspace(3) %1050, i64 512
  %1052 = load float, ptr addrspace(3) %1051, align 4
  %1053 = load float, ptr addrspace(3) %1050, align 4
  %1054 = fadd float %1052, %1053
  store float %1054, ptr addrspace(3) %1050, align 4
  br label %.critedge16.i.1

.critedge16.i.1:                                  ; preds = %1046, %.critedge16.i
  %1055 = or disjoint i64 %1027, 2
  %1056 = add i64 %1055, %1026
  %1057 = getelementptr i32, ptr %28, i64 %1056
  %1058 = load i32, ptr %1057, align 4
  %1059 = icmp slt i32 %1058, 128
  br i1 %1059, label %1060, label %.critedge16.i.2

1060:                                             ; preds = %.critedge16.i.1
  %1061 = getelementptr ptr addrspace(3), ptr %29, i64 %1056
  %1062 = load ptr addrspace(3), ptr %1061, align 8
  %1063 = sext i32 %1058 to i64
  %1064 = getelementptr float, ptr addrspace(3) %1062, i64 %1063
  %1065 = getelementptr i8, ptr addrspace(3) %1064, i64 512
  %1066 = load float, ptr addrspace(3) %1065, align 4
  %1067 = load float, ptr addrspace(3) %1064, align 4
  %1068 = fadd float %1066, %1067
  store float %1068, ptr addrspace(3) %1064, align 4
  br label %.critedge16.i.2

.critedge16.i.2:                                  ; preds = %1060, %.critedge16.i.1
  %1069 = or disjoint i64 %1027, 3
  %1070 = add i64 %1069, %1026
  %1071 = getelementptr i32, ptr %28, i64 %1070
  %1072 = load i32, ptr %1071, align 4
  %1073 = icmp slt i32 %1072, 128
  br i1 %1073, label %1074, label %.critedge16.i.3

1074:                                             ; preds = %.critedge16.i.2
  %1075 = getelementptr ptr addrspace(3), ptr %29, i64 %1070
  %1076 = load ptr addrspace(3), ptr %1075, align 8
  %1077 = sext i32 %1072 to i64
  %1078 = getelementptr float, ptr addrspace(3) %1076, i64 %1077
  %1079 = getelementptr i8, ptr addrspace(3) %1078, i64 512
  %1080 = load float, ptr addrspace(3) %1079, align 4
  %1081 = load float, ptr addrspace(3) %1078, align 4
  %1082 = fadd float %1080, %1081
  store float %1082, ptr addrspace(3) %1078, align 4
  br label %.critedge16.i.3

.critedge16.i.3:                                  ; preds = %1074, %.critedge16.i.2
  %1083 = add nuw nsw i64 %1027, 4
  %niter421.next.3 = add i64 %niter421, 4
  %niter421.ncmp.3 = icmp eq i64 %niter421.next.3, %unroll_iter420
  br i1 %niter421.ncmp.3, label %._crit_edge101.loopexit.unr-lcssa, label %.lr.ph100.new

._crit_edge101.loopexit.unr-lcssa:                ; preds = %.critedge16.i.3
  br i1 %lcmp.mod418.not, label %._crit_edge101, label %.epil.preheader413

.epil.preheader413:                               ; preds = %._crit_edge101.loopexit.unr-lcssa, %.lr.ph100
  %.epil.init417 = phi i64 [ 0, %.lr.ph100 ], [ %1083, %._crit_edge101.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod419)
  br label %1084

1084:                                             ; preds = %.critedge16.i.epil, %.epil.preheader413
  %1085 = phi i64 [ %.epil.init417, %.epil.preheader413 ], [ %1099, %.critedge16.i.epil ]
  %epil.iter415 = phi i64 [ 0, %.epil.preheader413 ], [ %epil.iter415.next, %.critedge16.i.epil ]
  %1086 = add i64 %1085, %1026
  %1087 = getelementptr i32, ptr %28, i64 %1086
  %1088 = load i32, ptr %1087, align 4
  %1089 = icmp slt i32 %1088, 128
  br i1 %1089, label %1090, label %.critedge16.i.epil

1090:                                             ; preds = %1084
  %1091 = getelementptr ptr addrspace(3), ptr %29, i64 %1086
  %1092 = load ptr addrspace(3), ptr %1091, align 8
  %1093 = sext i32 %1088 to i64
  %1094 = getelementptr float, ptr addrspace(3) %1092, i64 %1093
  %1095 = getelementptr i8, ptr addrspace(3) %1094, i64 512
  %1096 = load float, ptr addrspace(3) %1095, align 4
  %1097 = load float, ptr addrspace(3) %1094, align 4
  %1098 = fadd float %1096, %1097
  store float %1098, ptr addrspace(3) %1094, align 4
  br label %.critedge16.i.epil

.critedge16.i.epil:                               ; preds = %1090, %1084
  %1099 = add nuw nsw i64 %1085, 1
  %epil.iter415.next = add i64 %epil.iter415, 1
  %epil.iter415.cmp.not = icmp eq i64 %epil.iter415.next, %xtraiter414
  br i1 %epil.iter415.cmp.not, label %._crit_edge101, label %1084, !llvm.loop !38

._crit_edge101:                                   ; preds = %._crit_edge101.loopexit.unr-lcssa, %.critedge16.i.epil, %.preheader27
  %1100 = add nuw nsw i64 %1024, 1
  %exitcond157.not = icmp eq i64 %1100, %19
  br i1 %exitcond157.not, label %._crit_edge102, label %.preheader27

._crit_edge102:                                   ; preds = %._crit_edge101, %.preheader28
  %1101 = add nuw nsw i64 %1019, 1
  %1102 = icmp slt i64 %1101, %30
  br i1 %1102, label %.preheader28, label %.preheader25.lr.ph

.preheader25:                                     ; preds = %.preheader25.lr.ph, %._crit_edge105
  %1103 = phi i64 [ 0, %.preheader25.lr.ph ], [ %1185, %._crit_edge105 ]
  br i1 %1021, label %.preheader24.lr.ph, label %._crit_edge105

.preheader24.lr.ph:                               ; preds = %.preheader25
  %1104 = mul i64 %1103, %19
  br label %.preheader24

.preheader22.lr.ph:                               ; preds = %._crit_edge105
  %1105 = icmp sgt i64 %19, 0
  %1106 = icmp sgt i64 %17, 0
  %xtraiter432 = and i64 %17, 3
  %1107 = icmp ult i64 %41, 3
  %unroll_iter438 = and i64 %17, 9223372036854775804
  %lcmp.mod436.not = icmp eq i64 %xtraiter432, 0
  %lcmp.mod437 = icmp ne i64 %xtraiter432, 0
  br label %.preheader22

.preheader24:                                     ; preds = %.preheader24.lr.ph, %._crit_edge104
  %1108 = phi i64 [ 0, %.preheader24.lr.ph ], [ %1184, %._crit_edge104 ]
  br i1 %1022, label %.lr.ph103, label %._crit_edge104

.lr.ph103:                                        ; preds = %.preheader24
  %1109 = add i64 %1108, %1104
  %1110 = mul i64 %1109, %17
  br i1 %1023, label %.epil.preheader422, label %.lr.ph103.new

.lr.ph103.new:                                    ; preds = %.lr.ph103, %.critedge18.i.3
  %1111 = phi i64 [ %1167, %.critedge18.i.3 ], [ 0, %.lr.ph103 ]
  %niter430 = phi i64 [ %niter430.next.3, %.critedge18.i.3 ], [ 0, %.lr.ph103 ]
  %1112 = add i64 %1111, %1110
  %1113 = getelementptr i32, ptr %28, i64 %1112
  %1114 = load i32, ptr %1113, align 4
  %1115 = icmp slt i32 %1114, 64
  br i1 %1115, label %1116, label %.critedge18.i

1116:                                             ; preds = %.lr.ph103.new
  %1117 = getelementptr ptr addrspace(3), ptr %29, i64 %1112
  %1118 = load ptr addrspace(3), ptr %1117, align 8
  %1119 = sext i32 %1114 to i64
  %1120 = getelementptr float, ptr addrspace(3) %1118, i64 %1119
  %1121 = getelementptr i8, ptr addrspace(3) %1120, i64 256
  %1122 = load float, ptr addrspace(3) %1121, align 4
  %1123 = load float, ptr addrspace(3) %1120, align 4
  %1124 = fadd float %1122, %1123
  store float %1124, ptr addrspace(3) %1120, align 4
  br label %.critedge18.i

.critedge18.i:                                    ; preds = %1116, %.lr.ph103.new
  %1125 = or disjoint i64 %1111, 1
  %1126 = add i64 %1125, %1110
  %1127 = getelementptr i32, ptr %28, i64 %1126
  %1128 = load i32, ptr %1127, align 4
  %1129 = icmp slt i32 %1128, 64
  br i1 %1129, label %1130, label %.critedge18.i.1

1130:                                             ; preds = %.critedge18.i
  %1131 = getelementptr ptr addrspace(3), ptr %29, i64 %1126
  %1132 = load ptr addrspace(3), ptr %1131, align 8
  %1133 = sext i32 %1128 to i64
  %1134 = getelementptr float, ptr addrspace(3) %1132, i64 %1133
  %1135 = getelementptr i8, ptr addrspace(3) %1134, i64 256
  %1136 = load float, ptr addrspace(3) %1135, align 4
  %1137 = load float, ptr addrspace(3) %1134, align 4
  %1138 = fadd float %1136, %1137
  store float %1138, ptr addrspace(3) %1134, align 4
  br label %.critedge18.i.1

.critedge18.i.1:                                  ; preds = %1130, %.critedge18.i
  %1139 = or disjoint i64 %1111, 2
  %1140 = add i64 %1139, %1110
  %1141 = getelementptr i32, ptr %28, i64 %1140
  %1142 = load i32, ptr %1141, align 4
  %1143 = icmp slt i32 %1142, 64
  br i1 %1143, label %1144, label %.critedge18.i.2

1144:                                             ; preds = %.critedge18.i.1
  %1145 = getelementptr ptr addrspace(3), ptr %29, i64 %1140
  %1146 = load ptr addrspace(3), ptr %1145, align 8
  %1147 = sext i32 %1142 to i64
  %1148 = getelementptr float, ptr addrspace(3) %1146, i64 %1147
  %1149 = getelementptr i8, ptr addrspace(3) %1148, i64 256
  %1150 = load float, ptr addrspace(3) %1149, align 4
  %1151 = load float, ptr addrspace(3) %1148, align 4
  %1152 = fadd float %1150, %1151
  store float %1152, ptr addrspace(3) %1148, align 4
  br label %.critedge18.i.2

.critedge18.i.2:                                  ; preds = %1144, %.critedge18.i.1
  %1153 = or disjoint i64 %1111, 3
  %1154 = add i64 %1153, %1110
  %1155 = getelementptr i32, ptr %28, i64 %1154
  %1156 = load i32, ptr %1155, align 4
  %1157 = icmp slt i32 %1156, 64
  br i1 %1157, label %1158, label %.critedge18.i.3

1158:                                             ; preds = %.critedge18.i.2
  %1159 = getelementptr ptr addrspace(3), ptr %29, i64 %1154
  %1160 = load ptr addrspace(3), ptr %1159, align 8
  %1161 = sext i32 %1156 to i64
  %1162 = getelementptr float, ptr addrspace(3) %1160, i64 %1161
  %1163 = getelementptr i8, ptr addrspace(3) %1162, i64 256
  %1164 = load float, ptr addrspace(3) %1163, align 4
  %1165 = load float, ptr addrspace(3) %1162, align 4
  %1166 = fadd float %1164, %1165
  store float %1166, ptr addrspace(3) %1162, align 4
  br label %.critedge18.i.3

.critedge18.i.3:                                  ; preds = %1158, %.critedge18.i.2
  %1167 = add nuw nsw i64 %1111, 4
  %niter430.next.3 = add i64 %niter430, 4
  %niter430.ncmp.3 = icmp eq i64 %niter430.next.3, %unroll_iter429
  br i1 %niter430.ncmp.3, label %._crit_edge104.loopexit.unr-lcssa, label %.lr.ph103.new

._crit_edge104.loopexit.unr-lcssa:                ; preds = %.critedge18.i.3
  br i1 %lcmp.mod427.not, label %._crit_edge104, label %.epil.preheader422

.epil.preheader422:                               ; preds = %._crit_edge104.loopexit.unr-lcssa, %.lr.ph103
  %.epil.init426 = phi i64 [ 0, %.lr.ph103 ], [ %1167, %._crit_edge104.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod428)
  br label %1168

1168:                                             ; preds = %.critedge18.i.epil, %.epil.preheader422
  %1169 = phi i64 [ %.epil.init426, %.epil.preheader422 ], [ %1183, %.critedge18.i.epil ]
  %epil.iter424 = phi i64 [ 0, %.epil.preheader422 ], [ %epil.iter424.next, %.critedge18.i.epil ]
  %1170 = add i64 %1169, %1110
  %1171 = getelementptr i32, ptr %28, i64 %1170
  %1172 = load i32, ptr %1171, align 4
  %1173 = icmp slt i32 %1172, 64
  br i1 %1173, label %1174, label %.critedge18.i.epil

1174:                                             ; preds = %1168
  %1175 = getelementptr ptr addrspace(3), ptr %29, i64 %1170
  %1176 = load ptr addrspace(3), ptr %1175, align 8
  %1177 = sext i32 %1172 to i64
  %1178 = getelementptr float, ptr addrspace(3) %1176, i64 %1177
  %1179 = getelementptr i8, ptr addrspace(3) %1178, i64 256
  %1180 = load float, ptr addrspace(3) %1179, align 4
  %1181 = load float, ptr addrspace(3) %1178, align 4
  %1182 = fadd float %1180, %1181
  store float %1182, ptr addrspace(3) %1178, align 4
  br label %.critedge18.i.epil

.critedge18.i.epil:                               ; preds = %1174, %1168
  %1183 = add nuw nsw i64 %1169, 1
  %epil.iter424.next = add i64 %epil.iter424, 1
  %epil.iter424.cmp.not = icmp eq i64 %epil.iter424.next, %xtraiter423
  br i1 %epil.iter424.cmp.not, label %._crit_edge104, label %1168, !llvm.loop !39

._crit_edge104:                                   ; preds = %._crit_edge104.loopexit.unr-lcssa, %.critedge18.i.epil, %.preheader24
  %1184 = add nuw nsw i64 %1108, 1
  %exitcond159.not = icmp eq i64 %1184, %19
  br i1 %exitcond159.not, label %._crit_edge105, label %.preheader24

._crit_edge105:                                   ; preds = %._crit_edge104, %.preheader25
  %1185 = add nuw nsw i64 %1103, 1
  %1186 = icmp slt i64 %1185, %30
  br i1 %1186, label %.preheader25, label %.preheader22.lr.ph

.preheader22:                                     ; preds = %.preheader22.lr.ph, %._crit_edge108
  %1187 = phi i64 [ 0, %.preheader22.lr.ph ], [ %1269, %._crit_edge108 ]
  br i1 %1105, label %.preheader21.lr.ph, label %._crit_edge108

.preheader21.lr.ph:                               ; preds = %.preheader22
  %1188 = mul i64 %1187, %19
  br label %.preheader21

.preheader19.lr.ph:                               ; preds = %._crit_edge108
  %1189 = icmp sgt i64 %19, 0
  %1190 = icmp sgt i64 %17, 0
  %xtraiter441 = and i64 %17, 3
  %1191 = icmp ult i64 %41, 3
  %unroll_iter447 = and i64 %17, 9223372036854775804
  %lcmp.mod445.not = icmp eq i64 %xtraiter441, 0
  %lcmp.mod446 = icmp ne i64 %xtraiter441, 0
  br label %.preheader19

.preheader21:                                     ; preds = %.preheader21.lr.ph, %._crit_edge107
  %1192 = phi i64 [ 0, %.preheader21.lr.ph ], [ %1268, %._crit_edge107 ]
  br i1 %1106, label %.lr.ph106, label %._crit_edge107

.lr.ph106:                                        ; preds = %.preheader21
  %1193 = add i64 %1192, %1188
  %1194 = mul i64 %1193, %17
  br i1 %1107, label %.epil.preheader431, label %.lr.ph106.new

.lr.ph106.new:                                    ; preds = %.lr.ph106, %.critedge20.i.3
  %1195 = phi i64 [ %1251, %.critedge20.i.3 ], [ 0, %.lr.ph106 ]
  %niter439 = phi i64 [ %niter439.next.3, %.critedge20.i.3 ], [ 0, %.lr.ph106 ]
  %1196 = add i64 %1195, %1194
  %1197 = getelementptr i32, ptr %28, i64 %1196
  %1198 = load i32, ptr %1197, align 4
  %1199 = icmp slt i32 %1198, 32
  br i1 %1199, label %1200, label %.critedge20.i

1200:                                             ; preds = %.lr.ph106.new
  %1201 = getelementptr ptr addrspace(3), ptr %29, i64 %1196
  %1202 = load ptr addrspace(3), ptr %1201, align 8
  %1203 = sext i32 %1198 to i64
  %1204 = getelementptr float, ptr addrspace(3) %1202, i64 %1203
  %1205 = getelementptr i8, ptr addrspace(3) %1204, i64 128
  %1206 = load float, ptr addrspace(3) %1205, align 4
  %1207 = load float, ptr addrspace(3) %1204, align 4
  %1208 = fadd float %1206, %1207
  store float %1208, ptr addrspace(3) %1204, align 4
  br label %.critedge20.i

.critedge20.i:                                    ; preds = %1200, %.lr.ph106.new
  %1209 = or disjoint i64 %1195, 1
  %1210 = add i64 %1209, %1194
  %1211 = getelementptr i32, ptr %28, i64 %1210
  %1212 = load i32, ptr %1211, align 4
  %1213 = icmp slt i32 %1212, 32
  br i1 %1213, label %1214, label %.critedge20.i.1

1214:                                             ; preds = %.critedge20.i
  %1215 = getelementptr ptr addrspace(3), ptr %29, i64 %1210
  %1216 = load ptr addrspace(3), ptr %1215, align 8
  %1217 = sext i32 %1212 to i64
  %1218 = getelementptr float, ptr addrspace(3) %1216, i64 %1217
  %1219 = getelementptr i8, ptr addrspace(3) %1218, i64 128
  %1220 = load float, ptr addrspace(3) %1219, align 4
  %1221 = load float, ptr addrspace(3) %1218, align 4
  %1222 = fadd float %1220, %1221
  store float %1222, ptr addrspace(3) %1218, align 4
  br label %.critedge20.i.1

.critedge20.i.1:                                  ; preds = %1214, %.critedge20.i
  %1223 = or disjoint i64 %1195, 2
  %1224 = add i64 %1223, %1194
  %1225 = getelementptr i32, ptr %28, i64 %1224
  %1226 = load i32, ptr %1225, align 4
  %1227 = icmp slt i32 %1226, 32
  br i1 %1227, label %1228, label %.critedge20.i.2

1228:                                             ; preds = %.critedge20.i.1
  %1229 = getelementptr ptr addrspace(3), ptr %29, i64 %1224
  %1230 = load ptr addrspace(3), ptr %1229, align 8
  %1231 = sext i32 %1226 to i64
  %1232 = getelementptr float, ptr addrspace(3) %1230, i64 %1231
  %1233 = getelementptr i8, ptr addrspace(3) %1232, i64 128
  %1234 = load float, ptr addrspace(3) %1233, align 4
  %1235 = load float, ptr addrspace(3) %1232, align 4
  %1236 = fadd float %1234, %1235
  store float %1236, ptr addrspace(3) %1232, align 4
  br label %.critedge20.i.2

.critedge20.i.2:                                  ; preds = %1228, %.critedge20.i.1
  %1237 = or disjoint i64 %1195, 3
  %1238 = add i64 %1237, %1194
  %1239 = getelementptr i32, ptr %28, i64 %1238
  %1240 = load i32, ptr %1239, align 4
  %1241 = icmp slt i32 %1240, 32
  br i1 %1241, label %1242, label %.critedge20.i.3

1242:                                             ; preds = %.critedge20.i.2
  %1243 = getelementptr ptr addrspace(3), ptr %29, i64 %1238
  %1244 = load ptr addrspace(3), ptr %1243, align 8
  %1245 = sext i32 %1240 to i64
  %1246 = getelementptr float, ptr addrspace(3) %1244, i64 %1245
  %1247 = getelementptr i8, ptr addrspace(3) %1246, i64 128
  %1248 = load float, ptr addrspace(3) %1247, align 4
  %1249 = load float, ptr addrspace(3) %1246, align 4
  %1250 = fadd float %1248, %1249
  store float %1250, ptr addrspace(3) %1246, align 4
  br label %.critedge20.i.3

.critedge20.i.3:                                  ; preds = %1242, %.critedge20.i.2
  %1251 = add nuw nsw i64 %1195, 4
  %niter439.next.3 = add i64 %niter439, 4
  %niter439.ncmp.3 = icmp eq i64 %niter439.next.3, %unroll_iter438
  br i1 %niter439.ncmp.3, label %._crit_edge107.loopexit.unr-lcssa, label %.lr.ph106.new

._crit_edge107.loopexit.unr-lcssa:                ; preds = %.critedge20.i.3
  br i1 %lcmp.mod436.not, label %._crit_edge107, label %.epil.preheader431

.epil.preheader431:                               ; preds = %._crit_edge107.loopexit.unr-lcssa, %.lr.ph106
  %.epil.init435 = phi i64 [ 0, %.lr.ph106 ], [ %1251, %._crit_edge107.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod437)
  br label %1252

1252:                                             ; preds = %.critedge20.i.epil, %.epil.preheader431
  %1253 = phi i64 [ %.epil.init435, %.epil.preheader431 ], [ %1267, %.critedge20.i.epil ]
  %epil.iter433 = phi i64 [ 0, %.epil.preheader431 ], [ %epil.iter433.next, %.critedge20.i.epil ]
  %1254 = add i64 %1253, %1194
  %1255 = getelementptr i32, ptr %28, i64 %1254
  %1256 = load i32, ptr %1255, align 4
  %1257 = icmp slt i32 %1256, 32
  br i1 %1257, label %1258, label %.critedge20.i.epil

1258:                                             ; preds = %1252
  %1259 = getelementptr ptr addrspace(3), ptr %29, i64 %1254
  %1260 = load ptr addrspace(3), ptr %1259, align 8
  %1261 = sext i32 %1256 to i64
  %1262 = getelementptr float, ptr addrspace(3) %1260, i64 %1261
  %1263 = getelementptr i8, ptr addrspace(3) %1262, i64 128
  %1264 = load float, ptr addrspace(3) %1263, align 4
  %1265 = load float, ptr addrspace(3) %1262, align 4
  %1266 = fadd float %1264, %1265
  store float %1266, ptr addrspace(3) %1262, align 4
  br label %.critedge20.i.epil

.critedge20.i.epil:                               ; preds = %1258, %1252
  %1267 = add nuw nsw i64 %1253, 1
  %epil.iter433.next = add i64 %epil.iter433, 1
  %epil.iter433.cmp.not = icmp eq i64 %epil.iter433.next, %xtraiter432
  br i1 %epil.iter433.cmp.not, label %._crit_edge107, label %1252, !llvm.loop !40

._crit_edge107:                                   ; preds = %._crit_edge107.loopexit.unr-lcssa, %.critedge20.i.epil, %.preheader21
  %1268 = add nuw nsw i64 %1192, 1
  %exitcond161.not = icmp eq i64 %1268, %19
  br i1 %exitcond161.not, label %._crit_edge108, label %.preheader21

._crit_edge108:                                   ; preds = %._crit_edge107, %.preheader22
  %1269 = add nuw nsw i64 %1187, 1
  %1270 = icmp slt i64 %1269, %30
  br i1 %1270, label %.preheader22, label %.preheader19.lr.ph

.preheader19:                                     ; preds = %.preheader19.lr.ph, %._crit_edge111
  %1271 = phi i64 [ 0, %.preheader19.lr.ph ], [ %1353, %._crit_edge111 ]
  br i1 %1189, label %.preheader18.lr.ph, label %._crit_edge111

.preheader18.lr.ph:                               ; preds = %.preheader19
  %1272 = mul i64 %1271, %19
  br label %.preheader18

.preheader16.lr.ph:                               ; preds = %._crit_edge111
  %1273 = icmp sgt i64 %19, 0
  %1274 = icmp sgt i64 %17, 0
  %xtraiter450 = and i64 %17, 3
  %1275 = icmp ult i64 %41, 3
  %unroll_iter456 = and i64 %17, 9223372036854775804
  %lcmp.mod454.not = icmp eq i64 %xtraiter450, 0
  %lcmp.mod455 = icmp ne i64 %xtraiter450, 0
  br label %.preheader16

.preheader18:                                     ; preds = %.preheader18.lr.ph, %._crit_edge110
  %1276 = phi i64 [ 0, %.preheader18.lr.ph ], [ %1352, %._crit_edge110 ]
  br i1 %1190, label %.lr.ph109, label %._crit_edge110

.lr.ph109:                                        ; preds = %.preheader18
  %1277 = add i64 %1276, %1272
  %1278 = mul i64 %1277, %17
  br i1 %1191, label %.epil.preheader440, label %.lr.ph109.new

.lr.ph109.new:                                    ; preds = %.lr.ph109, %.critedge22.i.3
  %1279 = phi i64 [ %1335, %.critedge22.i.3 ], [ 0, %.lr.ph109 ]
  %niter448 = phi i64 [ %niter448.next.3, %.critedge22.i.3 ], [ 0, %.lr.ph109 ]
  %1280 = add i64 %1279, %1278
  %1281 = getelementptr i32, ptr %28, i64 %1280
  %1282 = load i32, ptr %1281, align 4
  %1283 = icmp slt i32 %1282, 16
  br i1 %1283, label %1284, label %.critedge22.i

1284:                                             ; preds = %.lr.ph109.new
  %1285 = getelementptr ptr addrspace(3), ptr %29, i64 %1280
  %1286 = load ptr addrspace(3), ptr %1285, align 8
  %1287 = sext i32 %1282 to i64
  %1288 = getelementptr float, ptr addrspace(3) %1286, i64 %1287
  %1289 = getelementptr i8, ptr addrspace(3) %1288, i64 64
  %1290 = load float, ptr addrspace(3) %1289, align 4
  %1291 = load float, ptr addrspace(3) %1288, align 4
  %1292 = fadd float %1290, %1291
  store float %1292, ptr addrspace(3) %1288, align 4
  br label %.critedge22.i

.critedge22.i:                                    ; preds = %1284, %.lr.ph109.new
  %1293 = or disjoint i64 %1279, 1
  %1294 = add i64 %1293, %1278
  %1295 = getelementptr i32, ptr %28, i64 %1294
  %1296 = load i32, ptr %1295, align 4
  %1297 = icmp slt i32 %1296, 16
  br i1 %1297, label %1298, label %.critedge22.i.1

1298:                                             ; preds = %.critedge22.i
  %1299 = getelementptr ptr addrspace(3), ptr %29, i64 %1294
  %1300 = load ptr addrspace(3), ptr %1299, align 8
  %1301 = sext i32 %1296 to i64
  %1302 = getelementptr float, ptr addrspace(3) %1300, i64 %1301
  %1303 = getelementptr i8, ptr addrspace(3) %1302, i64 64
  %1304 = load float, ptr addrspace(3) %1303, align 4
  %1305 = load float, ptr addrspace(3) %1302, align 4
  %1306 = fadd float %1304, %1305
  store float %1306, ptr addrspace(3) %1302, align 4
  br label %.critedge22.i.1

.critedge22.i.1:                                  ; preds = %1298, %.critedge22.i
  %1307 = or disjoint i64 %1279, 2
  %1308 = add i64 %1307, %1278
  %1309 = getelementptr i32, ptr %28, i64 %1308
  %1310 = load i32, ptr %1309, align 4
  %1311 = icmp slt i32 %1310, 16
  br i1 %1311, label %1312, label %.critedge22.i.2

1312:                                             ; preds = %.critedge22.i.1
  %1313 = getelementptr ptr addrspace(3), ptr %29, i64 %1308
  %1314 = load ptr addrspace(3), ptr %1313, align 8
  %1315 = sext i32 %1310 to i64
  %1316 = getelementptr float, ptr addrspace(3) %1314, i64 %1315
  %1317 = getelementptr i8, ptr addrspace(3) %1316, i64 64
  %1318 = load float, ptr addrspace(3) %1317, align 4
  %1319 = load float, ptr addrspace(3) %1316, align 4
  %1320 = fadd float %1318, %1319
  store float %1320, ptr addrspace(3) %1316, align 4
  br label %.critedge22.i.2

.critedge22.i.2:                                  ; preds = %1312, %.critedge22.i.1
  %1321 = or disjoint i64 %1279, 3
  %1322 = add i64 %1321, %1278
  %1323 = getelementptr i32, ptr %28, i64 %1322
  %1324 = load i32, ptr %1323, align 4
  %1325 = icmp slt i32 %1324, 16
  br i1 %1325, label %1326, label %.critedge22.i.3

1326:                                             ; preds = %.critedge22.i.2
  %1327 = getelementptr ptr addrspace(3), ptr %29, i64 %1322
  %1328 = load ptr addrspace(3), ptr %1327, align 8
  %1329 = sext i32 %1324 to i64
  %1330 = getelementptr float, ptr addrspace(3) %1328, i64 %1329
  %1331 = getelementptr i8, ptr addrspace(3) %1330, i64 64
  %1332 = load float, ptr addrspace(3) %1331, align 4
  %1333 = load float, ptr addrspace(3) %1330, align 4
  %1334 = fadd float %1332, %1333
  store float %1334, ptr addrspace(3) %1330, align 4
  br label %.critedge22.i.3

.critedge22.i.3:                                  ; preds = %1326, %.critedge22.i.2
  %1335 = add nuw nsw i64 %1279, 4
  %niter448.next.3 = add i64 %niter448, 4
  %niter448.ncmp.3 = icmp eq i64 %niter448.next.3, %unroll_iter447
  br i1 %niter448.ncmp.3, label %._crit_edge110.loopexit.unr-lcssa, label %.lr.ph109.new

._crit_edge110.loopexit.unr-lcssa:                ; preds = %.critedge22.i.3
  br i1 %lcmp.mod445.not, label %._crit_edge110, label %.epil.preheader440

.epil.preheader440:                               ; preds = %._crit_edge110.loopexit.unr-lcssa, %.lr.ph109
  %.epil.init444 = phi i64 [ 0, %.lr.ph109 ], [ %1335, %._crit_edge110.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod446)
  br label %1336

1336:                                             ; preds = %.critedge22.i.epil, %.epil.preheader440
  %1337 = phi i64 [ %.epil.init444, %.epil.preheader440 ], [ %1351, %.critedge22.i.epil ]
  %epil.iter442 = phi i64 [ 0, %.epil.preheader440 ], [ %epil.iter442.next, %.critedge22.i.epil ]
  %1338 = add i64 %1337, %1278
  %1339 = getelementptr i32, ptr %28, i64 %1338
  %1340 = load i32, ptr %1339, align 4
  %1341 = icmp slt i32 %1340, 16
  br i1 %1341, label %1342, label %.critedge22.i.epil

1342:                                             ; preds = %1336
  %1343 = getelementptr ptr addrspace(3), ptr %29, i64 %1338
  %1344 = load ptr addrspace(3), ptr %1343, align 8
  %1345 = sext i32 %1340 to i64
  %1346 = getelementptr float, ptr addrspace(3) %1344, i64 %1345
  %1347 = getelementptr i8, ptr addrspace(3) %1346, i64 64
  %1348 = load float, ptr addrspace(3) %1347, align 4
  %1349 = load float, ptr addrspace(3) %1346, align 4
  %1350 = fadd float %1348, %1349
  store float %1350, ptr addrspace(3) %1346, align 4
  br label %.critedge22.i.epil

.critedge22.i.epil:                               ; preds = %1342, %1336
  %1351 = add nuw nsw i64 %1337, 1
  %epil.iter442.next = add i64 %epil.iter442, 1
  %epil.iter442.cmp.not = icmp eq i64 %epil.iter442.next, %xtraiter441
  br i1 %epil.iter442.cmp.not, label %._crit_edge110, label %1336, !llvm.loop !41

._crit_edge110:                                   ; preds = %._crit_edge110.loopexit.unr-lcssa, %.critedge22.i.epil, %.preheader18
  %1352 = add nuw nsw i64 %1276, 1
  %exitcond163.not = icmp eq i64 %1352, %19
  br i1 %exitcond163.not, label %._crit_edge111, label %.preheader18

._crit_edge111:                                   ; preds = %._crit_edge110, %.preheader19
  %1353 = add nuw nsw i64 %1271, 1
  %1354 = icmp slt i64 %1353, %30
  br i1 %1354, label %.preheader19, label %.preheader16.lr.ph

.preheader16:                                     ; preds = %.preheader16.lr.ph, %._crit_edge114
  %1355 = phi i64 [ 0, %.preheader16.lr.ph ], [ %1437, %._crit_edge114 ]
  br i1 %1273, label %.preheader15.lr.ph, label %._crit_edge114

.preheader15.lr.ph:                               ; preds = %.preheader16
  %1356 = mul i64 %1355, %19
  br label %.preheader15

.preheader13.lr.ph:                               ; preds = %._crit_edge114
  %1357 = icmp sgt i64 %19, 0
  %1358 = icmp sgt i64 %17, 0
  %xtraiter459 = and i64 %17, 3
  %1359 = icmp ult i64 %41, 3
  %unroll_iter465 = and i64 %17, 9223372036854775804
  %lcmp.mod463.not = icmp eq i64 %xtraiter459, 0
  %lcmp.mod464 = icmp ne i64 %xtraiter459, 0
  br label %.preheader13

.preheader15:                                     ; preds = %.preheader15.lr.ph, %._crit_edge113
  %1360 = phi i64 [ 0, %.preheader15.lr.ph ], [ %1436, %._crit_edge113 ]
  br i1 %1274, label %.lr.ph112, label %._crit_edge113

.lr.ph112:                                        ; preds = %.preheader15
  %1361 = add i64 %1360, %1356
  %1362 = mul i64 %1361, %17
  br i1 %1275, label %.epil.preheader449, label %.lr.ph112.new

.lr.ph112.new:                                    ; preds = %.lr.ph112, %.critedge24.i.3
  %1363 = phi i64 [ %1419, %.critedge24.i.3 ], [ 0, %.lr.ph112 ]
  %niter457 = phi i64 [ %niter457.next.3, %.critedge24.i.3 ], [ 0, %.lr.ph112 ]
  %1364 = add i64 %1363, %1362
  %1365 = getelementptr i32, ptr %28, i64 %1364
  %1366 = load i32, ptr %1365, align 4
  %1367 = icmp slt i32 %1366, 8
  br i1 %1367, label %1368, label %.critedge24.i

1368:                                             ; preds = %.lr.ph112.new
  %1369 = getelementptr ptr addrspace(3), ptr %29, i64 %1364
  %1370 = load ptr addrspace(3), ptr %1369, align 8
  %1371 = sext i32 %1366 to i64
  %1372 = getelementptr float, ptr addrspace(3) %1370, i64 %1371
  %1373 = getelementptr i8, ptr addrspace(3) %1372, i64 32
  %1374 = load float, ptr addrspace(3) %1373, align 4
  %1375 = load float, ptr addrspace(3) %1372, align 4
  %1376 = fadd float %1374, %1375
  store float %1376, ptr addrspace(3) %1372, align 4
  br label %.critedge24.i

.critedge24.i:                                    ; preds = %1368, %.lr.ph112.new
  %1377 = or disjoint i64 %1363, 1
  %1378 = add i64 %1377, %1362
  %1379 = getelementptr i32, ptr %28, i64 %1378
  %1380 = load i32, ptr %1379, align 4
  %1381 = icmp slt i32 %1380, 8
  br i1 %1381, label %1382, label %.critedge24.i.1

1382:                                             ; preds = %.critedge24.i
  %1383 = getelementptr ptr addrspace(3), ptr %29, i64 %1378
  %1384 = load ptr addrspace(3), ptr %1383, align 8
  %1385 = sext i32 %1380 to i64
  %1386 = getelementptr float, ptr addrspace(3) %1384, i64 %1385
  %1387 = getelementptr i8, ptr addrspace(3) %1386, i64 32
  %1388 = load float, ptr addrspace(3) %1387, align 4
  %1389 = load float, ptr addrspace(3) %1386, align 4
  %1390 = fadd float %1388, %1389
  store float %1390, ptr addrspace(3) %1386, align 4
  br label %.critedge24.i.1

.critedge24.i.1:                                  ; preds = %1382, %.critedge24.i
  %1391 = or disjoint i64 %1363, 2
  %1392 = add i64 %1391, %1362
  %1393 = getelementptr i32, ptr %28, i64 %1392
  %1394 = load i32, ptr %1393, align 4
  %1395 = icmp slt i32 %1394, 8
  br i1 %1395, label %1396, label %.critedge24.i.2

1396:                                             ; preds = %.critedge24.i.1
  %1397 = getelementptr ptr addrspace(3), ptr %29, i64 %1392
  %1398 = load ptr addrspace(3), ptr %1397, align 8
  %1399 = sext i32 %1394 to i64
  %1400 = getelementptr float, ptr addrspace(3) %1398, i64 %1399
  %1401 = getelementptr i8, ptr addrspace(3) %1400, i64 32
  %1402 = load float, ptr addrspace(3) %1401, align 4
  %1403 = load float, ptr addrspace(3) %1400, align 4
  %1404 = fadd float %1402, %1403
  store float %1404, ptr addrspace(3) %1400, align 4
  br label %.critedge24.i.2

.critedge24.i.2:                                  ; preds = %1396, %.critedge24.i.1
  %1405 = or disjoint i64 %1363, 3
  %1406 = add i64 %1405, %1362
  %1407 = getelementptr i32, ptr %28, i64 %1406
  %1408 = load i32, ptr %1407, align 4
  %1409 = icmp slt i32 %1408, 8
  br i1 %1409, label %1410, label %.critedge24.i.3

1410:                                             ; preds = %.critedge24.i.2
  %1411 = getelementptr ptr addrspace(3), ptr %29, i64 %1406
  %1412 = load ptr addrspace(3), ptr %1411, align 8
  %1413 = sext i32 %1408 to i64
  %1414 = getelementptr float, ptr addrspace(3) %1412, i64 %1413
  %1415 = getelementptr i8, ptr addrspace(3) %1414, i64 32
  %1416 = load float, ptr addrspace(3) %1415, align 4
  %1417 = load float, ptr addrspace(3) %1414, align 4
  %1418 = fadd float %1416, %1417
  store float %1418, ptr addrspace(3) %1414, align 4
  br label %.critedge24.i.3

.critedge24.i.3:                                  ; preds = %1410, %.critedge24.i.2
  %1419 = add nuw nsw i64 %1363, 4
  %niter457.next.3 = add i64 %niter457, 4
  %niter457.ncmp.3 = icmp eq i64 %niter457.next.3, %unroll_iter456
  br i1 %niter457.ncmp.3, label %._crit_edge113.loopexit.unr-lcssa, label %.lr.ph112.new

._crit_edge113.loopexit.unr-lcssa:                ; preds = %.critedge24.i.3
  br i1 %lcmp.mod454.not, label %._crit_edge113, label %.epil.preheader449

.epil.preheader449:                               ; preds = %._crit_edge113.loopexit.unr-lcssa, %.lr.ph112
  %.epil.init453 = phi i64 [ 0, %.lr.ph112 ], [ %1419, %._crit_edge113.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod455)
  br label %1420

1420:                                             ; preds = %.critedge24.i.epil, %.epil.preheader449
  %1421 = phi i64 [ %.epil.init453, %.epil.preheader449 ], [ %1435, %.critedge24.i.epil ]
  %epil.iter451 = phi i64 [ 0, %.epil.preheader449 ], [ %epil.iter451.next, %.critedge24.i.epil ]
  %1422 = add i64 %1421, %1362
  %1423 = getelementptr i32, ptr %28, i64 %1422
  %1424 = load i32, ptr %1423, align 4
  %1425 = icmp slt i32 %1424, 8
  br i1 %1425, label %1426, label %.critedge24.i.epil

1426:                                             ; preds = %1420
  %1427 = getelementptr ptr addrspace(3), ptr %29, i64 %1422
  %1428 = load ptr addrspace(3), ptr %1427, align 8
  %1429 = sext i32 %1424 to i64
  %1430 = getelementptr float, ptr addrspace(3) %1428, i64 %1429
  %1431 = getelementptr i8, ptr addrspace(3) %1430, i64 32
  %1432 = load float, ptr addrspace(3) %1431, align 4
  %1433 = load float, ptr addrspace(3) %1430, align 4
  %1434 = fadd float %1432, %1433
  store float %1434, ptr addrspace(3) %1430, align 4
  br label %.critedge24.i.epil

.critedge24.i.epil:                               ; preds = %1426, %1420
  %1435 = add nuw nsw i64 %1421, 1
  %epil.iter451.next = add i64 %epil.iter451, 1
  %epil.iter451.cmp.not = icmp eq i64 %epil.iter451.next, %xtraiter450
  br i1 %epil.iter451.cmp.not, label %._crit_edge113, label %1420, !llvm.loop !42

._crit_edge113:                                   ; preds = %._crit_edge113.loopexit.unr-lcssa, %.critedge24.i.epil, %.preheader15
  %1436 = add nuw nsw i64 %1360, 1
  %exitcond165.not = icmp eq i64 %1436, %19
  br i1 %exitcond165.not, label %._crit_edge114, label %.preheader15

._crit_edge114:                                   ; preds = %._crit_edge113, %.preheader16
  %1437 = add nuw nsw i64 %1355, 1
  %1438 = icmp slt i64 %1437, %30
  br i1 %1438, label %.preheader16, label %.preheader13.lr.ph

.preheader13:                                     ; preds = %.preheader13.lr.ph, %._crit_edge117
  %1439 = phi i64 [ 0, %.preheader13.lr.ph ], [ %1521, %._crit_edge117 ]
  br i1 %1357, label %.preheader12.lr.ph, label %._crit_edge117

.preheader12.lr.ph:                               ; preds = %.preheader13
  %1440 = mul i64 %1439, %19
  br label %.preheader12

.preheader10.lr.ph:                               ; preds = %._crit_edge117
  %1441 = icmp sgt i64 %19, 0
  %1442 = icmp sgt i64 %17, 0
  %xtraiter468 = and i64 %17, 3
  %1443 = icmp ult i64 %41, 3
  %unroll_iter474 = and i64 %17, 9223372036854775804
  %lcmp.mod472.not = icmp eq i64 %xtraiter468, 0
  %lcmp.mod473 = icmp ne i64 %xtraiter468, 0
  br label %.preheader10

.preheader12:                                     ; preds = %.preheader12.lr.ph, %._crit_edge116
  %1444 = phi i64 [ 0, %.preheader12.lr.ph ], [ %1520, %._crit_edge116 ]
  br i1 %1358, label %.lr.ph115, label %._crit_edge116

.lr.ph115:                                        ; preds = %.preheader12
  %1445 = add i64 %1444, %1440
  %1446 = mul i64 %1445, %17
  br i1 %1359, label %.epil.preheader458, label %.lr.ph115.new

.lr.ph115.new:                                    ; preds = %.lr.ph115, %.critedge26.i.3
  %1447 = phi i64 [ %1503, %.critedge26.i.3 ], [ 0, %.lr.ph115 ]
  %niter466 = phi i64 [ %niter466.next.3, %.critedge26.i.3 ], [ 0, %.lr.ph115 ]
  %1448 = add i64 %1447, %1446
  %1449 = getelementptr i32, ptr %28, i64 %1448
  %1450 = load i32, ptr %1449, align 4
  %1451 = icmp slt i32 %1450, 4
  br i1 %1451, label %1452, label %.critedge26.i

1452:                                             ; preds = %.lr.ph115.new
  %1453 = getelementptr ptr addrspace(3), ptr %29, i64 %1448
  %1454 = load ptr addrspace(3), ptr %1453, align 8
  %1455 = sext i32 %1450 to i64
  %1456 = getelementptr float, ptr addrspace(3) %1454, i64 %1455
  %1457 = getelementptr i8, ptr addrspace(3) %1456, i64 16
  %1458 = load float, ptr addrspace(3) %1457, align 4
  %1459 = load float, ptr addrspace(3) %1456, align 4
  %1460 = fadd float %1458, %1459
  store float %1460, ptr addrspace(3) %1456, align 4
  br label %.critedge26.i

.critedge26.i:                                    ; preds = %1452, %.lr.ph115.new
  %1461 = or disjoint i64 %1447, 1
  %1462 = add i64 %1461, %1446
  %1463 = getelementptr i32, ptr %28, i64 %1462
  %1464 = load i32, ptr %1463, align 4
  %1465 = icmp slt i32 %1464, 4
  br i1 %1465, label %1466, label %.critedge26.i.1

1466:                                             ; preds = %.critedge26.i
  %1467 = getelementptr ptr addrspace(3), ptr %29, i64 %1462
  %1468 = load ptr addrspace(3), ptr %1467, align 8
  %1469 = sext i32 %1464 to i64
  %1470 = getelementptr float, ptr addrspace(3) %1468, i64 %1469
  %1471 = getelementptr i8, ptr addrspace(3) %1470, i64 16
  %1472 = load float, ptr addrspace(3) %1471, align 4
  %1473 = load float, ptr addrspace(3) %1470, align 4
  %1474 = fadd float %1472, %1473
  store float %1474, ptr addrspace(3) %1470, align 4
  br label %.critedge26.i.1

.critedge26.i.1:                                  ; preds = %1466, %.critedge26.i
  %1475 = or disjoint i64 %1447, 2
  %1476 = add i64 %1475, %1446
  %1477 = getelementptr i32, ptr %28, i64 %1476
  %1478 = load i32, ptr %1477, align 4
  %1479 = icmp slt i32 %1478, 4
  br i1 %1479, label %1480, label %.critedge26.i.2

1480:                                             ; preds = %.critedge26.i.1
  %1481 = getelementptr ptr addrspace(3), ptr %29, i64 %1476
  %1482 = load ptr addrspace(3), ptr %1481, align 8
  %1483 = sext i32 %1478 to i64
  %1484 = getelementptr float, ptr addrspace(3) %1482, i64 %1483
  %1485 = getelementptr i8, ptr addrspace(3) %1484, i64 16
  %1486 = load float, ptr addrspace(3) %1485, align 4
  %1487 = load float, ptr addrspace(3) %1484, align 4
  %1488 = fadd float %1486, %1487
  store float %1488, ptr addrspace(3) %1484, align 4
  br label %.critedge26.i.2

.critedge26.i.2:                                  ; preds = %1480, %.critedge26.i.1
  %1489 = or disjoint i64 %1447, 3
  %1490 = add i64 %1489, %1446
  %1491 = getelementptr i32, ptr %28, i64 %1490
  %1492 = load i32, ptr %1491, align 4
  %1493 = icmp slt i32 %1492, 4
  br i1 %1493, label %1494, label %.critedge26.i.3

1494:                                             ; preds = %.critedge26.i.2
  %1495 = getelementptr ptr addrspace(3), ptr %29, i64 %1490
  %1496 = load ptr addrspace(3), ptr %1495, align 8
  %1497 = sext i32 %1492 to i64
  %1498 = getelementptr float, ptr addrspace(3) %1496, i64 %1497
  %1499 = getelementptr i8, ptr addrspace(3) %1498, i64 16
  %1500 = load float, ptr addrspace(3) %1499, align 4
  %1501 = load float, ptr addrspace(3) %1498, align 4
  %1502 = fadd float %1500, %1501
  store float %1502, ptr addrspace(3) %1498, align 4
  br label %.critedge26.i.3

.critedge26.i.3:                                  ; preds = %1494, %.critedge26.i.2
  %1503 = add nuw nsw i64 %1447, 4
  %niter466.next.3 = add i64 %niter466, 4
  %niter466.ncmp.3 = icmp eq i64 %niter466.next.3, %unroll_iter465
  br i1 %niter466.ncmp.3, label %._crit_edge116.loopexit.unr-lcssa, label %.lr.ph115.new

._crit_edge116.loopexit.unr-lcssa:                ; preds = %.critedge26.i.3
  br i1 %lcmp.mod463.not, label %._crit_edge116, label %.epil.preheader458

.epil.preheader458:                               ; preds = %._crit_edge116.loopexit.unr-lcssa, %.lr.ph115
  %.epil.init462 = phi i64 [ 0, %.lr.ph115 ], [ %1503, %._crit_edge116.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod464)
  br label %1504

1504:                                             ; preds = %.critedge26.i.epil, %.epil.preheader458
  %1505 = phi i64 [ %.epil.init462, %.epil.preheader458 ], [ %1519, %.critedge26.i.epil ]
  %epil.iter460 = phi i64 [ 0, %.epil.preheader458 ], [ %epil.iter460.next, %.critedge26.i.epil ]
  %1506 = add i64 %1505, %1446
  %1507 = getelementptr i32, ptr %28, i64 %1506
  %1508 = load i32, ptr %1507, align 4
  %1509 = icmp slt i32 %1508, 4
  br i1 %1509, label %1510, label %.critedge26.i.epil

1510:                                             ; preds = %1504
  %1511 = getelementptr ptr addrspace(3), ptr %29, i64 %1506
  %1512 = load ptr addrspace(3), ptr %1511, align 8
  %1513 = sext i32 %1508 to i64
  %1514 = getelementptr float, ptr addrspace(3) %1512, i64 %1513
  %1515 = getelementptr i8, ptr addrspace(3) %1514, i64 16
  %1516 = load float, ptr addrspace(3) %1515, align 4
  %1517 = load float, ptr addrspace(3) %1514, align 4
  %1518 = fadd float %1516, %1517
  store float %1518, ptr addrspace(3) %1514, align 4
  br label %.critedge26.i.epil

.critedge26.i.epil:                               ; preds = %1510, %1504
  %1519 = add nuw nsw i64 %1505, 1
  %epil.iter460.next = add i64 %epil.iter460, 1
  %epil.iter460.cmp.not = icmp eq i64 %epil.iter460.next, %xtraiter459
  br i1 %epil.iter460.cmp.not, label %._crit_edge116, label %1504, !llvm.loop !43

._crit_edge116:                                   ; preds = %._crit_edge116.loopexit.unr-lcssa, %.critedge26.i.epil, %.preheader12
  %1520 = add nuw nsw i64 %1444, 1
  %exitcond167.not = icmp eq i64 %1520, %19
  br i1 %exitcond167.not, label %._crit_edge117, label %.preheader12

._crit_edge117:                                   ; preds = %._crit_edge116, %.preheader13
  %1521 = add nuw nsw i64 %1439, 1
  %1522 = icmp slt i64 %1521, %30
  br i1 %1522, label %.preheader13, label %.preheader10.lr.ph

.preheader10:                                     ; preds = %.preheader10.lr.ph, %._crit_edge120
  %1523 = phi i64 [ 0, %.preheader10.lr.ph ], [ %1605, %._crit_edge120 ]
  br i1 %1441, label %.preheader9.lr.ph, label %._crit_edge120

.preheader9.lr.ph:                                ; preds = %.preheader10
  %1524 = mul i64 %1523, %19
  br label %.preheader9

.preheader7.lr.ph:                                ; preds = %._crit_edge120
  %1525 = icmp sgt i64 %19, 0
  %1526 = icmp sgt i64 %17, 0
  %xtraiter477 = and i64 %17, 3
  %1527 = icmp ult i64 %41, 3
  %unroll_iter483 = and i64 %17, 9223372036854775804
  %lcmp.mod481.not = icmp eq i64 %xtraiter477, 0
  %lcmp.mod482 = icmp ne i64 %xtraiter477, 0
  br label %.preheader7

.preheader9:                                      ; preds = %.preheader9.lr.ph, %._crit_edge119
  %1528 = phi i64 [ 0, %.preheader9.lr.ph ], [ %1604, %._crit_edge119 ]
  br i1 %1442, label %.lr.ph118, label %._crit_edge119

.lr.ph118:                                        ; preds = %.preheader9
  %1529 = add i64 %1528, %1524
  %1530 = mul i64 %1529, %17
  br i1 %1443, label %.epil.preheader467, label %.lr.ph118.new

.lr.ph118.new:                                    ; preds = %.lr.ph118, %.critedge28.i.3
  %1531 = phi i64 [ %1587, %.critedge28.i.3 ], [ 0, %.lr.ph118 ]
  %niter475 = phi i64 [ %niter475.next.3, %.critedge28.i.3 ], [ 0, %.lr.ph118 ]
  %1532 = add i64 %1531, %1530
  %1533 = getelementptr i32, ptr %28, i64 %1532
  %1534 = load i32, ptr %1533, align 4
  %1535 = icmp slt i32 %1534, 2
  br i1 %1535, label %1536, label %.critedge28.i

1536:                                             ; preds = %.lr.ph118.new
  %1537 = getelementptr ptr addrspace(3), ptr %29, i64 %1532
  %1538 = load ptr addrspace(3), ptr %1537, align 8
  %1539 = sext i32 %1534 to i64
  %1540 = getelementptr float, ptr addrspace(3) %1538, i64 %1539
  %1541 = getelementptr i8, ptr addrspace(3) %1540, i64 8
  %1542 = load float, ptr addrspace(3) %1541, align 4
  %1543 = load float, ptr addrspace(3) %1540, align 4
  %1544 = fadd float %1542, %1543
  store float %1544, ptr addrspace(3) %1540, align 4
  br label %.critedge28.i

.critedge28.i:                                    ; preds = %1536, %.lr.ph118.new
  %1545 = or disjoint i64 %1531, 1
  %1546 = add i64 %1545, %1530
  %1547 = getelementptr i32, ptr %28, i64 %1546
  %1548 = load i32, ptr %1547, align 4
  %1549 = icmp slt i32 %1548, 2
  br i1 %1549, label %1550, label %.critedge28.i.1

1550:                                             ; preds = %.critedge28.i
  %1551 = getelementptr ptr addrspace(3), ptr %29, i64 %1546
  %1552 = load ptr addrspace(3), ptr %1551, align 8
  %1553 = sext i32 %1548 to i64
  %1554 = getelementptr float, ptr addrspace(3) %1552, i64 %1553
  %1555 = getelementptr i8, ptr addrspace(3) %1554, i64 8
  %1556 = load float, ptr addrspace(3) %1555, align 4
  %1557 = load float, ptr addrspace(3) %1554, align 4
  %1558 = fadd float %1556, %1557
  store float %1558, ptr addrspace(3) %1554, align 4
  br label %.critedge28.i.1

.critedge28.i.1:                                  ; preds = %1550, %.critedge28.i
  %1559 = or disjoint i64 %1531, 2
  %1560 = add i64 %1559, %1530
  %1561 = getelementptr i32, ptr %28, i64 %1560
  %1562 = load i32, ptr %1561, align 4
  %1563 = icmp slt i32 %1562, 2
  br i1 %1563, label %1564, label %.critedge28.i.2

1564:                                             ; preds = %.critedge28.i.1
  %1565 = getelementptr ptr addrspace(3), ptr %29, i64 %1560
  %1566 = load ptr addrspace(3), ptr %1565, align 8
  %1567 = sext i32 %1562 to i64
  %1568 = getelementptr float, ptr addrspace(3) %1566, i64 %1567
  %1569 = getelementptr i8, ptr addrspace(3) %1568, i64 8
  %1570 = load float, ptr addrspace(3) %1569, align 4
  %1571 = load float, ptr addrspace(3) %1568, align 4
  %1572 = fadd float %1570, %1571
  store float %1572, ptr addrspace(3) %1568, align 4
  br label %.critedge28.i.2

.critedge28.i.2:                                  ; preds = %1564, %.critedge28.i.1
  %1573 = or disjoint i64 %1531, 3
  %1574 = add i64 %1573, %1530
  %1575 = getelementptr i32, ptr %28, i64 %1574
  %1576 = load i32, ptr %1575, align 4
  %1577 = icmp slt i32 %1576, 2
  br i1 %1577, label %1578, label %.critedge28.i.3

1578:                                             ; preds = %.critedge28.i.2
  %1579 = getelementptr ptr addrspace(3), ptr %29, i64 %1574
  %1580 = load ptr addrspace(3), ptr %1579, align 8
  %1581 = sext i32 %1576 to i64
  %1582 = getelementptr float, ptr addrspace(3) %1580, i64 %1581
  %1583 = getelementptr i8, ptr addrspace(3) %1582, i64 8
  %1584 = load float, ptr addrspace(3) %1583, align 4
  %1585 = load float, ptr addrspace(3) %1582, align 4
  %1586 = fadd float %1584, %1585
  store float %1586, ptr addrspace(3) %1582, align 4
  br label %.critedge28.i.3

.critedge28.i.3:                                  ; preds = %1578, %.critedge28.i.2
  %1587 = add nuw nsw i64 %1531, 4
  %niter475.next.3 = add i64 %niter475, 4
  %niter475.ncmp.3 = icmp eq i64 %niter475.next.3, %unroll_iter474
  br i1 %niter475.ncmp.3, label %._crit_edge119.loopexit.unr-lcssa, label %.lr.ph118.new

._crit_edge119.loopexit.unr-lcssa:                ; preds = %.critedge28.i.3
  br i1 %lcmp.mod472.not, label %._crit_edge119, label %.epil.preheader467

.epil.preheader467:                               ; preds = %._crit_edge119.loopexit.unr-lcssa, %.lr.ph118
  %.epil.init471 = phi i64 [ 0, %.lr.ph118 ], [ %1587, %._crit_edge119.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod473)
  br label %1588

1588:                                             ; preds = %.critedge28.i.epil, %.epil.preheader467
  %1589 = phi i64 [ %.epil.init471, %.epil.preheader467 ], [ %1603, %.critedge28.i.epil ]
  %epil.iter469 = phi i64 [ 0, %.epil.preheader467 ], [ %epil.iter469.next, %.critedge28.i.epil ]
  %1590 = add i64 %1589, %1530
  %1591 = getelementptr i32, ptr %28, i64 %1590
  %1592 = load i32, ptr %1591, align 4
  %1593 = icmp slt i32 %1592, 2
  br i1 %1593, label %1594, label %.critedge28.i.epil

1594:                                             ; preds = %1588
  %1595 = getelementptr ptr addrspace(3), ptr %29, i64 %1590
  %1596 = load ptr addrspace(3), ptr %1595, align 8
  %1597 = sext i32 %1592 to i64
  %1598 = getelementptr float, ptr addrspace(3) %1596, i64 %1597
  %1599 = getelementptr i8, ptr addrspace(3) %1598, i64 8
  %1600 = load float, ptr addrspace(3) %1599, align 4
  %1601 = load float, ptr addrspace(3) %1598, align 4
  %1602 = fadd float %1600, %1601
  store float %1602, ptr addrspace(3) %1598, align 4
  br label %.critedge28.i.epil

.critedge28.i.epil:                               ; preds = %1594, %1588
  %1603 = add nuw nsw i64 %1589, 1
  %epil.iter469.next = add i64 %epil.iter469, 1
  %epil.iter469.cmp.not = icmp eq i64 %epil.iter469.next, %xtraiter468
  br i1 %epil.iter469.cmp.not, label %._crit_edge119, label %1588, !llvm.loop !44

._crit_edge119:                                   ; preds = %._crit_edge119.loopexit.unr-lcssa, %.critedge28.i.epil, %.preheader9
  %1604 = add nuw nsw i64 %1528, 1
  %exitcond169.not = icmp eq i64 %1604, %19
  br i1 %exitcond169.not, label %._crit_edge120, label %.preheader9

._crit_edge120:                                   ; preds = %._crit_edge119, %.preheader10
  %1605 = add nuw nsw i64 %1523, 1
  %1606 = icmp slt i64 %1605, %30
  br i1 %1606, label %.preheader10, label %.preheader7.lr.ph

.preheader7:                                      ; preds = %.preheader7.lr.ph, %._crit_edge123
  %1607 = phi i64 [ 0, %.preheader7.lr.ph ], [ %1688, %._crit_edge123 ]
  br i1 %1525, label %.preheader6.lr.ph, label %._crit_edge123

.preheader6.lr.ph:                                ; preds = %.preheader7
  %1608 = mul i64 %1607, %19
  br label %.preheader6

.preheader4.lr.ph:                                ; preds = %._crit_edge123
  %1609 = icmp sgt i64 %19, 0
  %1610 = icmp sgt i64 %17, 0
  %min.iters.check311 = icmp ult i64 %17, 4
  %min.iters.check314 = icmp ult i64 %17, 16
  %n.mod.vf317 = and i64 %17, 12
  %n.vec318 = and i64 %17, 9223372036854775792
  %cmp.n323 = icmp eq i64 %17, %n.vec318
  %min.epilog.iters.check327 = icmp eq i64 %n.mod.vf317, 0
  %n.vec330 = and i64 %17, 9223372036854775804
  %cmp.n335 = icmp eq i64 %17, %n.vec330
  br label %.preheader4

.preheader6:                                      ; preds = %.preheader6.lr.ph, %._crit_edge122
  %1611 = phi i64 [ 0, %.preheader6.lr.ph ], [ %1687, %._crit_edge122 ]
  br i1 %1526, label %.lr.ph121, label %._crit_edge122

.lr.ph121:                                        ; preds = %.preheader6
  %1612 = add i64 %1611, %1608
  %1613 = mul i64 %1612, %17
  br i1 %1527, label %.epil.preheader476, label %.lr.ph121.new

.lr.ph121.new:                                    ; preds = %.lr.ph121, %.critedge30.i.3
  %1614 = phi i64 [ %1670, %.critedge30.i.3 ], [ 0, %.lr.ph121 ]
  %niter484 = phi i64 [ %niter484.next.3, %.critedge30.i.3 ], [ 0, %.lr.ph121 ]
  %1615 = add i64 %1614, %1613
  %1616 = getelementptr i32, ptr %28, i64 %1615
  %1617 = load i32, ptr %1616, align 4
  %1618 = icmp slt i32 %1617, 1
  br i1 %1618, label %1619, label %.critedge30.i

1619:                                             ; preds = %.lr.ph121.new
  %1620 = getelementptr ptr addrspace(3), ptr %29, i64 %1615
  %1621 = load ptr addrspace(3), ptr %1620, align 8
  %1622 = sext i32 %1617 to i64
  %1623 = getelementptr float, ptr addrspace(3) %1621, i64 %1622
  %1624 = getelementptr i8, ptr addrspace(3) %1623, i64 4
  %1625 = load float, ptr addrspace(3) %1624, align 4
  %1626 = load float, ptr addrspace(3) %1623, align 4
  %1627 = fadd float %1625, %1626
  store float %1627, ptr addrspace(3) %1623, align 4
  br label %.critedge30.i

.critedge30.i:                                    ; preds = %1619, %.lr.ph121.new
  %1628 = or disjoint i64 %1614, 1
  %1629 = add i64 %1628, %1613
  %1630 = getelementptr i32, ptr %28, i64 %1629
  %1631 = load i32, ptr %1630, align 4
  %1632 = icmp slt i32 %1631, 1
  br i1 %1632, label %1633, label %.critedge30.i.1

1633:                                             ; preds = %.critedge30.i
  %1634 = getelementptr ptr addrspace(3), ptr %29, i64 %1629
  %1635 = load ptr addrspace(3), ptr %1634, align 8
  %1636 = sext i32 %1631 to i64
  %1637 = getelementptr float, ptr addrspace(3) %1635, i64 %1636
  %1638 = getelementptr i8, ptr addrspace(3) %1637, i64 4
  %1639 = load float, ptr addrspace(3) %1638, align 4
  %1640 = load float, ptr addrspace(3) %1637, align 4
  %1641 = fadd float %1639, %1640
  store float %1641, ptr addrspace(3) %1637, align 4
  br label %.critedge30.i.1

.critedge30.i.1:                                  ; preds = %1633, %.critedge30.i
  %1642 = or disjoint i64 %1614, 2
  %1643 = add i64 %1642, %1613
  %1644 = getelementptr i32, ptr %28, i64 %1643
  %1645 = load i32, ptr %1644, align 4
  %1646 = icmp slt i32 %1645, 1
  br i1 %1646, label %1647, label %.critedge30.i.2

1647:                                             ; preds = %.critedge30.i.1
  %1648 = getelementptr ptr addrspace(3), ptr %29, i64 %1643
  %1649 = load ptr addrspace(3), ptr %1648, align 8
  %1650 = sext i32 %1645 to i64
  %1651 = getelementptr float, ptr addrspace(3) %1649, i64 %1650
  %1652 = getelementptr i8, ptr addrspace(3) %1651, i64 4
  %1653 = load float, ptr addrspace(3) %1652, align 4
  %1654 = load float, ptr addrspace(3) %1651, align 4
  %1655 = fadd float %1653, %1654
  store float %1655, ptr addrspace(3) %1651, align 4
  br label %.critedge30.i.2

.critedge30.i.2:                                  ; preds = %1647, %.critedge30.i.1
  %1656 = or disjoint i64 %1614, 3
  %1657 = add i64 %1656, %1613
  %1658 = getelementptr i32, ptr %28, i64 %1657
  %1659 = load i32, ptr %1658, align 4
  %1660 = icmp slt i32 %1659, 1
  br i1 %1660, label %1661, label %.critedge30.i.3

1661:                                             ; preds = %.critedge30.i.2
  %1662 = getelementptr ptr addrspace(3), ptr %29, i64 %1657
  %1663 = load ptr addrspace(3), ptr %1662, align 8
  %1664 = sext i32 %1659 to i64
  %1665 = getelementptr float, ptr addrspace(3) %1663, i64 %1664
  %1666 = getelementptr i8, ptr addrspace(3) %1665, i64 4
  %1667 = load float, ptr addrspace(3) %1666, align 4
  %1668 = load float, ptr addrspace(3) %1665, align 4
  %1669 = fadd float %1667, %1668
  store float %1669, ptr addrspace(3) %1665, align 4
  br label %.critedge30.i.3

.critedge30.i.3:                                  ; preds = %1661, %.critedge30.i.2
  %1670 = add nuw nsw i64 %1614, 4
  %niter484.next.3 = add i64 %niter484, 4
  %niter484.ncmp.3 = icmp eq i64 %niter484.next.3, %unroll_iter483
  br i1 %niter484.ncmp.3, label %._crit_edge122.loopexit.unr-lcssa, label %.lr.ph121.new

._crit_edge122.loopexit.unr-lcssa:                ; preds = %.critedge30.i.3
  br i1 %lcmp.mod481.not, label %._crit_edge122, label %.epil.preheader476

.epil.preheader476:                               ; preds = %._crit_edge122.loopexit.unr-lcssa, %.lr.ph121
  %.epil.init480 = phi i64 [ 0, %.lr.ph121 ], [ %1670, %._crit_edge122.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod482)
  br label %1671

1671:                                             ; preds = %.critedge30.i.epil, %.epil.preheader476
  %1672 = phi i64 [ %.epil.init480, %.epil.preheader476 ], [ %1686, %.critedge30.i.epil ]
  %epil.iter478 = phi i64 [ 0, %.epil.preheader476 ], [ %epil.iter478.next, %.critedge30.i.epil ]
  %1673 = add i64 %1672, %1613
  %1674 = getelementptr i32, ptr %28, i64 %1673
  %1675 = load i32, ptr %1674, align 4
  %1676 = icmp slt i32 %1675, 1
  br i1 %1676, label %1677, label %.critedge30.i.epil

1677:                                             ; preds = %1671
  %1678 = getelementptr ptr addrspace(3), ptr %29, i64 %1673
  %1679 = load ptr addrspace(3), ptr %1678, align 8
  %1680 = sext i32 %1675 to i64
  %1681 = getelementptr float, ptr addrspace(3) %1679, i64 %1680
  %1682 = getelementptr i8, ptr addrspace(3) %1681, i64 4
  %1683 = load float, ptr addrspace(3) %1682, align 4
  %1684 = load float, ptr addrspace(3) %1681, align 4
  %1685 = fadd float %1683, %1684
  store float %1685, ptr addrspace(3) %1681, align 4
  br label %.critedge30.i.epil

.critedge30.i.epil:                               ; preds = %1677, %1671
  %1686 = add nuw nsw i64 %1672, 1
  %epil.iter478.next = add i64 %epil.iter478, 1
  %epil.iter478.cmp.not = icmp eq i64 %epil.iter478.next, %xtraiter477
  br i1 %epil.iter478.cmp.not, label %._crit_edge122, label %1671, !llvm.loop !45

._crit_edge122:                                   ; preds = %._crit_edge122.loopexit.unr-lcssa, %.critedge30.i.epil, %.preheader6
  %1687 = add nuw nsw i64 %1611, 1
  %exitcond171.not = icmp eq i64 %1687, %19
  br i1 %exitcond171.not, label %._crit_edge123, label %.preheader6

._crit_edge123:                                   ; preds = %._crit_edge122, %.preheader7
  %1688 = add nuw nsw i64 %1607, 1
  %1689 = icmp slt i64 %1688, %30
  br i1 %1689, label %.preheader7, label %.preheader4.lr.ph

.preheader4:                                      ; preds = %.preheader4.lr.ph, %._crit_edge126
  %1690 = phi i64 [ 0, %.preheader4.lr.ph ], [ %1836, %._crit_edge126 ]
  br i1 %1609, label %.preheader3.lr.ph, label %._crit_edge126

.preheader3.lr.ph:                                ; preds = %.preheader4
  %1691 = mul i64 %1690, %19
  br label %.preheader3

.preheader1.lr.ph:                                ; preds = %._crit_edge126
  %1692 = icmp sgt i64 %19, 0
  %1693 = icmp sgt i64 %17, 0
  %sext.i = shl i64 %25, 32
  %1694 = ashr exact i64 %sext.i, 32
  %1695 = mul i64 %1694, %6
  %1696 = getelementptr float, ptr addrspace(1) %3, i64 %1695
  %1697 = mul i64 %1694, %12
  %1698 = getelementptr float, ptr addrspace(1) %9, i64 %1697
  %xtraiter486 = and i64 %17, 1
  %1699 = icmp eq i64 %41, 0
  %unroll_iter492 = and i64 %17, 9223372036854775806
  %lcmp.mod490.not = icmp eq i64 %xtraiter486, 0
  %lcmp.mod491 = icmp ne i64 %xtraiter486, 0
  br label %.preheader1

.preheader3:                                      ; preds = %.preheader3.lr.ph, %._crit_edge125
  %1700 = phi i64 [ 0, %.preheader3.lr.ph ], [ %1835, %._crit_edge125 ]
  br i1 %1610, label %iter.check313, label %._crit_edge125

iter.check313:                                    ; preds = %.preheader3
  %1701 = add i64 %1700, %1691
  %1702 = mul i64 %1701, %17
  br i1 %min.iters.check311, label %vec.epilog.scalar.ph325.preheader, label %vector.main.loop.iter.check315

vector.main.loop.iter.check315:                   ; preds = %iter.check313
  br i1 %min.iters.check314, label %vec.epilog.ph328, label %vector.body319

vector.body319:                                   ; preds = %vector.main.loop.iter.check315, %vector.body319
  %index320 = phi i64 [ %index.next321, %vector.body319 ], [ 0, %vector.main.loop.iter.check315 ]
  %1703 = add i64 %index320, %1702
  %1704 = getelementptr ptr addrspace(3), ptr %29, i64 %1703
  %1705 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1706 = getelementptr i8, ptr %1705, i64 8
  %1707 = getelementptr ptr addrspace(3), ptr %1706, i64 %1702
  %1708 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1709 = getelementptr i8, ptr %1708, i64 16
  %1710 = getelementptr ptr addrspace(3), ptr %1709, i64 %1702
  %1711 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1712 = getelementptr i8, ptr %1711, i64 24
  %1713 = getelementptr ptr addrspace(3), ptr %1712, i64 %1702
  %1714 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1715 = getelementptr i8, ptr %1714, i64 32
  %1716 = getelementptr ptr addrspace(3), ptr %1715, i64 %1702
  %1717 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1718 = getelementptr i8, ptr %1717, i64 40
  %1719 = getelementptr ptr addrspace(3), ptr %1718, i64 %1702
  %1720 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1721 = getelementptr i8, ptr %1720, i64 48
  %1722 = getelementptr ptr addrspace(3), ptr %1721, i64 %1702
  %1723 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1724 = getelementptr i8, ptr %1723, i64 56
  %1725 = getelementptr ptr addrspace(3), ptr %1724, i64 %1702
  %1726 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1727 = getelementptr i8, ptr %1726, i64 64
  %1728 = getelementptr ptr addrspace(3), ptr %1727, i64 %1702
  %1729 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1730 = getelementptr i8, ptr %1729, i64 72
  %1731 = getelementptr ptr addrspace(3), ptr %1730, i64 %1702
  %1732 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1733 = getelementptr i8, ptr %1732, i64 80
  %1734 = getelementptr ptr addrspace(3), ptr %1733, i64 %1702
  %1735 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1736 = getelementptr i8, ptr %1735, i64 88
  %1737 = getelementptr ptr addrspace(3), ptr %1736, i64 %1702
  %1738 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1739 = getelementptr i8, ptr %1738, i64 96
  %1740 = getelementptr ptr addrspace(3), ptr %1739, i64 %1702
  %1741 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1742 = getelementptr i8, ptr %1741, i64 104
  %1743 = getelementptr ptr addrspace(3), ptr %1742, i64 %1702
  %1744 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1745 = getelementptr i8, ptr %1744, i64 112
  %1746 = getelementptr ptr addrspace(3), ptr %1745, i64 %1702
  %1747 = getelementptr ptr addrspace(3), ptr %29, i64 %index320
  %1748 = getelementptr i8, ptr %1747, i64 120
  %1749 = getelementptr ptr addrspace(3), ptr %1748, i64 %1702
  %1750 = load ptr addrspace(3), ptr %1704, align 8
  %1751 = load ptr addrspace(3), ptr %1707, align 8
  %1752 = load ptr addrspace(3), ptr %1710, align 8
  %1753 = load ptr addrspace(3), ptr %1713, align 8
  %1754 = load ptr addrspace(3), ptr %1716, align 8
  %1755 = load ptr addrspace(3), ptr %1719, align 8
  %1756 = load ptr addrspace(3), ptr %1722, align 8
  %1757 = load ptr addrspace(3), ptr %1725, align 8
  %1758 = load ptr addrspace(3), ptr %1728, align 8
  %1759 = load ptr addrspace(3), ptr %1731, align 8
  %1760 = load ptr addrspace(3), ptr %1734, align 8
  %1761 = load ptr addrspace(3), ptr %1737, align 8
  %1762 = load ptr addrspace(3), ptr %1740, align 8
  %1763 = load ptr addrspace(3), ptr %1743, align 8
  %1764 = load ptr addrspace(3), ptr %1746, align 8
  %1765 = load ptr addrspace(3), ptr %1749, align 8
  %1766 = load float, ptr addrspace(3) %1750, align 4
  %1767 = load float, ptr addrspace(3) %1751, align 4
  %1768 = load float, ptr addrspace(3) %1752, align 4
  %1769 = load float, ptr addrspace(3) %1753, align 4
  %1770 = insertelement <4 x float> poison, float %1766, i64 0
  %1771 = insertelement <4 x float> %1770, float %1767, i64 1
  %1772 = insertelement <4 x float> %1771, float %1768, i64 2
  %1773 = insertelement <4 x float> %1772, float %1769, i64 3
  %1774 = load float, ptr addrspace(3) %1754, align 4
  %1775 = load float, ptr addrspace(3) %1755, align 4
  %1776 = load float, ptr addrspace(3) %1756, align 4
  %1777 = load float, ptr addrspace(3) %1757, align 4
  %1778 = insertelement <4 x float> poison, float %1774, i64 0
  %1779 = insertelement <4 x float> %1778, float %1775, i64 1
  %1780 = insertelement <4 x float> %1779, float %1776, i64 2
  %1781 = insertelement <4 x float> %1780, float %1777, i64 3
  %1782 = load float, ptr addrspace(3) %1758, align 4
  %1783 = load float, ptr addrspace(3) %1759, align 4
  %1784 = load float, ptr addrspace(3) %1760, align 4
  %1785 = load float, ptr addrspace(3) %1761, align 4
  %1786 = insertelement <4 x float> poison, float %1782, i64 0
  %1787 = insertelement <4 x float> %1786, float %1783, i64 1
  %1788 = insertelement <4 x float> %1787, float %1784, i64 2
  %1789 = insertelement <4 x float> %1788, float %1785, i64 3
  %1790 = load float, ptr addrspace(3) %1762, align 4
  %1791 = load float, ptr addrspace(3) %1763, align 4
  %1792 = load float, ptr addrspace(3) %1764, align 4
  %1793 = load float, ptr addrspace(3) %1765, align 4
  %1794 = insertelement <4 x float> poison, float %1790, i64 0
  %1795 = insertelement <4 x float> %1794, float %1791, i64 1
  %1796 = insertelement <4 x float> %1795, float %1792, i64 2
  %1797 = insertelement <4 x float> %1796, float %1793, i64 3
  %1798 = getelementptr float, ptr %26, i64 %1703
  %1799 = getelementptr i8, ptr %1798, i64 16
  %1800 = getelementptr i8, ptr %1798, i64 32
  %1801 = getelementptr i8, ptr %1798, i64 48
  store <4 x float> %1773, ptr %1798, align 4
  store <4 x float> %1781, ptr %1799, align 4
  store <4 x float> %1789, ptr %1800, align 4
  store <4 x float> %1797, ptr %1801, align 4
  %index.next321 = add nuw i64 %index320, 16
  %1802 = icmp eq i64 %index.next321, %n.vec318
  br i1 %1802, label %middle.block322, label %vector.body319, !llvm.loop !46

middle.block322:                                  ; preds = %vector.body319
  br i1 %cmp.n323, label %._crit_edge125, label %vec.epilog.iter.check326

vec.epilog.iter.check326:                         ; preds = %middle.block322
  br i1 %min.epilog.iters.check327, label %vec.epilog.scalar.ph325.preheader, label %vec.epilog.ph328, !prof !13

vec.epilog.ph328:                                 ; preds = %vector.main.loop.iter.check315, %vec.epilog.iter.check326
  %vec.epilog.resume.val324 = phi i64 [ %n.vec318, %vec.epilog.iter.check326 ], [ 0, %vector.main.loop.iter.check315 ]
  br label %vec.epilog.vector.body331

vec.epilog.vector.body331:                        ; preds = %vec.epilog.vector.body331, %vec.epilog.ph328
  %index332 = phi i64 [ %vec.epilog.resume.val324, %vec.epilog.ph328 ], [ %index.next333, %vec.epilog.vector.body331 ]
  %1803 = add i64 %index332, %1702
  %1804 = getelementptr ptr addrspace(3), ptr %29, i64 %1803
  %1805 = getelementptr ptr addrspace(3), ptr %29, i64 %index332
  %1806 = getelementptr i8, ptr %1805, i64 8
  %1807 = getelementptr ptr addrspace(3), ptr %1806, i64 %1702
  %1808 = getelementptr ptr addrspace(3), ptr %29, i64 %index332
  %1809 = getelementptr i8, ptr %1808, i64 16
  %1810 = getelementptr ptr addrspace(3), ptr %1809, i64 %1702
  %1811 = getelementptr ptr addrspace(3), ptr %29, i64 %index332
  %1812 = getelementptr i8, ptr %1811, i64 24
  %1813 = getelementptr ptr addrspace(3), ptr %1812, i64 %1702
  %1814 = load ptr addrspace(3), ptr %1804, align 8
  %1815 = load ptr addrspace(3), ptr %1807, align 8
  %1816 = load ptr addrspace(3), ptr %1810, align 8
  %1817 = load ptr addrspace(3), ptr %1813, align 8
  %1818 = load float, ptr addrspace(3) %1814, align 4
  %1819 = load float, ptr addrspace(3) %1815, align 4
  %1820 = load float, ptr addrspace(3) %1816, align 4
  %1821 = load float, ptr addrspace(3) %1817, align 4
  %1822 = insertelement <4 x float> poison, float %1818, i64 0
  %1823 = insertelement <4 x float> %1822, float %1819, i64 1
  %1824 = insertelement <4 x float> %1823, float %1820, i64 2
  %1825 = insertelement <4 x float> %1824, float %1821, i64 3
  %1826 = getelementptr float, ptr %26, i64 %1803
  store <4 x float> %1825, ptr %1826, align 4
  %index.next333 = add nuw i64 %index332, 4
  %1827 = icmp eq i64 %index.next333, %n.vec330
  br i1 %1827, label %vec.epilog.middle.block334, label %vec.epilog.vector.body331, !llvm.loop !47

vec.epilog.middle.block334:                       ; preds = %vec.epilog.vector.body331
  br i1 %cmp.n335, label %._crit_edge125, label %vec.epilog.scalar.ph325.preheader

vec.epilog.scalar.ph325.preheader:                ; preds = %iter.check313, %vec.epilog.iter.check326, %vec.epilog.middle.block334
  %.ph = phi i64 [ 0, %iter.check313 ], [ %n.vec318, %vec.epilog.iter.check326 ], [ %n.vec330, %vec.epilog.middle.block334 ]
  br label %vec.epilog.scalar.ph325

vec.epilog.scalar.ph325:                          ; preds = %vec.epilog.scalar.ph325.preheader, %vec.epilog.scalar.ph325
  %1828 = phi i64 [ %1834, %vec.epilog.scalar.ph325 ], [ %.ph, %vec.epilog.scalar.ph325.preheader ]
  %1829 = add i64 %1828, %1702
  %1830 = getelementptr ptr addrspace(3), ptr %29, i64 %1829
  %1831 = load ptr addrspace(3), ptr %1830, align 8
  %1832 = load float, ptr addrspace(3) %1831, align 4
  %1833 = getelementptr float, ptr %26, i64 %1829
  store float %1832, ptr %1833, align 4
  %1834 = add nuw nsw i64 %1828, 1
  %exitcond172.not = icmp eq i64 %1834, %17
  br i1 %exitcond172.not, label %._crit_edge125, label %vec.epilog.scalar.ph325, !llvm.loop !48

._crit_edge125:                                   ; preds = %vec.epilog.scalar.ph325, %middle.block322, %vec.epilog.middle.block334, %.preheader3
  %1835 = add nuw nsw i64 %1700, 1
  %exitcond173.not = icmp eq i64 %1835, %19
  br i1 %exitcond173.not, label %._crit_edge126, label %.preheader3

._crit_edge126:                                   ; preds = %._crit_edge125, %.preheader4
  %1836 = add nuw nsw i64 %1690, 1
  %1837 = icmp slt i64 %1836, %30
  br i1 %1837, label %.preheader4, label %.preheader1.lr.ph

.preheader1:                                      ; preds = %.preheader1.lr.ph, %._crit_edge132
  %1838 = phi i64 [ 0, %.preheader1.lr.ph ], [ %1964, %._crit_edge132 ]
  br i1 %1692, label %.preheader.lr.ph, label %._crit_edge132

.preheader.lr.ph:                                 ; preds = %.preheader1
  %1839 = mul i64 %1838, %19
  br label %.preheader

.preheader:                                       ; preds = %.preheader.lr.ph, %._crit_edge131
  %1840 = phi i64 [ 0, %.preheader.lr.ph ], [ %1963, %._crit_edge131 ]
  br i1 %1693, label %.lr.ph130, label %._crit_edge131

.lr.ph130:                                        ; preds = %.preheader
  %1841 = add i64 %1840, %1839
  %1842 = mul i64 %1841, %17
  br i1 %1699, label %.epil.preheader485, label %.lr.ph130.new

.lr.ph130.new:                                    ; preds = %.lr.ph130, %._crit_edge129.1
  %1843 = phi i64 [ %1923, %._crit_edge129.1 ], [ 0, %.lr.ph130 ]
  %niter493 = phi i64 [ %niter493.next.1, %._crit_edge129.1 ], [ 0, %.lr.ph130 ]
  %1844 = add i64 %1843, %1842
  %1845 = getelementptr float, ptr %26, i64 %1844
  %1846 = load float, ptr %1845, align 4
  %1847 = getelementptr float, ptr %27, i64 %1844
  %1848 = load float, ptr %1847, align 4
  %1849 = getelementptr i32, ptr %28, i64 %1844
  %1850 = load i32, ptr %1849, align 4
  %1851 = fdiv float 1.000000e+00, %1846
  %1852 = icmp slt i32 %1850, %15
  br i1 %1852, label %.lr.ph128, label %._crit_edge129

.lr.ph128:                                        ; preds = %.lr.ph130.new, %.lr.ph128
  %1853 = phi i32 [ %1881, %.lr.ph128 ], [ %1850, %.lr.ph130.new ]
  %1854 = sext i32 %1853 to i64
  %1855 = getelementptr float, ptr addrspace(1) %1696, i64 %1854
  %1856 = load float, ptr addrspace(1) %1855, align 4
  %1857 = fsub float %1856, %1848
  %.inv.i = fcmp olt float %1857, 0xC055F33340000000
  %1858 = select i1 %.inv.i, float 0xC055F33340000000, float %1857
  %.inv88.i = fcmp ogt float %1858, 0x4056333340000000
  %1859 = select i1 %.inv88.i, float 0x4056333340000000, float %1858
  %1860 = tail call float @llvm.fma.f32(float %1859, float 0x3FF7154760000000, float 5.000000e-01)
  %1861 = tail call float @llvm.floor.f32(float %1860)
  %.inv89.i = fcmp olt float %1861, -1.270000e+02
  %1862 = select i1 %.inv89.i, float -1.270000e+02, float %1861
  %.inv90.i = fcmp ogt float %1862, 1.270000e+02
  %1863 = select i1 %.inv90.i, float 1.270000e+02, float %1862
  %1864 = tail call float @llvm.fma.f32(float %1863, float 0xBFE6300000000000, float %1859)
  %1865 = tail call float @llvm.fma.f32(float %1863, float 0x3F2BD01060000000, float %1864)
  %1866 = tail call float @llvm.fma.f32(float %1865, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1867 = tail call float @llvm.fma.f32(float %1866, float %1865, float 0x3F81112100000000)
  %1868 = tail call float @llvm.fma.f32(float %1867, float %1865, float 0x3FA5553820000000)
  %1869 = tail call float @llvm.fma.f32(float %1868, float %1865, float 0x3FC5555540000000)
  %1870 = tail call float @llvm.fma.f32(float %1869, float %1865, float 5.000000e-01)
  %1871 = fmul float %1865, %1865
  %1872 = tail call float @llvm.fma.f32(float %1870, float %1871, float %1865)
  %1873 = fadd float %1872, 1.000000e+00
  %1874 = fptosi float %1863 to i32
  %1875 = shl i32 %1874, 23
  %1876 = add i32 %1875, 1065353216
  %1877 = bitcast i32 %1876 to float
  %1878 = fmul float %1873, %1877
  %1879 = fmul float %1851, %1878
  %1880 = getelementptr float, ptr addrspace(1) %1698, i64 %1854
  store float %1879, ptr addrspace(1) %1880, align 4
  %1881 = add i32 %1853, 256
  %1882 = icmp slt i32 %1881, %15
  br i1 %1882, label %.lr.ph128, label %._crit_edge129

._crit_edge129:                                   ; preds = %.lr.ph128, %.lr.ph130.new
  %1883 = or disjoint i64 %1843, 1
  %1884 = add i64 %1883, %1842
  %1885 = getelementptr float, ptr %26, i64 %1884
  %1886 = load float, ptr %1885, align 4
  %1887 = getelementptr float, ptr %27, i64 %1884
  %1888 = load float, ptr %1887, align 4
  %1889 = getelementptr i32, ptr %28, i64 %1884
  %1890 = load i32, ptr %1889, align 4
  %1891 = fdiv float 1.000000e+00, %1886
  %1892 = icmp slt i32 %1890, %15
  br i1 %1892, label %.lr.ph128.1, label %._crit_edge129.1

.lr.ph128.1:                                      ; preds = %._crit_edge129, %.lr.ph128.1
  %1893 = phi i32 [ %1921, %.lr.ph128.1 ], [ %1890, %._crit_edge129 ]
  %1894 = sext i32 %1893 to i64
  %1895 = getelementptr float, ptr addrspace(1) %1696, i64 %1894
  %1896 = load float, ptr addrspace(1) %1895, align 4
  %1897 = fsub float %1896, %1888
  %.inv.i.1 = fcmp olt float %1897, 0xC055F33340000000
  %1898 = select i1 %.inv.i.1, float 0xC055F33340000000, float %1897
  %.inv88.i.1 = fcmp ogt float %1898, 0x4056333340000000
  %1899 = select i1 %.inv88.i.1, float 0x4056333340000000, float %1898
  %1900 = tail call float @llvm.fma.f32(float %1899, float 0x3FF7154760000000, float 5.000000e-01)
  %1901 = tail call float @llvm.floor.f32(float %1900)
  %.inv89.i.1 = fcmp olt float %1901, -1.270000e+02
  %1902 = select i1 %.inv89.i.1, float -1.270000e+02, float %1901
  %.inv90.i.1 = fcmp ogt float %1902, 1.270000e+02
  %1903 = select i1 %.inv90.i.1, float 1.270000e+02, float %1902
  %1904 = tail call float @llvm.fma.f32(float %1903, float 0xBFE6300000000000, float %1899)
  %1905 = tail call float @llvm.fma.f32(float %1903, float 0x3F2BD01060000000, float %1904)
  %1906 = tail call float @llvm.fma.f32(float %1905, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1907 = tail call float @llvm.fma.f32(float %1906, float %1905, float 0x3F81112100000000)
  %1908 = tail call float @llvm.fma.f32(float %1907, float %1905, float 0x3FA5553820000000)
  %1909 = tail call float @llvm.fma.f32(float %1908, float %1905, float 0x3FC5555540000000)
  %1910 = tail call float @llvm.fma.f32(float %1909, float %1905, float 5.000000e-01)
  %1911 = fmul float %1905, %1905
  %1912 = tail call float @llvm.fma.f32(float %1910, float %1911, float %1905)
  %1913 = fadd float %1912, 1.000000e+00
  %1914 = fptosi float %1903 to i32
  %1915 = shl i32 %1914, 23
  %1916 = add i32 %1915, 1065353216
  %1917 = bitcast i32 %1916 to float
  %1918 = fmul float %1913, %1917
  %1919 = fmul float %1891, %1918
  %1920 = getelementptr float, ptr addrspace(1) %1698, i64 %1894
  store float %1919, ptr addrspace(1) %1920, align 4
  %1921 = add i32 %1893, 256
  %1922 = icmp slt i32 %1921, %15
  br i1 %1922, label %.lr.ph128.1, label %._crit_edge129.1

._crit_edge129.1:                                 ; preds = %.lr.ph128.1, %._crit_edge129
  %1923 = add nuw nsw i64 %1843, 2
  %niter493.next.1 = add i64 %niter493, 2
  %niter493.ncmp.1 = icmp eq i64 %niter493.next.1, %unroll_iter492
  br i1 %niter493.ncmp.1, label %._crit_edge131.loopexit.unr-lcssa, label %.lr.ph130.new

._crit_edge131.loopexit.unr-lcssa:                ; preds = %._crit_edge129.1
  br i1 %lcmp.mod490.not, label %._crit_edge131, label %.epil.preheader485

.epil.preheader485:                               ; preds = %._crit_edge131.loopexit.unr-lcssa, %.lr.ph130
  %.epil.init489 = phi i64 [ 0, %.lr.ph130 ], [ %1923, %._crit_edge131.loopexit.unr-lcssa ]
  tail call void @llvm.assume(i1 %lcmp.mod491)
  %1924 = add i64 %.epil.init489, %1842
  %1925 = getelementptr float, ptr %26, i64 %1924
  %1926 = load float, ptr %1925, align 4
  %1927 = getelementptr float, ptr %27, i64 %1924
  %1928 = load float, ptr %1927, align 4
  %1929 = getelementptr i32, ptr %28, i64 %1924
  %1930 = load i32, ptr %1929, align 4
  %1931 = fdiv float 1.000000e+00, %1926
  %1932 = icmp slt i32 %1930, %15
  br i1 %1932, label %.lr.ph128.epil, label %._crit_edge131

.lr.ph128.epil:                                   ; preds = %.epil.preheader485, %.lr.ph128.epil
  %1933 = phi i32 [ %1961, %.lr.ph128.epil ], [ %1930, %.epil.preheader485 ]
  %1934 = sext i32 %1933 to i64
  %1935 = getelementptr float, ptr addrspace(1) %1696, i64 %1934
  %1936 = load float, ptr addrspace(1) %1935, align 4
  %1937 = fsub float %1936, %1928
  %.inv.i.epil = fcmp olt float %1937, 0xC055F33340000000
  %1938 = select i1 %.inv.i.epil, float 0xC055F33340000000, float %1937
  %.inv88.i.epil = fcmp ogt float %1938, 0x4056333340000000
  %1939 = select i1 %.inv88.i.epil, float 0x4056333340000000, float %1938
  %1940 = tail call float @llvm.fma.f32(float %1939, float 0x3FF7154760000000, float 5.000000e-01)
  %1941 = tail call float @llvm.floor.f32(float %1940)
  %.inv89.i.epil = fcmp olt float %1941, -1.270000e+02
  %1942 = select i1 %.inv89.i.epil, float -1.270000e+02, float %1941
  %.inv90.i.epil = fcmp ogt float %1942, 1.270000e+02
  %1943 = select i1 %.inv90.i.epil, float 1.270000e+02, float %1942
  %1944 = tail call float @llvm.fma.f32(float %1943, float 0xBFE6300000000000, float %1939)
  %1945 = tail call float @llvm.fma.f32(float %1943, float 0x3F2BD01060000000, float %1944)
  %1946 = tail call float @llvm.fma.f32(float %1945, float 0x3F2A0D2CE0000000, float 0x3F56E879C0000000)
  %1947 = tail call float @llvm.fma.f32(float %1946, float %1945, float 0x3F81112100000000)
  %1948 = tail call float @llvm.fma.f32(float %1947, float %1945, float 0x3FA5553820000000)
  %1949 = tail call float @llvm.fma.f32(float %1948, float %1945, float 0x3FC5555540000000)
  %1950 = tail call float @llvm.fma.f32(float %1949, float %1945, float 5.000000e-01)
  %1951 = fmul float %1945, %1945
  %1952 = tail call float @llvm.fma.f32(float %1950, float %1951, float %1945)
  %1953 = fadd float %1952, 1.000000e+00
  %1954 = fptosi float %1943 to i32
  %1955 = shl i32 %1954, 23
  %1956 = add i32 %1955, 1065353216
  %1957 = bitcast i32 %1956 to float
  %1958 = fmul float %1953, %1957
  %1959 = fmul float %1931, %1958
  %1960 = getelementptr float, ptr addrspace(1) %1698, i64 %1934
  store float %1959, ptr addrspace(1) %1960, align 4
  %1961 = add i32 %1933, 256
  %1962 = icmp slt i32 %1961, %15
  br i1 %1962, label %.lr.ph128.epil, label %._crit_edge131

._crit_edge131:                                   ; preds = %._crit_edge131.loopexit.unr-lcssa, %.lr.ph128.epil, %.epil.preheader485, %.preheader
  %1963 = add nuw nsw i64 %1840, 1
  %exitcond175.not = icmp eq i64 %1963, %19
  br i1 %exitcond175.not, label %._crit_edge132, label %.preheader

._crit_edge132:                                   ; preds = %._crit_edge131, %.preheader1
  %1964 = add nuw nsw i64 %1838, 1
  %1965 = icmp slt i64 %1964, %30
  br i1 %1965, label %.preheader1, label %softmax.exit

softmax.exit:                                     ; preds = %._crit_edge132, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { alwaysinline }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { noinline }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.unroll.disable"}
!3 = distinct !{!3, !2}
!4 = distinct !{!4, !2}
!5 = distinct !{!5, !2}
!6 = distinct !{!6, !2}
!7 = distinct !{!7, !2}
!8 = distinct !{!8, !2}
!9 = distinct !{!9, !2}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.isvectorized", i32 1}
!12 = !{!"llvm.loop.unroll.runtime.disable"}
!13 = !{!"branch_weights", i32 4, i32 12}
!14 = distinct !{!14, !11, !12}
!15 = distinct !{!15, !12, !11}
!16 = distinct !{!16, !2}
!17 = distinct !{!17, !2}
!18 = distinct !{!18, !2}
!19 = distinct !{!19, !2}
!20 = distinct !{!20, !2}
!21 = distinct !{!21, !2}
!22 = distinct !{!22, !2}
!23 = distinct !{!23, !2}
!24 = distinct !{!24, !11, !12}
!25 = distinct !{!25, !11, !12}
!26 = distinct !{!26, !12, !11}
!27 = distinct !{!27, !2}
!28 = distinct !{!28, !2}
!29 = distinct !{!29, !2}
!30 = distinct !{!30, !2}
!31 = distinct !{!31, !2}
!32 = distinct !{!32, !2}
!33 = distinct !{!33, !2}
!34 = distinct !{!34, !2}
!35 = distinct !{!35, !11, !12}
!36 = distinct !{!36, !11, !12}
!37 = distinct !{!37, !12, !11}
!38 = distinct !{!38, !2}
!39 = distinct !{!39, !2}
!40 = distinct !{!40, !2}
!41 = distinct !{!41, !2}
!42 = distinct !{!42, !2}
!43 = distinct !{!43, !2}
!44 = distinct !{!44, !2}
!45 = distinct !{!45, !2}
!46 = distinct !{!46, !11, !12}
!47 = distinct !{!47, !11, !12}
!48 = distinct !{!48, !12, !11}
