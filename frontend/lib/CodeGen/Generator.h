//===- Generator.h - TTIR code generation from the kernel AST --*- C++ -*-===//
//
// The generator walks a @jit function's syntax tree and emits TTIR with an
// MLIR builder, evaluating compile-time values (constexprs, dtypes, modules,
// functions) as it goes, the way Triton's code generator does. The language's
// semantics -- promotion, broadcasting, casts, the tl.* builtins -- live in
// Semantic.cpp, Builtins.cpp and the table of builtins in Builtins/;
// statements, expressions and calls here and in Generator.cpp.
//
// Errors throw CompileError (only through the frontend's own frames, never
// through MLIR callbacks) and are reported at the user's source position.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_CODEGEN_GENERATOR_H
#define TRIDENT_FRONTEND_CODEGEN_GENERATOR_H

#include "CodeGen/Types.h"
#include "trident/Frontend/AST.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Frontend/Imports.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace trident::frontend {

struct CompileError {
  SourceLoc loc;
  std::string message;
  /// The imported module `loc` is in; null for the kernel file.
  std::shared_ptr<const SourceFile> file;
  /// The calls that led into an imported module, innermost first.
  std::vector<Diagnostic> notes;
};

struct ModuleCtx;

/// A value during code generation: a compile-time object or a runtime tensor.
struct Val {
  enum Kind {
    None,
    Bool,
    Int,
    Float,
    Str,
    DTypeV,   ///< a dtype object (tl.float32)
    Tensor,   ///< runtime value: `value` of type `type`
    Tuple,
    Module,   ///< `str` = module path ("triton.language")
    Function, ///< a @jit function (`fn`, `owner`)
    Builtin,  ///< a builtin function (`str` = its name)
    Method,   ///< `str` = method name, elems[0] = self
    Slice,    ///< elems = lower, upper, step
    Ellipsis,
    TypeObj, ///< `str`: "constexpr", "int", "float", "tensor", ...
    Version, ///< a parsed version (`packaging.version.parse`): `str` = text
  };
  Kind kind = None;
  __int128 i = 0;
  double f = 0;
  std::string str;
  DType dtype;
  mlir::Value value;
  TType type;
  std::vector<Val> elems;
  const FunctionDef *fn = nullptr;
  ModuleCtx *owner = nullptr;

  static Val none() { return Val(); }
  static Val boolean(bool b) { Val v; v.kind = Bool; v.i = b; return v; }
  static Val integer(__int128 x) { Val v; v.kind = Int; v.i = x; return v; }
  static Val floating(double x) { Val v; v.kind = Float; v.f = x; return v; }
  static Val string(std::string s) { Val v; v.kind = Str; v.str = std::move(s); return v; }
  static Val dtypeObj(DType d) { Val v; v.kind = DTypeV; v.dtype = std::move(d); return v; }
  static Val tensor(mlir::Value x, TType t) { Val v; v.kind = Tensor; v.value = x; v.type = std::move(t); return v; }
  static Val tuple(std::vector<Val> e) { Val v; v.kind = Tuple; v.elems = std::move(e); return v; }
  static Val module(std::string path) { Val v; v.kind = Module; v.str = std::move(path); return v; }
  static Val builtin(std::string name) { Val v; v.kind = Builtin; v.str = std::move(name); return v; }
  static Val typeObj(std::string name) { Val v; v.kind = TypeObj; v.str = std::move(name); return v; }

  bool isTensor() const { return kind == Tensor; }
  bool isNumber() const { return kind == Bool || kind == Int || kind == Float; }
  /// Known at compile time (everything but tensors and tuples holding them).
  bool isConstexpr() const;
  /// A short description for messages: "constexpr int 4", "tensor <[64], fp32>".
  std::string describe() const;
};

/// A source file with its parsed module and the module-level values its
/// functions have looked up so far.
struct ModuleCtx {
  const SourceFile *file = nullptr;
  const Module *ast = nullptr;
  bool isPrelude = false;
  /// The module as the loader read it (null for the prelude).
  LoadedModule *loaded = nullptr;
  std::map<std::string, Val> globals;
  std::set<std::string> evaluating;
  /// While the module's file is being parsed (a module-level condition is
  /// evaluated): its names as bound so far, used instead of `ast`.
  BindingLookup bindings;
  /// The binding of module-level `name`, or null.
  const GlobalBinding *binding(const std::string &name) const {
    if (bindings)
      return bindings(name);
    auto it = ast->globals.find(name);
    return it == ast->globals.end() ? nullptr : &it->second;
  }
};

/// One function being generated.
struct Frame {
  const FunctionDef *fn = nullptr;
  ModuleCtx *module = nullptr;
  std::map<std::string, Val> locals;
  /// Where errors inside this frame are reported: for functions of the
  /// built-in prelude, the user's call that led here.
  bool reportAtCaller = false;
  SourceLoc callerLoc;
  /// For a @jit call: where it was called from, and in which module.
  SourceLoc callSite;
  ModuleCtx *callerModule = nullptr;
  /// Evaluating a module-level value: the host subset of Python
  /// (HostConstants.cpp) is available (math, torch/numpy finfo, ...).
  bool hostConstants = false;
  /// The body of a constexpr_function: it runs as Python would, so
  /// assigned numbers stay compile-time values and its loops over them run
  /// at compile time.
  bool hostPython = false;
  /// Inside scf.for / scf.while bodies (a `return` there is an error).
  int loopDepth = 0;
  /// Return types of this function once its first `return` is generated.
  bool hasReturnTypes = false;
  std::vector<TType> returnTypes;
  std::vector<Val> constexprReturn; ///< a function returning only constexprs
  /// The structure of the returned value (tuples nest); leaves stand for the
  /// flattened tt.return operands in order.
  Val returnTemplate;
  bool returnsConstexpr = false;
  /// The block ended with a return: statements after it are unreachable.
  bool terminated = false;
};

/// A keyword or positional argument after binding against a signature.
struct BoundArgs {
  std::vector<Val> values;
  std::vector<bool> given;
  const Val &operator[](size_t i) const { return values[i]; }
};

class Generator {
public:
  /// `loader` has read the kernel file (its main module) and reads the
  /// modules it imports as kernels use them.
  Generator(mlir::MLIRContext &ctx, ModuleLoader &loader,
            const KernelSpec &spec);

  /// Generates the kernel named in the spec; throws CompileError.
  mlir::OwningOpRef<mlir::ModuleOp> run();

  /// Whether module-level condition `cond` of module `m` holds: evaluated
  /// as a module-level value (the host subset of Python), with `and`, `or`
  /// and `not` three-valued; Unknown where evaluation fails
  /// (ModuleConditions.cpp).
  Truth moduleCondition(ModuleCtx &m, const Expr &cond, int depth = 0);

  // --- errors and locations -------------------------------------------------
  [[noreturn]] void error(SourceLoc loc, const std::string &message);
  mlir::Location loc(SourceLoc l);
  /// Sets the builder's location to `l` for the ops that follow.
  void at(SourceLoc l) { curLoc_ = l; }
  mlir::Location here() { return loc(curLoc_); }
  mlir::MLIRContext *ctx() { return &ctx_; }
  mlir::OpBuilder &builder() { return b_; }

  // --- semantic helpers (Semantic.cpp) --------------------------------------
  Val toTensor(const Val &v, SourceLoc l);
  Val scalarConstant(const Val &number, const DType &dtype, SourceLoc l);
  Val constantOf(double fv, __int128 iv, const TType &type);
  Val cast(const Val &v, const DType &to, SourceLoc l,
           const std::string &rounding = "");
  Val bitcast(const Val &v, const DType &to, SourceLoc l);
  Val splat(const Val &v, const std::vector<int64_t> &shape);
  Val broadcastTo(const Val &v, const std::vector<int64_t> &shape, SourceLoc l);
  void broadcastPair(Val &a, Val &b, SourceLoc l);
  DType computationType(const DType &a, bool aScalar, const DType &b,
                        bool bScalar, bool divOrMod, SourceLoc l);
  DType integerPromote(const DType &a, const DType &b);
  /// Converts the operands of a binary op to tensors of one type and shape.
  void binaryOperands(Val &a, Val &b, SourceLoc l, bool allowLhsPtr,
                      bool allowRhsPtr, bool arithmeticCheck, bool divOrMod,
                      const std::string &opName);
  Val binaryOp(const std::string &op, Val a, Val b, SourceLoc l);
  Val compareOp(const std::string &op, Val a, Val b, SourceLoc l);
  Val unaryOp(const std::string &op, Val a, SourceLoc l);
  Val logicalAnd(Val a, Val b, SourceLoc l);
  Val logicalOr(Val a, Val b, SourceLoc l);
  Val truthValue(const Val &v, SourceLoc l); ///< int1 tensor or constexpr Bool
  Val where(Val cond, Val x, Val y, SourceLoc l);
  Val minMax(bool isMax, Val a, Val b, const std::string &propagateNan,
             SourceLoc l);
  Val expandDims(const Val &v, int64_t axis, SourceLoc l);
  Val reshape(const Val &v, const std::vector<int64_t> &shape, bool canReorder,
              SourceLoc l);
  Val permute(const Val &v, const std::vector<int32_t> &order, SourceLoc l);
  Val makeRange(int64_t start, int64_t end, SourceLoc l);
  Val zeros(const std::vector<int64_t> &shape, const DType &dtype);

  // --- builtins (Builtins.cpp; the handlers in Builtins/) -------------------
  /// Calls builtin `name` ("load", "py.min", "libdevice.exp", ...): the
  /// handler of its row in the builtins table (Builtins/Builtins.h).
  Val callBuiltin(const std::string &name, const Expr &call,
                  std::vector<Val> args,
                  std::vector<std::pair<std::string, Val>> kwargs, SourceLoc l);
  /// A method call `self.name(...)` on a tensor or dtype.
  Val callMethod(const Val &self, const std::string &name, const Expr &call,
                 std::vector<Val> args,
                 std::vector<std::pair<std::string, Val>> kwargs, SourceLoc l);
  /// Attribute `name` of a value (x.dtype, x.shape, x.T, dtype.element_ty...).
  Val attribute(const Val &v, const std::string &name, SourceLoc l);
  /// Attribute `name` of a module the kernel file imports (its globals,
  /// then its submodules).
  Val importedAttribute(const Val &module, const std::string &name,
                        SourceLoc l);
  /// The host subset for module-level values: `math.pi`, `torch.float32`,
  /// `numpy.finfo(...).max`, ... (HostConstants.cpp). False when `path`
  /// is none of those modules.
  bool hostAttribute(const std::string &path, const std::string &name,
                     SourceLoc l, Val &out);
  Val callHost(const std::string &name, const std::vector<Val> &args,
               SourceLoc l);
  /// The host functions besides math's: os.environ.get, os.getenv,
  /// version parsers, importlib.metadata.version, operator's comparisons.
  Val callHostFunction(const std::string &name, const std::vector<Val> &args,
                       SourceLoc l);
  /// os.environ[key]; None with `present` false when it is not set.
  Val hostEnvironment(const Val &key, SourceLoc l, bool &present);
  /// Attributes of strings (their methods) and versions (major, release,
  /// ...); false when `v` has no attribute `name` Trident knows.
  bool hostValueAttribute(const Val &v, const std::string &name, SourceLoc l,
                          Val &out);
  Val callStringMethod(const Val &self, const std::string &name,
                       const std::vector<Val> &args, SourceLoc l);
  /// Three-way comparison of two strings, or of versions (a string
  /// compared with a version is read as one).
  int compareHostValues(const Val &a, const Val &b);
  /// A call of a host function of the kernel's package that Trident
  /// evaluates by its form (`compare_version("triton", operator.ge,
  /// "3.0")`); `matched` false otherwise.
  Val hostIdiomCall(const std::vector<Val> &args, SourceLoc l, bool &matched);
  /// Whether triton.language (or its math module) has builtin `name` (a
  /// row of the table flagged Language).
  static bool isLanguageBuiltin(const std::string &name);
  /// Whether x.<name> is a method of tensors: a builtin row marked
  /// TensorMethod, or a prelude function decorated `_tensor_member_fn` (as
  /// Triton marks the members it defines in triton.language.standard).
  bool isTensorMember(const std::string &name);
  /// The prelude's function `name` as a value (it must exist).
  Val preludeFunction(const std::string &name);

  // --- generation (Generator.cpp) --------------------------------------------
  Val eval(const Expr &e);
  Val callFunction(const Val &callee, const Expr &call, std::vector<Val> args,
                   std::vector<std::pair<std::string, Val>> kwargs,
                   SourceLoc l);
  /// Python's binding of a call's arguments to the parameters `names`, the
  /// one binder of builtins and @jit functions: positional first (a
  /// `varargs` parameter, -1 for none, takes the rest as a tuple), then
  /// keywords; errors as Python words them, naming `function`. Parameters
  /// not given are left for the caller (optional ones, or defaults); one
  /// that is neither `optional` nor defaulted by the caller is missing.
  BoundArgs bindArguments(const std::string &function,
                          const std::vector<std::string> &names,
                          const std::vector<bool> &optional, int varargs,
                          const std::vector<Val> &args,
                          const std::vector<std::pair<std::string, Val>> &kwargs,
                          SourceLoc l, bool atMost);
  /// Part `d` of a descriptor's shape-and-strides list (rank `rank`):
  /// int32 shapes, then int64 strides, as Triton passes them.
  static DType descriptorPartType(size_t d, size_t rank) {
    return DType(d < rank ? Scalar::I32 : Scalar::I64);
  }
  /// A descriptor's shape and strides as tensors of those types (at the
  /// builder's insertion point); when they are not known, an error:
  /// "this tensor descriptor's shape and strides are not known here, so
  /// it cannot be WHAT".
  std::vector<Val> descriptorParts(const Val &desc, SourceLoc l,
                                   const std::string &what);
  /// Calls a @jit function (inlined by the core pipeline unless noinline).
  /// TorchInductor's `@triton_builtin` helpers (constexpr_next_power_of_2,
  /// if_mask), modeled; `matched` false for any other function.
  Val inductorBuiltinCall(const Val &callee, const std::vector<Val> &args,
                          const std::vector<std::pair<std::string, Val>> &kwargs,
                          SourceLoc l, bool &matched);
  /// A call of a `@triton.constexpr_function` (or `@tl.constexpr`-decorated
  /// function): compile-time arguments, evaluated as a @jit function's
  /// body, a compile-time result.
  Val callConstexprFunction(const FunctionDef &fn, ModuleCtx &owner,
                            std::vector<Val> args,
                            std::vector<std::pair<std::string, Val>> kwargs,
                            SourceLoc l);
  Val callJit(const FunctionDef &fn, ModuleCtx &owner, std::vector<Val> args,
              std::vector<std::pair<std::string, Val>> kwargs, SourceLoc l);
  /// Builds the region of tt.reduce / tt.scan: `combine` applied to
  /// 2 * numOperands scalar block arguments.
  void buildCombineRegion(mlir::Region &region, const Val &combine,
                          const std::vector<DType> &elemTypes, bool isScan,
                          SourceLoc l);
  /// A required compile-time integer.
  int64_t requireInt(const Val &v, SourceLoc l, const std::string &what);
  bool requireBool(const Val &v, SourceLoc l, const std::string &what);
  DType requireDType(const Val &v, SourceLoc l, const std::string &what);
  std::string requireStr(const Val &v, SourceLoc l, const std::string &what);
  std::vector<int64_t> requireShape(const Val &v, SourceLoc l,
                                    const std::string &what);
  Val requireTensor(const Val &v, SourceLoc l, const std::string &what);

  Frame &frame() { return frames_.back(); }
  ModuleCtx &userModule() { return user_; }
  const KernelSpec &spec() const { return spec_; }
  const std::vector<KernelArgument> &runtimeArgs() const {
    return runtimeArgs_;
  }
  const std::vector<KernelConstexpr> &constexprValues() const {
    return constexprValues_;
  }

private:
  void exec(const Block &block);
  void exec(const Stmt &s);
  void execAssign(const Expr &target, const Val &v, SourceLoc l);
  void execIf(const Stmt &s);
  void execIfScf(const Stmt &s, mlir::Value cond);
  void execIfUnstructured(const Stmt &s, mlir::Value cond);
  void execFor(const Stmt &s);
  void execWhile(const Stmt &s);
  void execReturn(const Stmt &s);
  /// The values a loop carries from one iteration to the next (for and
  /// while alike): the names live before it that its body assigns, except
  /// `skip` (a for loop's target), with their initial values and types.
  struct LoopCarried {
    std::map<std::string, Val> before;
    std::set<std::string> assigned;
    std::vector<std::string> names;
    std::vector<TType> types;
    llvm::SmallVector<mlir::Value> inits;
  };
  LoopCarried collectCarried(const Stmt &s, const std::string &skip);
  /// Binds the carried names to `values` (region arguments or results).
  void bindCarried(const LoopCarried &c, mlir::ValueRange values,
                   bool nameResults = false);
  /// Ends the body: yields the carried values, checked against their
  /// initial types, after checkUncarried.
  void yieldCarried(const Stmt &s, const LoopCarried &c);
  void checkUncarried(const Stmt &s, const std::map<std::string, Val> &before,
                      const std::set<std::string> &assigned,
                      const std::vector<std::string> &carried);
  Val evalName(const Expr &e);
  Val evalGlobal(ModuleCtx &m, const std::string &name, SourceLoc l,
                 bool &found);
  Val evalCall(const Expr &e);
  Val evalSubscript(const Expr &e);
  Val evalCompare(const Expr &e);
  Val evalBoolOp(const Expr &e);
  Val evalIfExp(const Expr &e);
  /// `[elt for x in t if c]` over a compile-time tuple.
  Val evalListComp(const Expr &e);
  Val evalFString(const Expr &e);
  /// Names a value's defining op after the variable it is assigned to.
  void nameValue(const Val &v, const std::string &name);
  std::string mangle(const FunctionDef &fn, const ModuleCtx &owner,
                     const std::vector<Val> &args);
  /// " (it depends on pkg.mod.NAME, ...: ... -D pkg.mod.NAME=VALUE)": the
  /// names of module `m` whose values would let a module-level binding be
  /// evaluated, as errors name them.
  static std::string dependsOnText(const ModuleCtx &m,
                                   const std::vector<std::string> &names);
  /// What `import` binding `g` of module `m` (bound as `name`) stands for.
  Val importedBinding(ModuleCtx &m, const std::string &name,
                      const GlobalBinding &g, SourceLoc l);
  ModuleCtx &contextFor(LoadedModule &mod);
  /// For a module whose file could not be tokenized: "; Trident cannot
  /// read that file: path:line:col: why"; else "".
  std::string unreadable(const LoadedModule &mod) const;
  Val moduleValue(LoadedModule &mod);
  /// "line 12" in the kernel file, "utils.py:12" in an imported one.
  std::string lineIn(const ModuleCtx &m, SourceLoc loc) const;
  void assignedNames(const Block &block, std::set<std::string> &out);
  void generateKernel(const FunctionDef &fn);

  mlir::MLIRContext &ctx_;
  mlir::OpBuilder b_;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  ModuleLoader &loader_;
  ModuleCtx user_;
  ModuleCtx prelude_;
  /// The module of the kernel: the kernel file, or the module it imports
  /// the kernel from.
  ModuleCtx *kernelModule_ = &user_;
  std::map<const LoadedModule *, std::unique_ptr<ModuleCtx>> imported_;
  /// Imports being followed (`from .a import f` reaching `from .b import
  /// f`...), to report a cycle rather than loop.
  std::vector<std::pair<const ModuleCtx *, std::string>> importChain_;
  const KernelSpec &spec_;
  std::vector<Frame> frames_;
  SourceLoc curLoc_;
  /// Statements generated so far: bounds unrolling (static_range) and
  /// compile-time recursion so that every input finishes quickly.
  uint64_t statementsGenerated_ = 0;
  /// Helper functions generated so far, by mangled name, with result types.
  std::map<std::string, std::vector<TType>> generated_;
  std::map<std::string, std::vector<Val>> generatedConstexpr_;
  std::map<std::string, Val> returnTemplates_;
  std::set<std::string> inProgress_;
  std::vector<KernelArgument> runtimeArgs_;
  std::vector<KernelConstexpr> constexprValues_;
  std::unique_ptr<SourceFile> preludeFile_;
  std::unique_ptr<Module> preludeAst_;
};

/// Python's repr of a compile-time number, for messages.
std::string numberStr(const Val &v);

// Helpers the generator's files share (Generator.cpp, Statements.cpp).
/// Whether a parameter's annotation is tl.constexpr.
bool isConstexprAnnotation(const Expr *annotation);
/// Python's truth of a compile-time value (Expressions.cpp).
bool constexprTruth(const Val &v);
/// Two compile-time values are the same (tensors: the same SSA value).
bool sameConstexpr(const Val &a, const Val &b);
/// A returned value's leaves (tuples flattened, a descriptor followed by
/// its shape and strides), and the value rebuilt from call results.
void flattenReturn(const Val &v, std::vector<Val> &out);
Val rebuildReturn(const Val &tmpl, const std::vector<Val> &leaves,
                  size_t &next);

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_CODEGEN_GENERATOR_H
