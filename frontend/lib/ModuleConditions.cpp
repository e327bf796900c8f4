//===- ModuleConditions.cpp - module-level conditions -----------------------===//
//
// The conditions of module-level `if` statements (version checks, flags,
// environment variables, availability of modules) decided without running
// Python where they can be, Unknown where they cannot.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace trident::frontend::parser_detail {

//===----------------------------------------------------------------------===//
// Module-level conditions
//===----------------------------------------------------------------------===//



/// A value of a module-level condition, as far as it can be known without
/// running Python.
struct CondValue {
  enum Kind { Unknown, Number, String, Version, None } kind = Unknown;
  double number = 0;
  std::string text; ///< String; Version ("3.6.0")
};

std::vector<long> versionParts(const std::string &v) {
  std::vector<long> parts;
  size_t i = 0;
  while (i < v.size()) {
    if (!std::isdigit(static_cast<unsigned char>(v[i])))
      break;
    long n = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])))
      n = n * 10 + (v[i++] - '0');
    parts.push_back(n);
    if (i < v.size() && v[i] == '.')
      ++i;
    else
      break;
  }
  return parts;
}

int compareVersions(const std::string &a, const std::string &b) {
  std::vector<long> x = versionParts(a), y = versionParts(b);
  for (size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    long p = i < x.size() ? x[i] : 0, q = i < y.size() ? y[i] : 0;
    if (p != q)
      return p < q ? -1 : 1;
  }
  return 0;
}

Truth truthOf(bool b) { return b ? Truth::True : Truth::False; }

/// `a OP b` for a comparison operator spelled `op`, from a three-way result.
Truth compareResult(const std::string &op, int c) {
  if (op == "==") return truthOf(c == 0);
  if (op == "!=") return truthOf(c != 0);
  if (op == "<") return truthOf(c < 0);
  if (op == "<=") return truthOf(c <= 0);
  if (op == ">") return truthOf(c > 0);
  if (op == ">=") return truthOf(c >= 0);
  return Truth::Unknown;
}

/// The comparison operator `operator.ge` (or `ge` alone) names.
std::string operatorFunction(const Expr &e) {
  if (e.kind != ExprKind::Name && e.kind != ExprKind::Attribute)
    return "";
  static const std::pair<const char *, const char *> ops[] = {
      {"ge", ">="}, {"gt", ">"}, {"le", "<="}, {"lt", "<"}, {"eq", "=="},
      {"ne", "!="}};
  for (auto [name, op] : ops)
    if (e.id == name)
      return op;
  return "";
}

bool isTritonModule(const std::string &m) {
  return m == "triton" || m == "trident";
}

std::string Parser::tritonFunction(const GlobalBinding &b) const {
  auto isTritonLanguage = [](const std::string &m) {
    return m.rfind("triton.language", 0) == 0 ||
           m.rfind("trident.language", 0) == 0;
  };
  if (b.kind == GlobalBinding::Import)
    return !b.importName.empty() && isTritonLanguage(b.importModule)
               ? b.importName
               : "";
  if (b.kind != GlobalBinding::Value || !b.value ||
      b.value->kind != ExprKind::Attribute)
    return "";
  // NAME.attr...fn with NAME bound to one of triton's modules.
  const Expr *root = b.value.get();
  while (root->kind == ExprKind::Attribute)
    root = root->operand(0);
  if (root->kind != ExprKind::Name)
    return "";
  const GlobalBinding *r = lookup(root->id);
  if (!r || r->kind != GlobalBinding::Import ||
      !isBuiltinModule(r->importModule) ||
      (r->importModule.rfind("triton", 0) != 0 &&
       r->importModule.rfind("trident", 0) != 0))
    return "";
  return b.value->id;
}

bool Parser::isOsMember(const Expr &e, const std::string &member) const {
  if (e.kind == ExprKind::Attribute && e.id == member &&
      e.operand(0)->kind == ExprKind::Name) {
    const GlobalBinding *b = lookup(e.operand(0)->id);
    return b && b->kind == GlobalBinding::Import && b->importModule == "os" &&
           b->importName.empty();
  }
  if (e.kind == ExprKind::Name && e.id == member) {
    const GlobalBinding *b = lookup(e.id);
    return b && b->kind == GlobalBinding::Import && b->importModule == "os" &&
           b->importName == member;
  }
  return false;
}

Truth Parser::parseModuleCondition() {
  size_t start = pos_;
  ExprPtr cond;
  try {
    cond = parseTest();
    if (!isOp(":"))
      cond.reset();
  } catch (ParseError &) {
    cond.reset();
  }
  if (!cond) {
    // Conditions the expression parser does not take (a lambda, a
    // comprehension): skip to the clause's ':'.
    pos_ = start;
    int depth = 0;
    while (!atEnd() && cur().kind != TokenKind::Newline &&
           !(depth == 0 && isOp(":"))) {
      if (isOp("(") || isOp("[") || isOp("{"))
        ++depth;
      else if (isOp(")") || isOp("]") || isOp("}"))
        --depth;
      advance();
    }
    return Truth::Unknown;
  }
  return conditionTruth(*cond, 0);
}

Truth Parser::conditionTruth(const Expr &e, int depth) const {
  if (depth > 32)
    return Truth::Unknown;
  switch (e.kind) {
  case ExprKind::UnaryOp:
    if (e.id == "not") {
      Truth t = conditionTruth(*e.operand(0), depth + 1);
      return t == Truth::Unknown ? t : truthOf(t == Truth::False);
    }
    break;
  case ExprKind::BoolOp: {
    bool isAnd = e.id == "and";
    bool unknown = false;
    for (const ExprPtr &o : e.operands) {
      Truth t = conditionTruth(*o, depth + 1);
      if (t == Truth::Unknown)
        unknown = true;
      else if ((t == Truth::True) != isAnd)
        return t; // `False and ...`, `True or ...`
    }
    return unknown ? Truth::Unknown : truthOf(isAnd);
  }
  case ExprKind::Compare: {
    // Each link of the chain; all must hold.
    bool unknown = false;
    for (size_t i = 0; i + 1 < e.operands.size(); ++i) {
      CondValue a = conditionValue(*e.operands[i], depth + 1);
      CondValue b = conditionValue(*e.operands[i + 1], depth + 1);
      const std::string &op = e.ops[i];
      Truth t = Truth::Unknown;
      if ((op == "in" || op == "not in") &&
          e.operands[i + 1]->kind != ExprKind::Tuple &&
          e.operands[i + 1]->kind != ExprKind::List &&
          isOsEnviron(*e.operands[i + 1]) && a.kind == CondValue::String &&
          oracle_) {
        // "NAME" in os.environ
        std::string value;
        bool set = oracle_->environment(a.text, value);
        t = truthOf(op == "in" ? set : !set);
      } else if ((op == "in" || op == "not in") &&
                 (e.operands[i + 1]->kind == ExprKind::Tuple ||
                  e.operands[i + 1]->kind == ExprKind::List)) {
        // x in ("1", "true"): known when x and every element are.
        bool known = a.kind == CondValue::String || a.kind == CondValue::Number;
        bool found = false;
        for (const ExprPtr &el : e.operands[i + 1]->operands) {
          CondValue c = conditionValue(*el, depth + 1);
          if (c.kind != CondValue::String && c.kind != CondValue::Number)
            known = false;
          else if (c.kind == a.kind &&
                   (a.kind == CondValue::String ? c.text == a.text
                                                : c.number == a.number))
            found = true;
        }
        if (known || found)
          t = truthOf(op == "in" ? found : !found);
      } else if (op == "is" || op == "is not") {
        if (a.kind != CondValue::Unknown && b.kind != CondValue::Unknown &&
            (a.kind == CondValue::None || b.kind == CondValue::None)) {
          bool same = a.kind == b.kind;
          t = truthOf(op == "is" ? same : !same);
        }
      } else if ((a.kind == CondValue::Version &&
                  (b.kind == CondValue::Version || b.kind == CondValue::String)) ||
                 (b.kind == CondValue::Version && a.kind == CondValue::String)) {
        t = compareResult(op, compareVersions(a.text, b.text));
      } else if (a.kind == CondValue::Number && b.kind == CondValue::Number) {
        t = compareResult(op, a.number < b.number ? -1 : a.number > b.number);
      } else if (a.kind == CondValue::String && b.kind == CondValue::String &&
                 (op == "==" || op == "!=")) {
        t = compareResult(op, a.text == b.text ? 0 : 1);
      }
      if (t == Truth::False)
        return t;
      unknown |= t == Truth::Unknown;
    }
    return unknown ? Truth::Unknown : Truth::True;
  }
  default:
    break;
  }
  CondValue v = conditionValue(e, depth + 1);
  switch (v.kind) {
  case CondValue::Number: return truthOf(v.number != 0);
  case CondValue::String: return truthOf(!v.text.empty());
  case CondValue::Version: return Truth::True;
  case CondValue::None: return Truth::False;
  case CondValue::Unknown: break;
  }
  return Truth::Unknown;
}

CondValue Parser::conditionValue(const Expr &e, int depth) const {
  CondValue v;
  if (depth > 32)
    return v;
  switch (e.kind) {
  case ExprKind::Bool:
  case ExprKind::Int:
    v.kind = CondValue::Number;
    v.number = static_cast<double>(e.intValue);
    return v;
  case ExprKind::Float:
    v.kind = CondValue::Number;
    v.number = e.floatValue;
    return v;
  case ExprKind::String:
    v.kind = CondValue::String;
    v.text = e.strValue;
    return v;
  case ExprKind::NoneLit:
    v.kind = CondValue::None;
    return v;
  case ExprKind::Name: {
    const GlobalBinding *b = lookup(e.id);
    if (!b) {
      // typing.TYPE_CHECKING is False when the code runs; a kernel file is
      // never `__main__` when Triton compiles from it.
      if (e.id == "TYPE_CHECKING") {
        v.kind = CondValue::Number;
      } else if (e.id == "__name__") {
        v.kind = CondValue::String;
        v.text = "__trident_kernel_module__";
      }
      return v;
    }
    if (b->kind == GlobalBinding::Value && b->value)
      return conditionValue(*b->value, depth + 1);
    if (b->kind == GlobalBinding::Import) {
      if (b->importName == "TYPE_CHECKING" && b->importModule == "typing") {
        v.kind = CondValue::Number;
      } else if (b->importName == "__version__" &&
                 isTritonModule(b->importModule)) {
        v.kind = CondValue::Version;
        v.text = kTritonVersion;
      }
    }
    return v;
  }
  case ExprKind::Attribute: {
    const Expr &base = *e.operand(0);
    if (e.id == "TYPE_CHECKING" && base.kind == ExprKind::Name) {
      const GlobalBinding *b = lookup(base.id);
      if (b && b->kind == GlobalBinding::Import && b->importModule == "typing" &&
          b->importName.empty())
        v.kind = CondValue::Number;
      return v;
    }
    if (e.id == "__version__" && base.kind == ExprKind::Name) {
      const GlobalBinding *b = lookup(base.id);
      if (b && b->kind == GlobalBinding::Import && b->importName.empty() &&
          isTritonModule(b->importModule)) {
        v.kind = CondValue::Version;
        v.text = kTritonVersion;
      }
      return v;
    }
    CondValue inner = conditionValue(base, depth + 1);
    if (inner.kind == CondValue::Version &&
        (e.id == "major" || e.id == "minor" || e.id == "micro")) {
      std::vector<long> parts = versionParts(inner.text);
      size_t i = e.id == "major" ? 0 : e.id == "minor" ? 1 : 2;
      v.kind = CondValue::Number;
      v.number = i < parts.size() ? static_cast<double>(parts[i]) : 0;
    }
    return v;
  }
  case ExprKind::Call: {
    const Expr &callee = *e.operand(0);
    std::string fname = callee.kind == ExprKind::Name ||
                                callee.kind == ExprKind::Attribute
                            ? callee.id
                            : "";
    // version.parse(triton.__version__), Version("3.0.0"), ...
    static const char *parsers[] = {"parse", "Version", "LooseVersion",
                                    "StrictVersion", "parse_version"};
    for (const char *p : parsers)
      if (fname == p && e.args.size() == 1 && e.keywords.empty()) {
        CondValue a = conditionValue(*e.args[0], depth + 1);
        if (a.kind == CondValue::String || a.kind == CondValue::Version) {
          v.kind = CondValue::Version;
          v.text = a.text;
        }
        return v;
      }
    // os.environ.get("NAME", default), os.getenv("NAME", default): read
    // from the compiler's environment, as the module would have at import.
    if (callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name) {
      bool envGet = callee.kind == ExprKind::Attribute && callee.id == "get" &&
                    isOsEnviron(*callee.operand(0));
      bool getenv = isOsMember(callee, "getenv");
      if ((envGet || getenv) && !e.args.empty() && e.args.size() <= 2 &&
          e.args[0]->kind == ExprKind::String && oracle_) {
        std::string value;
        if (oracle_->environment(e.args[0]->strValue, value)) {
          v.kind = CondValue::String;
          v.text = value;
        } else if (e.args.size() == 2) {
          v = conditionValue(*e.args[1], depth + 1);
        } else {
          v.kind = CondValue::None;
        }
        return v;
      }
    }
    // int("1"), bool(...), str(...) of what is known.
    if (callee.kind == ExprKind::Name && e.args.size() == 1 &&
        (fname == "int" || fname == "bool" || fname == "str") &&
        !lookup(fname)) {
      CondValue a = conditionValue(*e.args[0], depth + 1);
      if (fname == "str" && a.kind == CondValue::String)
        return a;
      if (fname == "bool" && a.kind != CondValue::Unknown) {
        v.kind = CondValue::Number;
        v.number = conditionTruth(*e.args[0], depth + 1) == Truth::True;
        return v;
      }
      if (fname == "int" && a.kind == CondValue::Number) {
        v.kind = CondValue::Number;
        v.number = std::trunc(a.number);
      } else if (fname == "int" && a.kind == CondValue::String) {
        char *end = nullptr;
        std::string t = a.text;
        long long n = std::strtoll(t.c_str(), &end, 10);
        if (!t.empty() && end && *end == '\0') {
          v.kind = CondValue::Number;
          v.number = static_cast<double>(n);
        }
      }
      return v;
    }
    // "1".lower(), .upper(), .strip()
    if (callee.kind == ExprKind::Attribute && e.args.empty() &&
        (callee.id == "lower" || callee.id == "upper" || callee.id == "strip")) {
      CondValue a = conditionValue(*callee.operand(0), depth + 1);
      if (a.kind != CondValue::String)
        return v;
      v = a;
      if (callee.id == "strip") {
        size_t b = v.text.find_first_not_of(" \t\n\r");
        size_t en = v.text.find_last_not_of(" \t\n\r");
        v.text = b == std::string::npos ? "" : v.text.substr(b, en - b + 1);
      } else {
        for (char &c : v.text)
          c = callee.id == "lower" ? std::tolower(static_cast<unsigned char>(c))
                                   : std::toupper(static_cast<unsigned char>(c));
      }
      return v;
    }
    // importlib.metadata.version("triton")
    if (fname == "version" && e.args.size() == 1 &&
        e.args[0]->kind == ExprKind::String &&
        isTritonModule(e.args[0]->strValue)) {
      v.kind = CondValue::Version;
      v.text = kTritonVersion;
      return v;
    }
    // compare_version("triton", operator.ge, "3.0.0")
    if (e.args.size() == 3 && e.args[0]->kind == ExprKind::String &&
        isTritonModule(e.args[0]->strValue)) {
      std::string op = operatorFunction(*e.args[1]);
      CondValue want = conditionValue(*e.args[2], depth + 1);
      if (!op.empty() && (want.kind == CondValue::String ||
                          want.kind == CondValue::Version)) {
        Truth t = compareResult(op, compareVersions(kTritonVersion, want.text));
        v.kind = CondValue::Number;
        v.number = t == Truth::True;
      }
      return v;
    }
    // triton.__version__.startswith("3.")
    if (callee.kind == ExprKind::Attribute && callee.id == "startswith" &&
        e.args.size() == 1 && e.args[0]->kind == ExprKind::String) {
      CondValue s = conditionValue(*callee.operand(0), depth + 1);
      if (s.kind == CondValue::Version || s.kind == CondValue::String) {
        v.kind = CondValue::Number;
        v.number = s.text.rfind(e.args[0]->strValue, 0) == 0;
      }
      return v;
    }
    return v;
  }
  default:
    return v;
  }
}

} // namespace trident::frontend::parser_detail
