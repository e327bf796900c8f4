//===- Parser.cpp - the parser's entry and the AST's queries ---------------===//
//
// parseModule lexes a kernel file and runs the parser (ParserImpl.h) over
// it; the rest is what the AST answers (a module's functions, dotted names).
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace trident::frontend {

const FunctionDef *Module::findFunction(const std::string &name) const {
  auto it = globals.find(name);
  if (it == globals.end() || it->second.kind != GlobalBinding::Function)
    return nullptr;
  return it->second.function;
}

std::vector<std::string> dottedParts(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return {e.id};
  if (e.kind != ExprKind::Attribute)
    return {};
  std::vector<std::string> parts = dottedParts(*e.operand(0));
  if (!parts.empty())
    parts.push_back(e.id);
  return parts;
}

namespace parser_detail {

ExprPtr Parser::sized(ExprPtr e) {
  uint32_t h = 0;
  for (const ExprPtr &o : e->operands)
    if (o)
      h = std::max(h, o->height);
  for (const ExprPtr &a : e->args)
    h = std::max(h, a->height);
  for (const Keyword &k : e->keywords)
    h = std::max(h, k.value->height);
  e->height = h + 1;
  if (e->height > kMaxExprHeight)
    fail(e->loc, "expression is too deeply nested (more than " +
                     std::to_string(kMaxExprHeight) + " levels)");
  return e;
}

ExprPtr makeExpr(ExprKind k, SourceLoc loc) {
  return std::make_unique<Expr>(k, loc);
}

} // namespace parser_detail

using namespace parser_detail;

bool decodeStringLiteral(std::string_view tok, std::string &out,
                         std::string &error) {
  size_t q = tok.find_first_of("'\"");
  if (q == std::string_view::npos) {
    error = "malformed string literal";
    return false;
  }
  bool raw = false;
  for (char c : tok.substr(0, q))
    raw |= c == 'r' || c == 'R';
  size_t quoteLen =
      tok.size() >= q + 6 && tok[q + 1] == tok[q] && tok[q + 2] == tok[q] ? 3
                                                                         : 1;
  if (tok.size() < q + 2 * quoteLen) {
    error = "malformed string literal";
    return false;
  }
  std::string_view body = tok.substr(q + quoteLen, tok.size() - q - 2 * quoteLen);
  out.clear();
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || raw || i + 1 == body.size()) {
      out += c;
      continue;
    }
    char n = body[++i];
    switch (n) {
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    case 'r': out += '\r'; break;
    case '0': out += '\0'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'v': out += '\v'; break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case '\n': break;
    case '\r': // a continued line ending in "\r\n" or a lone "\r"
      if (i + 1 < body.size() && body[i + 1] == '\n')
        ++i;
      break;
    case 'x': {
      if (i + 2 >= body.size() + 0 || !std::isxdigit((unsigned char)body[i + 1]) ||
          !std::isxdigit((unsigned char)body[i + 2])) {
        error = "malformed \\x escape in string literal";
        return false;
      }
      out += (char)std::strtol(std::string(body.substr(i + 1, 2)).c_str(),
                               nullptr, 16);
      i += 2;
      break;
    }
    default:
      out += '\\';
      out += n;
    }
  }
  return true;
}

bool isJitMakingFunction(const Module &m, const std::string &name) {
  auto it = m.globals.find(name);
  return it != m.globals.end() && functionMakesJit(it->second);
}

bool isBuiltinModule(const std::string &path) {
  // triton's modules, and the host modules whose members the code
  // generator models for module-level values and conditions
  // (CodeGen/HostConstants.cpp).
  // TorchInductor's runtime modules (triton_helpers and what it imports)
  // hold @jit helpers its generated kernels call: read from disk like a
  // package's own modules.
  if (path == "torch._inductor" || path.rfind("torch._inductor.", 0) == 0)
    return false;
  for (const char *root : {"triton", "trident", "math", "torch", "numpy",
                           "os", "typing", "operator", "packaging",
                           "importlib", "importlib_metadata", "distutils",
                           "pkg_resources"}) {
    std::string r = root;
    if (path == r || path.rfind(r + ".", 0) == 0)
      return true;
  }
  return false;
}

ParseResult parseModule(const SourceFile &file, ImportOracle *oracle) {
  ParseResult result;
  LexResult lexed = Lexer(file).tokenize();
  if (!lexed.ok()) {
    // The tokens stop at the lexer's error; parsing them would only add
    // errors caused by the first one.
    result.errors = std::move(lexed.errors);
    return result;
  }
  if (lexed.tokens.empty() ||
      lexed.tokens.back().kind != TokenKind::EndOfFile) {
    Token eof{TokenKind::EndOfFile, {}, file.locForOffset(file.text().size())};
    lexed.tokens.push_back(eof);
  }
  Parser parser(file, std::move(lexed.tokens));
  parser.oracle_ = oracle;
  parser.parseFile(result);
  return result;
}

} // namespace trident::frontend
