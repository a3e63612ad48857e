//===- composed_function.h - FlyDSL's nested composed layouts ---*- C++ -*-===//
//
// FlyDSL generalises CuTe's ComposedLayout (swizzle o offset o layout): the
// inner function may be a swizzle, a coordinate swizzle, a layout or another
// composition, the offset an int tuple, and the outer function a layout or
// another composition. Shared-memory layouts that swizzle coordinates rather
// than addresses (`CS<...> o (0,0,0) o (4,8,8):(1E0,1E1,1E2)`) take this form.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_COMPOSED_FUNCTION_H
#define FLYDSL_LAYOUT_COMPOSED_FUNCTION_H

#include "layout/swizzle.h"

#include <functional>
#include <memory>
#include <utility>
#include <variant>

namespace fly::layout {

class TextReader;

/// A swizzle of coordinates: mode `modeCol` of a coordinate is XORed with bits of mode
/// `modeRow`, col ^= ((row >> baseRow) & (2^mask - 1)) << baseCol. Modes are paths of
/// indices into the coordinate; a mask of 0 changes nothing.
class CoordSwizzle {
public:
  CoordSwizzle(int mask, int baseRow, std::vector<int64_t> modeRow, int baseCol,
               std::vector<int64_t> modeCol);
  int mask() const { return mask_; }
  int baseRow() const { return baseRow_; }
  const std::vector<int64_t> &modeRow() const { return modeRow_; }
  int baseCol() const { return baseCol_; }
  const std::vector<int64_t> &modeCol() const { return modeCol_; }
  bool isTrivial() const { return mask_ == 0; }

  /// The coordinate with its column mode swizzled; both modes must be static integers.
  IntTuple apply(const IntTuple &coord) const;
  /// `CS<mask,baseRow,[path],baseCol,[path]>`.
  std::string str() const;
  bool operator==(const CoordSwizzle &o) const {
    return mask_ == o.mask_ && baseRow_ == o.baseRow_ && modeRow_ == o.modeRow_ &&
           baseCol_ == o.baseCol_ && modeCol_ == o.modeCol_;
  }

private:
  int mask_, baseRow_, baseCol_;
  std::vector<int64_t> modeRow_, modeCol_;
};

/// inner o offset o outer: maps a coordinate c to inner(offset + outer(c)).
class ComposedFunction {
public:
  using Nested = std::shared_ptr<const ComposedFunction>;
  using Inner = std::variant<Swizzle, CoordSwizzle, Layout, Nested>;
  using Outer = std::variant<Layout, Nested>;

  ComposedFunction(Inner inner, IntTuple offset, Outer outer);

  const Inner &inner() const { return inner_; }
  const IntTuple &offset() const { return offset_; }
  const Outer &outer() const { return outer_; }
  /// The layout whose coordinates this function takes: the outer layout, through nesting.
  const Layout &domain() const;

  /// inner(offset + outer(crd)); every value on the way must be static.
  IntTuple evaluate(const IntTuple &crd) const;
  /// FlyDSL's decomposition: the layout at the end of the outer chain, and where the inner
  /// function sends the offsets gathered on the way (inner(offset + the nested outer's own)).
  /// A view through the composition is then the pointer moved by that offset, viewed through
  /// the layout.
  std::pair<Layout, IntTuple> decompose() const;
  /// The modes of the domain where crd is `_`; the integers of crd move into the offset of
  /// the nearest composition (the one whose outer function is a layout).
  ComposedFunction slice(const IntTuple &crd) const;
  /// The same composition with f applied to each of its layouts (a form of the same function).
  ComposedFunction mapLayouts(const std::function<Layout(const Layout &)> &f) const;

  /// FlyDSL's text: `inner o offset o outer`, a nested inner written flat, a nested outer
  /// between square brackets (`32:2 o 0 o [32:1 o 0 o (4,8):(1,4)]`).
  std::string str() const;
  /// Reads str()'s form (swizzles as `S<b,m,s>`).
  static ComposedFunction parse(std::string_view text);
  /// Reads one composition from r, leaving what follows.
  static ComposedFunction read(TextReader &r);
  bool operator==(const ComposedFunction &o) const { return str() == o.str(); }

private:
  /// inner(x).
  IntTuple applyInner(const IntTuple &x) const;

  Inner inner_;
  IntTuple offset_;
  Outer outer_;
};

/// `S<b,m,s>`, FlyDSL's spelling of Swizzle<B,M,S>.
std::string flydslSwizzleText(const Swizzle &s);
/// Reads `S<b,m,s>` or `CS<...>` after its keyword is consumed; `what` says which.
Swizzle readSwizzleBody(TextReader &r);
CoordSwizzle readCoordSwizzleBody(TextReader &r);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_COMPOSED_FUNCTION_H
