//===- fly_nvvm_dialect.h - NVIDIA atoms for the Fly dialect ----*- C++ -*-===//
//
// NVIDIA's instructions as types that the Fly dialect's atoms wrap, and its mbarriers as ops:
// the sibling of FlyROCDL.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H
#define FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H

#include "ir/fly/fly_dialect.h"

#include "FlyNVVMDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyNVVMTypes.h.inc"

#define GET_OP_CLASSES
#include "FlyNVVMOps.h.inc"

#endif // FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H
