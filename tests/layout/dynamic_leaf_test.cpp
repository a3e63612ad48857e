// The algebra routes arithmetic on values known only inside a kernel through
// DynamicInt. A symbolic leaf stands in for the kernel builder here.
#include "layout/layout.h"

#include <gtest/gtest.h>

using namespace fly::layout;

namespace {
class Symbol : public DynamicInt, public std::enable_shared_from_this<Symbol> {
public:
  explicit Symbol(std::string text) : text_(std::move(text)) {}
  std::string str() const override { return text_; }
  Int combine(ArithOp op, const Int &a, const Int &b) const override {
    static const char *names[] = {"+", "*", "/", "%", "ceil/", "shape/", "min"};
    return Int::dynamic(std::make_shared<Symbol>("(" + a.str() + names[int(op)] + b.str() + ")"));
  }

private:
  std::string text_;
};

Int sym(const char *name) { return Int::dynamic(std::make_shared<Symbol>(name)); }
} // namespace

TEST(DynamicLeaf, Crd2IdxBuildsAnExpression) {
  Layout l = Layout::parse("(4,8):(1,4)");
  IntTuple crd{IntTuple(sym("i")), IntTuple(sym("j"))};
  EXPECT_EQ(evaluate(l, crd).str(), "((0+(1*i))+(4*j))");
}

TEST(DynamicLeaf, CosizeBuildsAnExpression) {
  // CuTe's layout(size - 1) + 1: (n - 1) * 1 + 3 * 8 + 1.
  Layout l(IntTuple{IntTuple(sym("n")), IntTuple(4)}, IntTuple{IntTuple(1), IntTuple(8)});
  EXPECT_EQ(cosize(l).str(), "(((0+((n+-1)*1))+24)+1)");
}

TEST(DynamicLeaf, ChecksThatNeedHostValuesSaySo) {
  try {
    (void)sym("n").value();
    FAIL();
  } catch (const LayoutError &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
    EXPECT_NE(std::string(e.what()).find("only known inside a kernel"), std::string::npos);
  }
}
