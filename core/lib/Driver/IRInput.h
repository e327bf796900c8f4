//===- IRInput.h - kernels given as TTIR instead of source ------*- C++ -*-===//
//
// The driver also compiles TTIR files (.ttir or .mlir): what Triton dumps
// (TRITON_CACHE_DIR's *.ttir, `compiled.asm["ttir"]`) or what tridentc
// --emit ttir printed. Such IR is already specialized: no signature or
// constexprs apply; the kernel's runtime arguments are its tt.func's.
//
// TTGIR files (.ttgir, or any of these whose module carries
// "ttg.num-warps") start after the backend's "ttgir" stage: Triton's own
// layouts lowered by our backend. Their module attributes, not options,
// give num_warps and threads per warp.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DRIVER_IRINPUT_H
#define TRIDENT_DRIVER_IRINPUT_H

#include "trident/Bundle.h"
#include "trident/Driver/KernelFrontend.h"
#include "trident/Plugin/Backend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace trident {

/// Whether `path` names an IR file (by its extension: .ttir, .ttgir or
/// .mlir).
bool isIRInput(const std::string &path);

/// Parses `source` as a TTIR module (errors go to `ctx`'s diagnostic
/// handler, located in the file) and picks the kernel: the public tt.func
/// named `kernel`, or the only public one when `kernel` is empty (then set
/// to its name). `args` receives its arguments in signature spelling
/// (`*fp32`, `i32`, ...), named after their NameLocs as Triton prints them.
/// Returns null with `error` set (or a diagnostic emitted) on failure.
mlir::OwningOpRef<mlir::ModuleOp>
parseKernelIR(mlir::MLIRContext &ctx, const SourceFile &source,
              std::string &kernel, std::vector<KernelArgument> &args,
              std::string &error);

/// For a module that is TTGIR (`isTTGIR` set): checks it is for `target`
/// and has a "ttgir" stage to start after, and takes num_warps (into
/// `options`, refusing a different one given explicitly in
/// `explicitOptions`; the caller checks it as it checks the option),
/// threads per warp and CTAs into `meta`. False with
/// `error` when it cannot be compiled as given.
bool applyTTGIRModule(mlir::ModuleOp module, const Target &target,
                      const std::vector<Stage> &stages,
                      const Options &explicitOptions, Options &options,
                      bundle::KernelMetadata &meta, bool &isTTGIR,
                      std::string &error);

} // namespace trident

#endif // TRIDENT_DRIVER_IRINPUT_H
