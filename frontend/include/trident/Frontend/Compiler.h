//===- Compiler.h - the frontend's entry point: kernel source to TTIR -*- C++ -*-===//
//
// What a caller of the frontend needs: which kernel of a file to compile and
// how to specialize it (Triton's AOT signature syntax, constexpr values by
// name), and the function that turns a kernel source file into a TTIR module
// or a list of diagnostics pointing into the file.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_COMPILER_H
#define TRIDENT_FRONTEND_COMPILER_H

#include "trident/Driver/KernelFrontend.h"
#include "trident/Frontend/Source.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir {
class MLIRContext;
}

namespace trident::frontend {

using trident::KernelArgument;
using trident::KernelConstexpr;
using trident::KernelSpec;

/// Splits a comma-separated signature string into its entries.
std::vector<std::string> splitSignature(const std::string &text);

/// Compiles kernel `spec.kernel` of `file` to TTIR (before the core pipeline).
/// On failure returns null and appends to `errors`, each located in `file`
/// (line 0 when the problem is not at a source position).
mlir::OwningOpRef<mlir::ModuleOp>
generateTTIR(mlir::MLIRContext &ctx, const SourceFile &file,
             const KernelSpec &spec, std::vector<Diagnostic> &errors,
             std::vector<KernelArgument> *runtimeArgs = nullptr,
             std::vector<KernelConstexpr> *constexprs = nullptr);

/// A key of everything the kernel's TTIR depends on: the text of the
/// kernel, of every @jit function of `file` it can reach, and of the
/// module-level names they use; and for the modules it imports, every
/// lookup made (which file each import found) and the text of every module
/// read. Empty with `errors` set when the file does not parse or has no
/// such kernel. `spec` gives the kernel's name and the import path.
std::string kernelSourceKey(const SourceFile &file, const KernelSpec &spec,
                            std::vector<Diagnostic> &errors);

/// The Python-syntax frontend behind the driver's KernelFrontend
/// interface: generateTTIR and kernelSourceKey above.
class PythonFrontend final : public KernelFrontend {
public:
  mlir::OwningOpRef<mlir::ModuleOp>
  generateTTIR(mlir::MLIRContext &ctx, const SourceFile &file,
               const KernelSpec &spec, std::vector<Diagnostic> &errors,
               std::vector<KernelArgument> *runtimeArgs,
               std::vector<KernelConstexpr> *constexprs) const override;
  std::string sourceKey(const SourceFile &file, const KernelSpec &spec,
                        std::vector<Diagnostic> &errors) const override;
  const void *libraryAddress() const override;
};

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_COMPILER_H
