//===- tma_descriptors.h - CUDA tensor maps in device memory -----------------------===//
//
// A kernel reads its TMA descriptors from global memory. Each distinct descriptor is encoded
// (cuTensorMapEncodeTiled) and copied to the device once per context; launches with the same
// tensors and boxes reuse the copy, so a repeated launch costs a lookup.
//
//===-------------------------------------------------------------------------------===//

#ifndef FLYDSL_RUNTIME_CUDA_TMA_DESCRIPTORS_H
#define FLYDSL_RUNTIME_CUDA_TMA_DESCRIPTORS_H

#include "runtime/cuda/cuda_driver.h"
#include "runtime/gpu/tma_box.h"

namespace fly::runtime::cuda {

/// The device address of `box`'s tensor map in `context` (current on this thread). Throws
/// DriverError when the driver cannot encode it.
CUdeviceptr tmaDescriptor(const Driver &d, CUcontext context, const gpu::TmaBox &box);

} // namespace fly::runtime::cuda

#endif // FLYDSL_RUNTIME_CUDA_TMA_DESCRIPTORS_H
