//===- layout_api.cpp - extern "C" entry points for layouts ---------------===//

#include "capi/handles.h"
#include "capi/status.h"
#include "capi/tokens.h"
#include "capi/typst_color.h"
#include "layout/codomain.h"
#include "layout/ops.h"
#include "layout/typst_drawing.h"

#include <cstdlib>
#include <cstring>

using namespace fly::capi;
using fly::layout::ComposedLayout;
using fly::layout::Int;
using fly::layout::IntTuple;
using fly::layout::Layout;
using fly::layout::Swizzle;
using fly::layout::Tiler;
namespace L = fly::layout;

namespace {

const char *requireText(const char *text, const char *name) {
  if (!text)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string("text argument '") + name + "' is NULL");
  return text;
}

IntTuple optionalTuple(const int64_t *tokens, size_t count, const char *what) {
  if (!tokens && count == 0)
    return IntTuple();
  return decodeTuple(tokens, count, what);
}

void putLayout(fly_layout_t **out, Layout l) { *out = newLayout(std::move(l)); }

int64_t indexArg(int64_t v, const char *name) {
  if (v < 0)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         std::string("'") + name + "' must not be negative, got " + std::to_string(v));
  return v;
}

std::vector<int64_t> pathArg(const int64_t *path, size_t n) {
  if (!path && n)
    fail(FLY_ERROR_INVALID_ARGUMENT, "mode array is NULL");
  return std::vector<int64_t>(path, path + n);
}

} // namespace

extern "C" {

fly_status fly_tuple_parse(const char *text, int64_t **tokens, size_t *count) {
  return guard([&] {
    requireOut(tokens, "tokens");
    encodeTuple(IntTuple::parse(requireText(text, "text")), tokens, count);
  });
}

fly_status fly_tuple_to_string(const int64_t *tokens, size_t count, char **text) {
  return guard([&] { *requireOut(text, "text") = copyString(decodeTuple(tokens, count, "tuple").str()); });
}

void fly_tuple_free(int64_t *tokens) { std::free(tokens); }

fly_status fly_tuple_binary(int op, const int64_t *a, size_t a_count, const int64_t *b,
                            size_t b_count, int64_t **result, size_t *result_count) {
  return guard([&] {
    requireOut(result, "result");
    IntTuple x = decodeTuple(a, a_count, "a"), y = decodeTuple(b, b_count, "b");
    encodeTuple(L::apply(L::tupleOp(op), x, y), result, result_count);
  });
}

fly_status fly_tuple_unary(int op, const int64_t *a, size_t a_count, int64_t **result,
                           size_t *result_count) {
  return guard([&] {
    requireOut(result, "result");
    IntTuple x = decodeTuple(a, a_count, "a");
    encodeTuple(L::apply(L::tupleUnaryOp(op), x), result, result_count);
  });
}

fly_status fly_tuple_ternary(int op, const int64_t *a, size_t a_count, const int64_t *b,
                             size_t b_count, const int64_t *c, size_t c_count, int64_t **result,
                             size_t *result_count) {
  return guard([&] {
    requireOut(result, "result");
    IntTuple x = decodeTuple(a, a_count, "a"), y = decodeTuple(b, b_count, "b"),
             z = decodeTuple(c, c_count, "c");
    switch (op) {
    case FLY_TUPLE_IDX2CRD_STRIDE:
      return encodeTuple(L::idx2crd(x, y, z), result, result_count);
    case FLY_TUPLE_CRD2CRD:
      return encodeTuple(L::crd2crd(x, y, z), result, result_count);
    }
    fail(FLY_ERROR_INVALID_ARGUMENT, "unknown fly_tuple_ternary_op " + std::to_string(op));
  });
}

fly_status fly_tuple_prefix_product(const int64_t *a, size_t a_count, int64_t **result,
                                    size_t *result_count) {
  return guard([&] {
    encodeTuple(L::prefixProduct(decodeTuple(a, a_count, "a")), result, result_count);
  });
}

fly_status fly_tuple_product(const int64_t *a, size_t a_count, int64_t *result) {
  return guard([&] { *requireOut(result, "result") = L::product(decodeTuple(a, a_count, "a")).value(); });
}

fly_status fly_tuple_inner_product(const int64_t *a, size_t a_count, const int64_t *b,
                                   size_t b_count, int64_t *result) {
  return guard([&] {
    *requireOut(result, "result") =
        L::innerProduct(decodeTuple(a, a_count, "a"), decodeTuple(b, b_count, "b")).value();
  });
}

fly_status fly_tuple_elem_less(const int64_t *a, size_t a_count, const int64_t *b,
                               size_t b_count, int *result) {
  return guard([&] {
    *requireOut(result, "result") =
        L::elemLess(decodeTuple(a, a_count, "a"), decodeTuple(b, b_count, "b")) ? 1 : 0;
  });
}

fly_status fly_tuple_crd2idx(const int64_t *crd, size_t crd_count, const int64_t *shape,
                             size_t shape_count, const int64_t *stride, size_t stride_count,
                             int64_t *result) {
  return guard([&] {
    requireOut(result, "result");
    Layout l(decodeTuple(shape, shape_count, "shape"), decodeTuple(stride, stride_count, "stride"));
    *result = L::evaluate(l, decodeTuple(crd, crd_count, "crd")).value();
  });
}

fly_status fly_layout_parse(const char *text, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    std::string_view t = requireText(text, "text");
    size_t first = t.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && t.substr(first, 2) == "Sw")
      *out = newLayout(ComposedLayout::parse(t));
    else
      putLayout(out, Layout::parse(t));
  });
}

fly_status fly_layout_make(const int64_t *shape, size_t shape_count, const int64_t *stride,
                           size_t stride_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    IntTuple s = decodeTuple(shape, shape_count, "shape");
    if (!stride && stride_count == 0)
      putLayout(out, L::makeLayout(s));
    else
      putLayout(out, L::makeLayout(s, decodeTuple(stride, stride_count, "stride")));
  });
}

fly_status fly_layout_make_from_modes(const fly_layout_t *const *modes, size_t n,
                                      fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    if (!modes && n)
      fail(FLY_ERROR_INVALID_ARGUMENT, "modes array is NULL");
    std::vector<Layout> ls;
    for (size_t i = 0; i < n; ++i)
      ls.push_back(plainLayout(modes[i], "modes[i]", "make_layout"));
    putLayout(out, L::makeLayout(ls));
  });
}

fly_status fly_layout_make_ordered(const int64_t *shape, size_t shape_count, const int64_t *order,
                                   size_t order_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::makeOrderedLayout(decodeTuple(shape, shape_count, "shape"),
                                        decodeTuple(order, order_count, "order")));
  });
}

fly_status fly_layout_make_identity(const int64_t *shape, size_t shape_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::makeIdentityLayout(decodeTuple(shape, shape_count, "shape")));
  });
}

fly_status fly_layout_make_tv(const fly_layout_t *thr, const fly_layout_t *val, int64_t **tiler_mn,
                              size_t *tiler_mn_count, fly_layout_t **layout_tv) {
  return guard([&] {
    requireOut(layout_tv, "layout_tv");
    requireOut(tiler_mn, "tiler_mn");
    auto r = L::makeLayoutTV(plainLayout(thr, "thr", "make_layout_tv"),
                             plainLayout(val, "val", "make_layout_tv"));
    encodeTuple(r.first, tiler_mn, tiler_mn_count);
    putLayout(layout_tv, r.second);
  });
}

fly_status fly_layout_make_composed(int bits, int base, int shift, int64_t offset,
                                    const fly_layout_t *layout, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const Layout &inner = plainLayout(layout, "layout", "a composed layout's inner layout");
    *out = newLayout(ComposedLayout(Swizzle(bits, base, shift), offset, inner));
  });
}

fly_status fly_swizzle_apply(int bits, int base, int shift, int64_t offset, int64_t *result) {
  return guard([&] { *requireOut(result, "result") = Swizzle(bits, base, shift).apply(offset); });
}

void fly_layout_destroy(fly_layout_t *layout) { destroyLayout(layout); }

fly_status fly_layout_to_string(const fly_layout_t *layout, char **text) {
  return guard([&] {
    requireOut(text, "text");
    const auto &v = handleValue(layout, "layout");
    *text = copyString(std::visit([](const auto &x) { return x.str(); }, v));
  });
}

fly_status fly_layout_is_composed(const fly_layout_t *layout, int *result) {
  return guard([&] {
    *requireOut(result, "result") =
        std::holds_alternative<ComposedLayout>(handleValue(layout, "layout")) ? 1 : 0;
  });
}

fly_status fly_layout_equal(const fly_layout_t *a, const fly_layout_t *b, int *result) {
  return guard([&] {
    *requireOut(result, "result") = handleValue(a, "a") == handleValue(b, "b") ? 1 : 0;
  });
}

fly_status fly_layout_hash(const fly_layout_t *layout, uint64_t *result) {
  return guard([&] {
    requireOut(result, "result");
    const auto &v = handleValue(layout, "layout");
    if (const auto *c = std::get_if<ComposedLayout>(&v))
      *result = L::hashValue(c->layout()) ^
                (uint64_t(c->swizzle().bits()) << 48 | uint64_t(c->swizzle().base()) << 40 |
                 uint64_t(c->swizzle().shift() & 0xff) << 32 | uint64_t(c->offset()));
    else
      *result = L::hashValue(std::get<Layout>(v));
  });
}

} // extern "C"

namespace {
/// The layout whose shape a query describes: the inner one for composed layouts.
const Layout &shapeSource(const fly_layout_t *h) {
  const auto &v = handleValue(h, "layout");
  if (const auto *c = std::get_if<ComposedLayout>(&v))
    return c->layout();
  return std::get<Layout>(v);
}
} // namespace

extern "C" {

fly_status fly_layout_shape(const fly_layout_t *layout, int64_t **tokens, size_t *count) {
  return guard([&] { encodeTuple(shapeSource(layout).shape(), tokens, count); });
}

fly_status fly_layout_stride(const fly_layout_t *layout, int64_t **tokens, size_t *count) {
  return guard([&] { encodeTuple(plainLayout(layout, "layout", "stride").stride(), tokens, count); });
}

fly_status fly_layout_coshape(const fly_layout_t *layout, int64_t **tokens, size_t *count) {
  return guard(
      [&] { encodeTuple(L::coshape(plainLayout(layout, "layout", "coshape")), tokens, count); });
}

fly_status fly_layout_coprofile(const fly_layout_t *layout, int64_t **tokens, size_t *count) {
  return guard([&] {
    encodeTuple(L::coprofile(plainLayout(layout, "layout", "coprofile")), tokens, count);
  });
}

fly_status fly_layout_size(const fly_layout_t *layout, int64_t *result) {
  return guard([&] { *requireOut(result, "result") = L::size(shapeSource(layout)).value(); });
}

fly_status fly_layout_cosize(const fly_layout_t *layout, int64_t *result) {
  return guard([&] {
    *requireOut(result, "result") = L::cosize(plainLayout(layout, "layout", "cosize")).value();
  });
}

fly_status fly_layout_rank(const fly_layout_t *layout, int64_t *result) {
  return guard([&] { *requireOut(result, "result") = int64_t(shapeSource(layout).rank()); });
}

fly_status fly_layout_depth(const fly_layout_t *layout, int64_t *result) {
  return guard([&] { *requireOut(result, "result") = L::depth(shapeSource(layout)); });
}

fly_status fly_layout_get(const fly_layout_t *layout, const int64_t *path, size_t n,
                          fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::get(plainLayout(layout, "layout", "get"), pathArg(path, n)));
  });
}

fly_status fly_layout_typst(const fly_layout_t *layout, int document, fly_typst_color_t color,
                            void *user_data, char **text) {
  return guard([&] {
    requireOut(text, "text");
    std::string body = L::typstLayout(handleValue(layout, "layout"), typstColor(color, user_data));
    *text = copyString(document ? L::typstPreamble() + body : body);
  });
}

fly_status fly_tiled_copy_typst(const fly_layout_t *src_tv, const fly_layout_t *dst_tv, int64_t m,
                                int64_t n, const char *caption, int document,
                                fly_typst_color_t color, void *user_data, char **text) {
  return guard([&] {
    requireOut(text, "text");
    std::string body = L::typstCopy(plainLayout(src_tv, "src_tv", "a copy drawing"),
                                    plainLayout(dst_tv, "dst_tv", "a copy drawing"), m, n,
                                    caption ? caption : "", typstColor(color, user_data));
    *text = copyString(document ? L::typstPreamble() + body : body);
  });
}

fly_status fly_layout_crd2idx(const fly_layout_t *layout, const int64_t *crd, size_t crd_count,
                              int64_t *result) {
  return guard([&] {
    requireOut(result, "result");
    IntTuple c = decodeTuple(crd, crd_count, "crd");
    const auto &v = handleValue(layout, "layout");
    if (const auto *cl = std::get_if<ComposedLayout>(&v))
      *result = cl->evaluate(c);
    else
      *result = L::evaluate(std::get<Layout>(v), c).value();
  });
}

fly_status fly_layout_evaluate(const fly_layout_t *layout, const int64_t *crd, size_t crd_count,
                               int64_t **result, size_t *result_count) {
  return guard([&] {
    requireOut(result, "result");
    IntTuple c = decodeTuple(crd, crd_count, "crd");
    const auto &v = handleValue(layout, "layout");
    if (const auto *cl = std::get_if<ComposedLayout>(&v))
      encodeTuple(IntTuple(cl->evaluate(c)), result, result_count);
    else
      encodeTuple(L::evaluate(std::get<Layout>(v), c), result, result_count);
  });
}

fly_status fly_layout_idx2crd(const fly_layout_t *layout, int64_t idx, int64_t **crd,
                              size_t *crd_count) {
  return guard([&] { encodeTuple(L::idx2crd(shapeSource(layout), IntTuple(idx)), crd, crd_count); });
}

fly_status fly_layout_coord(int op, const fly_layout_t *layout, const int64_t *index,
                            size_t index_count, int64_t **crd, size_t *crd_count) {
  return guard([&] {
    L::CoordOp which = L::coordOp(op);
    encodeTuple(L::apply(which, decodeTuple(index, index_count, "index"),
                         plainLayout(layout, "layout", "fly_layout_coord")),
                crd, crd_count);
  });
}

fly_status fly_layout_slice(const fly_layout_t *layout, const int64_t *crd, size_t crd_count,
                            fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::slice(decodeTuple(crd, crd_count, "crd"),
                            plainLayout(layout, "layout", "slice")));
  });
}

fly_status fly_layout_dice(const fly_layout_t *layout, const int64_t *crd, size_t crd_count,
                           fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::dice(decodeTuple(crd, crd_count, "crd"),
                           plainLayout(layout, "layout", "dice")));
  });
}

fly_status fly_layout_slice_and_offset(const fly_layout_t *layout, const int64_t *crd,
                                       size_t crd_count, fly_layout_t **out, int64_t *offset) {
  return guard([&] {
    requireOut(out, "out");
    requireOut(offset, "offset");
    auto r = L::sliceAndOffset(decodeTuple(crd, crd_count, "crd"),
                               plainLayout(layout, "layout", "slice_and_offset"));
    int64_t off = r.second.value();
    putLayout(out, r.first);
    *offset = off;
  });
}

fly_status fly_layout_unary(int op, const fly_layout_t *layout,
                            fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const Layout &l = plainLayout(layout, "layout", "this operation");
    putLayout(out, L::apply(L::unaryOp(op), l));
  });
}

fly_status fly_layout_coalesce_profile(const fly_layout_t *layout, const int64_t *profile,
                                       size_t profile_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::coalesce(plainLayout(layout, "layout", "coalesce"),
                               decodeTuple(profile, profile_count, "profile")));
  });
}

fly_status fly_layout_filter_profile(const fly_layout_t *layout, const int64_t *profile,
                                     size_t profile_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::filter(plainLayout(layout, "layout", "filter"),
                             decodeTuple(profile, profile_count, "profile")));
  });
}

fly_status fly_layout_complement_to(const fly_layout_t *layout, const int64_t *cotarget,
                                    size_t cotarget_count, fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::complement(plainLayout(layout, "layout", "complement"),
                                 decodeTuple(cotarget, cotarget_count, "cotarget")));
  });
}

fly_status fly_layout_binary(int op, const fly_layout_t *a, const fly_layout_t *b,
                             fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    const auto &av = handleValue(a, "a");
    const Layout &bl = plainLayout(b, "b", "this operation");
    if (op == FLY_LAYOUT_COMPOSITION) {
      if (const auto *c = std::get_if<ComposedLayout>(&av)) {
        *out = newLayout(L::composition(*c, Tiler(bl)));
        return;
      }
    }
    const Layout &al = plainLayout(a, "a", "this operation");
    putLayout(out, L::apply(L::binaryOp(op), al, bl));
  });
}

fly_status fly_layout_max_common_vector(const fly_layout_t *a, const fly_layout_t *b,
                                        int64_t *result) {
  return guard([&] {
    *requireOut(result, "result") =
        L::maxCommonVector(plainLayout(a, "a", "max_common_vector"),
                           plainLayout(b, "b", "max_common_vector"))
            .value();
  });
}

fly_status fly_layout_tiler_op(int op, const fly_layout_t *layout, const char *tiler,
                               fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    Tiler t = Tiler::parse(requireText(tiler, "tiler"));
    const auto &v = handleValue(layout, "layout");
    if (op == FLY_TILER_COMPOSITION) {
      if (const auto *c = std::get_if<ComposedLayout>(&v)) {
        *out = newLayout(L::composition(*c, t));
        return;
      }
    }
    const Layout &l = plainLayout(layout, "layout", "this operation");
    putLayout(out, L::apply(L::tilerOp(op), l, t));
  });
}

fly_status fly_layout_take(const fly_layout_t *layout, int64_t begin, int64_t end,
                           fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::take(plainLayout(layout, "layout", "take"), indexArg(begin, "begin"),
                           indexArg(end, "end")));
  });
}

fly_status fly_layout_group(const fly_layout_t *layout, int64_t begin, int64_t end,
                            fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::group(plainLayout(layout, "layout", "group"), indexArg(begin, "begin"),
                            indexArg(end, "end")));
  });
}

fly_status fly_layout_select(const fly_layout_t *layout, const int64_t *modes, size_t n,
                             fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::select(plainLayout(layout, "layout", "select"), pathArg(modes, n)));
  });
}

fly_status fly_layout_recast(const fly_layout_t *layout, int64_t old_bits, int64_t new_bits,
                             fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::recastLayout(plainLayout(layout, "layout", "recast_layout"), old_bits,
                                   new_bits));
  });
}

fly_status fly_layout_tile_to_shape(const fly_layout_t *block, const int64_t *target_shape,
                                    size_t target_count, const int64_t *order, size_t order_count,
                                    fly_layout_t **out) {
  return guard([&] {
    requireOut(out, "out");
    putLayout(out, L::tileToShape(plainLayout(block, "block", "tile_to_shape"),
                                  decodeTuple(target_shape, target_count, "target_shape"),
                                  optionalTuple(order, order_count, "order")));
  });
}

} // extern "C"
