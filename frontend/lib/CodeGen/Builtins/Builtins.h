//===- Builtins.h - the table of builtins and their handlers ---*- C++ -*-===//
//
// Every builtin the generator knows is one row of one table: its name, the
// function that generates a call of it, and flags saying where the name is
// visible besides. The rows live beside their handlers, one file per family
// (Builtins/Creation.cpp, Memory.cpp, ...); findBuiltin() looks a name up in
// all of them. Dispatch (Generator::callBuiltin), the known-name checks
// (tl.<name>, triton.<name>, x.<name>, Python's builtins, libdevice) and the
// error hints that list names all read this table, so adding a builtin is
// one row and one handler.
//
// A row's name is the name a Val::Builtin carries: "load" for tl.load,
// "py.min" for Python's min(), "libdevice.tanh" for libdevice.tanh.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_CODEGEN_BUILTINS_BUILTINS_H
#define TRIDENT_FRONTEND_CODEGEN_BUILTINS_BUILTINS_H

#include "CodeGen/Generator.h"
#include "trident/Dialect/Triton/IR/Dialect.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace trident::frontend::builtins {

/// One call of a builtin, as Generator::callBuiltin hands it to the handler.
struct Call {
  /// The builtin's name as called (a row's name): messages use it.
  const std::string &name;
  const Expr &expr;
  std::vector<Val> &args;
  std::vector<std::pair<std::string, Val>> &kwargs;
  SourceLoc loc;
};

using Handler = Val (*)(Generator &g, Call &c);

/// Where a row's name is visible besides as a builtin value's name.
enum Flags : unsigned {
  NoFlags = 0,
  /// tl.<name> (and triton.language.core/math/standard/random.<name>).
  Language = 1u << 0,
  /// A tensor method: x.<name>(args) calls the row with x first. (The
  /// prelude's functions are methods by their `_tensor_member_fn`
  /// decorator, as in Triton's standard library.)
  TensorMethod = 1u << 1,
  /// triton.<name>.
  Triton = 1u << 2,
};

struct Entry {
  const char *name;
  Handler handler;
  unsigned flags;
};

// Each family's rows, defined in its file.
llvm::ArrayRef<Entry> pythonBuiltins();      // Python.cpp
llvm::ArrayRef<Entry> creationBuiltins();    // Creation.cpp
llvm::ArrayRef<Entry> castBuiltins();        // Casts.cpp
llvm::ArrayRef<Entry> memoryBuiltins();      // Memory.cpp
llvm::ArrayRef<Entry> atomicBuiltins();      // Atomics.cpp
llvm::ArrayRef<Entry> dotBuiltins();         // Dot.cpp
llvm::ArrayRef<Entry> reductionBuiltins();   // Reductions.cpp
llvm::ArrayRef<Entry> mathBuiltins();        // Math.cpp
llvm::ArrayRef<Entry> elementwiseBuiltins(); // Elementwise.cpp
llvm::ArrayRef<Entry> shapeBuiltins();       // Shapes.cpp
llvm::ArrayRef<Entry> hintBuiltins();        // Hints.cpp
llvm::ArrayRef<Entry> debugBuiltins();       // Debug.cpp
llvm::ArrayRef<Entry> descriptorBuiltins();  // Descriptors.cpp

/// Attribute `name` of a tensor descriptor (Descriptors.cpp): .shape,
/// .strides, .block_shape, .dtype, or a method (.load, .store, ...).
Val descriptorAttribute(Generator &g, const Val &desc, const std::string &name,
                        SourceLoc l);

/// The row named `name`, or null (Builtins.cpp).
const Entry *findBuiltin(llvm::StringRef name);
/// Every row, family by family in the order above, each in its file's order.
llvm::ArrayRef<const Entry *> allBuiltins();

// --- helpers shared by the handlers (Builtins.cpp) ---------------------------

/// Binds the call's arguments against the builtin's parameters: "x"
/// required, "x?" optional (None), "*x" the remaining positional arguments
/// as a tuple. Messages name the builtin as called, without "py.".
BoundArgs bind(Generator &g, Call &c,
               std::initializer_list<const char *> params);
/// "" for None, else the required string.
std::string optStr(Generator &g, const Val &v, SourceLoc l,
                   const std::string &what);
/// A shape given as varargs `(64, 32)` or as one tuple argument `((64, 32),)`.
Val shapeArg(const Val &v);
/// A load's `cache_modifier` (".ca", ".cg", ".cv" or none) and any
/// access's `eviction_policy`, as Triton spells them.
mlir::triton::CacheModifier loadCacheModifier(Generator &g,
                                              const std::string &cache,
                                              SourceLoc l);
mlir::triton::EvictionPolicy evictionPolicy(Generator &g,
                                            const std::string &evict,
                                            SourceLoc l);
/// Checks `axis` against `rank` and makes it non-negative.
void checkAxis(Generator &g, int64_t &axis, int64_t rank, SourceLoc l);

} // namespace trident::frontend::builtins

#endif // TRIDENT_FRONTEND_CODEGEN_BUILTINS_BUILTINS_H
