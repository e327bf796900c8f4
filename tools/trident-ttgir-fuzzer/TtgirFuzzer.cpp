//===- TtgirFuzzer.cpp - libFuzzer target over TTGIR input ----------------===//
//
// Treats each input as a TTGIR file, as `tridentc kernel.ttgir --target
// cuda:90 --emit llir` does: parse, verify (verify-tritongpu), allocate
// shared memory, insert barriers and lower with the NVIDIA plugin. Seeded
// with Triton's own TTGIR from the conformance suite. Any outcome but a
// crash, a hang, an abort (LLVM ERROR) or a sanitizer report is fine:
// errors are the expected result of most inputs. MLIR's crash reproducer
// is off, so that a crash in a pass is the fuzzer's to see.
//
//===----------------------------------------------------------------------===//

#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Plugin/Registry.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace trident;

namespace {
struct State {
  BackendRegistry registry;
  frontend::PythonFrontend python;
  std::unique_ptr<Driver> driver;
  State() {
    std::vector<std::string> errors, warnings;
    registry.loadDefaultPlugins(errors, &warnings);
    driver = std::make_unique<Driver>(registry, python);
  }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static State state;
  if (size > 64 * 1024)
    return 0;
  SourceFile source("fuzz.ttgir",
                    std::string(reinterpret_cast<const char *>(data), size));
  KernelSpec spec;
  CompileOptions options;
  options.emit = "llir";
  options.useCache = false;
  options.reproducers = false;
  CompiledKernel out;
  std::vector<std::string> errors;
  bool ok = state.driver->compile(source, spec, "cuda:90", options, out, errors);
  // TRIDENT_FUZZ_VERBOSE=1: what each input came to (to see that seeds
  // reach the lowering).
  static const bool verbose = std::getenv("TRIDENT_FUZZ_VERBOSE") != nullptr;
  if (verbose)
    std::fprintf(stderr, "%s%s", ok ? "compiled\n" : "",
                 errors.empty() ? "" : errors.front().c_str());
  return 0;
}
