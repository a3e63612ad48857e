//===- cuda_stream_memory.h - Memory allocated and freed in stream order -*- C++ -*-===//
#ifndef FLYDSL_RUNTIME_CUDA_CUDA_STREAM_MEMORY_H
#define FLYDSL_RUNTIME_CUDA_CUDA_STREAM_MEMORY_H

#include <cstddef>

namespace fly::runtime::cuda {

/// `bytes` of device memory of `device` that work queued on `stream` after this call may
/// use, until streamFree queues its release on the stream. Throws DriverError.
void *streamAllocate(int device, void *stream, size_t bytes);
void streamFree(int device, void *stream, void *data);

} // namespace fly::runtime::cuda

#endif // FLYDSL_RUNTIME_CUDA_CUDA_STREAM_MEMORY_H
