//===- mma_api.cpp - MMA atoms and tiled MMAs through the C API ------------===//

#include "capi/handle_table.h"
#include "capi/handles.h"
#include "capi/kernel_values.h"
#include "capi/status.h"
#include "capi/typst_color.h"
#include "layout/mma.h"
#include "layout/typst_drawing.h"

#include <map>
#include <memory>

using namespace fly;
using namespace fly::capi;
namespace L = fly::layout;

struct fly_tiled_mma {
  L::TiledMma value;
};

namespace {

std::string operandType(int dtype) {
  switch (dtype) {
  case FLY_F32:
    return "f32";
  case FLY_F16:
    return "f16";
  case FLY_BF16:
    return "bf16";
  case FLY_F8E4M3:
  case FLY_F8E5M2:
  case FLY_F8E4M3FNUZ:
  case FLY_F8E5M2FNUZ:
    return "fp8";
  case FLY_I8:
    return "i8";
  default:
    fail(FLY_ERROR_INVALID_ARGUMENT, "an MMA's A/B dtype is f32, f16, bf16, an fp8 type or i8, "
                                     "not dtype " +
                                         std::to_string(dtype));
  }
}

const L::TiledMma &tiledMmaOf(const fly_tiled_mma_t *h) {
  return fromHandle<fly_tiled_mma>(h, HandleKind::TiledMma, "tiled_mma")->value;
}

int operandOf(int operand) {
  if (operand < FLY_MMA_A || operand > FLY_MMA_SFB)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "operand must be FLY_MMA_A, _B, _C, _SFA or _SFB, not " + std::to_string(operand));
  return operand;
}

std::string mxFormat(int format, const char *which) {
  static const char *names[] = {"e4m3", "e5m2", "e2m3", "e3m2", "e2m1"};
  if (format < FLY_MX_E4M3 || format > FLY_MX_E2M1)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string(which) +
                                         " must be a fly_mx_format (FLY_MX_E4M3 .. _E2M1), not " +
                                         std::to_string(format));
  return names[format];
}

fly_tiled_mma_t *newTiledMma(const L::MmaAtom &atom, const fly_layout_t *atom_layout,
                             const char *permutation) {
  L::Layout layout = atom_layout ? plainLayout(atom_layout, "atom_layout", "make_tiled_mma")
                                 : L::makeLayout(L::IntTuple(1));
  L::Tiler perm = permutation ? L::Tiler::parse(permutation) : L::Tiler::underscore();
  auto t = std::make_unique<fly_tiled_mma>(fly_tiled_mma{L::makeTiledMma(atom, layout, perm)});
  return adoptHandle<fly_tiled_mma_t>(HandleKind::TiledMma, std::move(t));
}

} // namespace

extern "C" {

fly_status fly_tiled_mma_create(int family, int64_t m, int64_t n, int64_t k, int ab_dtype, int wave,
                                const fly_layout_t *atom_layout, const char *permutation,
                                fly_tiled_mma_t **out) {
  return guard([&] {
    requireOut(out, "out");
    if (family < FLY_MMA_UNIVERSAL_FMA || family > FLY_MMA_WMMA_GFX11)
      fail(FLY_ERROR_INVALID_ARGUMENT, "unknown MMA family " + std::to_string(family));
    // RDNA3's integer WMMA reads its operands signed or unsigned by controls this call has no
    // parameters for: refused rather than guessed
    if ((family == FLY_MMA_WMMA_GFX11 && ab_dtype == FLY_I8) || ab_dtype == FLY_I4)
      fail(FLY_ERROR_UNSUPPORTED, "RDNA3's integer WMMA (iu8, iu4) takes sign and clamp "
                                  "controls: fly_tiled_mma_create_integer creates it");
    L::MmaAtom atom =
        L::mmaAtom(static_cast<L::MmaFamily>(family), m, n, k, operandType(ab_dtype), wave);
    *out = newTiledMma(atom, atom_layout, permutation);
  });
}

fly_status fly_tiled_mma_create_integer(int family, int64_t m, int64_t n, int64_t k, int ab_dtype,
                                        int wave, int modifiers, const fly_layout_t *atom_layout,
                                        const char *permutation, fly_tiled_mma_t **out) {
  return guard([&] {
    requireOut(out, "out");
    if (family < FLY_MMA_UNIVERSAL_FMA || family > FLY_MMA_WMMA_GFX11)
      fail(FLY_ERROR_INVALID_ARGUMENT, "unknown MMA family " + std::to_string(family));
    if (ab_dtype != FLY_I8 && ab_dtype != FLY_I4)
      fail(FLY_ERROR_INVALID_ARGUMENT, "fly_tiled_mma_create_integer makes atoms of integer "
                                       "inputs (FLY_I8, FLY_I4), not dtype " +
                                           std::to_string(ab_dtype));
    const int all = FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B | FLY_MMA_CLAMP;
    if (modifiers & ~all)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "modifiers are fly_mma_modifier bits (FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B | "
           "FLY_MMA_CLAMP), not " +
               std::to_string(modifiers));
    L::MmaAtom atom = L::mmaAtom(static_cast<L::MmaFamily>(family), m, n, k,
                                 ab_dtype == FLY_I4 ? "i4" : "i8", wave);
    if (family != FLY_MMA_WMMA_GFX11 && modifiers != (FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B))
      fail(FLY_ERROR_UNSUPPORTED, atom.name +
                                      " reads signed values and wraps: its modifiers are "
                                      "FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B, not " +
                                      std::to_string(modifiers));
    atom.signedA = modifiers & FLY_MMA_SIGNED_A;
    atom.signedB = modifiers & FLY_MMA_SIGNED_B;
    atom.clamp = modifiers & FLY_MMA_CLAMP;
    *out = newTiledMma(atom, atom_layout, permutation);
  });
}

fly_status fly_tiled_mma_modifiers(const fly_tiled_mma_t *tiled_mma, int *modifiers) {
  return guard([&] {
    const L::MmaAtom &atom = tiledMmaOf(tiled_mma).atom;
    *requireOut(modifiers, "modifiers") = (atom.signedA ? FLY_MMA_SIGNED_A : 0) |
                                          (atom.signedB ? FLY_MMA_SIGNED_B : 0) |
                                          (atom.clamp ? FLY_MMA_CLAMP : 0);
  });
}

fly_status fly_tiled_mma_create_scaled(int64_t m, int64_t n, int64_t k, int a_format, int b_format,
                                       const fly_layout_t *atom_layout, const char *permutation,
                                       fly_tiled_mma_t **out) {
  return guard([&] {
    requireOut(out, "out");
    L::MmaAtom atom =
        L::scaledMfmaAtom(m, n, k, mxFormat(a_format, "a_format"), mxFormat(b_format, "b_format"));
    *out = newTiledMma(atom, atom_layout, permutation);
  });
}

void fly_tiled_mma_destroy(fly_tiled_mma_t *tiled_mma) {
  delete takeHandle<fly_tiled_mma>(tiled_mma, HandleKind::TiledMma);
}

fly_status fly_tiled_mma_thr_layout_vmnk(const fly_tiled_mma_t *tiled_mma, fly_layout_t **out) {
  return guard([&] { *requireOut(out, "out") = newLayout(tiledMmaOf(tiled_mma).thrLayoutVMNK); });
}

fly_status fly_tiled_mma_atom_thr_layout(const fly_tiled_mma_t *tiled_mma, fly_layout_t **out) {
  return guard([&] { *requireOut(out, "out") = newLayout(tiledMmaOf(tiled_mma).atom.thrID); });
}

fly_status fly_tiled_mma_permutation(const fly_tiled_mma_t *tiled_mma, char **text) {
  return guard([&] {
    requireOut(text, "text");
    std::string out = "(";
    const auto &perm = tiledMmaOf(tiled_mma).permutation;
    for (size_t i = 0; i < perm.size(); ++i)
      out += (i ? "," : "") + perm[i].str();
    *text = copyString(out + ")");
  });
}

fly_status fly_tiled_mma_typst(const fly_tiled_mma_t *tiled_mma, int atom_only, int document,
                               fly_typst_color_t color, void *user_data, char **text) {
  return guard([&] {
    requireOut(text, "text");
    std::string body =
        L::typstMma(tiledMmaOf(tiled_mma), atom_only != 0, typstColor(color, user_data));
    *text = copyString(document ? L::typstPreamble() + body : body);
  });
}

fly_status fly_tiled_mma_atom_name(const fly_tiled_mma_t *tiled_mma, char **name) {
  return guard([&] { *requireOut(name, "name") = copyString(tiledMmaOf(tiled_mma).atom.name); });
}

fly_status fly_tiled_mma_accumulator_dtype(const fly_tiled_mma_t *tiled_mma, int *dtype) {
  return guard([&] {
    std::string t = L::accumulatorType(tiledMmaOf(tiled_mma).atom);
    int *out = requireOut(dtype, "dtype");
    static const std::map<std::string, int> codes = {
        {"i32", FLY_I32}, {"f32", FLY_F32}, {"f16", FLY_F16}, {"bf16", FLY_BF16}, {"i8", FLY_I8}};
    auto it = codes.find(t);
    if (it == codes.end())
      fail(FLY_ERROR_UNSUPPORTED, "a UniversalFMA of fp8 accumulates in the fp8 type of its "
                                  "operands, which the atom does not name");
    *out = it->second;
  });
}

fly_status fly_tiled_mma_size(const fly_tiled_mma_t *tiled_mma, int64_t *threads,
                              int64_t tile_mnk[3]) {
  return guard([&] {
    const L::TiledMma &t = tiledMmaOf(tiled_mma);
    *requireOut(threads, "threads") = L::tiledMmaThreads(t);
    requireOut(tile_mnk, "tile_mnk");
    for (int i = 0; i < 3; ++i)
      tile_mnk[i] = L::tileSizeMnk(t, i);
  });
}

fly_status fly_tiled_mma_atom_layout_tv(const fly_tiled_mma_t *tiled_mma, int operand,
                                        fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const L::MmaAtom &a = tiledMmaOf(tiled_mma).atom;
    int op = operandOf(operand);
    if ((op == FLY_MMA_SFA || op == FLY_MMA_SFB) && a.scaleBlock == 0)
      fail(FLY_ERROR_INVALID_ARGUMENT, a.name + " has no scale operands");
    const L::Layout *layouts[] = {&a.layoutA, &a.layoutB, &a.layoutC, &a.layoutSFA, &a.layoutSFB};
    *out = newLayout(*layouts[op]);
  });
}

fly_status fly_tiled_mma_layout_tv(const fly_tiled_mma_t *tiled_mma, int operand,
                                   fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const L::TiledMma &t = tiledMmaOf(tiled_mma);
    int op = operandOf(operand);
    *out = newLayout(L::layoutTV(t, static_cast<L::MmaOperand>(op)));
  });
}

fly_status fly_tiled_mma_partition(const fly_tiled_mma_t *tiled_mma, int operand,
                                   const fly_layout_t *layout, int64_t thr, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const L::TiledMma &t = tiledMmaOf(tiled_mma);
    int op = operandOf(operand);
    const L::Layout &x = plainLayout(layout, "layout", "a tiled MMA partition");
    *out = newLayout(L::partition(t, static_cast<L::MmaOperand>(op), x, thr));
  });
}

fly_value_t *fly_kernel_tiled_mma(fly_kernel_t *k, const fly_tiled_mma_t *tiled_mma) {
  FLY_KERNEL_OR(k, nullptr);
  const L::TiledMma *t = nullptr;
  if (guard([&] { t = &tiledMmaOf(tiled_mma); }) != FLY_OK) {
    K->reject(fly_last_error_message());
    return nullptr;
  }
  return kernelCall(K, [&] { return handle(K->tiledMma(*t)); });
}

fly_value_t *fly_kernel_tiled_mma_partition(fly_kernel_t *k, fly_value_t *tiled_mma, int operand,
                                            fly_value_t *thr_idx, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K, [&] {
    return handle(K->mmaPartition(val(tiled_mma), operand, val(thr_idx), val(tensor)));
  });
}

void fly_kernel_gemm(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d, fly_value_t *a,
                     fly_value_t *b, fly_value_t *c) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->gemm(val(tiled_mma), val(d), val(a), val(b), val(c)); });
}

fly_value_t *fly_kernel_mma_atom_call_ssa(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *a,
                                          fly_value_t *b, fly_value_t *c) {
  FLY_KERNEL_OR(k, nullptr);
  return kernelCall(K,
                    [&] { return handle(K->mmaAtomCall(val(tiled_mma), val(a), val(b), val(c))); });
}

void fly_kernel_gemm_ordered(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d,
                             fly_value_t *a, fly_value_t *b, fly_value_t *c, int order,
                             const fly_layout_t *traversal) {
  FLY_KERNEL_OR(k, );
  ir::GemmTraversal how;
  fly_status s = guard([&] {
    if (order < -1 || order > FLY_GEMM_NMK_SERPENTINE)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "order must be a fly_gemm_order or -1, not " + std::to_string(order));
    if (traversal && order != -1)
      fail(FLY_ERROR_INVALID_ARGUMENT, "a gemm takes an order or a traversal layout, not both");
    how.order = order;
    if (traversal)
      how.layout = plainLayout(traversal, "traversal", "a gemm traversal");
  });
  if (s != FLY_OK) {
    K->reject(fly_last_error_message());
    return;
  }
  kernelCall(K, [&] {
    K->gemm(val(tiled_mma), val(d), val(a), val(b), val(c), true, nullptr, nullptr, how);
  });
}

void fly_kernel_gemm_scaled(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d, fly_value_t *a,
                            fly_value_t *b, fly_value_t *c, fly_value_t *scale_a,
                            fly_value_t *scale_b) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] {
    K->gemm(val(tiled_mma), val(d), val(a), val(b), val(c), true, val(scale_a), val(scale_b));
  });
}

void fly_kernel_gemm_async(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d, fly_value_t *a,
                           fly_value_t *b, fly_value_t *c) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->gemm(val(tiled_mma), val(d), val(a), val(b), val(c), false); });
}

void fly_kernel_wgmma_wait(fly_kernel_t *k, int pending, fly_value_t *accumulators) {
  FLY_KERNEL_OR(k, );
  kernelCall(K, [&] { K->wgmmaWait(pending, accumulators ? val(accumulators) : nullptr); });
}

void fly_kernel_mma_load(fly_kernel_t *k, fly_value_t *tiled_mma, int operand, fly_value_t *thr_idx,
                         fly_value_t *shared, fly_value_t *fragment) {
  FLY_KERNEL_OR(k, );
  kernelCall(
      K, [&] { K->mmaLoad(val(tiled_mma), operand, val(thr_idx), val(shared), val(fragment)); });
}

} // extern "C"
