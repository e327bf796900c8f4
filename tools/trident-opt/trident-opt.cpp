//===- trident-opt.cpp - mlir-opt for Trident's dialects and passes -------===//
//
// Parses IR, runs the passes named on the command line and prints the result;
// every Trident dialect and pass is registered. The driver behind Trident's
// lit tests.
//
//===----------------------------------------------------------------------===//

#include "trident/Compiler/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  trident::registerCoreDialects(registry);
  trident::registerCorePasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Trident optimizer driver\n", registry));
}
