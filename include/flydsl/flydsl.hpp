//===- flydsl.hpp - Header-only C++ wrapper over the C API ------*- C++ -*-===//
//
// RAII handles and exceptions over flydsl.h: layouts, and kernels with layouts, tensors and
// tiled copies inside them. Every call goes through the C ABI, so this header works with any
// build of libflydsl.so.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_FLYDSL_HPP
#define FLYDSL_FLYDSL_HPP

#include "flydsl/flydsl.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace flydsl {

class Error : public std::runtime_error {
public:
  Error(fly_status status, const std::string &message)
      : std::runtime_error(message), status_(status) {}
  fly_status status() const { return status_; }

private:
  fly_status status_;
};

inline void check(fly_status s) {
  if (s != FLY_OK)
    throw Error(s, fly_last_error_message());
}

/// The string a call gives through `out` (char **), which the library allocated: copied, freed.
template <class Call> std::string takeString(Call call) {
  char *s = nullptr;
  check(call(&s));
  std::string r(s);
  fly_string_free(s);
  return r;
}

/// An IntTuple in the C API's token form.
using Tuple = std::vector<int64_t>;

inline Tuple parseTuple(const std::string &text) {
  int64_t *tokens = nullptr;
  size_t n = 0;
  check(fly_tuple_parse(text.c_str(), &tokens, &n));
  Tuple t(tokens, tokens + n);
  fly_tuple_free(tokens);
  return t;
}

class TiledMma;

class Layout {
public:
  explicit Layout(const std::string &text) {
    fly_layout_t *h = nullptr;
    check(fly_layout_parse(text.c_str(), &h));
    handle_.reset(h);
  }
  /// make_layout(shape, stride); an empty stride gives compact column-major strides.
  Layout(const Tuple &shape, const Tuple &stride) {
    fly_layout_t *h = nullptr;
    check(fly_layout_make(shape.data(), shape.size(), stride.empty() ? nullptr : stride.data(),
                          stride.size(), &h));
    handle_.reset(h);
  }

  std::string str() const {
    return takeString([&](char **s) { return fly_layout_to_string(get(), s); });
  }
  int64_t size() const { return query(fly_layout_size); }
  int64_t cosize() const { return query(fly_layout_cosize); }
  int64_t rank() const { return query(fly_layout_rank); }
  int64_t operator()(const Tuple &crd) const {
    int64_t r = 0;
    check(fly_layout_crd2idx(get(), crd.data(), crd.size(), &r));
    return r;
  }
  int64_t operator()(int64_t idx) const { return (*this)(Tuple{idx}); }
  bool operator==(const Layout &o) const {
    int r = 0;
    check(fly_layout_equal(get(), o.get(), &r));
    return r != 0;
  }

  Layout coalesce() const { return unary(FLY_LAYOUT_COALESCE); }
  Layout complement() const { return unary(FLY_LAYOUT_COMPLEMENT); }
  Layout rightInverse() const { return unary(FLY_LAYOUT_RIGHT_INVERSE); }
  Layout leftInverse() const { return unary(FLY_LAYOUT_LEFT_INVERSE); }
  /// CuTe's make_fragment_like: compact, mode 0 first, the other modes by their strides.
  Layout makeFragmentLike() const { return unary(FLY_LAYOUT_MAKE_FRAGMENT_LIKE); }
  /// CuTe's make_layout_like: compact strides in the order of this layout's.
  Layout makeLayoutLike() const { return unary(FLY_LAYOUT_MAKE_LAYOUT_LIKE); }
  Layout compose(const Layout &b) const { return binary(FLY_LAYOUT_COMPOSITION, b); }
  Layout rakedProduct(const Layout &b) const { return binary(FLY_LAYOUT_RAKED_PRODUCT, b); }
  Layout tiled(fly_tiler_op op, const std::string &tiler) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_tiler_op(op, get(), tiler.c_str(), &h));
    return Layout(h);
  }
  Layout logicalDivide(const std::string &tiler) const {
    return tiled(FLY_TILER_LOGICAL_DIVIDE, tiler);
  }

  const fly_layout_t *get() const { return handle_.get(); }

private:
  friend class TiledMma;
  explicit Layout(fly_layout_t *adopted) : handle_(adopted) {}
  int64_t query(fly_status (*f)(const fly_layout_t *, int64_t *)) const {
    int64_t r = 0;
    check(f(get(), &r));
    return r;
  }
  Layout unary(fly_layout_unary_op op) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_unary(op, get(), &h));
    return Layout(h);
  }
  Layout binary(fly_layout_binary_op op, const Layout &b) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_binary(op, get(), b.get(), &h));
    return Layout(h);
  }

  struct Deleter {
    void operator()(fly_layout_t *l) const { fly_layout_destroy(l); }
  };
  std::unique_ptr<fly_layout_t, Deleter> handle_;
};

/// A tiled MMA: an MMA atom laid over threads (CuTe's make_tiled_mma).
class TiledMma {
public:
  /// atomLayout: CuTe text of the (M, N, K) atom layout ("" for one atom).
  TiledMma(fly_mma_family family, int64_t m, int64_t n, int64_t k, fly_dtype abType, int wave,
           const std::string &atomLayout = "", const std::string &permutation = "") {
    std::unique_ptr<Layout> atoms;
    if (!atomLayout.empty())
      atoms = std::make_unique<Layout>(atomLayout);
    fly_tiled_mma_t *h = nullptr;
    check(fly_tiled_mma_create(family, m, n, k, abType, wave, atoms ? atoms->get() : nullptr,
                               permutation.empty() ? nullptr : permutation.c_str(), &h));
    handle_.reset(h);
  }
  /// CDNA4's block-scaled MFMA (16x16x128 or 32x32x64) for A and B in the given formats.
  static TiledMma scaled(int64_t m, int64_t n, int64_t k, fly_mx_format aFormat,
                         fly_mx_format bFormat, const std::string &atomLayout = "",
                         const std::string &permutation = "") {
    std::unique_ptr<Layout> atoms;
    if (!atomLayout.empty())
      atoms = std::make_unique<Layout>(atomLayout);
    fly_tiled_mma_t *h = nullptr;
    check(fly_tiled_mma_create_scaled(m, n, k, aFormat, bFormat, atoms ? atoms->get() : nullptr,
                                      permutation.empty() ? nullptr : permutation.c_str(), &h));
    return TiledMma(h);
  }
  int64_t threads() const { return size().first; }
  /// The tile one pass of the tiled MMA covers: M, N and K.
  std::vector<int64_t> tileMnk() const {
    auto s = size().second;
    return {s[0], s[1], s[2]};
  }
  /// The tiled MMA's thread-value layout of an operand: (thread, value) -> the element's
  /// index in the operand's tile (tileMnk's M x K, N x K or M x N, column-major), CuTe's
  /// get_layoutA/B/C_TV.
  Layout layoutTv(fly_mma_operand operand) const {
    fly_layout_t *h = nullptr;
    check(fly_tiled_mma_layout_tv(get(), operand, &h));
    return Layout(h);
  }
  const fly_tiled_mma_t *get() const { return handle_.get(); }

private:
  explicit TiledMma(fly_tiled_mma_t *h) { handle_.reset(h); }
  std::pair<int64_t, std::vector<int64_t>> size() const {
    int64_t threads = 0;
    std::vector<int64_t> tile(3);
    check(fly_tiled_mma_size(get(), &threads, tile.data()));
    return {threads, tile};
  }
  struct Deleter {
    void operator()(fly_tiled_mma_t *t) const { fly_tiled_mma_destroy(t); }
  };
  std::unique_ptr<fly_tiled_mma_t, Deleter> handle_;
};

/// The target and arch fly_compile would choose for `target` ("": the library's choice).
inline std::pair<std::string, std::string> resolveTarget(const std::string &target = "") {
  fly_compile_options_t options = {sizeof(options), target.empty() ? nullptr : target.c_str(),
                                   nullptr, 2, nullptr, 0};
  char *t = nullptr, *a = nullptr;
  check(fly_resolve_target(&options, &t, &a));
  std::pair<std::string, std::string> out(t, a);
  fly_string_free(t);
  fly_string_free(a);
  return out;
}

/// A module of kernels; owns them and every value they hold.
class Module {
public:
  Module() : handle_(nullptr, Deleter{true}) {
    fly_module_t *m = nullptr;
    check(fly_module_create(&m));
    handle_.reset(m);
  }
  /// A view of a module owned elsewhere (the one fly_compile_keyed hands its builder).
  static Module borrow(fly_module_t *m) { return Module(m, false); }
  /// A module of MLIR text, for str() and runPasses() (it does not compile).
  static Module parse(const std::string &text) {
    fly_module_t *m = nullptr;
    check(fly_module_parse(text.c_str(), &m));
    return Module(m, true);
  }
  fly_module_t *get() const { return handle_.get(); }
  /// The module's MLIR text.
  std::string str() const {
    return takeString([&](char **s) { return fly_module_to_string(get(), s); });
  }
  /// A textual pass pipeline ("builtin.module(fly-layout-lowering,cse)") run on the module in
  /// place; the module then no longer compiles.
  void runPasses(const std::string &pipeline) {
    check(fly_module_run_passes(get(), pipeline.c_str()));
  }

private:
  Module(fly_module_t *m, bool owns) : handle_(m, Deleter{owns}) {}
  struct Deleter {
    bool owns;
    void operator()(fly_module_t *m) const {
      if (owns)
        fly_module_destroy(m);
    }
  };
  std::unique_ptr<fly_module_t, Deleter> handle_;
};

/// A value inside a kernel (scalar, tuple, layout, tensor, atom, tiled copy): a handle the
/// module owns, with the kernel that made it (for the operators below); NULL after a builder
/// error, which Kernel::finish reports.
struct Value {
  fly_value_t *handle = nullptr;
  fly_kernel_t *kernel = nullptr;
};

namespace detail {
inline Value binary(int op, Value a, Value b) {
  return {fly_binary(a.kernel, op, a.handle, b.handle), a.kernel};
}
inline Value compare(int op, Value a, Value b) {
  return {fly_compare(a.kernel, op, a.handle, b.handle), a.kernel};
}
/// A constant of `a`'s dtype (and lanes, for a vector).
inline Value like(Value a, double v) {
  fly_dtype d = fly_value_dtype(a.kernel, a.handle);
  bool real = d == FLY_F16 || d == FLY_BF16 || d == FLY_F32 || d == FLY_F64;
  fly_value_t *c = real ? fly_const_float(a.kernel, d, v) : fly_const_int(a.kernel, d, int64_t(v));
  int lanes = fly_value_lanes(a.kernel, a.handle);
  return {lanes > 1 ? fly_vector_splat(a.kernel, c, lanes) : c, a.kernel};
}
} // namespace detail

// Arithmetic and comparisons on scalar (or vector) kernel values; a number beside a value
// becomes a constant of the value's dtype. Integers are signed, as in the C API.
inline Value operator+(Value a, Value b) { return detail::binary(FLY_ADD, a, b); }
inline Value operator-(Value a, Value b) { return detail::binary(FLY_SUB, a, b); }
inline Value operator*(Value a, Value b) { return detail::binary(FLY_MUL, a, b); }
inline Value operator/(Value a, Value b) { return detail::binary(FLY_DIV, a, b); }
inline Value operator%(Value a, Value b) { return detail::binary(FLY_REM, a, b); }
inline Value operator-(Value a) { return {fly_unary(a.kernel, FLY_NEG, a.handle), a.kernel}; }
inline Value operator<(Value a, Value b) { return detail::compare(FLY_LT, a, b); }
inline Value operator<=(Value a, Value b) { return detail::compare(FLY_LE, a, b); }
inline Value operator>(Value a, Value b) { return detail::compare(FLY_GT, a, b); }
inline Value operator>=(Value a, Value b) { return detail::compare(FLY_GE, a, b); }
inline Value operator==(Value a, Value b) { return detail::compare(FLY_EQ, a, b); }
inline Value operator!=(Value a, Value b) { return detail::compare(FLY_NE, a, b); }
#define FLYDSL_MIXED(op)                                                                           \
  inline Value operator op(Value a, double b) { return a op detail::like(a, b); }                  \
  inline Value operator op(double a, Value b) { return detail::like(b, a) op b; }
FLYDSL_MIXED(+)
FLYDSL_MIXED(-)
FLYDSL_MIXED(*)
FLYDSL_MIXED(/)
FLYDSL_MIXED(%)
FLYDSL_MIXED(<)
FLYDSL_MIXED(<=)
FLYDSL_MIXED(>)
FLYDSL_MIXED(>=)
FLYDSL_MIXED(==)
FLYDSL_MIXED(!=)
#undef FLYDSL_MIXED

/// A kernel under construction. As in C, its first error sticks and finish() throws it.
class Kernel {
public:
  Kernel(Module &m, const std::string &name) {
    check(fly_kernel_create(m.get(), name.c_str(), &k_));
  }

  /// A tensor parameter with static extents/strides (FLY_DYNAMIC elsewhere) and alignment.
  Value tensorParam(fly_dtype dtype, const Tuple &shape, const Tuple &stride, int64_t align = 0) {
    int rank = static_cast<int>(shape.size());
    return wrap(fly_kernel_tensor_param_spec(k_, dtype, rank, shape.data(), stride.data(), align));
  }
  Value gpuIndex(fly_gpu_index_kind which, int dim = 0) {
    return wrap(fly_gpu_index(k_, which, dim));
  }
  /// A tuple or layout from CuTe text whose `?` leaves take `dynamic` in order.
  Value tuple(const std::string &text, const std::vector<Value> &dynamic = {}) {
    auto d = raw(dynamic);
    return wrap(fly_kernel_int_tuple(k_, text.c_str(), d.data(), d.size()));
  }
  Value layout(const std::string &text, const std::vector<Value> &dynamic = {}) {
    auto d = raw(dynamic);
    return wrap(fly_kernel_layout(k_, text.c_str(), d.data(), d.size()));
  }
  Value layout(const Layout &host) { return wrap(fly_kernel_layout_from_host(k_, host.get())); }
  Value tiled(fly_tiler_op op, Value x, const std::string &tiler) {
    return wrap(fly_kernel_layout_tiler_op(k_, op, x.handle, tiler.c_str()));
  }
  Value slice(Value x, Value coord) { return wrap(fly_kernel_slice(k_, x.handle, coord.handle)); }
  Value fragment(Value like, fly_dtype dtype) {
    return wrap(fly_kernel_make_fragment(k_, like.handle, dtype));
  }
  /// Registers laid out as `layout` itself (its cosize of them): FlyDSL's make_rmem_tensor.
  Value rmemTensor(Value layout, fly_dtype dtype) {
    return wrap(fly_kernel_make_rmem_tensor(k_, layout.handle, dtype));
  }
  Value copyAtom(fly_copy_op op, int bits, fly_dtype dtype) {
    return wrap(fly_kernel_copy_atom(k_, op, bits, dtype));
  }
  /// Each call combines one element into the destination atomically, at LLVM sync scope
  /// `syncscope` ("" for the system).
  Value atomicCopyAtom(fly_atomic_op op, fly_dtype dtype, const std::string &syncscope = "") {
    return wrap(fly_kernel_atomic_copy_atom(k_, op, dtype, syncscope.c_str()));
  }
  Value tiledCopy(Value atom, Value layoutTV, const std::string &tile) {
    return wrap(fly_kernel_tiled_copy(k_, atom.handle, layoutTV.handle, tile.c_str()));
  }
  Value partition(Value tiled, Value thr, Value tensor, bool source) {
    return wrap(
        fly_kernel_tiled_copy_partition(k_, tiled.handle, thr.handle, tensor.handle, source));
  }
  /// CuTe's retile_S / retile_D: a register fragment seen as the tiled copy's atom calls.
  Value retile(Value tiled, Value fragment) {
    return wrap(fly_kernel_tiled_copy_retile(k_, tiled.handle, fragment.handle));
  }
  void copy(Value atom, Value src, Value dst, Value pred = {}) {
    fly_kernel_copy(k_, atom.handle, src.handle, dst.handle, pred.handle);
  }
  /// Waits for this thread's cp.async copies (a barrier then shows them to the block).
  void cpAsyncWait() { fly_kernel_cp_async_wait(k_); }
  /// Closes a group of cp.async copies; waits until at most `pending` groups are in flight.
  void cpAsyncCommit() { fly_kernel_cp_async_commit(k_); }
  void cpAsyncWaitGroup(int pending) { fly_kernel_cp_async_wait_group(k_, pending); }
  void fenceProxyAsync() { fly_kernel_fence_proxy_async(k_); }
  void setBlockSize(int64_t x, int64_t y = 1, int64_t z = 1) {
    fly_kernel_set_block_size(k_, x, y, z);
  }
  /// setmaxnreg for the executing warpgroup (sm_90).
  void setMaxRegisters(int64_t count, bool increase) {
    fly_kernel_set_max_registers(k_, count, increase ? 1 : 0);
  }

  // Bulk tensor copies (TMA) and mbarriers.
  /// A TMA descriptor for boxes `box` of a tensor parameter (after every other parameter).
  Value tmaDescriptor(Value tensor, const Tuple &box, int swizzleBytes) {
    return wrap(fly_kernel_tma_descriptor(k_, tensor.handle, box.data(),
                                          static_cast<int>(box.size()), swizzleBytes));
  }
  void mbarrierInit(Value bars, Value index, int64_t arrivals) {
    fly_kernel_mbarrier_init(k_, bars.handle, index.handle, arrivals);
  }
  void mbarrierArrive(Value bars, Value index, int64_t txBytes = 0) {
    fly_kernel_mbarrier_arrive(k_, bars.handle, index.handle, txBytes);
  }
  void mbarrierWait(Value bars, Value index, Value parity) {
    fly_kernel_mbarrier_wait(k_, bars.handle, index.handle, parity.handle);
  }
  void tmaLoad(Value desc, Value dst, Value coord, Value bars, Value index) {
    fly_kernel_tma_load(k_, desc.handle, dst.handle, coord.handle, bars.handle, index.handle);
  }
  void tmaStore(Value desc, Value src, Value coord) {
    fly_kernel_tma_store(k_, desc.handle, src.handle, coord.handle);
  }
  void tmaStoreWait(int64_t pending) { fly_kernel_tma_store_wait(k_, pending); }
  void namedBarrier(int64_t id, int64_t threads) { fly_kernel_named_barrier(k_, id, threads); }
  void gridDependencyWait() { fly_kernel_grid_dependency_wait(k_); }
  void launchDependents() { fly_kernel_launch_dependents(k_); }

  // Tiled MMAs.
  Value tiledMma(const TiledMma &host) { return wrap(fly_kernel_tiled_mma(k_, host.get())); }
  Value mmaPartition(Value tiledMma, fly_mma_operand operand, Value thr, Value tensor) {
    return wrap(
        fly_kernel_tiled_mma_partition(k_, tiledMma.handle, operand, thr.handle, tensor.handle));
  }
  /// CuTe's make_tiled_copy_A / _B / _C: a tiled copy of `atom` with the operand's threads
  /// and values, whose retile of an MMA fragment matches its partition of a tile.
  Value tiledCopyForMma(Value atom, Value tiledMma, fly_mma_operand operand) {
    return wrap(fly_kernel_tiled_copy_for_mma(k_, atom.handle, tiledMma.handle, operand));
  }
  /// d = a * b + c over fragments of the tiled MMA's partitions.
  void gemm(Value tiledMma, Value d, Value a, Value b, Value c) {
    fly_kernel_gemm(k_, tiledMma.handle, d.handle, a.handle, b.handle, c.handle);
  }
  /// gemm of a scaled atom: scaleA and scaleB are i8 (E8M0) fragments of the scales'
  /// FLY_MMA_SFA and FLY_MMA_SFB partitions.
  void gemmScaled(Value tiledMma, Value d, Value a, Value b, Value c, Value scaleA, Value scaleB) {
    fly_kernel_gemm_scaled(k_, tiledMma.handle, d.handle, a.handle, b.handle, c.handle,
                           scaleA.handle, scaleB.handle);
  }
  /// gemm of wgmma atoms left in flight; wgmmaWait(n, d) makes d's values readable.
  void gemmAsync(Value tiledMma, Value d, Value a, Value b, Value c) {
    fly_kernel_gemm_async(k_, tiledMma.handle, d.handle, a.handle, b.handle, c.handle);
  }
  void wgmmaWait(int pending, Value accumulators = {}) {
    fly_kernel_wgmma_wait(k_, pending, accumulators.handle);
  }
  /// Thread thr's fragment of operand A or B from shared memory (ldmatrix where it applies).
  void mmaLoad(Value tiledMma, fly_mma_operand operand, Value thr, Value shared, Value fragment) {
    fly_kernel_mma_load(k_, tiledMma.handle, operand, thr.handle, shared.handle, fragment.handle);
  }
  /// A tuple, layout or tensor's layout as CuTe text (`?` for dynamic leaves).
  std::string text(Value v) {
    return takeString([&](char **s) { return fly_kernel_value_to_string(k_, v.handle, s); });
  }
  void finish() { check(fly_kernel_finish(k_)); }
  fly_kernel_t *get() const { return k_; }

  Value scalarParam(fly_dtype dtype) { return wrap(fly_kernel_scalar_param(k_, dtype)); }
  Value constInt(fly_dtype dtype, int64_t v) { return wrap(fly_const_int(k_, dtype, v)); }
  Value constFloat(fly_dtype dtype, double v) { return wrap(fly_const_float(k_, dtype, v)); }
  Value unary(fly_unary_op op, Value a) { return wrap(fly_unary(k_, op, a.handle)); }
  Value cast(Value a, fly_dtype to) { return wrap(fly_cast(k_, a.handle, to)); }
  Value cast(Value a, fly_dtype to, int flags) {
    return wrap(fly_cast_ext(k_, a.handle, to, flags));
  }
  Value select(Value cond, Value a, Value b) {
    return wrap(fly_select(k_, cond.handle, a.handle, b.handle));
  }
  /// t[coord], zero where `pred` (if given) is false.
  Value load(Value t, const std::vector<Value> &coord, Value pred = {}) {
    auto c = raw(coord);
    return wrap(fly_load(k_, t.handle, c.data(), c.size(), pred.handle));
  }
  /// The extent (i64) of a tensor's mode.
  Value tensorDim(Value t, int mode) { return wrap(fly_tensor_dim(k_, t.handle, mode)); }
  /// t[coord] = v, skipped where `pred` (if given) is false.
  void store(Value t, Value v, const std::vector<Value> &coord, Value pred = {}) {
    auto c = raw(coord);
    fly_store(k_, t.handle, v.handle, c.data(), c.size(), pred.handle);
  }
  /// t[coord] combined with v by `op`, atomically; returns the old element.
  Value atomic(fly_atomic_op op, Value t, const std::vector<Value> &coord, Value v) {
    auto c = raw(coord);
    return wrap(fly_atomic(k_, op, t.handle, c.data(), c.size(), v.handle));
  }
  Value sharedTensor(fly_dtype dtype, int64_t count, int64_t align = 16) {
    return wrap(fly_shared_tensor(k_, dtype, count, align));
  }
  /// A rank-1 tensor carved from the launch's dynamic shared memory (which every launch gets
  /// enough of), aligned to `align` bytes (at most 16).
  Value dynamicShared(fly_dtype dtype, int64_t count, int64_t align = 16) {
    return wrap(fly_dynamic_shared_allocate(k_, dtype, count, align));
  }
  /// `tensor`'s memory seen through `layout`.
  Value makeTensor(Value tensor, Value layout) {
    return wrap(fly_kernel_make_tensor(k_, tensor.handle, layout.handle));
  }
  /// `tensor` seen through Swizzle<bits, base, shift> (CuTe's composed layout).
  Value swizzle(Value tensor, int bits, int base, int shift) {
    return wrap(fly_kernel_swizzle_tensor(k_, tensor.handle, bits, base, shift, 0));
  }
  void barrier() { fly_barrier(k_); }
  Value binary(fly_binary_op op, Value a, Value b) {
    return wrap(fly_binary(k_, op, a.handle, b.handle));
  }
  Value max(Value a, Value b) { return binary(FLY_MAX, a, b); }
  Value min(Value a, Value b) { return binary(FLY_MIN, a, b); }
  Value fma(Value a, Value b, Value c) { return wrap(fly_fma(k_, a.handle, b.handle, c.handle)); }
  /// Lane `offset`-away's `v` within groups of `width` lanes of the wave.
  Value shuffle(fly_shuffle_mode mode, Value v, int offset, int width) {
    return wrap(fly_shuffle(k_, mode, v.handle, constInt(FLY_I32, offset).handle,
                            constInt(FLY_I32, width).handle));
  }

  // Vectors.
  Value vector(const std::vector<Value> &elements) {
    auto e = raw(elements);
    return wrap(fly_vector_from_elements(k_, e.data(), e.size()));
  }
  Value splat(Value element, int lanes) {
    return wrap(fly_vector_splat(k_, element.handle, lanes));
  }
  /// Lane i is lane mask[i] of a's lanes followed by b's (vector.shuffle).
  Value vectorShuffle(Value a, Value b, const std::vector<int64_t> &mask) {
    return wrap(fly_vector_shuffle(k_, a.handle, b.handle, mask.data(), mask.size()));
  }
  Value extract(Value vec, int lane) {
    return wrap(fly_vector_extract(k_, vec.handle, constInt(FLY_I32, lane).handle));
  }
  static int lanes(Value v) { return fly_value_lanes(v.kernel, v.handle); }
  static fly_dtype dtype(Value v) { return fly_value_dtype(v.kernel, v.handle); }

  // Tensors with layouts: coordinates, register fragments, element access by coordinate.
  Value identityTensor(Value shape) {
    return wrap(fly_kernel_make_identity_tensor(k_, shape.handle));
  }
  Value elemLess(Value a, Value b) { return wrap(fly_kernel_elem_less(k_, a.handle, b.handle)); }
  Value tupleEqual(Value a, Value b) {
    return wrap(fly_kernel_tuple_equal(k_, a.handle, b.handle));
  }
  /// Tuple arithmetic (int_tuple_add, shape_div, ...) on tuple values or integer scalars.
  Value tupleBinary(fly_tuple_op op, Value a, Value b) {
    return wrap(fly_kernel_tuple_binary(k_, op, a.handle, b.handle));
  }
  Value tupleUnary(fly_tuple_unary_op op, Value a) {
    return wrap(fly_kernel_tuple_unary(k_, op, a.handle));
  }
  /// A layout's (or tensor's) size, shape, ... as a tuple value.
  Value layoutQuery(fly_layout_query which, Value layout) {
    return wrap(fly_kernel_layout_query(k_, which, layout.handle));
  }
  Value tupleLeaf(Value tuple, int index) {
    return wrap(fly_kernel_tuple_leaf(k_, tuple.handle, index));
  }
  /// t[coord] for a coordinate tuple or integer; zero where `pred` is false.
  Value loadAt(Value t, Value coord, Value pred = {}) {
    return wrap(fly_load_at(k_, t.handle, coord.handle, pred.handle));
  }
  void storeAt(Value t, Value v, Value coord, Value pred = {}) {
    fly_store_at(k_, t.handle, v.handle, coord.handle, pred.handle);
  }
  /// A register tensor's elements as one vector, and back.
  Value fragmentLoad(Value t) { return wrap(fly_fragment_load(k_, t.handle)); }
  void fragmentStore(Value t, Value v) { fly_fragment_store(k_, t.handle, v.handle); }
  void fragmentFill(Value t, Value v) { fly_fragment_fill(k_, t.handle, v.handle); }

  /// for iv in [lb, ub) by step, carrying `inits`: body(iv, carried) returns the next values.
  /// Returns the final ones.
  template <class Body>
  std::vector<Value> forLoop(Value lb, Value ub, Value step, const std::vector<Value> &inits,
                             Body body) {
    auto in = raw(inits);
    std::vector<fly_value_t *> carried(in.size());
    Value iv = wrap(
        fly_for_begin(k_, lb.handle, ub.handle, step.handle, in.data(), in.size(), carried.data()));
    auto yields = raw(body(iv, values(carried)));
    std::vector<fly_value_t *> results(in.size());
    fly_for_end(k_, yields.data(), yields.size(), results.data());
    return values(results);
  }
  /// for iv in [lb, ub) by step: body(iv).
  template <class Body> void forLoop(Value lb, Value ub, Value step, Body body) {
    forLoop(lb, ub, step, {}, [&](Value iv, const std::vector<Value> &) {
      body(iv);
      return std::vector<Value>{};
    });
  }
  /// if cond: then().
  template <class Then> void ifThen(Value cond, Then then) {
    fly_if_begin(k_, cond.handle, nullptr, 0);
    then();
    fly_if_end(k_, nullptr, 0, nullptr);
  }
  /// cond ? then() : otherwise(), each returning values of `types`.
  template <class Then, class Else>
  std::vector<Value> ifThenElse(Value cond, const std::vector<int> &types, Then then,
                                Else otherwise) {
    fly_if_begin(k_, cond.handle, types.data(), types.size());
    auto a = raw(then());
    fly_if_else(k_, a.data(), a.size());
    auto b = raw(otherwise());
    std::vector<fly_value_t *> results(types.size());
    fly_if_end(k_, b.data(), b.size(), results.data());
    return values(results);
  }

private:
  Value wrap(fly_value_t *h) const { return {h, k_}; }
  std::vector<Value> values(const std::vector<fly_value_t *> &hs) const {
    std::vector<Value> out;
    for (fly_value_t *h : hs)
      out.push_back(wrap(h));
    return out;
  }
  static std::vector<fly_value_t *> raw(const std::vector<Value> &vs) {
    std::vector<fly_value_t *> out;
    for (const Value &v : vs)
      out.push_back(v.handle);
    return out;
  }
  fly_kernel_t *k_ = nullptr;
};

/// A module's compiled code; launches take fly_arg_t arguments (DLPack tensors, scalars).
class Compiled {
public:
  /// target: "cpu", "rocm", "cuda" (empty: the library's choice).
  explicit Compiled(const Module &m, const std::string &target = "") {
    fly_compile_options_t options = {sizeof(options), target.empty() ? nullptr : target.c_str(),
                                     nullptr, 2, nullptr, 0};
    fly_compiled_t *c = nullptr;
    check(fly_compile(m.get(), &options, &c));
    handle_.reset(c);
  }
  /// The module `build` fills, compiled unless the caches already hold `key`, in which case
  /// build is not called (fly_compile_keyed: the key must determine the module).
  Compiled(const std::string &key, const std::function<void(Module &)> &build,
           const std::string &target = "", int optLevel = 2) {
    fly_compile_options_t options = {sizeof(options), target.empty() ? nullptr : target.c_str(),
                                     nullptr, optLevel, nullptr, 0};
    Builder builder{&build, nullptr};
    fly_compiled_t *c = nullptr;
    fly_status s = fly_compile_keyed(key.c_str(), &Builder::run, &builder, &options, &c);
    if (builder.error)
      std::rethrow_exception(builder.error);
    check(s);
    handle_.reset(c);
  }
  fly_compiled_t *get() const { return handle_.get(); }
  void launch(const std::string &kernel, const fly_launch_config_t &config,
              const std::vector<fly_arg_t> &args) const {
    check(fly_launch(handle_.get(), kernel.c_str(), &config, args.data(), args.size()));
  }

private:
  // Carries the builder through the C callback; an exception that is not an Error (whose
  // status and message the C API already has) is rethrown after the call.
  struct Builder {
    const std::function<void(Module &)> *build;
    std::exception_ptr error;
    static fly_status run(fly_module_t *m, void *self) {
      auto *b = static_cast<Builder *>(self);
      try {
        Module borrowed = Module::borrow(m);
        (*b->build)(borrowed);
        return FLY_OK;
      } catch (const Error &e) {
        return e.status();
      } catch (...) {
        b->error = std::current_exception();
        return FLY_ERROR_INTERNAL;
      }
    }
  };
  struct Deleter {
    void operator()(fly_compiled_t *c) const { fly_compiled_destroy(c); }
  };
  std::unique_ptr<fly_compiled_t, Deleter> handle_;
};

} // namespace flydsl

#endif // FLYDSL_FLYDSL_HPP
