//===- KernelFrontend.h - what the driver asks of a kernel language -*- C++ -*-===//
//
// The driver compiles a kernel written in some source language without
// knowing the language: a frontend turns the kernel's file and a KernelSpec
// into TTIR, and names everything that TTIR depends on for the cache key.
// Tools wire the driver to a frontend (tridentc and the C API use the
// Python-syntax frontend, trident/Frontend/Compiler.h); TTIR and TTGIR
// inputs need none. Diagnostics are trident/Diagnostics/Source.h's, which
// the driver also uses for MLIR's errors at the user's locations.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DRIVER_KERNELFRONTEND_H
#define TRIDENT_DRIVER_KERNELFRONTEND_H

#include "trident/Diagnostics/Source.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir {
class MLIRContext;
}

namespace trident {

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
  /// What the Python interpreter knows of module-level names of the kernel
  /// file that a static reader cannot decide (the Python package sends
  /// them; standalone tridentc has none): NAME -> `module:DOTTED.NAME` for
  /// a name bound to a module at run time (`tl_extra_shim =
  /// backend.get_tl_extra_backend_module()`). They replace only bindings
  /// the reader could not evaluate, and are part of the cache key.
  std::vector<std::pair<std::string, std::string>> facts;
  /// Keep tl.device_assert (Triton drops it unless debugging is on).
  bool debug = false;
  /// The num_warps the kernel is compiled with (0: not known), for
  /// `tl.extra.cuda.num_warps()` and `num_threads()`, which are
  /// compile-time constants of it. The driver sets it from the options.
  int numWarps = 0;
  /// The compile's target (`cuda:90`, `hip:gfx942`, `cpu`; empty: not
  /// known), for triton.language.target_info's functions. The driver sets
  /// it.
  std::string target;
  /// Directories searched first for the modules the kernel file imports
  /// (`tridentc -I`); for the Python-syntax frontend then the file's
  /// package root and directory, TRIDENT_PYTHON_PATH and PYTHONPATH.
  std::vector<std::string> importPath;
};

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

class KernelFrontend {
public:
  virtual ~KernelFrontend() = default;

  /// Kernel `spec.kernel` of `file` as TTIR (before the core pipeline),
  /// with its launch parameters and constexpr values; or null with
  /// `errors` set, each located in `file` (or in `Diagnostic::file`).
  virtual mlir::OwningOpRef<mlir::ModuleOp>
  generateTTIR(mlir::MLIRContext &ctx, const SourceFile &file,
               const KernelSpec &spec, std::vector<Diagnostic> &errors,
               std::vector<KernelArgument> *runtimeArgs,
               std::vector<KernelConstexpr> *constexprs) const = 0;

  /// A key of everything generateTTIR reads besides `spec`'s fields (the
  /// kernel's text, the modules it imports, environment variables it
  /// reads); empty with `errors` set when there is no such kernel.
  virtual std::string sourceKey(const SourceFile &file, const KernelSpec &spec,
                                std::vector<Diagnostic> &errors) const = 0;

  /// An address inside the frontend's shared library: the hash of that
  /// file enters every cache key, so a rebuilt frontend never reuses what
  /// an older one cached.
  virtual const void *libraryAddress() const = 0;
};

} // namespace trident

#endif // TRIDENT_DRIVER_KERNELFRONTEND_H
