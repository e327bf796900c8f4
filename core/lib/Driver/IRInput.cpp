//===- IRInput.cpp - kernels given as TTIR instead of source --------------===//

#include "IRInput.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <optional>

namespace trident {

namespace tt = mlir::triton;

bool isIRInput(const std::string &path) {
  llvm::StringRef p(path);
  return p.ends_with(".ttir") || p.ends_with(".ttgir") || p.ends_with(".mlir");
}

namespace {

/// The signature spelling of a scalar type, or empty when it has none.
std::string scalarSpelling(mlir::Type t) {
  if (auto i = mlir::dyn_cast<mlir::IntegerType>(t)) {
    unsigned w = i.getWidth(); // the widths a launch can pass (bundle, runtime)
    return w == 1 || w == 8 || w == 16 || w == 32 || w == 64
               ? "i" + std::to_string(w)
               : "";
  }
  if (t.isF16()) return "fp16";
  if (t.isBF16()) return "bf16";
  if (t.isF32()) return "fp32";
  if (t.isF64()) return "fp64";
  if (mlir::isa<mlir::Float8E4M3FNType>(t)) return "fp8e4nv";
  if (mlir::isa<mlir::Float8E5M2Type>(t)) return "fp8e5";
  if (mlir::isa<mlir::Float8E4M3FNUZType>(t)) return "fp8e4b8";
  if (mlir::isa<mlir::Float8E5M2FNUZType>(t)) return "fp8e5b16";
  return "";
}

std::string spelling(mlir::Type t) {
  // A tensor descriptor as Triton's signatures write it; the driver
  // expands it into its launch arguments.
  if (auto d = mlir::dyn_cast<tt::TensorDescType>(t)) {
    mlir::RankedTensorType block = d.getBlockType();
    std::string inner = scalarSpelling(block.getElementType());
    if (inner.empty() || block.getRank() < 1 || block.getRank() > 5)
      return "";
    std::string dims;
    for (int64_t n : block.getShape())
      dims += (dims.empty() ? "" : ", ") + std::to_string(n);
    return "tensordesc<" + inner + "[" + dims + "]>";
  }
  if (auto p = mlir::dyn_cast<tt::PointerType>(t)) {
    std::string inner = scalarSpelling(p.getPointeeType());
    return inner.empty() ? "" : "*" + inner;
  }
  return scalarSpelling(t);
}

/// The name Triton gives an argument: its location `loc("x_ptr"(...))`.
std::string argumentName(mlir::BlockArgument a, unsigned i) {
  if (auto n = mlir::dyn_cast<mlir::NameLoc>(a.getLoc()))
    return n.getName().str();
  return "arg" + std::to_string(i);
}

/// The deepest nesting of braces (regions, attribute dictionaries) in
/// MLIR text, outside strings and comments; where it first passes `limit`
/// (1-based line and column) when it does.
struct Nesting {
  int depth = 0;
  unsigned line = 0, column = 0;
};
Nesting braceNesting(llvm::StringRef text, int limit) {
  Nesting n;
  int depth = 0;
  unsigned line = 1, column = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    if (inString) {
      if (c == '\\')
        ++i, ++column;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
    } else if (c == '{') {
      if (++depth > n.depth)
        n.depth = depth;
      if (depth > limit && !n.line) {
        n.line = line;
        n.column = column;
      }
    } else if (c == '}') {
      --depth;
    }
  }
  return n;
}

/// A cycle of tt.call among the module's functions, as "a -> b -> a".
std::string callCycle(mlir::ModuleOp module) {
  llvm::StringMap<std::vector<std::string>> calls;
  for (auto f : module.getOps<tt::FuncOp>()) {
    auto &out = calls[f.getName()];
    f.walk([&](tt::CallOp c) { out.push_back(c.getCallee().str()); });
  }
  llvm::StringMap<int> state; // 1: on the path, 2: done
  std::vector<std::string> path;
  std::string cycle;
  std::function<bool(const std::string &)> visit = [&](const std::string &f) {
    int &s = state[f];
    if (s == 2)
      return false;
    if (s == 1) {
      auto it = std::find(path.begin(), path.end(), f);
      for (; it != path.end(); ++it)
        cycle += *it + " -> ";
      cycle += f;
      return true;
    }
    s = 1;
    path.push_back(f);
    for (const std::string &g : calls[f])
      if (visit(g))
        return true;
    path.pop_back();
    state[f] = 2;
    return false;
  };
  for (auto &entry : calls)
    if (visit(entry.getKey().str()))
      return cycle;
  return "";
}

} // namespace

/// Deeper than any kernel a Python file can hold (Python refuses more
/// than 20 nested blocks), far below what overflows MLIR's parser.
constexpr int kMaxIRNesting = 256;

mlir::OwningOpRef<mlir::ModuleOp>
parseKernelIR(mlir::MLIRContext &ctx, const SourceFile &source,
              std::string &kernel, std::vector<KernelArgument> &args,
              std::string &error) {
  Nesting nest = braceNesting(source.text(), kMaxIRNesting);
  if (nest.line) {
    error = source.path() + ":" + std::to_string(nest.line) + ":" +
            std::to_string(nest.column) + ": regions and attributes nested " +
            std::to_string(nest.depth) + " deep, more than the " +
            std::to_string(kMaxIRNesting) + " Trident reads";
    return nullptr;
  }
  mlir::ParserConfig config(&ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source.text(), config,
                                              source.path());
  if (!module)
    return nullptr; // the parser's diagnostics say why
  // What Triton's TTIR never holds and the backends cannot compile.
  if (std::string cycle = callCycle(*module); !cycle.empty()) {
    error = source.path() + ": the functions call themselves (" + cycle +
            "): recursion is not supported (nor by Triton)";
    return nullptr;
  }
  mlir::Operation *rawAsm = nullptr;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() == "llvm.inline_asm")
      rawAsm = op;
    return rawAsm ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
  });
  if (rawAsm) {
    mlir::emitError(rawAsm->getLoc())
        << "'llvm.inline_asm' is not TTIR: inline assembly in a kernel is "
           "tt.elementwise_inline_asm (tl.inline_asm_elementwise)";
    return nullptr;
  }
  std::vector<tt::FuncOp> kernels;
  for (auto f : module->getOps<tt::FuncOp>())
    if (f.isPublic() && !f.isExternal())
      kernels.push_back(f);
  std::string names;
  for (tt::FuncOp f : kernels)
    names += (names.empty() ? "" : ", ") + f.getName().str();
  tt::FuncOp chosen;
  if (kernel.empty()) {
    if (kernels.size() != 1) {
      error = kernels.empty()
                  ? source.path() + " holds no public tt.func to compile"
                  : source.path() + " holds several kernels (" + names +
                        "): name one with --kernel";
      return nullptr;
    }
    chosen = kernels.front();
    kernel = chosen.getName().str();
  } else {
    for (tt::FuncOp f : kernels)
      if (f.getName() == kernel)
        chosen = f;
    if (!chosen) {
      error = source.path() + " has no public tt.func '" + kernel + "'" +
              (names.empty() ? "" : " (its kernels: " + names + ")");
      return nullptr;
    }
  }
  // Only the chosen kernel is compiled: other kernels become private (and
  // are dropped by the core pipeline unless the chosen one calls them).
  for (tt::FuncOp f : kernels)
    if (f != chosen)
      f.setPrivate();
  args.clear();
  mlir::Block &entry = chosen.getBody().front();
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    mlir::BlockArgument a = entry.getArgument(i);
    std::string type = spelling(a.getType());
    if (type.empty()) {
      std::string printed;
      llvm::raw_string_ostream os(printed);
      a.getType().print(os);
      error = "argument " + std::to_string(i) + " of '" + kernel +
              "' has a type a kernel cannot take: " + printed;
      return nullptr;
    }
    // Triton's TTIR carries the divisibility it specialized for.
    std::string specialization;
    if (auto d = chosen.getArgAttrOfType<mlir::IntegerAttr>(i, "tt.divisibility"))
      if (d.getInt() >= 16 && d.getInt() % 16 == 0)
        specialization = "16";
    args.push_back({argumentName(a, i), type, specialization});
  }
  return module;
}

bool applyTTGIRModule(mlir::ModuleOp module, const Target &target,
                      const std::vector<Stage> &stages,
                      const Options &explicitOptions, Options &options,
                      bundle::KernelMetadata &meta, bool &isTTGIR,
                      std::string &error) {
  auto intAttr = [&](llvm::StringRef name) -> std::optional<int64_t> {
    if (auto a = module->getAttrOfType<mlir::IntegerAttr>(name))
      return a.getInt();
    return std::nullopt;
  };
  std::optional<int64_t> warps = intAttr("ttg.num-warps");
  isTTGIR = warps.has_value();
  if (!isTTGIR)
    return true;
  bool hasStage = false;
  for (const Stage &s : stages)
    hasStage |= s.name == "ttgir";
  if (!hasStage) {
    error = "the module is TTGIR (it has ttg.num-warps), but the backend for " +
            target.str + " has no 'ttgir' stage to start after";
    return false;
  }
  if (auto t = module->getAttrOfType<mlir::StringAttr>("ttg.target"))
    if (t.getValue() != target.str) {
      error = "the module is TTGIR for " + t.getValue().str() + ", not " +
              target.str + " (its layouts were chosen for that target)";
      return false;
    }
  if (auto it = explicitOptions.find("num_warps");
      it != explicitOptions.end() && std::atoll(it->second.c_str()) != *warps) {
    error = "num_warps=" + it->second + " disagrees with the module's "
            "ttg.num-warps = " + std::to_string(*warps) +
            " (TTGIR's layouts are built for its own)";
    return false;
  }
  int64_t ctas = intAttr("ttg.num-ctas").value_or(1);
  if (ctas != 1) {
    error = "ttg.num-ctas = " + std::to_string(ctas) +
            ": several CTAs per program are not supported yet";
    return false;
  }
  options["num_warps"] = std::to_string(*warps);
  meta.numWarps = uint32_t(*warps);
  meta.threadsPerWarp = uint32_t(intAttr("ttg.threads-per-warp").value_or(32));
  meta.numCtas = 1;
  return true;
}

} // namespace trident
