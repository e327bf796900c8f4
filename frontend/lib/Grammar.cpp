//===- Grammar.cpp - statements and expressions -----------------------------===//
//
// Python's grammar for the statements and expressions @jit functions use,
// with the usual precedence climbing, and the literals (numbers, strings).
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace trident::frontend::parser_detail {

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Block Parser::parseSuite() {
  Nest nest(*this, cur().loc);
  Block block;
  if (cur().kind != TokenKind::Newline) {
    parseSimpleStatements(block);
    return block;
  }
  advance();
  if (cur().kind != TokenKind::Indent)
    failHere("an indented block");
  advance();
  while (cur().kind != TokenKind::Dedent && !atEnd())
    parseStatement(block);
  advance();
  return block;
}

StmtPtr Parser::parseIf(SourceLoc loc) {
  auto s = std::make_unique<Stmt>(StmtKind::If, loc);
  s->value = parseTest();
  expectOp(":");
  s->body = parseSuite();
  if (isKw("elif")) {
    SourceLoc l = cur().loc;
    Nest nest(*this, l);
    advance();
    s->orelse.push_back(parseIf(l));
  } else if (acceptKw("else")) {
    expectOp(":");
    s->orelse = parseSuite();
  }
  return s;
}

void Parser::parseStatement(Block &out) {
  SourceLoc loc = cur().loc;
  if (acceptKw("if")) {
    out.push_back(parseIf(loc));
    return;
  }
  if (acceptKw("for")) {
    auto s = std::make_unique<Stmt>(StmtKind::For, loc);
    // The target: a name or a tuple of names.
    ExprPtr target = parseBinary(0);
    if (isOp(",")) {
      auto tup = makeExpr(ExprKind::Tuple, target->loc);
      tup->operands.push_back(std::move(target));
      while (acceptOp(",") && !isKw("in"))
        tup->operands.push_back(parseBinary(0));
      target = std::move(tup);
    }
    s->targets.push_back(std::move(target));
    if (!acceptKw("in"))
      failHere("'in'");
    s->value = parseTestList();
    expectOp(":");
    s->body = parseSuite();
    if (isKw("else"))
      fail(cur().loc, "'for ... else' is not supported in @jit functions");
    out.push_back(std::move(s));
    return;
  }
  if (acceptKw("while")) {
    auto s = std::make_unique<Stmt>(StmtKind::While, loc);
    s->value = parseTest();
    expectOp(":");
    s->body = parseSuite();
    if (isKw("else"))
      fail(cur().loc, "'while ... else' is not supported in @jit functions");
    out.push_back(std::move(s));
    return;
  }
  for (std::string_view kw : {"def", "class", "with", "try", "async"}) {
    if (isKw(kw)) {
      auto s = std::make_unique<Stmt>(StmtKind::Unsupported, loc);
      s->id = kw == "def"     ? "nested function definitions"
              : kw == "class" ? "class definitions"
              : kw == "with"  ? "'with' statements"
              : kw == "try"   ? "'try' statements"
                              : "'async' statements";
      skipStatement();
      // An `else`/`except`/`finally` clause belongs to the skipped statement.
      while (isKw("except") || isKw("finally") || isKw("else"))
        skipStatement();
      out.push_back(std::move(s));
      return;
    }
  }
  if (isOp("@"))
    fail(loc, "decorators are not supported inside @jit functions");
  if (cur().kind == TokenKind::Indent)
    fail(loc, "unexpected indent");
  parseSimpleStatements(out);
}

void Parser::parseSimpleStatements(Block &out) {
  out.push_back(parseSmallStatement());
  while (acceptOp(";")) {
    if (cur().kind == TokenKind::Newline)
      break;
    out.push_back(parseSmallStatement());
  }
  expectNewline();
}

StmtPtr Parser::parseSmallStatement() {
  SourceLoc loc = cur().loc;
  if (acceptKw("pass"))
    return std::make_unique<Stmt>(StmtKind::Pass, loc);
  if (acceptKw("break"))
    return std::make_unique<Stmt>(StmtKind::Break, loc);
  if (acceptKw("continue"))
    return std::make_unique<Stmt>(StmtKind::Continue, loc);
  if (acceptKw("return")) {
    auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
    if (cur().kind != TokenKind::Newline && !isOp(";"))
      s->value = parseTestList();
    return s;
  }
  if (acceptKw("assert")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assert, loc);
    s->value = parseTest();
    if (acceptOp(","))
      s->annotation = parseTest();
    return s;
  }
  for (std::string_view kw :
       {"del", "global", "nonlocal", "raise", "import", "from", "yield"}) {
    if (isKw(kw)) {
      auto s = std::make_unique<Stmt>(StmtKind::Unsupported, loc);
      s->id = "'" + std::string(kw) + "' statements";
      while (cur().kind != TokenKind::Newline && !isOp(";") && !atEnd())
        advance();
      return s;
    }
  }
  ExprPtr first = parseTestList();
  if (acceptOp(":")) {
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    s->annotation = parseTest();
    s->targets.push_back(std::move(first));
    if (acceptOp("="))
      s->value = parseTestList();
    return s;
  }
  static const char *augOps[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=",
                                 "&=", "|=", "^=", "<<=", ">>=", "@="};
  for (const char *op : augOps) {
    if (isOp(op)) {
      auto s = std::make_unique<Stmt>(StmtKind::AugAssign, cur().loc);
      s->loc = loc;
      std::string o(op);
      s->id = o.substr(0, o.size() - 1);
      advance();
      s->targets.push_back(std::move(first));
      s->value = parseTestList();
      return s;
    }
  }
  if (isOp("=")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    s->targets.push_back(std::move(first));
    while (acceptOp("=")) {
      ExprPtr next = parseTestList();
      if (isOp("=")) {
        s->targets.push_back(std::move(next));
      } else {
        s->value = std::move(next);
      }
    }
    return s;
  }
  auto s = std::make_unique<Stmt>(StmtKind::Expr, loc);
  s->value = std::move(first);
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTestList() {
  ExprPtr first = parseTest();
  if (!isOp(","))
    return first;
  auto tup = makeExpr(ExprKind::Tuple, first->loc);
  tup->operands.push_back(std::move(first));
  while (acceptOp(",")) {
    if (cur().kind == TokenKind::Newline || isOp("=") || isOp(")") ||
        isOp(":") || isOp(";") || cur().kind == TokenKind::EndOfFile)
      break;
    tup->operands.push_back(parseTest());
  }
  return sized(std::move(tup));
}

ExprPtr Parser::parseTest() {
  if (isKw("lambda"))
    fail(cur().loc, "lambda expressions are not supported in @jit functions");
  ExprPtr e = parseOrTest();
  if (isOp(":="))
    fail(cur().loc, "assignment expressions (':=') are not supported in @jit "
                    "functions");
  if (!isKw("if"))
    return e;
  SourceLoc loc = cur().loc;
  advance();
  auto ifexp = makeExpr(ExprKind::IfExp, e->loc);
  (void)loc;
  ExprPtr test = parseOrTest();
  if (!acceptKw("else"))
    failHere("'else' in a conditional expression");
  ExprPtr orelse = parseTest();
  ifexp->operands.push_back(std::move(test));
  ifexp->operands.push_back(std::move(e));
  ifexp->operands.push_back(std::move(orelse));
  return sized(std::move(ifexp));
}

ExprPtr Parser::parseOrTest() {
  ExprPtr e = parseAndTest();
  if (!isKw("or"))
    return e;
  auto b = makeExpr(ExprKind::BoolOp, e->loc);
  b->id = "or";
  b->operands.push_back(std::move(e));
  while (acceptKw("or"))
    b->operands.push_back(sized(parseAndTest()));
  return sized(std::move(b));
}

ExprPtr Parser::parseAndTest() {
  ExprPtr e = parseNotTest();
  if (!isKw("and"))
    return e;
  auto b = makeExpr(ExprKind::BoolOp, e->loc);
  b->id = "and";
  b->operands.push_back(std::move(e));
  while (acceptKw("and"))
    b->operands.push_back(parseNotTest());
  return sized(std::move(b));
}

ExprPtr Parser::parseNotTest() {
  if (isKw("not")) {
    Nest nest(*this, cur().loc);
    auto u = makeExpr(ExprKind::UnaryOp, cur().loc);
    advance();
    u->id = "not";
    u->operands.push_back(parseNotTest());
    return sized(std::move(u));
  }
  return parseComparison();
}

ExprPtr Parser::parseComparison() {
  ExprPtr e = parseBinary(0);
  auto compOp = [&]() -> std::string {
    for (std::string_view op : {"<", ">", "==", ">=", "<=", "!="})
      if (isOp(op)) {
        advance();
        return std::string(op);
      }
    if (isKw("in")) {
      advance();
      return "in";
    }
    if (isKw("not") && peekTok().isKeyword("in")) {
      advance();
      advance();
      return "not in";
    }
    if (isKw("is")) {
      advance();
      if (acceptKw("not"))
        return "is not";
      return "is";
    }
    return "";
  };
  std::string op = compOp();
  if (op.empty())
    return e;
  auto c = makeExpr(ExprKind::Compare, e->loc);
  c->operands.push_back(std::move(e));
  while (!op.empty()) {
    c->ops.push_back(op);
    c->operands.push_back(parseBinary(0));
    op = compOp();
  }
  return sized(std::move(c));
}

/// Binary operator levels, loosest first: | ^ & shifts +- */%//@
ExprPtr Parser::parseBinary(int level) {
  static const std::vector<std::vector<std::string_view>> levels = {
      {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}};
  if (level == (int)levels.size())
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  while (true) {
    std::string_view found;
    for (std::string_view op : levels[level])
      if (isOp(op))
        found = op;
    if (found.empty())
      return lhs;
    SourceLoc opLoc = cur().loc;
    advance();
    (void)opLoc;
    auto b = makeExpr(ExprKind::BinOp, lhs->loc);
    b->id = std::string(found);
    b->operands.push_back(std::move(lhs));
    b->operands.push_back(parseBinary(level + 1));
    lhs = sized(std::move(b));
  }
}

ExprPtr Parser::parseFactor() {
  for (std::string_view op : {"-", "+", "~"}) {
    if (isOp(op)) {
      Nest nest(*this, cur().loc);
      auto u = makeExpr(ExprKind::UnaryOp, cur().loc);
      advance();
      u->id = std::string(op);
      u->operands.push_back(parseFactor());
      return sized(std::move(u));
    }
  }
  return parsePower();
}

ExprPtr Parser::parsePower() {
  if (isKw("await"))
    fail(cur().loc, "'await' is not supported in @jit functions");
  ExprPtr base = parseTrailers(parseAtom());
  if (!isOp("**"))
    return base;
  advance();
  auto b = makeExpr(ExprKind::BinOp, base->loc);
  b->id = "**";
  b->operands.push_back(std::move(base));
  {
    Nest nest(*this, b->loc);
    b->operands.push_back(parseFactor());
  }
  return sized(std::move(b));
}

ExprPtr Parser::parseCompTarget() {
  // One element: a name or a parenthesized target.
  auto element = [&]() -> ExprPtr {
    if (acceptOp("(")) {
      ExprPtr inner = parseCompTarget();
      expectOp(")");
      return inner;
    }
    if (isOp("*"))
      fail(cur().loc, "starred targets are not supported in @jit functions");
    auto name = makeExpr(ExprKind::Name, cur().loc);
    name->id = expectName();
    return name;
  };
  SourceLoc loc = cur().loc;
  ExprPtr first = element();
  if (!isOp(","))
    return first;
  auto target = makeExpr(ExprKind::Tuple, loc);
  target->operands.push_back(std::move(first));
  while (acceptOp(",") && !isKw("in") && !isOp(")"))
    target->operands.push_back(element());
  return sized(std::move(target));
}

void Parser::parseCallArgs(Expr &call) {
  // The '(' has been consumed.
  while (!isOp(")")) {
    if (isOp("**"))
      fail(cur().loc, "keyword argument unpacking ('**') is not supported "
                      "in @jit functions");
    if (isOp("*")) {
      // f(*t): t's elements become positional arguments, as in Triton.
      auto star = makeExpr(ExprKind::Starred, cur().loc);
      advance();
      star->operands.push_back(parseTest());
      if (!call.keywords.empty())
        fail(star->loc, "positional argument follows keyword argument");
      call.args.push_back(sized(std::move(star)));
      if (!acceptOp(","))
        break;
      continue;
    }
    if (cur().kind == TokenKind::Name && peekTok().isOperator("=")) {
      Keyword k;
      k.loc = cur().loc;
      k.name = std::string(cur().text);
      advance();
      advance();
      k.value = parseTest();
      for (const Keyword &other : call.keywords)
        if (other.name == k.name)
          fail(k.loc, "keyword argument repeated: " + k.name);
      call.keywords.push_back(std::move(k));
    } else {
      ExprPtr a = parseTest();
      if (isKw("for") || isKw("async"))
        fail(cur().loc,
             "generator expressions are not supported in @jit functions");
      if (!call.keywords.empty())
        fail(a->loc, "positional argument follows keyword argument");
      call.args.push_back(std::move(a));
    }
    if (!acceptOp(","))
      break;
  }
  expectOp(")");
}

ExprPtr Parser::parseTrailers(ExprPtr e) {
  while (true) {
    if (isOp("(")) {
      auto call = makeExpr(ExprKind::Call, e->loc);
      advance();
      call->operands.push_back(std::move(e));
      {
        Nest nest(*this, call->loc);
        parseCallArgs(*call);
      }
      e = sized(std::move(call));
    } else if (isOp("[")) {
      advance();
      auto sub = makeExpr(ExprKind::Subscript, e->loc);
      sub->operands.push_back(std::move(e));
      {
        Nest nest(*this, sub->loc);
        sub->operands.push_back(parseSubscriptList());
      }
      expectOp("]");
      e = sized(std::move(sub));
    } else if (isOp(".")) {
      advance();
      auto attr = makeExpr(ExprKind::Attribute, e->loc);
      attr->id = expectName();
      attr->operands.push_back(std::move(e));
      e = sized(std::move(attr));
    } else {
      return e;
    }
  }
}

ExprPtr Parser::parseSubscriptItem() {
  SourceLoc loc = cur().loc;
  ExprPtr lower;
  if (!isOp(":"))
    lower = parseTest();
  if (!isOp(":"))
    return lower;
  auto s = makeExpr(ExprKind::Slice, loc);
  advance();
  ExprPtr upper, step;
  if (!isOp("]") && !isOp(",") && !isOp(":"))
    upper = parseTest();
  if (acceptOp(":") && !isOp("]") && !isOp(","))
    step = parseTest();
  s->operands.push_back(std::move(lower));
  s->operands.push_back(std::move(upper));
  s->operands.push_back(std::move(step));
  return sized(std::move(s));
}

ExprPtr Parser::parseSubscriptList() {
  ExprPtr first = parseSubscriptItem();
  if (!isOp(","))
    return first;
  auto tup = makeExpr(ExprKind::Tuple, first->loc);
  tup->operands.push_back(std::move(first));
  while (acceptOp(",")) {
    if (isOp("]"))
      break;
    tup->operands.push_back(parseSubscriptItem());
  }
  return sized(std::move(tup));
}

ExprPtr Parser::parseNumber(const Token &t) {
  std::string s;
  for (char c : t.text)
    if (c != '_')
      s += c;
  if (!s.empty() && (s.back() == 'j' || s.back() == 'J'))
    fail(t.loc, "complex numbers are not supported in @jit functions");
  if (t.kind == TokenKind::Float) {
    auto e = makeExpr(ExprKind::Float, t.loc);
    e->floatValue = std::strtod(s.c_str(), nullptr);
    return e;
  }
  int base = 10;
  size_t i = 0;
  if (s.size() > 1 && s[0] == '0' && std::isalpha((unsigned char)s[1])) {
    char p = std::tolower((unsigned char)s[1]);
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    i = 2;
  }
  unsigned __int128 v = 0;
  const unsigned __int128 limit = ~(unsigned __int128)0 >> 1;
  for (; i < s.size(); ++i) {
    char c = std::tolower((unsigned char)s[i]);
    unsigned d = std::isdigit((unsigned char)c) ? c - '0' : c - 'a' + 10;
    if (v > (limit - d) / base)
      fail(t.loc, "integer literal " + std::string(t.text) + " is too large");
    v = v * base + d;
  }
  auto e = makeExpr(ExprKind::Int, t.loc);
  e->intValue = (__int128)v;
  return e;
}

/// Every location of `e` and below set to `loc` (a field of an f-string,
/// parsed on its own, points at the f-string).
static void relocate(Expr &e, SourceLoc loc) {
  e.loc = loc;
  for (ExprPtr &o : e.operands)
    if (o)
      relocate(*o, loc);
  for (ExprPtr &a : e.args)
    if (a)
      relocate(*a, loc);
  for (Keyword &k : e.keywords) {
    k.loc = loc;
    if (k.value)
      relocate(*k.value, loc);
  }
}

void Parser::appendFString(Expr &e, const Token &t, std::string_view prefix) {
  // The body between the quotes; literal pieces decoded as the same kind
  // of literal without the f.
  size_t q = prefix.size();
  char quote = t.text[q];
  bool triple = t.text.size() >= q + 6 && t.text[q + 1] == quote &&
                t.text[q + 2] == quote;
  size_t open = triple ? 3 : 1;
  std::string_view body = t.text.substr(q + open, t.text.size() - q - 2 * open);
  std::string plain;
  for (char c : prefix)
    if (c != 'f')
      plain += c;
  std::string quotes(open, quote);
  auto literal = [&](std::string_view raw) {
    std::string decoded, error;
    if (!decodeStringLiteral(plain + quotes + std::string(raw) + quotes,
                             decoded, error))
      fail(t.loc, error);
    e.ops.back() += decoded;
  };
  size_t i = 0, from = 0;
  while (i < body.size()) {
    char c = body[i];
    if ((c == '{' || c == '}') && i + 1 < body.size() && body[i + 1] == c) {
      literal(body.substr(from, i + 1 - from)); // one brace of the two
      i += 2;
      from = i;
      continue;
    }
    if (c == '}')
      fail(t.loc, "f-string: single '}' is not allowed");
    if (c != '{') {
      ++i;
      continue;
    }
    literal(body.substr(from, i - from));
    // The field: an expression, then maybe '=', '!conversion', ':spec'.
    size_t start = ++i, end = std::string_view::npos;
    int depth = 0;
    char inString = 0;
    for (; i < body.size(); ++i) {
      char d = body[i];
      if (inString) {
        if (d == inString)
          inString = 0;
        continue;
      }
      if (d == '\'' || d == '"')
        inString = d;
      else if (d == '(' || d == '[' || d == '{')
        ++depth;
      else if ((d == ')' || d == ']' || d == '}') && depth > 0)
        --depth;
      else if (depth == 0 && (d == '}' || d == ':' ||
                              (d == '!' && i + 1 < body.size() &&
                               body[i + 1] != '=')))
        break;
    }
    end = i;
    if (i >= body.size())
      fail(t.loc, "f-string: expecting '}'");
    std::string_view text = body.substr(start, end - start);
    // `{x=}`: the text itself, then x's repr (unless a conversion follows).
    std::string_view trimmed = text;
    while (!trimmed.empty() && std::isspace((unsigned char)trimmed.back()))
      trimmed.remove_suffix(1);
    bool echo = trimmed.size() >= 1 && trimmed.back() == '=' &&
                (trimmed.size() < 2 ||
                 std::string_view("=!<>").find(trimmed[trimmed.size() - 2]) ==
                     std::string_view::npos);
    char conversion = echo ? 'r' : ' ';
    if (echo) {
      e.ops.back() += std::string(text);
      trimmed.remove_suffix(1);
      text = trimmed;
    }
    if (body[i] == '!') {
      if (i + 2 >= body.size() || std::string_view("sra").find(body[i + 1]) ==
                                      std::string_view::npos)
        fail(t.loc, "f-string: invalid conversion character: expected 's', "
                    "'r', or 'a'");
      conversion = body[i + 1];
      i += 2;
    }
    if (i < body.size() && body[i] == ':') {
      // A format spec: as Triton, ignored (the value is formatted with
      // str() or its conversion).
      int nested = 0;
      for (; i < body.size() && (body[i] != '}' || nested > 0); ++i)
        nested += body[i] == '{' ? 1 : body[i] == '}' ? -1 : 0;
    }
    if (i >= body.size() || body[i] != '}')
      fail(t.loc, "f-string: expecting '}'");
    ++i;
    from = i;
    // The expression, parsed on its own.
    SourceFile field(file_.path(), "(" + std::string(text) + ")\n");
    LexResult lexed = Lexer(field).tokenize();
    if (!lexed.ok() || text.find_first_not_of(" \t") == std::string_view::npos)
      fail(t.loc, "f-string: invalid expression in a replacement field: {" +
                      std::string(text) + "}");
    if (lexed.tokens.empty() ||
        lexed.tokens.back().kind != TokenKind::EndOfFile)
      lexed.tokens.push_back(
          Token{TokenKind::EndOfFile, {}, field.locForOffset(field.text().size())});
    Parser sub(field, std::move(lexed.tokens));
    ExprPtr value;
    try {
      value = sub.parseTest();
    } catch (ParseError &) {
      fail(t.loc, "f-string: invalid expression in a replacement field: {" +
                      std::string(text) + "}");
    }
    relocate(*value, t.loc);
    e.operands.push_back(std::move(value));
    e.id += conversion;
    e.ops.emplace_back();
  }
  literal(body.substr(from));
}

ExprPtr Parser::parseStrings() {
  auto e = makeExpr(ExprKind::String, cur().loc);
  e->ops.emplace_back(); // the literal so far, for an f-string
  while (cur().kind == TokenKind::String) {
    const Token &t = cur();
    size_t q = t.text.find_first_of("'\"");
    std::string prefix(t.text.substr(0, q));
    for (char &c : prefix)
      c = std::tolower((unsigned char)c);
    if (prefix.find('b') != std::string::npos)
      fail(t.loc, "bytes literals are not supported in @jit functions");
    if (prefix.find('f') != std::string::npos) {
      // Triton takes f-strings whose fields are compile-time values
      // (tl.static_assert messages).
      e->kind = ExprKind::FString;
      appendFString(*e, t, prefix);
      advance();
      continue;
    }
    std::string decoded, error;
    if (!decodeStringLiteral(t.text, decoded, error))
      fail(t.loc, error);
    e->ops.back() += decoded;
    advance();
  }
  if (e->kind == ExprKind::String) {
    e->strValue = std::move(e->ops.back());
    e->ops.clear();
  }
  return e;
}

ExprPtr Parser::parseAtom() {
  const Token &t = cur();
  SourceLoc loc = t.loc;
  switch (t.kind) {
  case TokenKind::Name: {
    auto e = makeExpr(ExprKind::Name, loc);
    e->id = std::string(t.text);
    advance();
    return e;
  }
  case TokenKind::Integer:
  case TokenKind::Float: {
    ExprPtr e = parseNumber(t);
    advance();
    return e;
  }
  case TokenKind::String:
    return parseStrings();
  case TokenKind::Keyword: {
    if (t.text == "True" || t.text == "False") {
      auto e = makeExpr(ExprKind::Bool, loc);
      e->intValue = t.text == "True";
      advance();
      return e;
    }
    if (t.text == "None") {
      advance();
      return makeExpr(ExprKind::NoneLit, loc);
    }
    if (t.text == "yield")
      fail(loc, "'yield' is not supported in @jit functions");
    failHere("an expression");
  }
  case TokenKind::Operator: {
    if (t.text == "...") {
      advance();
      return makeExpr(ExprKind::Ellipsis, loc);
    }
    if (t.text == "(") {
      Nest nest(*this, loc);
      advance();
      if (acceptOp(")"))
        return makeExpr(ExprKind::Tuple, loc);
      ExprPtr first = parseTest();
      if (isKw("for"))
        fail(cur().loc,
             "generator expressions are not supported in @jit functions");
      if (acceptOp(")"))
        return first;
      auto tup = makeExpr(ExprKind::Tuple, loc);
      tup->operands.push_back(std::move(first));
      while (acceptOp(",")) {
        if (isOp(")"))
          break;
        tup->operands.push_back(parseTest());
      }
      expectOp(")");
      return sized(std::move(tup));
    }
    if (t.text == "[") {
      Nest nest(*this, loc);
      advance();
      auto list = makeExpr(ExprKind::List, loc);
      while (!isOp("]")) {
        list->operands.push_back(parseTest());
        if (isKw("for") && list->operands.size() == 1) {
          // [elt for target in iter if cond]: over a tuple, at compile
          // time (as Triton's visit_ListComp).
          SourceLoc forLoc = cur().loc;
          advance();
          auto comp = makeExpr(ExprKind::ListComp, loc);
          comp->operands.push_back(std::move(list->operands[0]));
          comp->operands.push_back(parseCompTarget());
          if (!acceptKw("in"))
            failHere("'in'");
          comp->operands.push_back(parseOrTest());
          while (acceptKw("if"))
            comp->operands.push_back(parseOrTest());
          if (isKw("for"))
            fail(forLoc, "nested comprehensions are not supported in @jit "
                         "functions");
          expectOp("]");
          return sized(std::move(comp));
        }
        if (isKw("for"))
          fail(cur().loc,
               "list comprehensions are not supported in @jit functions");
        if (!acceptOp(","))
          break;
      }
      expectOp("]");
      return sized(std::move(list));
    }
    if (t.text == "{")
      fail(loc, "dict and set literals are not supported in @jit functions");
    failHere("an expression");
  }
  default:
    failHere("an expression");
  }
}

} // namespace trident::frontend::parser_detail
