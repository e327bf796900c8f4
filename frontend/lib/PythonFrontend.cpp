//===- PythonFrontend.cpp - the frontend behind the driver's interface ----===//

#include "trident/Frontend/Compiler.h"

namespace trident::frontend {

mlir::OwningOpRef<mlir::ModuleOp> PythonFrontend::generateTTIR(
    mlir::MLIRContext &ctx, const SourceFile &file, const KernelSpec &spec,
    std::vector<Diagnostic> &errors, std::vector<KernelArgument> *runtimeArgs,
    std::vector<KernelConstexpr> *constexprs) const {
  return frontend::generateTTIR(ctx, file, spec, errors, runtimeArgs,
                                constexprs);
}

std::string PythonFrontend::sourceKey(const SourceFile &file,
                                      const KernelSpec &spec,
                                      std::vector<Diagnostic> &errors) const {
  return kernelSourceKey(file, spec, errors);
}

const void *PythonFrontend::libraryAddress() const {
  return reinterpret_cast<const void *>(&frontend::generateTTIR);
}

} // namespace trident::frontend
