//===- IRInput.cpp - kernels given as TTIR instead of source --------------===//

#include "IRInput.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringRef.h"

#include <cstdlib>
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
  if (auto i = mlir::dyn_cast<mlir::IntegerType>(t))
    return "i" + std::to_string(i.getWidth());
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

} // namespace

mlir::OwningOpRef<mlir::ModuleOp>
parseKernelIR(mlir::MLIRContext &ctx, const frontend::SourceFile &source,
              std::string &kernel, std::vector<frontend::KernelArgument> &args,
              std::string &error) {
  mlir::ParserConfig config(&ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source.text(), config,
                                              source.path());
  if (!module)
    return nullptr; // the parser's diagnostics say why
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
  if (*warps < 1 || *warps > 1024 || (*warps & (*warps - 1))) {
    error = "ttg.num-warps = " + std::to_string(*warps) +
            " is not a power of two between 1 and 1024";
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
