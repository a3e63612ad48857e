//===- buffer_ops.h - AMD buffer loads and stores, per target --------*- C++ -*-===//
//
// The kernel builder emits AMD buffer access as ROCDL ops (make.buffer.rsrc,
// raw.ptr.buffer.load/store) on every target. On rocm the hardware checks the bounds and only
// the descriptor's flags word, which depends on the arch, is filled in; on the other targets
// each access becomes a checked load or store with the same result: outside the resource a
// load gives zeros and a store is dropped, element by element. A buffer load into LDS
// (raw.ptr.buffer.load.lds) writes lane i's bytes at its LDS base + i * size, as the hardware.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_BUFFER_OPS_H
#define FLYDSL_COMPILER_BUFFER_OPS_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace fly::compiler {

/// rocm: sets the flags word of every buffer resource for `arch`.
void setBufferFlags(mlir::ModuleOp m, const std::string &arch);

/// rocm: buffer loads and stores of byte vectors (fp8, i8) and other vectors AMDGPU's
/// instruction selection does not take as ones of dwords of the same width; throws
/// CompileError for an access of a size no buffer instruction has.
void moveBufferBytesAsDwords(mlir::ModuleOp m);

/// rocm: throws CompileError where a buffer op does not exist on `arch`: a load into LDS needs
/// gfx9 (128 bits gfx950); an atomic add gfx9 or gfx12, of a bf16 pair gfx950 or gfx12.
void checkBufferOps(mlir::ModuleOp m, const std::string &arch);

/// cpu and cuda: replaces buffer ops by bounds-checked loads and stores of global memory (a
/// load into LDS by such a load and a store where the lane's bytes land, an atomic add by one
/// atomic add per lane).
void emulateBufferOps(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_BUFFER_OPS_H
