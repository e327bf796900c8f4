//===- LexerTest.cpp - the Python tokenizer --------------------------------===//

#include "trident/Frontend/Lexer.h"

#include <gtest/gtest.h>

using namespace trident::frontend;

namespace {

/// "kind:text" for each token, e.g. "name:x op:= int:1 nl eof".
std::string describe(const std::string &source) {
  SourceFile file("t.py", source);
  LexResult result = Lexer(file).tokenize();
  std::string s;
  for (const Token &t : result.tokens) {
    if (!s.empty())
      s += ' ';
    switch (t.kind) {
    case TokenKind::Name: s += "name:"; break;
    case TokenKind::Keyword: s += "kw:"; break;
    case TokenKind::Integer: s += "int:"; break;
    case TokenKind::Float: s += "float:"; break;
    case TokenKind::String: s += "str:"; break;
    case TokenKind::Operator: s += "op:"; break;
    case TokenKind::Newline: s += "nl"; continue;
    case TokenKind::Indent: s += "indent"; continue;
    case TokenKind::Dedent: s += "dedent"; continue;
    case TokenKind::EndOfFile: s += "eof"; continue;
    }
    s += std::string(t.text);
  }
  return s;
}

/// The formatted first error of lexing `source`, or "" when it lexes.
std::string firstError(const std::string &source) {
  SourceFile file("t.py", source);
  LexResult result = Lexer(file).tokenize();
  if (result.ok())
    return "";
  return formatDiagnostic(file, result.errors.front());
}

TEST(LexerTest, IndentationBecomesIndentAndDedent) {
  EXPECT_EQ(describe("def f(x):\n    if x:\n        return 1\n    return 2\n"),
            "kw:def name:f op:( name:x op:) op:: nl indent kw:if name:x op:: "
            "nl indent kw:return int:1 nl dedent kw:return int:2 nl dedent "
            "eof");
}

TEST(LexerTest, BlankAndCommentLinesDoNotCount) {
  EXPECT_EQ(describe("if a:\n\n    # comment\n        \n    b = 1  # tail\n"),
            "kw:if name:a op:: nl indent name:b op:= int:1 nl dedent eof");
}

TEST(LexerTest, BracketsJoinLines) {
  EXPECT_EQ(describe("x = f(a,\n      b)\ny = [1,\n2]\n"),
            "name:x op:= name:f op:( name:a op:, name:b op:) nl name:y op:= "
            "op:[ int:1 op:, int:2 op:] nl eof");
}

TEST(LexerTest, BackslashContinuesLines) {
  EXPECT_EQ(describe("x = a + \\\n    b\n"),
            "name:x op:= name:a op:+ name:b nl eof");
}

TEST(LexerTest, NumericLiterals) {
  EXPECT_EQ(describe("0x1F 0o17 0b1010 1_000 0 00 1.5 .5 5. 1e-3 1_0.5E+2 "
                     "2j 0xdead_beef\n"),
            "int:0x1F int:0o17 int:0b1010 int:1_000 int:0 int:00 float:1.5 "
            "float:.5 float:5. float:1e-3 float:1_0.5E+2 float:2j "
            "int:0xdead_beef nl eof");
}

TEST(LexerTest, StringLiterals) {
  EXPECT_EQ(describe(R"(a = 'x' "y" r'\d' b"z" f"{v!r:>10}" '''t
'q' ''' rb'\'' f"{d["k"]}" "a\"b"
)"),
            R"(name:a op:= str:'x' str:"y" str:r'\d' str:b"z" str:f"{v!r:>10}" str:'''t
'q' ''' str:rb'\'' str:f"{d["k"]}" str:"a\"b" nl eof)");
}

TEST(LexerTest, BackslashBeforeBraceInFString) {
  // The backslash is literal; `{{` is still an escaped brace.
  EXPECT_EQ(describe("x = rf'(\\{{%)({a})'\n"),
            "name:x op:= str:rf'(\\{{%)({a})' nl eof");
}

TEST(LexerTest, OperatorsLongestMatchFirst) {
  EXPECT_EQ(describe("a **= b // c >> 2 -> d ... e != f := g @ h\n"),
            "name:a op:**= name:b op:// name:c op:>> int:2 op:-> name:d "
            "op:... name:e op:!= name:f op::= name:g op:@ name:h nl eof");
}

TEST(LexerTest, DecoratorsAndKeywords) {
  EXPECT_EQ(describe("@triton.jit\ndef k(X, N: tl.constexpr):\n    pass\n"),
            "op:@ name:triton op:. name:jit nl kw:def name:k op:( name:X op:, "
            "name:N op:: name:tl op:. name:constexpr op:) op:: nl indent "
            "kw:pass nl dedent eof");
}

TEST(LexerTest, TokensCarryPositions) {
  SourceFile file("t.py", "x = 1\n  \ny = 22\n");
  LexResult result = Lexer(file).tokenize();
  ASSERT_TRUE(result.ok());
  const Token &tok = result.tokens[6];
  EXPECT_EQ(tok.text, "22");
  EXPECT_EQ(tok.loc.line, 3u);
  EXPECT_EQ(tok.loc.column, 5u);
}

TEST(LexerTest, NoFinalNewlineStillClosesBlocks) {
  EXPECT_EQ(describe("if a:\n    b"), "kw:if name:a op:: nl indent name:b nl dedent eof");
  EXPECT_EQ(describe(""), "eof");
  EXPECT_EQ(describe("\n\n# only a comment\n"), "eof");
}

TEST(LexerTest, WindowsLineEndings) {
  EXPECT_EQ(describe("if a:\r\n    b = 1\r\n"),
            "kw:if name:a op:: nl indent name:b op:= int:1 nl dedent eof");
}

TEST(LexerTest, BadIndentationIsAnError) {
  EXPECT_EQ(firstError("if a:\n    b\n  c\n"),
            "t.py:3:3: error: unindent does not match any outer indentation "
            "level\n  c\n  ^\n");
}

TEST(LexerTest, UnterminatedStrings) {
  EXPECT_EQ(firstError("x = 'abc\n"),
            "t.py:1:5: error: unterminated string literal\nx = 'abc\n    ^\n");
  EXPECT_EQ(firstError("x = \"\"\"abc\n"),
            "t.py:1:5: error: unterminated triple-quoted string literal\n"
            "x = \"\"\"abc\n    ^\n");
}

TEST(LexerTest, BadNumbers) {
  EXPECT_EQ(firstError("x = 1__0\n"),
            "t.py:1:5: error: invalid decimal literal\nx = 1__0\n    ^\n");
  EXPECT_EQ(firstError("x = 0x\n"),
            "t.py:1:5: error: invalid hexadecimal literal\nx = 0x\n    ^\n");
  EXPECT_EQ(firstError("x = 12abc\n"),
            "t.py:1:5: error: invalid decimal literal\nx = 12abc\n    ^\n");
  EXPECT_NE(firstError("x = 0123\n").find("leading zeros"), std::string::npos);
  EXPECT_EQ(firstError("x = 1e\n"),
            "t.py:1:5: error: invalid decimal literal\nx = 1e\n    ^\n");
}

TEST(LexerTest, BracketMismatches) {
  EXPECT_EQ(firstError("x = (1, 2]\n"),
            "t.py:1:10: error: closing parenthesis ']' does not match opening "
            "parenthesis '('\nx = (1, 2]\n         ^\n");
  EXPECT_EQ(firstError("x = 1)\n"),
            "t.py:1:6: error: unmatched ')'\nx = 1)\n     ^\n");
  EXPECT_EQ(firstError("x = f(1,\n  2\n"),
            "t.py:1:6: error: '(' was never closed\nx = f(1,\n     ^\n");
}

TEST(LexerTest, InvalidCharacters) {
  EXPECT_EQ(firstError("x = $y\n"),
            "t.py:1:5: error: invalid character '$' in source\nx = $y\n    ^\n");
  EXPECT_EQ(firstError("x = a ! b\n"),
            "t.py:1:7: error: invalid syntax: '!' (did you mean '!='?)\n"
            "x = a ! b\n      ^\n");
  EXPECT_EQ(firstError("x = a \\ b\n"),
            "t.py:1:7: error: unexpected character after line continuation\n"
            "x = a \\ b\n      ^\n");
}

TEST(LexerTest, ArbitraryBytesNeverCrash) {
  // Every prefix of a kernel plus some garbage: the lexer must end cleanly.
  std::string source = "@triton.jit\ndef k(x_ptr, n: tl.constexpr = 0x10):\n"
                       "    s = f'{x!r}' + \"\\\"\" \\\n      + '''a'''\n"
                       "    return (x[:, None] ** 2.5e-1, 0b1)\n\x01\xff\x80";
  for (size_t n = 0; n <= source.size(); ++n) {
    SourceFile file("t.py", source.substr(0, n));
    LexResult result = Lexer(file).tokenize();
    ASSERT_FALSE(result.tokens.empty());
    EXPECT_EQ(result.tokens.back().kind, TokenKind::EndOfFile);
  }
}

} // namespace
