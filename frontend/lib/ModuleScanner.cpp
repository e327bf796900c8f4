//===- ModuleScanner.cpp - module level of kernel files ---------------------===//
//
// Module level is scanned statement by statement: imports (checked against
// the package and the import oracle), globals, decorated and plain
// functions, try/if blocks whose clauses may or may not run in a Triton 3.6
// environment, and kernels made by calls (`k = triton.jit(k)`). What kernels
// can use is parsed; the rest is skipped by tokens.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace trident::frontend::parser_detail {

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

std::string_view Parser::textSince(size_t first) const {
  size_t last = pos_;
  while (last > first + 1 && (toks_[last - 1].kind == TokenKind::Newline ||
                              toks_[last - 1].kind == TokenKind::Dedent ||
                              toks_[last - 1].kind == TokenKind::Indent ||
                              toks_[last - 1].kind == TokenKind::EndOfFile))
    --last;
  if (last <= first)
    return {};
  uint32_t b = toks_[first].loc.offset;
  uint32_t e = toks_[last - 1].loc.offset + toks_[last - 1].text.size();
  return file_.text().substr(b, e > b ? e - b : 0);
}

/// The index just past the block that starts at `from` (an Indent token).
size_t Parser::findBlockEnd(size_t from) const {
  int depth = 0;
  for (size_t i = from; i < toks_.size(); ++i) {
    if (toks_[i].kind == TokenKind::Indent)
      ++depth;
    else if (toks_[i].kind == TokenKind::Dedent && --depth == 0)
      return i + 1;
    else if (toks_[i].kind == TokenKind::EndOfFile)
      return i;
  }
  return toks_.size() - 1;
}

/// Skips one logical line and, when it opens a block, the block.
void Parser::skipStatement() {
  while (!atEnd() && cur().kind != TokenKind::Newline)
    advance();
  advance();
  if (cur().kind == TokenKind::Indent)
    pos_ = findBlockEnd(pos_);
}

void Parser::skipBlockAfterColon() { skipStatement(); }

void Parser::parseImport(Module &m) {
  SourceLoc loc = cur().loc;
  auto dotted = [&]() {
    std::string name = expectName();
    while (acceptOp("."))
      name += "." + expectName();
    return name;
  };
  if (acceptKw("import")) {
    do {
      std::string path = dotted();
      std::string alias;
      if (acceptKw("as"))
        alias = expectName();
      GlobalBinding b;
      b.kind = GlobalBinding::Import;
      b.loc = loc;
      if (alias.empty()) {
        // `import a.b` binds `a`.
        alias = path.substr(0, path.find('.'));
        path = alias;
      }
      b.modulePath = path;
      b.importModule = path;
      b.text = file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
      noteImport(b.importModule);
      m.globals[alias] = std::move(b);
    } while (acceptOp(","));
    expectNewline();
    return;
  }
  acceptKw("from");
  std::string base;
  while (acceptOp(".") || acceptOp("..."))
    base += toks_[pos_ - 1].text;
  if (cur().kind == TokenKind::Name)
    base += dotted();
  if (!acceptKw("import"))
    failHere("'import'");
  bool paren = acceptOp("(");
  noteImport(base);
  // `from base import name`: the binding, whatever alias it gets.
  auto binding = [&](const std::string &name, std::string_view text) {
    GlobalBinding b;
    b.kind = GlobalBinding::Import;
    b.loc = loc;
    b.modulePath = base + "." + name;
    b.importModule = base;
    b.importName = name;
    b.text = text;
    return b;
  };
  if (acceptOp("*")) {
    std::string_view text =
        file_.text().substr(loc.offset, cur().loc.offset - loc.offset);
    expectNewline();
    if (!oracle_ || isBuiltinModule(base))
      return;
    for (const std::string &name : oracle_->publicNames(base))
      m.globals[name] = binding(name, text);
    return;
  }
  do {
    if (paren && isOp(")"))
      break;
    std::string name = expectName();
    std::string alias = name;
    if (acceptKw("as"))
      alias = expectName();
    m.globals[alias] = binding(
        name, file_.text().substr(loc.offset, cur().loc.offset - loc.offset));
  } while (acceptOp(","));
  if (paren)
    expectOp(")");
  expectNewline();
}

void Parser::noteImport(const std::string &module) {
  if (branchResolves_ && !importExists(module))
    *branchResolves_ = false;
}

bool Parser::importExists(const std::string &module) const {
  if (isBuiltinModule(module))
    return true;
  return oracle_ && oracle_->moduleExists(module);
}

const GlobalBinding *Parser::lookup(const std::string &name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto g = (*it)->globals.find(name);
    if (g != (*it)->globals.end())
      return &g->second;
  }
  return nullptr;
}

bool functionMakesJit(const GlobalBinding &b) {
  if (b.kind != GlobalBinding::Function || !b.function || b.function->isJit)
    return false;
  std::string_view text = b.function->text;
  for (size_t at = text.find("jit("); at != std::string_view::npos;
       at = text.find("jit(", at + 1)) {
    char before = at ? text[at - 1] : ' ';
    if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_'))
      return true;
  }
  return false;
}



bool Parser::isJitDecorator(const std::vector<std::string> &parts) const {
  if (parts.empty())
    return false;
  if (parts.back() == "jit")
    return true;
  // @core.extern (triton.language.core's): a device function of Triton's
  // own library form, which kernel files define too (TorchInductor's matmul
  // templates write gdc_wait so); compiled as a @jit helper.
  if (parts.size() >= 2 && parts.back() == "extern" &&
      parts[parts.size() - 2] == "core")
    return true;
  const GlobalBinding *b = lookup(parts[0]);
  if (!b)
    return false;
  if (parts.size() == 1 && functionMakesJit(*b))
    return true;
  if (b->kind != GlobalBinding::Import || !oracle_ ||
      isBuiltinModule(b->importModule))
    return false;
  return oracle_->isJitDecorator(
      *b, std::vector<std::string>(parts.begin() + 1, parts.end()));
}

void Parser::parseDecorated(ParseResult &result, Module &into) {
  size_t first = pos_;
  bool isJit = false, noinline = false, constexprFunction = false;
  std::vector<std::string> decorators;
  while (acceptOp("@")) {
    // A decorator is a dotted name, maybe called: `jit` (or a function
    // that returns a jit of its argument) marks a kernel or helper.
    std::vector<std::string> parts;
    while (cur().kind == TokenKind::Name) {
      parts.emplace_back(cur().text);
      advance();
      if (!acceptOp("."))
        break;
    }
    if (!parts.empty())
      decorators.push_back(parts.back());
    bool thisJit = isJitDecorator(parts);
    isJit |= thisJit;
    // @triton.constexpr_function, @tl.constexpr_function, @tl.constexpr.
    constexprFunction |=
        !parts.empty() && !isOp("(") &&
        (parts.back() == "constexpr_function" ||
         (parts.back() == "constexpr" && parts.size() >= 2));
    if (thisJit && isOp("(")) {
      // @jit(noinline=True, ...)
      size_t save = pos_;
      try {
        auto call = makeExpr(ExprKind::Call, cur().loc);
        advance();
        parseCallArgs(*call);
        for (Keyword &k : call->keywords)
          if (k.name == "noinline" && k.value->kind == ExprKind::Bool)
            noinline = k.value->intValue != 0;
      } catch (ParseError &) {
        pos_ = save;
      }
    }
    while (!atEnd() && cur().kind != TokenKind::Newline)
      advance();
    advance();
  }
  acceptKw("async");
  if (isKw("def") && constexprFunction && !isJit) {
    size_t before = result.module.functions.size();
    parseFunction(result, into, /*isJit=*/true, false, first,
                  std::move(decorators));
    if (result.module.functions.size() > before)
      result.module.functions.back()->isConstexprFunction = true;
  } else if (isKw("def"))
    parseFunction(result, into, isJit, noinline, first, std::move(decorators));
  else
    skipStatement(); // a decorated class
}

void Parser::parseModuleStatements(ParseResult &result, Module &into,
                                   size_t end) {
  while (!atEnd() && pos_ < end) {
    const Token &t = cur();
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::Indent ||
        t.kind == TokenKind::Dedent) {
      if (t.kind == TokenKind::Indent)
        pos_ = findBlockEnd(pos_);
      else
        advance();
      continue;
    }
    size_t start = pos_;
    try {
      if (t.isOperator("@")) {
        parseDecorated(result, into);
      } else if (t.isKeyword("def")) {
        parseFunction(result, into, false, false, pos_);
      } else if (t.isKeyword("try")) {
        parseModuleTry(result, into);
      } else if (t.isKeyword("if")) {
        parseModuleIf(result, into);
      } else if (t.isKeyword("import") || t.isKeyword("from")) {
        parseImport(into);
      } else if (t.kind == TokenKind::Name &&
                 (peekTok().isOperator("=") || peekTok().isOperator(":"))) {
        parseGlobalAssign(into);
      } else {
        if (t.isKeyword("raise") && branchResolves_)
          *branchResolves_ = false; // a branch that gives up binds nothing usable
        skipStatement();
      }
    } catch (ParseError &) {
      pos_ = start;
      skipStatement();
      if (branchResolves_ && (t.isKeyword("import") || t.isKeyword("from")))
        *branchResolves_ = false;
    }
  }
}

void Parser::parseFile(ParseResult &result) {
  scopes_.push_back(&result.module);
  parseModuleStatements(result, result.module, toks_.size());
  bindKernelsMadeByCalls(result);
  scopes_.pop_back();
}

void Parser::parseModuleBlock(ParseResult &result, Module &into,
                              bool *resolves) {
  size_t end = findBlockEnd(pos_);
  // Python allows at most 100 levels of indentation; deeper module-level
  // blocks are skipped rather than read recursively.
  if (moduleDepth_ >= kMaxNesting) {
    pos_ = end;
    if (resolves)
      *resolves = false;
    return;
  }
  llvm::SaveAndRestore<int> depth(moduleDepth_, moduleDepth_ + 1);
  llvm::SaveAndRestore<bool *> branch(branchResolves_, resolves);
  advance(); // Indent
  scopes_.push_back(&into);
  llvm::scope_exit popScope([&] { scopes_.pop_back(); });
  parseModuleStatements(result, into, end);
  pos_ = end;
}

/// The body of a module-level `try`/`if` clause after its `:`: an indented
/// block parsed into `into`, or a one-line body, skipped.
void Parser::parseClauseBody(ParseResult &result, Module &into,
                             bool *resolves) {
  expectOp(":");
  if (cur().kind != TokenKind::Newline) {
    while (!atEnd() && cur().kind != TokenKind::Newline)
      advance();
    advance();
    return;
  }
  advance();
  if (cur().kind != TokenKind::Indent)
    failHere("an indented block");
  parseModuleBlock(result, into, resolves);
  while (cur().kind == TokenKind::Newline)
    advance();
}

void Parser::parseModuleTry(ParseResult &result, Module &m) {
  advance(); // try
  // Each branch: the try body (with its else), then every handler.
  struct Branch {
    Module bound;
    bool resolves = true;
  };
  std::vector<Branch> branches(1);
  parseClauseBody(result, branches[0].bound, &branches[0].resolves);
  Module finallyBound;
  bool finallyResolves = true;
  while (!atEnd()) {
    if (isKw("except")) {
      while (!atEnd() && !isOp(":") && cur().kind != TokenKind::Newline)
        advance();
      branches.emplace_back();
      parseClauseBody(result, branches.back().bound, &branches.back().resolves);
      continue;
    }
    if (isKw("else")) {
      advance();
      parseClauseBody(result, branches[0].bound, &branches[0].resolves);
      continue;
    }
    if (isKw("finally")) {
      advance();
      parseClauseBody(result, finallyBound, &finallyResolves);
      continue;
    }
    break;
  }
  // Python runs the try body; when one of its imports fails, the handler.
  // When no branch resolves, the try body's names stay bound (to modules
  // Trident cannot read, which a kernel using them reports by name).
  Branch *chosen = &branches[0];
  for (Branch &b : branches)
    if (b.resolves) {
      chosen = &b;
      break;
    }
  if (branchResolves_ && (!chosen->resolves || !finallyResolves))
    *branchResolves_ = false;
  for (auto &[name, binding] : chosen->bound.globals)
    m.globals[name] = std::move(binding);
  for (auto &[name, binding] : finallyBound.globals)
    m.globals[name] = std::move(binding);
}

Truth Parser::parseModuleCondition(std::set<std::string> *dependsOn) {
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
  Truth t = oracle_ ? oracle_->moduleCondition(
                          *cond,
                          [this](const std::string &name) { return lookup(name); })
                    : Truth::Unknown;
  if (t == Truth::Unknown && dependsOn) {
    // The names of the module an undecided condition reads (`IS_NVIDIA`,
    // imported from the package, or computed by a call): given their
    // values (-D, or the interpreter's facts under Python) it is decided.
    std::function<void(const Expr &)> walk = [&](const Expr &e) {
      if (e.kind == ExprKind::Name) {
        const GlobalBinding *b = lookup(e.id);
        if (b && !(b->kind == GlobalBinding::Import &&
                   isBuiltinModule(b->importModule)) &&
            b->kind != GlobalBinding::Function)
          dependsOn->insert(e.id);
      }
      for (const ExprPtr &o : e.operands)
        if (o)
          walk(*o);
      for (const ExprPtr &a : e.args)
        walk(*a);
      for (const Keyword &k : e.keywords)
        walk(*k.value);
    };
    walk(*cond);
  }
  return t;
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

void Parser::parseModuleIf(ParseResult &result, Module &into) {
  SourceLoc ifLoc = cur().loc;
  struct Branch {
    Module bound;
    bool resolves = true;
    Truth cond = Truth::Unknown;
  };
  std::set<std::string> dependsOn;
  std::vector<Branch> branches;
  bool hasElse = false;
  bool first = true;
  while (!atEnd()) {
    Truth cond = Truth::True;
    if (first || isKw("elif")) {
      advance();
      cond = parseModuleCondition(&dependsOn);
    } else if (isKw("else")) {
      advance();
      hasElse = true;
    } else {
      break;
    }
    first = false;
    branches.emplace_back();
    branches.back().cond = cond;
    parseClauseBody(result, branches.back().bound, &branches.back().resolves);
    if (hasElse)
      break;
  }
  if (!hasElse)
    branches.emplace_back(); // the implicit `else: pass`
  if (!hasElse)
    branches.back().cond = Truth::True;
  // The clauses Python may run: every one whose condition is not known to
  // be false, up to the first known to be true.
  std::vector<Branch *> candidates;
  for (Branch &b : branches) {
    if (b.cond == Truth::False)
      continue;
    candidates.push_back(&b);
    if (b.cond == Truth::True)
      break;
  }
  for (Branch *b : candidates)
    if (!b->resolves && branchResolves_)
      *branchResolves_ = false;
  if (candidates.size() == 1) {
    for (auto &[name, binding] : candidates[0]->bound.globals)
      into.globals[name] = std::move(binding);
    return;
  }
  // Undecided: a name keeps a binding when every clause that may run binds
  // it to the same statement (a clause that does not bind it keeps what
  // it had before the `if`, if anything).
  std::set<std::string> names;
  for (Branch *b : candidates)
    for (auto &[name, binding] : b->bound.globals)
      names.insert(name);
  for (const std::string &name : names) {
    const GlobalBinding *before = lookup(name);
    std::vector<GlobalBinding *> options;
    bool keepsBefore = false;
    for (Branch *b : candidates) {
      auto it = b->bound.globals.find(name);
      if (it != b->bound.globals.end())
        options.push_back(&it->second);
      else if (before)
        keepsBefore = true;
    }
    auto agree = [&](const GlobalBinding &a, const GlobalBinding &b) {
      if (a.kind == b.kind && a.text == b.text)
        return true;
      // The same function of triton's libraries reached two ways
      // (`from triton.language.extra.libdevice import rsqrt` and `from
      // triton.language.math import rsqrt`, `tanh = libdevice.tanh` and
      // `tanh = tl.math.tanh`): Trident compiles both alike.
      std::string fa = tritonFunction(a), fb = tritonFunction(b);
      return !fa.empty() && fa == fb;
    };
    bool same = true;
    for (GlobalBinding *o : options)
      same &= agree(*o, *options[0]);
    if (keepsBefore)
      same &= agree(*before, *options[0]);
    if (same) {
      into.globals[name] = std::move(*options[0]);
      continue;
    }
    GlobalBinding u;
    u.kind = GlobalBinding::Unparsed;
    u.loc = options[0]->loc;
    u.why = "it is bound differently by the clauses of the module-level "
            "'if' at line " + std::to_string(ifLoc.line) +
            ", whose condition Trident cannot decide without running Python";
    u.dependsOn.assign(dependsOn.begin(), dependsOn.end());
    u.text = options[0]->text;
    into.globals[name] = std::move(u);
  }
}


void Parser::parseGlobalAssign(Module &m) {
  SourceLoc loc = cur().loc;
  std::string name(cur().text);
  size_t start = pos_;
  std::optional<TokenWrap> previousWrap;
  if (auto w = tokenWraps_.find(name); w != tokenWraps_.end())
    previousWrap = w->second;
  GlobalBinding b;
  b.loc = loc;
  try {
    advance();
    if (acceptOp(":")) {
      parseTest(); // annotation
      if (!acceptOp("=")) {
        expectNewline();
        return; // a bare annotation binds nothing
      }
    } else {
      expectOp("=");
    }
    b.value = parseTestList();
    if (isOp("="))
      fail(cur().loc, "chained assignment");
    expectNewline();
    b.kind = GlobalBinding::Value;
  } catch (ParseError &e) {
    b.kind = GlobalBinding::Unparsed;
    b.value.reset();
    b.why = e.message;
    pos_ = start;
    skipStatement();
    // `jit ( NAME` anywhere, or a call applied to one name at the end
    // (`...)(NAME)`): a kernel-making call the expression parser could
    // not read whole.
    TokenWrap w;
    size_t end = pos_;
    while (end > start && (toks_[end - 1].kind == TokenKind::Newline ||
                           toks_[end - 1].kind == TokenKind::Dedent))
      --end;
    for (size_t i = start; i + 2 < end; ++i)
      if (toks_[i].kind == TokenKind::Name && toks_[i].text == "jit" &&
          toks_[i + 1].isOperator("(") &&
          toks_[i + 2].kind == TokenKind::Name &&
          i + 3 < end &&
          (toks_[i + 3].isOperator(")") || toks_[i + 3].isOperator(","))) {
        w.target = std::string(toks_[i + 2].text);
        w.jit = true;
      }
    if (w.target.empty()) {
      size_t j = end;
      while (j > start && toks_[j - 1].isOperator(")"))
        --j;
      if (end - j >= 1 && j >= start + 3 && toks_[j - 1].kind == TokenKind::Name &&
          toks_[j - 2].isOperator("(") && toks_[j - 3].isOperator(")"))
        w.target = std::string(toks_[j - 1].text);
    }
    if (!w.target.empty())
      tokenWraps_[name] = w;
  }
  b.text = textSince(start);
  if (b.kind == GlobalBinding::Value)
    tokenWraps_.erase(name);
  if (auto old = m.globals.find(name);
      old != m.globals.end() && (old->second.kind == GlobalBinding::Value ||
                                 old->second.kind == GlobalBinding::Unparsed))
    shadowed_[name].push_back({std::move(old->second), previousWrap});
  m.globals[name] = std::move(b);
}

void Parser::parseFunction(ParseResult &result, Module &into, bool isJit,
                           bool noinline, size_t firstTok,
                           std::vector<std::string> decorators) {
  auto fn = std::make_unique<FunctionDef>();
  fn->loc = cur().loc;
  advance(); // def
  fn->nameLoc = cur().loc;
  size_t headerStart = pos_;
  try {
    fn->name = expectName();
  } catch (ParseError &) {
    skipStatement();
    return;
  }
  GlobalBinding b;
  b.kind = GlobalBinding::Function;
  b.loc = fn->loc;
  b.function = fn.get();
  fn->isJit = isJit;
  fn->noinline = noinline;
  fn->decorators = std::move(decorators);
  into.globals[fn->name] = std::move(b);
  if (!isJit) {
    pos_ = headerStart;
    skipStatement();
    fn->text = textSince(firstTok);
    into.globals[fn->name].text = fn->text;
    deferred_.push_back({fn.get(), headerStart, firstTok});
    result.module.functions.push_back(std::move(fn));
    return;
  }
  pos_ = headerStart;
  parseJitSignatureAndBody(result, *fn, firstTok);
  result.module.functions.push_back(std::move(fn));
}

void Parser::parseJitSignatureAndBody(ParseResult &result, FunctionDef &fnRef,
                                      size_t firstTok) {
  FunctionDef *fn = &fnRef;
  fn->isJit = true;
  advance(); // the name
  // Find where the function ends so that an error inside it resumes there.
  size_t end = pos_;
  {
    int depth = 0;
    while (end < toks_.size() && toks_[end].kind != TokenKind::EndOfFile) {
      const Token &t = toks_[end];
      if (t.kind == TokenKind::Newline && depth == 0)
        break;
      ++end;
    }
    ++end;
    if (end < toks_.size() && toks_[end].kind == TokenKind::Indent)
      end = findBlockEnd(end);
  }
  try {
    expectOp("(");
    while (!isOp(")")) {
      if (isOp("*") || isOp("**") || isOp("/"))
        fail(cur().loc, "'" + std::string(cur().text) +
                            "' parameters are not supported in @jit functions");
      Param p;
      p.loc = cur().loc;
      p.name = expectName();
      for (const Param &other : fn->params)
        if (other.name == p.name)
          fail(p.loc, "duplicate argument '" + p.name +
                          "' in function definition");
      if (acceptOp(":"))
        p.annotation = parseTest();
      if (acceptOp("="))
        p.defaultValue = parseTest();
      fn->params.push_back(std::move(p));
      if (!acceptOp(","))
        break;
    }
    expectOp(")");
    if (acceptOp("->"))
      parseTest();
    expectOp(":");
    fn->body = parseSuite();
  } catch (ParseError &e) {
    result.errors.push_back({Severity::Error, e.loc, e.message});
    fn->errors.push_back(result.errors.back());
    pos_ = end;
  }
  size_t lastTok = pos_ > 0 ? pos_ - 1 : 0;
  while (lastTok > firstTok && (toks_[lastTok].kind == TokenKind::Dedent ||
                                toks_[lastTok].kind == TokenKind::Newline ||
                                toks_[lastTok].kind == TokenKind::EndOfFile))
    --lastTok;
  uint32_t b0 = toks_[firstTok].loc.offset;
  uint32_t b1 = toks_[lastTok].loc.offset + toks_[lastTok].text.size();
  fn->text = file_.text().substr(b0, b1 > b0 ? b1 - b0 : 0);
  for (Module *scope : scopes_) {
    auto g = scope->globals.find(fn->name);
    if (g != scope->globals.end() && g->second.function == fn)
      g->second.text = fn->text;
  }
}

namespace {
/// The function a kernel-making expression wraps: `NAME`, `jit(X)`,
/// `x.jit(X)`, `jit(...)(X)`, and a decorator factory applied to one
/// argument (`triton.heuristics({...})(X)`, `triton.autotune(...)(X)`).
/// `jit` says whether a jit call was among them; `noinline` whether it
/// asked for one.
const Expr *wrappedFunction(
    const Expr *e, bool &jit, bool &noinline,
    const std::function<bool(const Expr &)> &isJitName, int depth = 0) {
  if (!e || depth > 16)
    return nullptr;
  if (e->kind == ExprKind::Name)
    return e;
  if (e->kind != ExprKind::Call || e->args.size() != 1 || !e->keywords.empty())
    return nullptr;
  const Expr *callee = e->operand(0);
  if (isJitName(*callee)) {
    jit = true;
  } else if (callee->kind == ExprKind::Call && isJitName(*callee->operand(0))) {
    jit = true; // jit(noinline=True)(f)
    for (const Keyword &k : callee->keywords)
      if (k.name == "noinline" && k.value->kind == ExprKind::Bool)
        noinline = k.value->intValue != 0;
  } else if (callee->kind != ExprKind::Call) {
    return nullptr; // some other function applied to the kernel
  }
  return wrappedFunction(e->args[0].get(), jit, noinline, isJitName,
                         depth + 1);
}

} // namespace

void Parser::bindKernelsMadeByCalls(ParseResult &result) {
  Module &m = result.module;
  for (auto &[name, binding] : m.globals) {
    bool jit = false, noinline = false;
    std::string targetName;
    if (binding.kind == GlobalBinding::Value && binding.value) {
      const Expr *target = wrappedFunction(
          binding.value.get(), jit, noinline,
          [&](const Expr &c) { return isJitDecorator(dottedParts(c)); });
      if (!target || binding.value->kind == ExprKind::Name)
        continue; // plain aliases are values, as before
      targetName = target->id;
    } else if (binding.kind == GlobalBinding::Unparsed) {
      auto w = tokenWraps_.find(name);
      if (w == tokenWraps_.end())
        continue;
      targetName = w->second.target;
      jit = w->second.jit;
    } else {
      continue;
    }
    // `k = wrapper(k)` after `k = triton.jit(k)`: it wraps the kernel the
    // earlier assignment made (the latest such one).
    if (!jit && targetName == name)
      if (auto h = shadowed_.find(name); h != shadowed_.end())
        for (auto it = h->second.rbegin(); it != h->second.rend() && !jit;
             ++it) {
          if (it->binding.kind == GlobalBinding::Value && it->binding.value) {
            bool made = false, ni = false;
            const Expr *t = wrappedFunction(
                it->binding.value.get(), made, ni,
                [&](const Expr &c) { return isJitDecorator(dottedParts(c)); });
            if (t && made) {
              targetName = t->id;
              jit = true;
              noinline = ni;
            }
          } else if (it->wrap && it->wrap->jit) {
            targetName = it->wrap->target;
            jit = true;
          }
        }
    // The last function of that name defined before this statement.
    FunctionDef *fn = nullptr;
    for (auto &f : m.functions)
      if (f->name == targetName && f->loc.offset < binding.loc.offset)
        fn = f.get();
    if (!fn || (!jit && !fn->isJit))
      continue;
    if (!fn->isJit) {
      for (const Deferred &d : deferred_)
        if (d.fn == fn) {
          size_t save = pos_;
          pos_ = d.nameTok;
          parseJitSignatureAndBody(result, *fn, d.firstTok);
          pos_ = save;
        }
      fn->noinline = noinline;
    }
    binding = GlobalBinding();
    binding.kind = GlobalBinding::Function;
    binding.loc = fn->loc;
    binding.function = fn;
    binding.text = fn->text;
  }
}

} // namespace trident::frontend::parser_detail
