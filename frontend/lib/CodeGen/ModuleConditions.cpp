//===- ModuleConditions.cpp - module-level conditions, evaluated ----------===//
//
// A module-level `if` chooses what a module binds: Python runs the first
// clause whose condition holds. The parser asks, clause by clause, and the
// answer comes from the generator's evaluation of module-level values, in
// a frame of the module with the host subset of Python (HostConstants.cpp:
// triton's version, the environment, packaging's versions, typing's
// TYPE_CHECKING, ...) over the names bound before the `if`. What cannot be
// evaluated (a function of the package, torch.cuda.is_available()) is
// Unknown; `and`, `or` and `not` stay three-valued over their operands, so
// `UNKNOWN and False` is still False.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/ModuleConditions.h"
#include "CodeGen/Generator.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace trident::frontend {

namespace {

Truth truthOf(bool b) { return b ? Truth::True : Truth::False; }

} // namespace

Truth Generator::moduleCondition(ModuleCtx &m, const Expr &e, int depth) {
  if (depth > 32)
    return Truth::Unknown;
  if (e.kind == ExprKind::UnaryOp && e.id == "not") {
    Truth t = moduleCondition(m, *e.operand(0), depth + 1);
    return t == Truth::Unknown ? t : truthOf(t == Truth::False);
  }
  if (e.kind == ExprKind::BoolOp) {
    bool isAnd = e.id == "and";
    bool unknown = false;
    for (const ExprPtr &o : e.operands) {
      Truth t = moduleCondition(m, *o, depth + 1);
      if (t == Truth::Unknown)
        unknown = true;
      else if ((t == Truth::True) != isAnd)
        return t; // `False and ...`, `True or ...`
    }
    return unknown ? Truth::Unknown : truthOf(isAnd);
  }
  Frame f;
  f.module = &m;
  f.hostConstants = true;
  frames_.push_back(f);
  Val v;
  bool evaluated = true;
  try {
    v = eval(e);
  } catch (CompileError &) {
    evaluated = false;
  }
  frames_.pop_back();
  if (!evaluated || !v.isConstexpr())
    return Truth::Unknown;
  return truthOf(constexprTruth(v));
}

/// One generator for all the conditions a loader's modules have: it is
/// made on the first, with a context of its own (conditions build no IR).
struct ModuleConditionEvaluator::State {
  explicit State(ModuleLoader &loader)
      : ctx(mlir::MLIRContext::Threading::DISABLED) {
    ctx.loadDialect<mlir::triton::TritonDialect, mlir::arith::ArithDialect,
                    mlir::math::MathDialect, mlir::scf::SCFDialect,
                    mlir::cf::ControlFlowDialect>();
    gen = std::make_unique<Generator>(ctx, loader, spec);
  }
  mlir::MLIRContext ctx;
  KernelSpec spec;
  std::unique_ptr<Generator> gen;
};

ModuleConditionEvaluator::ModuleConditionEvaluator(ModuleLoader &loader)
    : state_(std::make_unique<State>(loader)) {}

ModuleConditionEvaluator::~ModuleConditionEvaluator() = default;

Truth ModuleConditionEvaluator::decide(LoadedModule &module, const Expr &cond,
                                       const BindingLookup &lookup) {
  // A context of the module as it is at the `if`: what it has bound so
  // far, nothing cached from another point of the file.
  static const Module kNoGlobals;
  ModuleCtx m;
  m.file = module.file.get();
  m.ast = &kNoGlobals;
  m.loaded = &module;
  m.bindings = lookup;
  return state_->gen->moduleCondition(m, cond);
}

} // namespace trident::frontend
