//===- tridentc.cpp - compile a Triton kernel file --------------------------===//
//
//   tridentc FILE.py --kernel NAME --signature '*fp32:16, i32, 1024'
//            [-D NAME=VALUE]... [--num-warps N] [--num-stages N] [--debug]
//            [--emit ttir|ttir-raw] [-o FILE]
//
// Reads a kernel file written against triton.language, builds TTIR for one
// kernel specialized as the signature says, runs the core TTIR pipeline and
// prints the result. Errors point at the user's file:line:col and make the
// exit status non-zero.
//
//===----------------------------------------------------------------------===//

#include "trident/Compiler/Pipeline.h"
#include "trident/Compiler/Registration.h"
#include "trident/Frontend/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>
#include <string>

using namespace trident::frontend;

namespace {

const char *kUsage =
    "usage: tridentc FILE.py --kernel NAME --signature SIG [options]\n"
    "\n"
    "  --kernel NAME        the @triton.jit function to compile\n"
    "  --signature SIG      one entry per parameter, as triton/tools/compile.py\n"
    "                       takes them: '*fp32:16, *fp32:16, i32, 1024'\n"
    "                       (:16 = divisible by 16, :1 = equal to 1, a value =\n"
    "                       a constexpr)\n"
    "  -D NAME=VALUE        set a constexpr parameter by name\n"
    "  --num-warps N        warps per program (default 4), recorded in the IR\n"
    "  --num-stages N       software pipelining stages (default 3), recorded\n"
    "  --debug              keep tl.device_assert checks\n"
    "  --emit ttir          TTIR after the core pipeline (default)\n"
    "  --emit ttir-raw      TTIR as the frontend builds it, before any pass\n"
    "  --no-locs            print without source locations\n"
    "  --print-ir-after-all print the IR after every pass to stderr\n"
    "  -o FILE              write the output to FILE instead of stdout\n";

int usage(const std::string &message) {
  llvm::errs() << "tridentc: error: " << message << "\n\n" << kUsage;
  return 2;
}

/// The user-facing position of an MLIR location: the innermost file position
/// that is not inside Trident's built-in prelude.
std::optional<SourceLoc> userLoc(mlir::Location loc, const std::string &path) {
  std::optional<SourceLoc> found;
  loc->walk([&](mlir::Location l) {
    if (auto flc = mlir::dyn_cast<mlir::FileLineColLoc>(l))
      if (!found && flc.getFilename().getValue() == path)
        found = SourceLoc{flc.getLine(), flc.getColumn(), 0};
    return mlir::WalkResult::advance();
  });
  return found;
}

} // namespace

int main(int argc, char **argv) {
  std::string file, output, emit = "ttir";
  KernelSpec spec;
  bool haveSignature = false, locs = true, printAfterAll = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *flag) -> std::optional<std::string> {
      std::string f(flag);
      if (a == f) {
        if (i + 1 >= argc)
          return std::nullopt;
        return std::string(argv[++i]);
      }
      if (a.rfind(f + "=", 0) == 0)
        return a.substr(f.size() + 1);
      return std::nullopt;
    };
    auto isFlag = [&](const char *flag) {
      std::string f(flag);
      return a == f || a.rfind(f + "=", 0) == 0;
    };
    auto number = [&](const std::string &flag, const std::string &v, int &out) {
      char *end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end || n <= 0 || n > 1024)
        return usage(flag + " needs a positive integer, got '" + v + "'") != 0;
      out = (int)n;
      return true;
    };
    if (a == "-h" || a == "--help") {
      llvm::outs() << kUsage;
      return 0;
    }
    if (isFlag("--kernel")) {
      auto v = value("--kernel");
      if (!v)
        return usage("--kernel needs a value");
      spec.kernel = *v;
    } else if (isFlag("--signature")) {
      auto v = value("--signature");
      if (!v)
        return usage("--signature needs a value");
      spec.signature = splitSignature(*v);
      haveSignature = true;
    } else if (a.rfind("-D", 0) == 0) {
      std::string def = a.size() > 2 ? a.substr(2) : "";
      if (def.empty()) {
        if (i + 1 >= argc)
          return usage("-D needs NAME=VALUE");
        def = argv[++i];
      }
      size_t eq = def.find('=');
      if (eq == std::string::npos || eq == 0)
        return usage("-D needs NAME=VALUE, got '" + def + "'");
      spec.defines.push_back({def.substr(0, eq), def.substr(eq + 1)});
    } else if (isFlag("--num-warps")) {
      auto v = value("--num-warps");
      if (!v || !number("--num-warps", *v, spec.numWarps))
        return 2;
    } else if (isFlag("--num-stages")) {
      auto v = value("--num-stages");
      if (!v || !number("--num-stages", *v, spec.numStages))
        return 2;
    } else if (a == "--debug") {
      spec.debug = true;
    } else if (a == "--print-ir-after-all") {
      printAfterAll = true;
    } else if (a == "--no-locs") {
      locs = false;
    } else if (isFlag("--emit")) {
      auto v = value("--emit");
      if (!v || (*v != "ttir" && *v != "ttir-raw"))
        return usage("--emit takes ttir or ttir-raw");
      emit = *v;
    } else if (a == "-o") {
      if (i + 1 >= argc)
        return usage("-o needs a file name");
      output = argv[++i];
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "'");
    } else if (file.empty()) {
      file = a;
    } else {
      return usage("more than one input file ('" + file + "' and '" + a + "')");
    }
  }
  if (file.empty())
    return usage("no input file");
  if (spec.kernel.empty())
    return usage("--kernel is required");
  if (!haveSignature && spec.defines.empty())
    spec.signature.clear();

  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buffer) {
    llvm::errs() << "tridentc: error: cannot read '" << file
                 << "': " << buffer.getError().message() << "\n";
    return 1;
  }
  SourceFile source(file, (*buffer)->getBuffer().str());

  mlir::DialectRegistry registry;
  trident::registerCoreDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.printOpOnDiagnostic(false);

  std::vector<Diagnostic> errors;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      generateTTIR(ctx, source, spec, errors);
  if (!module) {
    for (const Diagnostic &d : errors)
      llvm::errs() << formatDiagnostic(source, d);
    return 1;
  }

  if (emit == "ttir") {
    bool failed = false;
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (d.getSeverity() != mlir::DiagnosticSeverity::Error)
        return mlir::success();
      failed = true;
      Diagnostic out;
      if (auto l = userLoc(d.getLocation(), file))
        out.loc = *l;
      out.message = d.str();
      llvm::errs() << formatDiagnostic(source, out);
      return mlir::success();
    });
    mlir::PassManager pm(&ctx);
    trident::buildCoreTTIRPipeline(pm);
    // Passes may create ops of any core dialect (ub.poison, cf.br, ...).
    ctx.loadAllAvailableDialects();
    if (printAfterAll) {
      ctx.disableMultithreading();
      pm.enableIRPrinting(
          [](mlir::Pass *, mlir::Operation *) { return false; },
          [](mlir::Pass *, mlir::Operation *) { return true; },
          /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
    }
    if (mlir::failed(pm.run(*module)) || failed) {
      llvm::errs() << "tridentc: error: the core TTIR pipeline failed\n";
      return 1;
    }
  }

  std::error_code ec;
  std::optional<llvm::raw_fd_ostream> fileOut;
  if (!output.empty()) {
    fileOut.emplace(output, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "tridentc: error: cannot write '" << output
                   << "': " << ec.message() << "\n";
      return 1;
    }
  }
  llvm::raw_ostream &os = fileOut ? *fileOut : llvm::outs();
  mlir::OpPrintingFlags flags;
  if (locs)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  flags.printNameLocAsPrefix(true);
  module->print(os, flags);
  os << "\n";
  return 0;
}
