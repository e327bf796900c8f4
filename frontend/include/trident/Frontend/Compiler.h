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

/// Which kernel to compile and how to specialize it.
struct KernelSpec {
  std::string kernel;
  /// One entry per kernel parameter, in order, as triton/tools/compile.py
  /// takes them: `*fp32:16` (pointer, divisible by 16), `i32`, `i32:16`,
  /// `i32:1` (specialized to the constant 1), or a constexpr value (`1024`,
  /// `0.5`, `True`, `fp16` for a dtype).
  std::vector<std::string> signature;
  /// Constexpr values by parameter name (`-D NAME=VALUE`), for parameters
  /// that the signature leaves out or writes as `constexpr`.
  std::vector<std::pair<std::string, std::string>> defines;
  /// Keep tl.device_assert (Triton drops it unless debugging is on).
  bool debug = false;
  /// Directories searched first for the modules the kernel file imports
  /// (`tridentc -I`); then the file's package root and directory,
  /// TRIDENT_PYTHON_PATH and PYTHONPATH (Imports.h).
  std::vector<std::string> importPath;
};

/// Splits a comma-separated signature string into its entries.
std::vector<std::string> splitSignature(const std::string &text);

/// Compiles kernel `spec.kernel` of `file` to TTIR (before the core pipeline).
/// On failure returns null and appends to `errors`, each located in `file`
/// (line 0 when the problem is not at a source position).
/// A launch parameter of the compiled kernel: every parameter that is not
/// a constexpr, in order.
struct KernelArgument {
  std::string name;
  std::string type; ///< signature spelling: `*fp32`, `i32`, ...
  /// As the signature specialized it: "16" (pointer 16-byte aligned or
  /// integer divisible by 16), "1" (an integer equal to 1, folded into the
  /// kernel: the binary does not take it), or "".
  std::string specialization;
};

/// A constexpr parameter and the value it was compiled with.
struct KernelConstexpr {
  std::string name, value;
};

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

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_COMPILER_H
