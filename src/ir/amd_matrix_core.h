//===- amd_matrix_core.h - AMD matrix-core instructions as ROCDL ops --*- C++ -*-===//
//
// One table from an MFMA or WMMA instruction to its rocdl intrinsic op, for every path that
// emits one: the kernel builder's atom calls (compiler/gpu_target.cpp) and the Fly dialect's
// fly.mma_atom_call.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_AMD_MATRIX_CORE_H
#define FLYDSL_IR_AMD_MATRIX_CORE_H

#include "mlir/IR/Builders.h"

namespace fly::ir {

/// RDNA's integer WMMA controls: A and B signed, the result clamped rather than wrapped.
struct MatrixCoreModifiers {
  bool signA = false, signB = false, clamp = false;
};

/// The rocdl op of AMD matrix-core instruction `atom` (v_mfma_* or v_wmma_*, not the scaled
/// ones) on a, b and the accumulator c, each operand packed as matrixCoreOperandType says (a
/// value already of that type goes in as it is); MFMA's broadcast controls (cbsz, abid, blgp)
/// are 0. `abElement`, the A/B element type, picks the bf8 form for E5M2 values; gfx1250's
/// fp8 WMMAs name A's and B's formats apart, B's from `bElement` (null: A's). Null where the
/// instruction is not in the table.
mlir::Operation *createMatrixCoreOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    mlir::Type abElement, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Type result,
                                    const MatrixCoreModifiers &modifiers = {},
                                    mlir::Type bElement = {});

/// The type `atom`'s intrinsic takes a lane's `values` A or B elements as: bf16 as i16 lanes
/// where it takes them so, MFMA's 8-bit values eight to an i64, WMMA's integers as i32 words.
mlir::Type matrixCoreOperandType(mlir::Builder &b, llvm::StringRef atom, mlir::Type abElement,
                                 int64_t values);

/// The CBSZ / BLGP code of a block-scaled MFMA operand format: "e4m3" 0, "e5m2" 1, "e2m3" 2,
/// "e3m2" 3, "e2m1" 4; -1 for any other name.
int scaledMfmaFormatCode(llvm::StringRef format);

/// The rocdl op of CDNA4's scaled MFMA `atom` (v_mfma_scale_f32_16x16x128_f8f6f4 or
/// _32x32x64_) on a lane's A and B codes (vectors of one code each: fp8 values, fp6 / fp4 codes
/// in i8, or fp6 / fp4 as i6 / i4) packed into as many dwords as their formats' bits (code v at
/// bit v x bits), formats given by their codes, accumulator c, and each operand's scale register
/// (i32) with the byte of it that holds this lane's scale (opsel, 0..3). Null for another
/// instruction.
mlir::Operation *createScaledMfmaOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    int formatA, int formatB, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Value scaleA, int64_t opselA,
                                    mlir::Value scaleB, int64_t opselB);

/// The rocdl op of gfx1250's scaled WMMA `atom` (v_wmma_scale_f32_16x16x128_f8f6f4 or
/// v_wmma_scale_f32_32x16x128_f4) on a lane's A and B codes (packed as createScaledMfmaOp packs
/// them), accumulator c, and each operand's scale register, i32 (a scale per 32 K values) or
/// i64 (per 16: the SCALE16 form), with the scale row that opsel picks (0, 1), the C modifier
/// and the operand-reuse hints. Null for another instruction.
mlir::Operation *createScaledWmmaOp(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef atom,
                                    int formatA, int formatB, mlir::Value a, mlir::Value bValue,
                                    mlir::Value c, mlir::Value scaleA, int64_t opselA,
                                    mlir::Value scaleB, int64_t opselB, int64_t modC, bool reuseA,
                                    bool reuseB);

} // namespace fly::ir

#endif // FLYDSL_IR_AMD_MATRIX_CORE_H
