//===- trident-opt.cpp - mlir-opt for Trident's dialects and passes -------===//
//
// Parses IR, runs the passes named on the command line and prints the result;
// every Trident dialect and pass is registered, and the test-only passes of
// test/ (test-print-axis-info, test-lower-tritongpu) and its test dialect
// (a backend's memory space). The driver behind
// Trident's lit tests.
//
//   --load-plugin PATH   load a backend plugin first: its dialects and the
//                        passes it registers become available (repeatable)
//
//===----------------------------------------------------------------------===//

#include "test/TestPasses.h"
#include "trident/Compiler/Registration.h"
#include "trident/Plugin/Registry.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  trident::registerCoreDialects(registry);
  trident::registerCorePasses();
  trident::test::registerTestPasses();
  trident::test::registerTestDialects(registry);

  // Plugins must be loaded before MlirOptMain parses the pass options.
  trident::BackendRegistry plugins;
  std::vector<char *> args;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    std::string path;
    if (a == "--load-plugin" || a == "-load-plugin") {
      if (i + 1 >= argc) {
        llvm::errs() << "trident-opt: error: --load-plugin needs a file\n";
        return 2;
      }
      path = argv[++i];
    } else if (a.rfind("--load-plugin=", 0) == 0) {
      path = a.substr(14);
    } else {
      args.push_back(argv[i]);
      continue;
    }
    std::string error;
    if (!plugins.loadPlugin(path, error)) {
      llvm::errs() << "trident-opt: error: " << error << "\n";
      return 1;
    }
  }
  for (const trident::BackendRegistry::Entry &e : plugins.entries())
    e.backend->registerDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      int(args.size()), args.data(), "Trident optimizer driver\n", registry));
}
