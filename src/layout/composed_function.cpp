//===- composed_function.cpp - FlyDSL's nested composed layouts -----------===//

#include "layout/composed_function.h"
#include "layout/text.h"

#include <optional>

namespace fly::layout {

namespace {

std::string pathText(const std::vector<int64_t> &path) {
  std::string out = "[";
  for (size_t i = 0; i < path.size(); ++i)
    out += (i ? "," : "") + std::to_string(path[i]);
  return out + "]";
}

/// t with the mode at `path` replaced by x.
IntTuple replaceAt(const IntTuple &t, const std::vector<int64_t> &path, size_t depth,
                   const IntTuple &x) {
  if (depth == path.size())
    return x;
  std::vector<IntTuple> elems = t.elems();
  elems.at(size_t(path[depth])) = replaceAt(elems[size_t(path[depth])], path, depth + 1, x);
  return IntTuple::tuple(std::move(elems));
}

int64_t staticLeafAt(const IntTuple &coord, const std::vector<int64_t> &path, const char *what) {
  IntTuple mode = get(coord, path);
  if (!mode.isLeaf() || !mode.leaf().isStatic() || mode.leaf().isBasis())
    fail(ErrorKind::InvalidArgument, std::string("a coordinate swizzle's ") + what + " mode " +
                                         pathText(path) + " of " + coord.str() +
                                         " is not a static integer");
  return mode.value();
}

/// offset + x; a zero offset adds nothing to a tuple.
IntTuple addOffset(const IntTuple &offset, const IntTuple &x) {
  if (offset.isLeaf() && offset.leaf().isStatic() && !offset.leaf().isBasis() &&
      offset.value() == 0)
    return x;
  return leafwise(offset, x, add);
}

} // namespace

CoordSwizzle::CoordSwizzle(int mask, int baseRow, std::vector<int64_t> modeRow, int baseCol,
                           std::vector<int64_t> modeCol)
    : mask_(mask), baseRow_(baseRow), baseCol_(baseCol), modeRow_(std::move(modeRow)),
      modeCol_(std::move(modeCol)) {
  if (mask < 0 || baseRow < 0 || baseCol < 0 || int64_t(mask) + baseRow > 62 ||
      int64_t(mask) + baseCol > 62)
    fail(ErrorKind::InvalidArgument,
         str() + ": needs a mask and bases >= 0 whose bits stay within 62");
  if (mask > 0 && modeRow_ == modeCol_)
    fail(ErrorKind::InvalidArgument, str() + ": the row and column modes are the same mode");
}

IntTuple CoordSwizzle::apply(const IntTuple &coord) const {
  if (isTrivial())
    return coord;
  int64_t row = staticLeafAt(coord, modeRow_, "row");
  int64_t col = staticLeafAt(coord, modeCol_, "column");
  int64_t bits = (row >> baseRow_) & ((int64_t(1) << mask_) - 1);
  return replaceAt(coord, modeCol_, 0, IntTuple(col ^ (bits << baseCol_)));
}

std::string CoordSwizzle::str() const {
  return "CS<" + std::to_string(mask_) + "," + std::to_string(baseRow_) + "," + pathText(modeRow_) +
         "," + std::to_string(baseCol_) + "," + pathText(modeCol_) + ">";
}

ComposedFunction::ComposedFunction(Inner inner, IntTuple offset, Outer outer)
    : inner_(std::move(inner)), offset_(std::move(offset)), outer_(std::move(outer)) {
  for (const Nested *n : {std::get_if<Nested>(&inner_), std::get_if<Nested>(&outer_)})
    if (n && !*n)
      fail(ErrorKind::InvalidArgument, "a composed layout's nested function is missing");
}

const Layout &ComposedFunction::domain() const {
  if (const auto *l = std::get_if<Layout>(&outer_))
    return *l;
  return std::get<Nested>(outer_)->domain();
}

IntTuple ComposedFunction::evaluate(const IntTuple &crd) const {
  IntTuple mid = std::visit(
      [&](const auto &o) -> IntTuple {
        if constexpr (std::is_same_v<std::decay_t<decltype(o)>, Layout>)
          return fly::layout::evaluate(o, crd);
        else
          return o->evaluate(crd);
      },
      outer_);
  return applyInner(addOffset(offset_, mid));
}

std::pair<Layout, IntTuple> ComposedFunction::decompose() const {
  if (const auto *l = std::get_if<Layout>(&outer_))
    return {*l, applyInner(offset_)};
  auto [linear, offset] = std::get<Nested>(outer_)->decompose();
  return {linear, applyInner(addOffset(offset_, offset))};
}

IntTuple ComposedFunction::applyInner(const IntTuple &x) const {
  return std::visit(
      [&](const auto &in) -> IntTuple {
        using T = std::decay_t<decltype(in)>;
        if constexpr (std::is_same_v<T, Swizzle>) {
          if (!x.isLeaf() || !x.leaf().isStatic() || x.leaf().isBasis())
            fail(ErrorKind::InvalidArgument,
                 "a swizzle takes an integer offset, not " + x.str() + " (in " + str() + ")");
          return IntTuple(in.apply(x.value()));
        } else if constexpr (std::is_same_v<T, CoordSwizzle>) {
          return in.apply(x);
        } else if constexpr (std::is_same_v<T, Layout>) {
          return fly::layout::evaluate(in, x);
        } else {
          return in->evaluate(x);
        }
      },
      inner_);
}

ComposedFunction ComposedFunction::slice(const IntTuple &crd) const {
  if (const auto *l = std::get_if<Layout>(&outer_)) {
    auto [sliced, offset] = sliceAndOffset(crd, *l);
    return ComposedFunction(inner_, addOffset(offset_, offset), sliced);
  }
  return ComposedFunction(
      inner_, offset_,
      std::make_shared<const ComposedFunction>(std::get<Nested>(outer_)->slice(crd)));
}

ComposedFunction
ComposedFunction::mapLayouts(const std::function<Layout(const Layout &)> &f) const {
  auto mapNested = [&](const Nested &n) {
    return std::make_shared<const ComposedFunction>(n->mapLayouts(f));
  };
  Inner in = inner_;
  if (const auto *l = std::get_if<Layout>(&inner_))
    in = f(*l);
  else if (const auto *n = std::get_if<Nested>(&inner_))
    in = mapNested(*n);
  Outer out = outer_;
  if (const auto *l = std::get_if<Layout>(&outer_))
    out = f(*l);
  else
    out = mapNested(std::get<Nested>(outer_));
  return ComposedFunction(std::move(in), offset_, std::move(out));
}

std::string flydslSwizzleText(const Swizzle &s) {
  return "S<" + std::to_string(s.bits()) + "," + std::to_string(s.base()) + "," +
         std::to_string(s.shift()) + ">";
}

std::string ComposedFunction::str() const {
  std::string in = std::visit(
      [](const auto &i) -> std::string {
        using T = std::decay_t<decltype(i)>;
        if constexpr (std::is_same_v<T, Swizzle>)
          return flydslSwizzleText(i);
        else if constexpr (std::is_same_v<T, Nested>)
          return i->str();
        else
          return i.str();
      },
      inner_);
  std::string out = std::visit(
      [](const auto &o) -> std::string {
        if constexpr (std::is_same_v<std::decay_t<decltype(o)>, Layout>)
          return o.str();
        else
          return "[" + o->str() + "]";
      },
      outer_);
  return in + " o " + offset_.str() + " o " + out;
}

Swizzle readSwizzleBody(TextReader &r) {
  r.expect('<');
  int64_t v[3];
  for (int i = 0; i < 3; ++i) {
    if (i)
      r.expect(',');
    v[i] = r.integer();
    if (v[i] < -64 || v[i] > 64)
      r.error("swizzle parameters out of range");
  }
  r.expect('>');
  return Swizzle(int(v[0]), int(v[1]), int(v[2]));
}

CoordSwizzle readCoordSwizzleBody(TextReader &r) {
  auto number = [&] {
    int64_t v = r.integer();
    if (v < 0 || v > 62)
      r.error("coordinate swizzle parameters are in [0, 62]");
    return int(v);
  };
  auto path = [&] {
    std::vector<int64_t> out;
    r.expect('[');
    if (r.accept(']'))
      return out;
    do {
      int64_t i = r.integer();
      if (i < 0 || i > 1024)
        r.error("a mode index is in [0, 1024]");
      out.push_back(i);
    } while (r.accept(','));
    r.expect(']');
    return out;
  };
  r.expect('<');
  int mask = number();
  r.expect(',');
  int baseRow = number();
  r.expect(',');
  std::vector<int64_t> modeRow = path();
  r.expect(',');
  int baseCol = number();
  r.expect(',');
  std::vector<int64_t> modeCol = path();
  r.expect('>');
  return CoordSwizzle(mask, baseRow, std::move(modeRow), baseCol, std::move(modeCol));
}

ComposedFunction ComposedFunction::read(TextReader &r) {
  std::optional<Inner> inner;
  if (r.accept("CS"))
    inner = readCoordSwizzleBody(r);
  else if (r.accept('S'))
    inner = readSwizzleBody(r);
  else
    inner = r.layout();
  std::optional<ComposedFunction> result;
  do {
    r.expect('o');
    IntTuple offset = r.intTuple();
    r.expect('o');
    Outer outer = Layout(IntTuple(1), IntTuple(0));
    if (r.accept('[')) {
      outer = std::make_shared<const ComposedFunction>(read(r));
      r.expect(']');
    } else {
      outer = r.layout();
    }
    if (result)
      inner = std::make_shared<const ComposedFunction>(*result);
    result.emplace(*inner, std::move(offset), std::move(outer));
  } while (r.peek('o'));
  return *result;
}

ComposedFunction ComposedFunction::parse(std::string_view text) {
  TextReader r(text);
  ComposedFunction f = read(r);
  r.expectEnd();
  return f;
}

} // namespace fly::layout
