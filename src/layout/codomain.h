//===- codomain.h - The shape of a layout's codomain ------------*- C++ -*-===//
//
// CuTe's coshape and coprofile: what a layout's offsets span. With integer strides the
// codomain is one extent (its size is cosize); with basis strides (identity layouts, E0,
// E1, ...) it has one extent per basis mode, so coshape of an identity layout is the shape
// of the tensor whose coordinates it gives.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_CODOMAIN_H
#define FLYDSL_LAYOUT_CODOMAIN_H

#include "layout/layout.h"

namespace fly::layout {

/// inner_product(shape - 1, stride) + 1, leaf by leaf of the result: the largest offset
/// plus one, per basis mode where the strides are basis elements.
IntTuple coshape(const Layout &l);
/// The sum of the strides with every leaf 0: `0`, or `(0,0)` for strides in E0 and E1.
IntTuple coprofile(const Layout &l);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_CODOMAIN_H
