//===- ParserTest.cpp - the parser on whole kernel files ------------------===//

#include "trident/Frontend/Parser.h"

#include <gtest/gtest.h>

using namespace trident::frontend;

namespace {

ParseResult parse(const std::string &text) {
  static std::vector<std::unique_ptr<SourceFile>> keep;
  keep.push_back(std::make_unique<SourceFile>("t.py", text));
  return parseModule(*keep.back());
}

TEST(ParserTest, FindsJitFunctionsAmongHostCode) {
  ParseResult r = parse(R"py(
import torch, argparse
import triton
import triton.language as tl
from triton import language as lang

class Runner:
    def __init__(self, *args, **kw):
        self.x = {k: v for k, v in kw.items()}
        print(f"{self.x!r:>10}")

@triton.autotune(configs=[triton.Config({'BLOCK': 128}, num_warps=4)],
                 key=['n'])
@triton.heuristics({'EVEN': lambda args: args['n'] % 128 == 0})
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr = False):
    """Docstring."""
    x = tl.load(x_ptr + tl.arange(0, BLOCK))

@triton.jit(noinline=True)
def helper(a, b=2):
    return a + b

def host(x):
    return [i ** 2 for i in range(10) if i]

if __name__ == "__main__":
    lambda: (yield)
)py");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  const FunctionDef *k = r.module.findFunction("kernel");
  ASSERT_NE(k, nullptr);
  EXPECT_TRUE(k->isJit);
  EXPECT_FALSE(k->noinline);
  ASSERT_EQ(k->params.size(), 4u);
  EXPECT_EQ(k->params[2].name, "BLOCK");
  ASSERT_TRUE(k->params[3].defaultValue);
  EXPECT_EQ(k->params[3].defaultValue->kind, ExprKind::Bool);
  EXPECT_EQ(k->body.size(), 2u);
  const FunctionDef *h = r.module.findFunction("helper");
  ASSERT_NE(h, nullptr);
  EXPECT_TRUE(h->noinline);
  const FunctionDef *host = r.module.findFunction("host");
  ASSERT_NE(host, nullptr);
  EXPECT_FALSE(host->isJit);
  EXPECT_TRUE(host->body.empty());
  auto tl = r.module.globals.find("tl");
  ASSERT_NE(tl, r.module.globals.end());
  EXPECT_EQ(tl->second.modulePath, "triton.language");
  EXPECT_EQ(r.module.globals.at("lang").modulePath, "triton.language");
  EXPECT_EQ(r.module.globals.at("torch").modulePath, "torch");
  // The kernel's text starts at its first decorator, for cache keys.
  EXPECT_EQ(k->text.substr(0, 16), "@triton.autotune");
}

TEST(ParserTest, ModuleConstants) {
  ParseResult r = parse("BLOCK: tl.constexpr = 128\nX = tl.constexpr(4)\n"
                        "N = 0x_ff\nT = {'a': [x for x in y]}\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.module.globals.at("BLOCK").kind, GlobalBinding::Value);
  EXPECT_EQ(r.module.globals.at("BLOCK").value->intValue, 128);
  EXPECT_EQ(r.module.globals.at("X").value->kind, ExprKind::Call);
  EXPECT_EQ(r.module.globals.at("N").value->intValue, 255);
  // Host-only syntax is kept as unparsed, to report if a kernel uses it.
  EXPECT_EQ(r.module.globals.at("T").kind, GlobalBinding::Unparsed);
}

TEST(ParserTest, PrecedenceAndChains) {
  ParseResult r = parse("@jit\ndef f(a, b, c):\n"
                        "    x = a + b * c ** 2 << 1 & 3 | 4\n"
                        "    y = a < b <= c if not a else -b\n"
                        "    z = a[None, :, ...]\n");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  const FunctionDef *f = r.module.findFunction("f");
  const Expr &x = *f->body[0]->value;
  ASSERT_EQ(x.kind, ExprKind::BinOp);
  EXPECT_EQ(x.id, "|");
  EXPECT_EQ(x.operand(0)->id, "&");
  EXPECT_EQ(x.operand(0)->operand(0)->id, "<<");
  const Expr &sum = *x.operand(0)->operand(0)->operand(0);
  EXPECT_EQ(sum.id, "+");
  EXPECT_EQ(sum.operand(1)->id, "*");
  EXPECT_EQ(sum.operand(1)->operand(1)->id, "**");
  const Expr &y = *f->body[1]->value;
  ASSERT_EQ(y.kind, ExprKind::IfExp);
  EXPECT_EQ(y.operand(1)->kind, ExprKind::Compare);
  EXPECT_EQ(y.operand(1)->ops.size(), 2u);
  const Expr &z = *f->body[2]->value;
  ASSERT_EQ(z.kind, ExprKind::Subscript);
  ASSERT_EQ(z.operand(1)->kind, ExprKind::Tuple);
  EXPECT_EQ(z.operand(1)->operand(0)->kind, ExprKind::NoneLit);
  EXPECT_EQ(z.operand(1)->operand(1)->kind, ExprKind::Slice);
  EXPECT_EQ(z.operand(1)->operand(2)->kind, ExprKind::Ellipsis);
}

TEST(ParserTest, StatementsOfKernels) {
  ParseResult r = parse("@jit\ndef f(n):\n"
                        "    a, b = 1, 2\n"
                        "    a += 1; b -= 1\n"
                        "    for i in tl.range(0, n, 2, num_stages=3):\n"
                        "        pass\n"
                        "    while a < n:\n        a = a * 2\n"
                        "    if a:\n        return a, b\n"
                        "    elif b:\n        return\n"
                        "    else:\n        assert a, 'msg'\n");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  const Block &b = r.module.findFunction("f")->body;
  ASSERT_EQ(b.size(), 6u);
  EXPECT_EQ(b[0]->kind, StmtKind::Assign);
  EXPECT_EQ(b[1]->kind, StmtKind::AugAssign);
  EXPECT_EQ(b[1]->id, "+");
  EXPECT_EQ(b[2]->kind, StmtKind::AugAssign);
  EXPECT_EQ(b[3]->kind, StmtKind::For);
  EXPECT_EQ(b[3]->value->keywords.size(), 1u);
  EXPECT_EQ(b[4]->kind, StmtKind::While);
  ASSERT_EQ(b[5]->kind, StmtKind::If);
  ASSERT_EQ(b[5]->orelse.size(), 1u);
  EXPECT_EQ(b[5]->orelse[0]->kind, StmtKind::If);
  EXPECT_EQ(b[5]->orelse[0]->orelse[0]->kind, StmtKind::Assert);
}

TEST(ParserTest, ListComprehensions) {
  ParseResult r = parse("@triton.jit\ndef f(t):\n"
                        "    y = [v + 1 for v in t if v]\n"
                        "    z = [a * b for (a, b) in t]\n");
  ASSERT_TRUE(r.ok()) << r.errors[0].message;
  const Block &b = r.module.findFunction("f")->body;
  ASSERT_EQ(b.size(), 2u);
  const Expr &y = *b[0]->value;
  ASSERT_EQ(y.kind, ExprKind::ListComp);
  ASSERT_EQ(y.operands.size(), 4u); // element, target, iterable, condition
  EXPECT_EQ(y.operands[1]->kind, ExprKind::Name);
  EXPECT_EQ(y.operands[1]->id, "v");
  const Expr &z = *b[1]->value;
  ASSERT_EQ(z.kind, ExprKind::ListComp);
  ASSERT_EQ(z.operands[1]->kind, ExprKind::Tuple);
  EXPECT_EQ(z.operands[1]->operands.size(), 2u);
  ParseResult nested =
      parse("@triton.jit\ndef f(t):\n    y = [a for a in t for b in t]\n");
  ASSERT_EQ(nested.errors.size(), 1u);
  EXPECT_EQ(nested.errors[0].message,
            "nested comprehensions are not supported in @jit functions");
}

TEST(ParserTest, ErrorsInJitFunctionsHaveLocations) {
  ParseResult r = parse("@triton.jit\ndef f(x):\n    y = (i for i in x)\n"
                        "@triton.jit\ndef g(x):\n    return x +\n");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0].loc.line, 3u);
  EXPECT_EQ(r.errors[0].loc.column, 12u);
  EXPECT_EQ(r.errors[0].message,
            "generator expressions are not supported in @jit functions");
  // Parsing resumes after the function that failed.
  EXPECT_EQ(r.errors[1].loc.line, 6u);
  EXPECT_EQ(r.errors[1].message, "expected an expression, found end of line");
  // A tokenizer error stops everything: later errors would be its echoes.
  r = parse("@triton.jit\ndef g(x):\n    return (x +\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].message, "'(' was never closed");
}

TEST(ParserTest, NestingIsBounded) {
  std::string deep = "@jit\ndef f():\n    y = " + std::string(5000, '(') +
                     "1" + std::string(5000, ')') + "\n";
  ParseResult r = parse(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errors[0].message.find("too many nested"), std::string::npos);
  std::string chain = "@jit\ndef f():\n    y = 1";
  for (int i = 0; i < 5000; ++i)
    chain += " + 1";
  r = parse(chain + "\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errors[0].message.find("too deeply nested"), std::string::npos);
}

TEST(ParserTest, StringLiterals) {
  std::string out, err;
  EXPECT_TRUE(decodeStringLiteral("'a\\tb\\x41'", out, err));
  EXPECT_EQ(out, "a\tbA");
  EXPECT_TRUE(decodeStringLiteral("r'a\\tb'", out, err));
  EXPECT_EQ(out, "a\\tb");
  EXPECT_TRUE(decodeStringLiteral("\"\"\"x\ny\"\"\"", out, err));
  EXPECT_EQ(out, "x\ny");
  EXPECT_FALSE(decodeStringLiteral("'\\x4'", out, err));
}

} // namespace
