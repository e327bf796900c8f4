//===- Lexer.cpp - Python tokenizer for kernel files ----------------------===//
//
// Follows the rules of Python's own tokenizer (PEP 8 aside): logical lines,
// INDENT/DEDENT from a stack of indentation widths (a tab advances to the next
// multiple of 8), implicit joining inside brackets, backslash continuation,
// every numeric literal form with single underscores between digits, and
// string literals with any prefix, triple quotes and f-string nesting.
//
//===----------------------------------------------------------------------===//

#include "trident/Frontend/Lexer.h"

#include <array>
#include <cctype>

namespace trident::frontend {

namespace {

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool isIdentChar(char c) {
  return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c));
}
bool isDigitOfBase(char c, int base) {
  switch (base) {
  case 2:
    return c == '0' || c == '1';
  case 8:
    return c >= '0' && c <= '7';
  case 16:
    return std::isxdigit(static_cast<unsigned char>(c));
  default:
    return std::isdigit(static_cast<unsigned char>(c));
  }
}

constexpr std::array<std::string_view, 35> kKeywords = {
    "False",  "None",     "True",  "and",    "as",       "assert", "async",
    "await",  "break",    "class", "continue", "def",    "del",    "elif",
    "else",   "except",   "finally", "for",  "from",     "global", "if",
    "import", "in",       "is",    "lambda", "nonlocal", "not",    "or",
    "pass",   "raise",    "return", "try",   "while",    "with",   "yield"};

/// Operators and delimiters, longest first so that the first match wins.
constexpr std::array<std::string_view, 48> kOperators = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", ">>", "<<", "<=",
    ">=",  "==",  "!=",  "->",  "+=",  "-=", "*=", "/=", "%=", "&=",
    "|=",  "^=",  "@=",  ":=",  "+",   "-",  "*",  "/",  "%",  "@",
    "&",   "|",   "^",   "~",   "<",   ">",  "(",  ")",  "[",  "]",
    "{",   "}",   ",",   ":",   ".",   ";",  "=",  "!"};

} // namespace

bool isPythonKeyword(std::string_view name) {
  if (name.empty())
    return false;
  for (std::string_view k : kKeywords)
    if (k[0] == name[0] && k == name)
      return true;
  return false;
}

const char *tokenKindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::Name:
    return "name";
  case TokenKind::Keyword:
    return "keyword";
  case TokenKind::Integer:
    return "integer";
  case TokenKind::Float:
    return "float";
  case TokenKind::String:
    return "string";
  case TokenKind::Operator:
    return "operator";
  case TokenKind::Newline:
    return "newline";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "dedent";
  case TokenKind::EndOfFile:
    return "end of file";
  }
  return "token";
}

namespace {

/// The length of the line break at `at`: 2 for "\r\n", 1 for "\n" or a lone
/// "\r" (Python accepts all three, as old Mac files have them), else 0.
size_t lineBreakAt(std::string_view text, size_t at) {
  if (at >= text.size())
    return 0;
  if (text[at] == '\r')
    return at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
  return text[at] == '\n' ? 1 : 0;
}

} // namespace

char Lexer::peek(size_t ahead) const {
  size_t at = pos_ + ahead;
  return at < text_.size() ? text_[at] : '\0';
}

void Lexer::emit(std::vector<Token> &out, TokenKind kind, size_t begin,
                 size_t end) {
  out.push_back(Token{kind, text_.substr(begin, end - begin),
                      file_.locForOffset(static_cast<uint32_t>(begin))});
}

bool Lexer::error(size_t at, std::string message) {
  errors_.push_back(Diagnostic{Severity::Error,
                               file_.locForOffset(static_cast<uint32_t>(at)),
                               std::move(message)});
  return false;
}

LexResult Lexer::tokenize() {
  text_ = file_.text();
  pos_ = 0;
  indents_ = {0};
  brackets_.clear();
  errors_.clear();
  std::vector<Token> out;
  bool atLineStart = true;
  bool ok = true;

  while (ok) {
    if (atLineStart && brackets_.empty()) {
      ok = lexLineStart(out);
      atLineStart = false;
      if (!ok || pos_ >= text_.size())
        break;
    }
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\f') {
      ++pos_;
      continue;
    }
    if (pos_ >= text_.size())
      break;
    if (c == '#') {
      while (pos_ < text_.size() && peek() != '\n' && peek() != '\r')
        ++pos_;
      continue;
    }
    if (c == '\\') {
      size_t next = pos_ + 1;
      if (size_t br = lineBreakAt(text_, next)) {
        pos_ = next + br;
        continue;
      }
      if (next >= text_.size()) {
        ok = error(pos_, "unexpected end of file after line continuation");
        break;
      }
      ok = error(pos_, "unexpected character after line continuation");
      break;
    }
    if (c == '\n' || c == '\r') {
      if (brackets_.empty() && !out.empty() &&
          out.back().kind != TokenKind::Newline &&
          out.back().kind != TokenKind::Indent &&
          out.back().kind != TokenKind::Dedent)
        emit(out, TokenKind::Newline, pos_, pos_);
      if (c == '\r' && peek(1) == '\n')
        ++pos_;
      ++pos_;
      // Inside brackets a line break is just white space.
      atLineStart = brackets_.empty();
      continue;
    }
    ok = lexToken(out);
  }

  if (ok && !brackets_.empty()) {
    auto [bracket, at] = brackets_.back();
    ok = error(at, std::string("'") + bracket + "' was never closed");
  }
  // Close the last logical line and every open block, as Python does.
  size_t end = text_.size();
  if (!out.empty() && out.back().kind != TokenKind::Newline &&
      out.back().kind != TokenKind::Dedent)
    emit(out, TokenKind::Newline, end, end);
  if (ok)
    for (size_t i = 1; i < indents_.size(); ++i)
      emit(out, TokenKind::Dedent, end, end);
  emit(out, TokenKind::EndOfFile, end, end);
  return LexResult{std::move(out), std::move(errors_)};
}

bool Lexer::lexLineStart(std::vector<Token> &out) {
  while (true) {
    unsigned width = 0;
    while (pos_ < text_.size()) {
      char c = peek();
      if (c == ' ')
        ++width;
      else if (c == '\t')
        width = (width / 8 + 1) * 8;
      else if (c == '\f')
        width = 0;
      else
        break;
      ++pos_;
    }
    if (pos_ >= text_.size())
      return true;
    char c = peek();
    // Blank and comment-only lines do not count for indentation.
    if (c == '#' || c == '\n' || c == '\r') {
      while (pos_ < text_.size() && !lineBreakAt(text_, pos_))
        ++pos_;
      pos_ += lineBreakAt(text_, pos_);
      continue;
    }
    if (width > indents_.back()) {
      indents_.push_back(width);
      emit(out, TokenKind::Indent, pos_, pos_);
      return true;
    }
    while (width < indents_.back()) {
      indents_.pop_back();
      emit(out, TokenKind::Dedent, pos_, pos_);
    }
    if (width != indents_.back())
      return error(pos_,
                   "unindent does not match any outer indentation level");
    return true;
  }
}

bool Lexer::lexToken(std::vector<Token> &out) {
  char c = peek();
  size_t begin = pos_;
  if (isIdentStart(c)) {
    while (isIdentChar(peek()))
      ++pos_;
    std::string_view word = text_.substr(begin, pos_ - begin);
    char next = peek();
    if ((next == '\'' || next == '"') && word.size() <= 2) {
      bool prefix = true;
      for (char p : word) {
        char l = static_cast<char>(std::tolower(static_cast<unsigned char>(p)));
        prefix &= l == 'r' || l == 'b' || l == 'u' || l == 'f';
      }
      if (prefix) {
        pos_ = begin;
        return lexString(out, word.size());
      }
    }
    emit(out, isPythonKeyword(word) ? TokenKind::Keyword : TokenKind::Name,
         begin, pos_);
    return true;
  }
  if (std::isdigit(static_cast<unsigned char>(c)) ||
      (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))))
    return lexNumber(out);
  if (c == '\'' || c == '"')
    return lexString(out, 0);

  for (std::string_view op : kOperators) {
    // The first character decides most candidates without a compare.
    if (op[0] != text_[pos_] || text_.substr(pos_, op.size()) != op)
      continue;
    if (op == "!")
      return error(pos_, "invalid syntax: '!' (did you mean '!='?)");
    if (op == "(" || op == "[" || op == "{") {
      brackets_.emplace_back(op[0], pos_);
    } else if (op == ")" || op == "]" || op == "}") {
      if (brackets_.empty())
        return error(pos_, std::string("unmatched '") + op[0] + "'");
      char open = brackets_.back().first;
      char expected = open == '(' ? ')' : open == '[' ? ']' : '}';
      if (op[0] != expected)
        return error(pos_,
                     std::string("closing parenthesis '") + op[0] +
                         "' does not match opening parenthesis '" + open +
                         "'");
      brackets_.pop_back();
    }
    pos_ += op.size();
    emit(out, TokenKind::Operator, begin, pos_);
    return true;
  }
  std::string shown = static_cast<unsigned char>(c) < 0x20
                          ? "\\x" + std::to_string(static_cast<int>(c))
                          : std::string(1, c);
  return error(pos_, "invalid character '" + shown + "' in source");
}

bool Lexer::lexNumber(std::vector<Token> &out) {
  size_t begin = pos_;
  // Digits of `base` with single underscores between them; false if none or
  // if an underscore is misplaced.
  auto digits = [&](int base) -> bool {
    if (!isDigitOfBase(peek(), base))
      return false;
    while (true) {
      while (isDigitOfBase(peek(), base))
        ++pos_;
      if (peek() != '_')
        return true;
      if (!isDigitOfBase(peek(1), base))
        return false;
      ++pos_;
    }
  };
  auto invalid = [&](const char *what) {
    return error(begin, std::string("invalid ") + what + " literal");
  };

  char c0 = peek(), c1 = static_cast<char>(
                        std::tolower(static_cast<unsigned char>(peek(1))));
  if (c0 == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
    int base = c1 == 'x' ? 16 : c1 == 'o' ? 8 : 2;
    const char *name = base == 16 ? "hexadecimal"
                       : base == 8 ? "octal"
                                   : "binary";
    pos_ += 2;
    if (peek() == '_')
      ++pos_;
    if (!digits(base) || isIdentChar(peek()))
      return invalid(name);
    emit(out, TokenKind::Integer, begin, pos_);
    return true;
  }

  bool isFloat = false;
  if (peek() != '.') {
    if (!digits(10))
      return invalid("decimal");
  }
  std::string_view intPart = text_.substr(begin, pos_ - begin);
  if (peek() == '.') {
    isFloat = true;
    ++pos_;
    if (std::isdigit(static_cast<unsigned char>(peek())) && !digits(10))
      return invalid("decimal");
  }
  char e = peek();
  if (e == 'e' || e == 'E') {
    size_t save = pos_;
    ++pos_;
    if (peek() == '+' || peek() == '-')
      ++pos_;
    if (!digits(10)) {
      pos_ = save;
      return invalid("decimal");
    }
    isFloat = true;
  }
  if (peek() == 'j' || peek() == 'J') {
    ++pos_;
    isFloat = true;
  }
  if (isIdentChar(peek()))
    return invalid("decimal");
  if (!isFloat && intPart.size() > 1 && intPart[0] == '0' &&
      intPart.find_first_not_of("0_") != std::string_view::npos)
    return error(begin,
                 "leading zeros in decimal integer literals are not "
                 "permitted; use an 0o prefix for octal integers");
  emit(out, isFloat ? TokenKind::Float : TokenKind::Integer, begin, pos_);
  return true;
}

bool Lexer::lexString(std::vector<Token> &out, size_t prefixLength) {
  size_t begin = pos_;
  bool formatted = false;
  for (size_t i = 0; i < prefixLength; ++i) {
    char l = static_cast<char>(std::tolower(static_cast<unsigned char>(peek())));
    formatted |= l == 'f';
    ++pos_;
  }
  char quote = peek();
  bool triple = peek(1) == quote && peek(2) == quote;
  pos_ += triple ? 3 : 1;
  int braceDepth = 0;
  while (true) {
    if (pos_ >= text_.size())
      return error(begin, triple ? "unterminated triple-quoted string literal"
                                      : "unterminated string literal");
    char c = peek();
    if (c == '\\') {
      // Even in raw strings a backslash keeps the next quote from closing.
      // In f-strings a brace after it still opens or escapes a field.
      char next = peek(1);
      pos_ += formatted && (next == '{' || next == '}') ? 1 : 2;
      continue;
    }
    if (!triple && (c == '\n' || c == '\r'))
      return error(begin, "unterminated string literal");
    if (formatted && c == '{') {
      if (braceDepth == 0 && peek(1) == '{') {
        pos_ += 2;
        continue;
      }
      ++braceDepth;
    } else if (formatted && c == '}' && braceDepth > 0) {
      --braceDepth;
    } else if (formatted && braceDepth > 0 && (c == '\'' || c == '"')) {
      // A string nested in a replacement field (allowed since Python 3.12).
      if (!lexString(out, 0))
        return false;
      out.pop_back();
      continue;
    } else if (c == quote &&
               (!triple || (peek(1) == quote && peek(2) == quote))) {
      pos_ += triple ? 3 : 1;
      break;
    }
    ++pos_;
  }
  emit(out, TokenKind::String, begin, pos_);
  return true;
}

} // namespace trident::frontend
