//===- typst_drawing.cpp - Layouts drawn as Typst markup -------------------===//

#include "layout/typst_drawing.h"

#include "layout/error.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <utility>

namespace fly::layout {

namespace {

// CuTe's TikZ palettes: eight greys for layouts, eight pastels for threads.
std::string greyOf(int64_t index, int64_t) {
  static const char *greys[] = {"#ffffff", "#999999", "#cccccc", "#666666",
                                "#e5e5e5", "#808080", "#b2b2b2", "#4c4c4c"};
  return greys[((index % 8) + 8) % 8];
}

std::string pastelOf(int64_t thread, int64_t) {
  static const char *pastels[] = {"#afafff", "#afffaf", "#ffffaf", "#ffafaf",
                                  "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2"};
  return pastels[((thread % 8) + 8) % 8];
}

struct Cell {
  std::string fill, text; // text: lines joined by Typst's #linebreak()
};

// (row, column) -> cell; a cell no one holds stays white and empty.
using Cells = std::map<std::pair<int64_t, int64_t>, Cell>;

struct Grid {
  std::string title;
  int64_t rows = 0, cols = 0;
  Cells cells;
};

struct CellSize {
  double width = 0, height = 0;
};

std::vector<std::string> linesOf(const std::string &text) {
  std::vector<std::string> lines;
  std::string rest = text;
  const std::string br = " #linebreak() ";
  for (size_t at; (at = rest.find(br)) != std::string::npos; rest = rest.substr(at + br.size()))
    lines.push_back(rest.substr(0, at));
  lines.push_back(rest);
  return lines;
}

// A square cell that holds the widest text of the grid and its row and column labels, a
// little taller than wide so that two-line cells breathe.
CellSize cellSize(const Grid &g) {
  size_t chars = 1, lines = 1;
  auto measure = [&](const std::string &text) {
    std::vector<std::string> l = linesOf(text);
    lines = std::max(lines, l.size());
    for (const std::string &s : l)
      chars = std::max(chars, s.size());
  };
  for (const auto &[at, cell] : g.cells)
    measure(cell.text);
  measure(std::to_string(std::max(g.rows, g.cols) - 1));
  double side = std::max({20.0, 5.5 * double(chars) + 6.0, 10.0 * double(lines) + 6.0});
  return {side, side + 2.0};
}

std::string pt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%gpt", v);
  return buf;
}

std::string box(const CellSize &s, const std::string &content) {
  return "#box(width: " + pt(s.width) + ", height: " + pt(s.height) +
         ", inset: 1pt)[#align(center + horizon)[" + content + "]]";
}

std::string gridMarkup(const Grid &g, const CellSize &size) {
  std::ostringstream os;
  os << "#align(center, text(weight: \"bold\", size: 11pt)[" << g.title << "])\n";
  os << "#grid(\n  columns: " << g.cols + 1 << ",\n  stroke: 0.5pt + black,\n"
     << "  align: center + horizon,\n  inset: 0pt,\n";
  os << "  grid.cell(stroke: none)[" << box(size, "") << "],\n";
  for (int64_t c = 0; c < g.cols; ++c)
    os << "  grid.cell(stroke: none)[" << box(size, "#strong[" + std::to_string(c) + "]") << "],\n";
  for (int64_t r = 0; r < g.rows; ++r) {
    os << "  grid.cell(stroke: none)[" << box(size, "#strong[" + std::to_string(r) + "]") << "],\n";
    for (int64_t c = 0; c < g.cols; ++c) {
      auto it = g.cells.find({r, c});
      Cell cell = it == g.cells.end() ? Cell{"#ffffff", ""} : it->second;
      os << "  grid.cell(fill: rgb(\"" << cell.fill << "\"))[" << box(size, cell.text) << "],\n";
    }
  }
  os << ")\n";
  return os.str();
}

// Text in Typst markup as it is: markup characters escaped, spaces kept.
std::string escaped(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == ' ') {
      out += '~';
      continue;
    }
    if (std::string("\\[]<>#$*_@`~\"'/=+-").find(c) != std::string::npos)
      out += '\\';
    out += c;
  }
  return out;
}

std::string panel(const std::vector<std::string> &lines) {
  std::ostringstream os;
  os << "#box(inset: 6pt, stroke: 0.5pt + black, radius: 2pt)[\n";
  for (size_t i = 0; i < lines.size(); ++i)
    os << (i ? "  #linebreak()\n" : "") << "  #text(font: (\"Ubuntu Mono\", \"DejaVu Sans Mono\"))["
       << escaped(lines[i]) << "]\n";
  os << "]\n\n";
  return os.str();
}

int64_t staticValue(const Int &i, const char *what) {
  if (!i.isStatic())
    fail(ErrorKind::InvalidArgument, std::string("a Typst drawing needs a static ") + what);
  return i.value();
}

// Who holds each element of a rows x cols tile (column-major: index r + rows * c) under a
// (thread, value) -> index layout; with `transposed` the tile is drawn as cols x rows (B's K x N
// from its N x K indices). The first holder of an element names it.
Grid threadValueGrid(std::string title, const Layout &tv, int64_t rows, int64_t cols,
                     bool transposed, const TypstColor &color) {
  if (tv.rank() < 2)
    fail(ErrorKind::InvalidArgument,
         "a thread-value layout has a thread and a value mode, not " + tv.str());
  int64_t threads = staticValue(size(tv.mode(0)), "thread-value layout");
  int64_t values = staticValue(size(tv), "thread-value layout") / std::max<int64_t>(threads, 1);
  Grid g{std::move(title), transposed ? cols : rows, transposed ? rows : cols, {}};
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      int64_t index = staticValue(evaluate(tv, IntTuple(t + v * threads)).value(), "index");
      if (index < 0 || index >= rows * cols)
        fail(ErrorKind::InvalidArgument, "thread " + std::to_string(t) + " value " +
                                             std::to_string(v) + " of " + tv.str() +
                                             " lies outside the " + std::to_string(rows) + "x" +
                                             std::to_string(cols) + " tile");
      std::pair<int64_t, int64_t> at{index % rows, index / rows};
      if (transposed)
        std::swap(at.first, at.second);
      g.cells.emplace(
          at, Cell{color(t, v), "T" + std::to_string(t) + " #linebreak() V" + std::to_string(v)});
    }
  return g;
}

} // namespace

std::string typstPreamble() {
  return "#set page(width: auto, height: auto, margin: 8pt)\n#set text(size: 9pt)\n\n";
}

std::string typstLayout(const std::variant<Layout, ComposedLayout> &layout,
                        const TypstColor &color) {
  const auto *composed = std::get_if<ComposedLayout>(&layout);
  const Layout &shape = composed ? composed->layout() : std::get<Layout>(layout);
  if (shape.rank() > 2)
    fail(ErrorKind::InvalidArgument,
         "a Typst drawing of a layout needs rank 1 or 2, not " + shape.str());
  auto indexAt = [&](int64_t linear) {
    IntTuple c(linear);
    return composed ? composed->evaluate(c) : staticValue(evaluate(shape, c).value(), "layout");
  };
  TypstColor fill = color ? color : TypstColor(greyOf);
  bool one = shape.rank() < 2;
  Grid g{"Layout",
         one ? 1 : staticValue(size(shape.mode(0)), "layout"),
         one ? staticValue(size(shape), "layout") : staticValue(size(shape.mode(1)), "layout"),
         {}};
  for (int64_t c = 0; c < g.cols; ++c)
    for (int64_t r = 0; r < g.rows; ++r) {
      int64_t index = indexAt(r + g.rows * c);
      g.cells[{r, c}] = Cell{fill(index, 0), std::to_string(index)};
    }
  std::string text = composed ? composed->str() : shape.str();
  return panel({text}) + gridMarkup(g, cellSize(g));
}

std::string typstMma(const TiledMma &mma, bool atomOnly, const TypstColor &color) {
  TypstColor fill = color ? color : TypstColor(pastelOf);
  int64_t m = atomOnly ? mma.atom.m : tileSizeMnk(mma, 0);
  int64_t n = atomOnly ? mma.atom.n : tileSizeMnk(mma, 1);
  int64_t k = atomOnly ? mma.atom.k : tileSizeMnk(mma, 2);
  auto tv = [&](MmaOperand op, const Layout &atomLayout) {
    return atomOnly ? atomLayout : layoutTV(mma, op);
  };
  Layout a = tv(MmaOperand::A, mma.atom.layoutA), b = tv(MmaOperand::B, mma.atom.layoutB),
         c = tv(MmaOperand::C, mma.atom.layoutC);
  Grid ga = threadValueGrid("A (M x K)", a, m, k, false, fill);
  Grid gb = threadValueGrid("B (K x N)", b, n, k, true, fill);
  Grid gc = threadValueGrid("C (M x N)", c, m, n, false, fill);
  // C shares its rows' height with A and its columns' width with B, so the grids line up.
  CellSize sa = cellSize(ga), sb = cellSize(gb), sc = cellSize(gc);
  sa.height = sc.height = std::max(sa.height, sc.height);
  sb.width = sc.width = std::max(sb.width, sc.width);
  std::string mnk =
      "(" + std::to_string(m) + "," + std::to_string(n) + "," + std::to_string(k) + ")";
  std::vector<std::string> lines;
  if (atomOnly) {
    lines = {"MMA Atom " + mma.atom.name, "  Thr Layout:  " + mma.atom.thrID.str(),
             "  Shape MNK:   " + mnk,     "  TV Layout A: " + a.str(),
             "  TV Layout B: " + b.str(), "  TV Layout C: " + c.str()};
  } else {
    std::string perm = "(";
    for (size_t i = 0; i < mma.permutation.size(); ++i)
      perm += (i ? "," : "") + mma.permutation[i].str();
    lines = {"Tiled MMA of " + mma.atom.name,    "  Thr Layout VMNK: " + mma.thrLayoutVMNK.str(),
             "  Permutation MNK: " + perm + ")", "  Tile Size MNK:   " + mnk,
             "  TV Layout A:     " + a.str(),    "  TV Layout B:     " + b.str(),
             "  TV Layout C:     " + c.str()};
  }
  return panel(lines) +
         "#grid(\n  columns: 2,\n  gutter: 12pt,\n  align: center + horizon,\n  [],\n  [\n" +
         gridMarkup(gb, sb) + "  ],\n  [\n" + gridMarkup(ga, sa) + "  ],\n  [\n" +
         gridMarkup(gc, sc) + "  ],\n)\n";
}

std::string typstCopy(const Layout &srcTV, const Layout &dstTV, int64_t m, int64_t n,
                      const std::string &caption, const TypstColor &color) {
  if (m <= 0 || n <= 0)
    fail(ErrorKind::InvalidArgument, "a copy's tile needs positive extents");
  TypstColor fill = color ? color : TypstColor(pastelOf);
  Grid src = threadValueGrid("Src (M x N)", srcTV, m, n, false, fill);
  Grid dst = threadValueGrid("Dst (M x N)", dstTV, m, n, false, fill);
  CellSize ss = cellSize(src), ds = cellSize(dst);
  ss.height = ds.height = std::max(ss.height, ds.height);
  std::vector<std::string> lines;
  std::istringstream in(caption);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  lines.push_back("  Src TV Layout: " + srcTV.str());
  lines.push_back("  Dst TV Layout: " + dstTV.str());
  return panel(lines) + "#grid(\n  columns: 2,\n  gutter: 20pt,\n  [\n" + gridMarkup(src, ss) +
         "  ],\n  [\n" + gridMarkup(dst, ds) + "  ],\n)\n";
}

} // namespace fly::layout
