//===- amd_wave_ops.h - AMD's wave instructions on the other targets -*- C++ -*-===//
//
// The kernel builder emits AMD's DPP moves (rocdl.update.dpp), readfirstlane and scheduling
// and wait hints (rocdl.sched.barrier, sched.group.barrier, s.waitcnt, s.setprio) on every
// target, and its ballot (rocdl.ballot). rocm keeps them. Elsewhere a DPP move is the shuffle of
// the lane its control names, masked as the hardware masks rows, banks and lanes whose source
// lies outside (cpu; cuda has no DPP), readfirstlane reads lane 0, a ballot is the warp's vote
// (cuda) or the wave's predicates gathered by xor shuffles (cpu), and the hints, which change
// no result, go. gfx950's transposing LDS reads (rocdl.ds.read.tr16.b64 / tr8.b64) are each
// lane's 64-bit load and the exchange of its values by shuffles on cpu and cuda.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_AMD_WAVE_OPS_H
#define FLYDSL_COMPILER_AMD_WAVE_OPS_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace fly::compiler {

/// cpu: every DPP move becomes an index shuffle over the wave of `wave` lanes and selects;
/// readfirstlane, ballots and the hints as above.
void emulateAmdWaveOps(mlir::ModuleOp m, int wave);

/// rocm: a CompileError where a transposing LDS read (rocdl.ds.read.tr16.b64 / tr8.b64) is
/// compiled for another arch than gfx950.
void checkTransposedLdsReads(mlir::ModuleOp m, const std::string &arch);

/// cuda: a CompileError naming the first DPP move, which NVIDIA GPUs cannot run;
/// readfirstlane reads lane 0 of the warp, a ballot is the warp's vote, and the hints go.
void lowerAmdWaveOpsForCuda(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_AMD_WAVE_OPS_H
