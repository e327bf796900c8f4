//===- FrontendFuzzer.cpp - libFuzzer target over parse + code generation ===//
//
// Treats each input as a kernel file: parses it and, for every @jit function
// (at most three), derives a signature from its parameters (constexpr ->
// 16, names ending in "ptr" -> *fp32:16, else i32), generates TTIR and runs
// the core pipeline on it. Any outcome but a crash, a sanitizer report or a
// verifier failure of our own IR is fine: errors are the expected result of
// most inputs.
//
//===----------------------------------------------------------------------===//

#include "trident/Compiler/Pipeline.h"
#include "trident/Compiler/Registration.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Frontend/Parser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace trident::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 64 * 1024)
    return 0;
  SourceFile file("fuzz.py",
                  std::string(reinterpret_cast<const char *>(data), size));
  ParseResult parsed = parseModule(file);
  if (!parsed.ok())
    return 0;
  int compiled = 0;
  for (const auto &fn : parsed.module.functions) {
    if (!fn->isJit || compiled == 3)
      continue;
    ++compiled;
    KernelSpec spec;
    spec.kernel = fn->name;
    for (const Param &p : fn->params) {
      bool isConst = p.annotation && (p.annotation->id == "constexpr");
      size_t n = p.name.size();
      if (isConst)
        spec.signature.push_back("16");
      else if (n >= 3 && p.name.compare(n - 3, 3, "ptr") == 0)
        spec.signature.push_back("*fp32:16");
      else
        spec.signature.push_back("i32");
    }
    mlir::DialectRegistry registry;
    trident::registerCoreDialects(registry);
    mlir::MLIRContext ctx(registry);
    ctx.printOpOnDiagnostic(false);
    mlir::ScopedDiagnosticHandler quiet(
        &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
    std::vector<Diagnostic> errors;
    auto module = generateTTIR(ctx, file, spec, errors);
    for (const Diagnostic &d : errors) {
      // The generator's own IR must always verify: that error is a bug.
      if (d.message.rfind("internal error", 0) == 0) {
        fprintf(stderr, "%s", formatDiagnostic(file, d).c_str());
        abort();
      }
      (void)formatDiagnostic(file, d);
    }
    if (!module)
      continue;
    ctx.loadAllAvailableDialects();
    mlir::PassManager pm(&ctx);
    trident::buildCoreTTIRPipeline(pm);
    (void)pm.run(*module);
  }
  return 0;
}
