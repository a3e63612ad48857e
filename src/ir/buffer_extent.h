//===- buffer_extent.h - buffer resources bounded at their tensor ---------===//
//
// FlyDSL's make_buffer_tensor (max_size=True) asks for a resource of 2^32 - 1 bytes, through
// which a vector access that straddles the tensor's end reads the tensor's bytes and whatever
// memory follows. The builder bounds such a resource at the tensor's extent instead (nothing
// past it is touched), and marks it so that the cpu target's emulation keeps every byte of the
// tensor in a straddling access rather than zeroing whole elements.
//
//===----------------------------------------------------------------------===//

#ifndef FLY_IR_BUFFER_EXTENT_H
#define FLY_IR_BUFFER_EXTENT_H

namespace fly::ir {

/// The unit attribute on a rocdl.make.buffer.rsrc that is bounded at its tensor's extent.
inline constexpr const char *kTensorExtentResource = "fly.tensor_extent";

} // namespace fly::ir

#endif // FLY_IR_BUFFER_EXTENT_H
