//===- fragment.h - The layouts of register fragments -----------*- C++ -*-===//
//
// CuTe's make_fragment_like: the layout of registers that hold a thread's part of a tensor.
// Its first mode (the values one copy or MMA moves) is compact column-major, so it
// vectorizes; the other modes follow in the order of their strides.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_FRAGMENT_H
#define FLYDSL_LAYOUT_FRAGMENT_H

#include "layout/layout.h"

namespace fly::layout {

/// make_fragment_like(l): for a static shape of rank > 1, the first mode compact (parts of
/// stride 0 keep stride 0) tiled by the other modes made compact in their strides' order
/// (dynamic strides last, in mode order); else l's shape compact column-major.
Layout makeFragmentLike(const Layout &l);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_FRAGMENT_H
