//===- Lexer.h - tokens of the Python subset kernel files use ---*- C++ -*-===//
//
// Splits a whole Python file into tokens the way Python's tokenizer does:
// NEWLINE at the end of each logical line, INDENT and DEDENT for changes of
// indentation, no line structure inside brackets or after a backslash, and
// comments and blank lines dropped. Every token carries its position. The
// lexer never fails silently: malformed input yields a diagnostic, and lexing
// stops there.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_LEXER_H
#define TRIDENT_FRONTEND_LEXER_H

#include "trident/Frontend/Source.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trident::frontend {

enum class TokenKind {
  Name,     ///< identifier (keywords are Keyword)
  Keyword,  ///< Python keyword: def, if, for, True, None, ...
  Integer,  ///< 42, 0x2A, 0o52, 0b101010, 1_000
  Float,    ///< 1.5, .5, 1e-3, 1_0.5e+2
  String,   ///< any string literal; `text` is the literal as written
  Operator, ///< operators and delimiters: + // **= -> ( [ : ...
  Newline,  ///< end of a logical line
  Indent,
  Dedent,
  EndOfFile,
};

struct Token {
  TokenKind kind;
  /// The token's spelling, pointing into the source file.
  std::string_view text;
  SourceLoc loc;

  bool is(TokenKind k, std::string_view spelling) const {
    return kind == k && text == spelling;
  }
  bool isOperator(std::string_view spelling) const {
    return is(TokenKind::Operator, spelling);
  }
  bool isKeyword(std::string_view spelling) const {
    return is(TokenKind::Keyword, spelling);
  }
};

/// The tokens of a file, ending with EndOfFile; when the file is malformed,
/// `errors` says where and why and `tokens` stops before that point.
struct LexResult {
  std::vector<Token> tokens;
  std::vector<Diagnostic> errors;
  bool ok() const { return errors.empty(); }
};

/// Tokenizes all of `file`. Token texts point into `file`, which must outlive
/// them.
class Lexer {
public:
  explicit Lexer(const SourceFile &file) : file_(file) {}

  LexResult tokenize();

private:
  bool lexLineStart(std::vector<Token> &out);
  bool lexToken(std::vector<Token> &out);
  bool lexNumber(std::vector<Token> &out);
  bool lexString(std::vector<Token> &out, size_t prefixLength);
  void emit(std::vector<Token> &out, TokenKind kind, size_t begin, size_t end);
  /// Records an error at byte `at`; returns false so callers can stop.
  bool error(size_t at, std::string message);
  char peek(size_t ahead = 0) const;

  const SourceFile &file_;
  std::string_view text_;
  size_t pos_ = 0;
  /// Open brackets and their offsets, innermost last.
  std::vector<std::pair<char, size_t>> brackets_;
  std::vector<unsigned> indents_;
  std::vector<Diagnostic> errors_;
};

/// Whether `name` is a Python keyword.
bool isPythonKeyword(std::string_view name);

const char *tokenKindName(TokenKind kind);

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_LEXER_H
