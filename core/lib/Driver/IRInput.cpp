//===- IRInput.cpp - kernels given as TTIR instead of source --------------===//

#include "IRInput.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringRef.h"

namespace trident {

namespace tt = mlir::triton;

bool isIRInput(const std::string &path) {
  llvm::StringRef p(path);
  return p.ends_with(".ttir") || p.ends_with(".mlir");
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

} // namespace trident
