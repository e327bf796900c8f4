//===- ModuleConditions.h - module-level conditions, evaluated --*- C++ -*-===//
//
// The conditions of module-level `if` statements (`if triton.__version__ >=
// "3.0":`, `if os.environ.get("FLAG") == "1":`, `if HAS_TRITON:`) are
// evaluated by the code generator's own evaluator of module-level values,
// while the parser reads the module: one evaluator for the values kernels
// use and the conditions that choose them. The module loader owns one of
// these, made when a module first has a condition to decide. Private to
// the frontend.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_LIB_CODEGEN_MODULECONDITIONS_H
#define TRIDENT_FRONTEND_LIB_CODEGEN_MODULECONDITIONS_H

#include "trident/Frontend/Imports.h"

#include <memory>

namespace trident::frontend {

class ModuleConditionEvaluator {
public:
  explicit ModuleConditionEvaluator(ModuleLoader &loader);
  ~ModuleConditionEvaluator();

  /// Whether `cond`, a module-level condition of `module`, holds when the
  /// module's names are what `lookup` gives (those bound before the `if`).
  /// Unknown where it cannot be evaluated without running Python (a call
  /// of the package's own function, `torch.cuda.is_available()`).
  Truth decide(LoadedModule &module, const Expr &cond,
               const BindingLookup &lookup);

private:
  struct State;
  std::unique_ptr<State> state_;
};

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_LIB_CODEGEN_MODULECONDITIONS_H
