//===- stream_blocks.h - Device memory the library allocated in stream order -*- C++ -*-===//
//
// A block allocated in stream order under CUDA (or HIP) graph capture is an address range the
// graph reserves and maps only when it runs, so the driver's pointer queries do not know it
// yet when the captured launches that use it are checked. The blocks are remembered here from
// allocation to release, and the launch checks ask here first.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_GPU_STREAM_BLOCKS_H
#define FLYDSL_RUNTIME_GPU_STREAM_BLOCKS_H

#include <cstddef>

namespace fly::runtime::gpu {

enum class Runtime { Cuda, Hip };

void rememberStreamBlock(Runtime r, const void *data, size_t bytes, int device);
void forgetStreamBlock(Runtime r, const void *data);
/// The device of the remembered block of runtime `r` that holds `p`, or -1.
int deviceOfStreamBlock(Runtime r, const void *p);

} // namespace fly::runtime::gpu

#endif // FLYDSL_RUNTIME_GPU_STREAM_BLOCKS_H
