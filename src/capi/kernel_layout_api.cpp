//===- kernel_layout_api.cpp - Layouts, tensors and copies inside kernels (C API) ------===//
//
// Each in-kernel algebra call is named after its host twin with `fly_kernel_` in front
// (fly_layout_unary -> fly_kernel_layout_unary) and takes the same op numbers; operands and
// results are fly_value_t handles of the kinds in fly_value_kind.
//
//===---------------------------------------------------------------------------------===//

#include "capi/handles.h"
#include "capi/kernel_values.h"
#include "capi/status.h"

using namespace fly;
using namespace fly::capi;

namespace {
/// A C string argument; NULL becomes the kernel's error and an empty string.
bool textArg(ir::Kernel *k, const char *s, const char *what, std::string &out) {
  if (!s) {
    k->reject(std::string(what) + " is NULL");
    return false;
  }
  out = s;
  return true;
}
} // namespace

fly_value_t *fly_kernel_tensor_param_spec(fly_kernel_t *k, int dtype, int rank,
                                          const int64_t *shape, const int64_t *stride,
                                          int64_t align_bytes) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  if (!ok)
    return kernelCall(K, [&] { return handle(K->tensorParam(ir::DType::Index, 0)); });
  ir::TensorSpec spec;
  if (rank > 0 && rank <= 8) {
    if (shape)
      spec.shape.assign(shape, shape + rank);
    if (stride)
      spec.stride.assign(stride, stride + rank);
  }
  spec.alignBytes = align_bytes;
  return kernelCall(K, [&] { return handle(K->tensorParam(d, rank, spec)); });
}

int fly_value_kind_of(fly_kernel_t *k, fly_value_t *v) {
  FLY_KERNEL_OR(k, -1);
  std::string before = K->error();
  ir::ValueKind kind = K->kindOf(val(v));
  return K->error() != before ? -1 : static_cast<int>(kind);
}

int fly_kernel_scalar_constant(fly_kernel_t *k, fly_value_t *v, int64_t *value) {
  FLY_KERNEL_OR(k, -1);
  if (!value) {
    K->reject("value (the output) must not be NULL");
    return -1;
  }
  std::string before = K->error();
  std::optional<int64_t> c = K->scalarConstant(val(v));
  if (K->error() != before)
    return -1;
  if (c)
    *value = *c;
  return c ? 1 : 0;
}

int fly_kernel_tensor_address_space(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, -1);
  return K->addressSpaceOf(val(tensor));
}

fly_value_t *fly_kernel_int_tuple(fly_kernel_t *k, const char *text, fly_value_t *const *dynamic,
                                  size_t n) {
  FLY_KERNEL_OR(k, nullptr);
  std::string t;
  return textArg(K, text, "tuple text", t)
             ? kernelCall(K, [&] { return handle(K->intTuple(t, values(dynamic, n))); })
             : nullptr;
}

fly_value_t *fly_kernel_layout(fly_kernel_t *k, const char *text, fly_value_t *const *dynamic,
                               size_t n) {
  FLY_KERNEL_OR(k, nullptr);
  std::string t;
  return textArg(K, text, "layout text", t)
             ? kernelCall(K, [&] { return handle(K->layoutValue(t, values(dynamic, n))); })
             : nullptr;
}

fly_value_t *fly_kernel_layout_from_host(fly_kernel_t *k, const fly_layout_t *layout) {
  FLY_KERNEL_OR(k, nullptr);
  std::string text;
  fly_status s =
      guard([&] { text = plainLayout(layout, "layout", "a layout inside a kernel").str(); });
  if (s != FLY_OK) {
    K->reject(fly_last_error_message());
    return nullptr;
  }
  return kernelCall(K, [&] { return handle(K->layoutValue(text, {})); });
}

fly_status fly_kernel_value_to_string(fly_kernel_t *k, fly_value_t *v, char **text) {
  return guard([&] {
    requireOut(text, "text");
    ir::Kernel *K = kernelOrNull(k);
    if (!K)
      fail(FLY_ERROR_INVALID_HANDLE, "kernel is not a live kernel handle");
    std::optional<std::string> s = K->text(val(v));
    if (!s)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           K->error().empty() ? "value is not a live value of this kernel" : K->error());
    *text = copyString(*s);
  });
}

fly_status fly_kernel_value_owner(fly_kernel_t *k, fly_value_t *v, uint64_t *id, char **name) {
  return guard([&] {
    requireOut(id, "id");
    requireOut(name, "name");
    ir::Kernel *K = kernelOrNull(k);
    if (!K)
      fail(FLY_ERROR_INVALID_HANDLE, "kernel is not a live kernel handle");
    auto owner = K->owner(val(v));
    if (!owner)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           K->error().empty() ? "value is not a live value of this kernel" : K->error());
    *id = owner->first;
    *name = copyString(owner->second);
  });
}

fly_value_t *fly_kernel_tuple_leaf(fly_kernel_t *k, fly_value_t *tuple, int index) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tupleLeaf(val(tuple), index)); });
}

fly_value_t *fly_kernel_tensor_layout(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tensorLayout(val(tensor))); });
}

fly_value_t *fly_kernel_layout_unary(fly_kernel_t *k, int op, fly_value_t *layout) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->layoutUnary(op, val(layout))); });
}

fly_value_t *fly_kernel_layout_query(fly_kernel_t *k, int which, fly_value_t *layout) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->layoutQuery(which, val(layout))); });
}

fly_value_t *fly_kernel_layout_binary(fly_kernel_t *k, int op, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->layoutBinary(op, val(a), val(b))); });
}

fly_value_t *fly_kernel_layout_tiler_op(fly_kernel_t *k, int op, fly_value_t *layout,
                                        const char *tiler) {
  FLY_KERNEL_OR(k, nullptr);
  std::string t;
  return textArg(K, tiler, "tiler", t)
             ? kernelCall(K, [&] { return handle(K->tilerOp(op, val(layout), t)); })
             : nullptr;
}

fly_value_t *fly_kernel_slice(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->slice(val(layout), val(coord))); });
}

fly_value_t *fly_kernel_dice(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->dice(val(layout), val(coord))); });
}

fly_value_t *fly_kernel_local_partition(fly_kernel_t *k, fly_value_t *tensor,
                                        fly_value_t *thr_layout, fly_value_t *thr_idx) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(
      K, [&] { return handle(K->localPartition(val(tensor), val(thr_layout), val(thr_idx))); });
}

fly_value_t *fly_kernel_crd2idx(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->crd2idx(val(layout), val(coord))); });
}

fly_value_t *fly_kernel_make_tensor(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *layout) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->makeTensor(val(tensor), val(layout))); });
}

fly_value_t *fly_kernel_make_identity_tensor(fly_kernel_t *k, fly_value_t *shape) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->identityTensor(val(shape))); });
}

fly_value_t *fly_kernel_make_fragment(fly_kernel_t *k, fly_value_t *layout_or_tensor, int dtype) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return kernelCall(
      K, [&] { return handle(K->fragment(val(layout_or_tensor), ok ? d : ir::DType::Index)); });
}

fly_value_t *fly_kernel_make_rmem_tensor(fly_kernel_t *k, fly_value_t *layout, int dtype) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return kernelCall(K,
                    [&] { return handle(K->rmemTensor(val(layout), ok ? d : ir::DType::Index)); });
}

fly_value_t *fly_kernel_swizzle_tensor(fly_kernel_t *k, fly_value_t *tensor, int bits, int base,
                                       int shift, int64_t offset) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(
      K, [&] { return handle(K->swizzleTensor(val(tensor), bits, base, shift, offset)); });
}

fly_value_t *fly_kernel_swizzle_offset(fly_kernel_t *k, fly_value_t *offset, int bits, int base,
                                       int shift) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->swizzleOffset(val(offset), bits, base, shift)); });
}

fly_value_t *fly_kernel_recast_tensor(fly_kernel_t *k, fly_value_t *tensor, int dtype) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return kernelCall(
      K, [&] { return handle(K->recastTensor(val(tensor), ok ? d : ir::DType::Index)); });
}

fly_value_t *fly_kernel_tensor_address(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tensorAddress(val(tensor))); });
}

fly_value_t *fly_kernel_tensor_at_address(fly_kernel_t *k, fly_value_t *address, int dtype,
                                          int address_space) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return kernelCall(K, [&] {
    return handle(K->tensorAtAddress(val(address), ok ? d : ir::DType::Index,
                                     address_space < 0 ? 0u : unsigned(address_space)));
  });
}

fly_value_t *fly_kernel_make_buffer_tensor(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->makeBufferTensor(val(tensor))); });
}

fly_value_t *fly_kernel_make_buffer_tensor_bytes(fly_kernel_t *k, fly_value_t *tensor,
                                                 fly_value_t *num_bytes) {
  FLY_KERNEL_OR(k, nullptr);
  if (!num_bytes) {
    K->reject("make_buffer_tensor_bytes: num_bytes is NULL");
    return nullptr;
  }
  return kernelCall(K, [&] { return handle(K->makeBufferTensor(val(tensor), val(num_bytes))); });
}

fly_value_t *fly_load_at(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *coord,
                         fly_value_t *pred) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->loadAt(val(tensor), val(coord), val(pred))); });
}

void fly_store_at(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value, fly_value_t *coord,
                  fly_value_t *pred) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->storeAt(val(tensor), val(value), val(coord), val(pred)); });
}

fly_value_t *fly_fragment_load(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->fragmentLoad(val(tensor))); });
}

void fly_fragment_store(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *vec) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->fragmentStore(val(tensor), val(vec)); });
}

void fly_fragment_fill(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->fragmentFill(val(tensor), val(value)); });
}

fly_value_t *fly_kernel_elem_less(fly_kernel_t *k, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->elemLess(val(a), val(b))); });
}

fly_value_t *fly_kernel_tuple_equal(fly_kernel_t *k, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tupleEqual(val(a), val(b))); });
}

fly_value_t *fly_kernel_tuple_binary(fly_kernel_t *k, int op, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tupleBinary(op, val(a), val(b))); });
}

fly_value_t *fly_kernel_tuple_unary(fly_kernel_t *k, int op, fly_value_t *a) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->tupleUnary(op, val(a))); });
}

fly_value_t *fly_kernel_layout_coord(fly_kernel_t *k, int op, fly_value_t *layout,
                                     fly_value_t *index) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->layoutCoord(op, val(layout), val(index))); });
}

fly_value_t *fly_kernel_copy_atom(fly_kernel_t *k, int op, int bits, int dtype) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  if (op < FLY_COPY_UNIVERSAL || op > FLY_COPY_BUFFER_TO_LDS) {
    K->reject("unknown copy op " + std::to_string(op));
    return nullptr;
  }
  return kernelCall(K, [&] {
    return handle(K->copyAtom(static_cast<ir::CopyOp>(op), bits, ok ? d : ir::DType::Index));
  });
}

namespace {
/// Whether `op` is a fly_atomic_op; the kernel's error where it is not.
bool atomicOpArg(ir::Kernel *K, int op) {
  if (op >= FLY_ATOMIC_ADD && op <= FLY_ATOMIC_DEC)
    return true;
  K->reject("unknown atomic op " + std::to_string(op));
  return false;
}
} // namespace

fly_value_t *fly_kernel_atomic_copy_atom(fly_kernel_t *k, int op, int dtype,
                                         const char *syncscope) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  if (!atomicOpArg(K, op))
    return nullptr;
  return kernelCall(K, [&] {
    return handle(K->atomicCopyAtom(static_cast<ir::AtomicOp>(op), ok ? d : ir::DType::Index,
                                    syncscope ? syncscope : ""));
  });
}

fly_value_t *fly_kernel_buffer_atomic_copy_atom(fly_kernel_t *k, int op, int dtype, int lanes) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  if (!atomicOpArg(K, op))
    return nullptr;
  return kernelCall(K, [&] {
    return handle(
        K->bufferAtomicCopyAtom(static_cast<ir::AtomicOp>(op), ok ? d : ir::DType::Index, lanes));
  });
}

fly_value_t *fly_kernel_tiled_copy(fly_kernel_t *k, fly_value_t *atom, fly_value_t *layout_tv,
                                   const char *tile) {
  FLY_KERNEL_OR(k, nullptr);
  std::string t;
  return textArg(K, tile, "tile", t)
             ? kernelCall(K, [&] { return handle(K->tiledCopy(val(atom), val(layout_tv), t)); })
             : nullptr;
}

fly_value_t *fly_kernel_tiled_copy_for_mma(fly_kernel_t *k, fly_value_t *atom,
                                           fly_value_t *tiled_mma, int operand) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K,
                    [&] { return handle(K->tiledCopyForMma(val(atom), val(tiled_mma), operand)); });
}

fly_value_t *fly_kernel_tiled_copy_partition(fly_kernel_t *k, fly_value_t *tiled_copy,
                                             fly_value_t *thr_idx, fly_value_t *tensor,
                                             int source) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] {
    return handle(K->partition(val(tiled_copy), val(thr_idx), val(tensor), source != 0));
  });
}

fly_value_t *fly_kernel_tiled_copy_retile(fly_kernel_t *k, fly_value_t *tiled_copy,
                                          fly_value_t *fragment) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] { return handle(K->retile(val(tiled_copy), val(fragment))); });
}

void fly_kernel_copy(fly_kernel_t *k, fly_value_t *atom, fly_value_t *src, fly_value_t *dst,
                     fly_value_t *pred) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->copy(val(atom), val(src), val(dst), val(pred)); });
}

void fly_kernel_gather(fly_kernel_t *k, fly_value_t *atom, fly_value_t *base, fly_value_t *offsets,
                       fly_value_t *dst, fly_value_t *pred) {
  FLY_KERNEL_OR(k, );
  kernelCall(
      K, [&] { K->gatherScatter(val(atom), val(base), val(offsets), val(dst), val(pred), false); });
}

void fly_kernel_scatter(fly_kernel_t *k, fly_value_t *atom, fly_value_t *src, fly_value_t *base,
                        fly_value_t *offsets, fly_value_t *pred) {
  FLY_KERNEL_OR(k, );
  kernelCall(
      K, [&] { K->gatherScatter(val(atom), val(base), val(offsets), val(src), val(pred), true); });
}

void fly_kernel_cp_async_wait(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->cpAsyncWait(); });
}

void fly_kernel_cp_async_commit(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->cpAsyncCommit(); });
}

void fly_kernel_cp_async_wait_group(fly_kernel_t *k, int pending) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->cpAsyncWaitGroup(pending); });
}

fly_value_t *fly_kernel_tma_descriptor(fly_kernel_t *k, fly_value_t *tensor, const int64_t *box,
                                       int rank, int swizzle_bytes) {
  FLY_KERNEL_OR(k, nullptr);
  std::vector<int64_t> extents;
  if (rank > 0 && rank <= 8) {
    if (!box)
      return kernelCall(K, [&] { return handle(K->tmaDescriptor(val(tensor), {}, -1)); });
    extents.assign(box, box + rank);
  }
  return kernelCall(K,
                    [&] { return handle(K->tmaDescriptor(val(tensor), extents, swizzle_bytes)); });
}

void fly_kernel_mbarrier_init(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                              int64_t arrivals) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->mbarrierInit(val(bars), val(index), arrivals); });
}

void fly_kernel_mbarrier_arrive(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                                int64_t tx_bytes) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->mbarrierArrive(val(bars), val(index), tx_bytes); });
}

void fly_kernel_mbarrier_wait(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                              fly_value_t *parity) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->mbarrierWait(val(bars), val(index), val(parity)); });
}

void fly_kernel_tma_load(fly_kernel_t *k, fly_value_t *desc, fly_value_t *dst, fly_value_t *coord,
                         fly_value_t *bars, fly_value_t *index) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->tmaLoad(val(desc), val(dst), val(coord), val(bars), val(index)); });
}

void fly_kernel_tma_store(fly_kernel_t *k, fly_value_t *desc, fly_value_t *src,
                          fly_value_t *coord) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->tmaStore(val(desc), val(src), val(coord)); });
}

void fly_kernel_tma_store_wait(fly_kernel_t *k, int64_t pending) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->tmaStoreWait(pending); });
}

void fly_kernel_named_barrier(fly_kernel_t *k, int64_t id, int64_t threads) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->namedBarrier(id, threads); });
}

void fly_kernel_grid_dependency_wait(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->gridDependencyWait(); });
}

void fly_kernel_launch_dependents(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->launchDependents(); });
}

void fly_kernel_set_block_size(fly_kernel_t *k, int64_t x, int64_t y, int64_t z) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->setBlockSize(x, y, z); });
}

void fly_kernel_set_max_registers(fly_kernel_t *k, int64_t count, int increase) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->setMaxRegisters(count, increase != 0); });
}

void fly_kernel_fence_proxy_async(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->fenceProxyAsync(); });
}
