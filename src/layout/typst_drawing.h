//===- typst_drawing.h - Layouts drawn as Typst markup ----------*- C++ -*-===//
//
// CuTe draws layouts, MMAs and copies as LaTeX (print_latex); FlyDSL draws them as Typst
// (typst.app), a grid of cells that each name what lies at a coordinate: a layout's index, or
// the thread and value holding an element of an MMA's or a copy's tile. The drawings are text
// for `typst compile`; nothing here renders them.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_TYPST_DRAWING_H
#define FLYDSL_LAYOUT_TYPST_DRAWING_H

#include "layout/mma.h"
#include "layout/swizzle.h"

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace fly::layout {

/// A cell's fill, "#rrggbb": of a layout's index (b is 0), or of a thread and value.
using TypstColor = std::function<std::string(int64_t a, int64_t b)>;

/// The page setup a drawing needs once at the top of a document.
std::string typstPreamble();

/// A static layout (plain or composed) of rank 1 or 2: its text, then the grid of its index
/// at each coordinate. `color` may be empty (CuTe's eight greys by index).
std::string typstLayout(const std::variant<Layout, ComposedLayout> &layout,
                        const TypstColor &color);

/// A tiled MMA, or with `atomOnly` its one atom, as CuTe draws MMAs: its description, then B's
/// K x N grid above C's M x N one and A's M x K grid left of it, each cell naming the thread
/// and value that hold the element. `color` may be empty (CuTe's eight pastels by thread).
std::string typstMma(const TiledMma &mma, bool atomOnly, const TypstColor &color);

/// A tiled copy over its M x N tile: `caption` (lines), then the grids of the threads and
/// values that read (srcTV) and write (dstTV) each element, side by side.
std::string typstCopy(const Layout &srcTV, const Layout &dstTV, int64_t m, int64_t n,
                      const std::string &caption, const TypstColor &color);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_TYPST_DRAWING_H
