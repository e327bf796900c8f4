//===- TargetInfo.cpp - NVVM and inline PTX for the shared lowering -------===//

#include "trident/Backends/Nvidia/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace trident::nvidia {

Value NvidiaTargetInfo::threadId(OpBuilder &b, Location loc) const {
  return threadIdOp<NVVM::ThreadIdXOp>(b, loc, threadsPerWarp());
}

Value NvidiaTargetInfo::programId(OpBuilder &b, Location loc, int axis) const {
  return i32OfAxis<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      b, loc, axis);
}

Value NvidiaTargetInfo::numPrograms(OpBuilder &b, Location loc, int axis) const {
  return i32OfAxis<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      b, loc, axis);
}

Value NvidiaTargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                                   int mask) const {
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32Const(b, loc, -1), value,
                              i32Const(b, loc, mask), i32Const(b, loc, 0x1f),
                              NVVM::ShflKind::bfly, UnitAttr());
}

void NvidiaTargetInfo::barrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

/// `.b32` and the register constraint of a word.
static std::pair<std::string, std::string> wordSpelling(unsigned bits) {
  // 8-bit accesses use 16-bit registers.
  std::string c = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  return {".b" + std::to_string(bits), c};
}

static std::string vectorSuffix(unsigned words) {
  return words == 1 ? "" : ".v" + std::to_string(words);
}

SmallVector<Value> NvidiaTargetInfo::loadGlobal(RewriterBase &b, Location loc,
                                                Value ptr, unsigned wordBits,
                                                unsigned words, Value pred,
                                                ArrayRef<Value> other) const {
  auto [type, reg] = wordSpelling(wordBits);
  unsigned regBits = wordBits == 8 ? 16 : wordBits;
  Type regType = b.getIntegerType(regBits);
  // $0..$(w-1) outputs, then the address, the predicate and the others.
  std::string asmText, constraints;
  for (unsigned i = 0; i < words; ++i) {
    asmText += "mov.b" + std::to_string(regBits) + " $" + std::to_string(i) +
               ", $" + std::to_string(words + 2 + i) + ";\n\t";
    constraints += "=" + reg + ",";
  }
  asmText += "@$" + std::to_string(words + 1) + " ld.global" +
             vectorSuffix(words) + type + " ";
  std::string dst = words == 1 ? "$0" : "{ ";
  if (words > 1) {
    for (unsigned i = 0; i < words; ++i)
      dst += (i ? ", $" : "$") + std::to_string(i);
    dst += " }";
  }
  asmText += dst + ", [ $" + std::to_string(words) + " + 0 ];";
  constraints += "l,b";
  SmallVector<Value> operands = {ptr, pred};
  for (Value o : other) {
    constraints += "," + reg;
    operands.push_back(wordBits == 8 ? LLVM::ZExtOp::create(b, loc, regType, o)
                                           .getResult()
                                     : o);
  }
  Type resultType =
      words == 1 ? regType
                 : Type(LLVM::LLVMStructType::getLiteral(
                       b.getContext(), SmallVector<Type>(words, regType)));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, asmText, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> out;
  for (unsigned i = 0; i < words; ++i) {
    Value w = words == 1 ? asmOp.getResult(0)
                         : LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0),
                                                        int64_t(i))
                               .getResult();
    if (wordBits == 8)
      w = LLVM::TruncOp::create(b, loc, b.getI8Type(), w);
    out.push_back(w);
  }
  return out;
}

void NvidiaTargetInfo::storeGlobal(RewriterBase &b, Location loc, Value ptr,
                                   unsigned wordBits, ArrayRef<Value> values,
                                   Value pred) const {
  auto [type, reg] = wordSpelling(wordBits);
  unsigned words = values.size();
  std::string src = words == 1 ? "$2" : "{ ";
  if (words > 1) {
    for (unsigned i = 0; i < words; ++i)
      src += (i ? ", $" : "$") + std::to_string(2 + i);
    src += " }";
  }
  std::string asmText = "@$1 st.global" + vectorSuffix(words) + type +
                        " [ $0 + 0 ], " + src + ";";
  std::string constraints = "l,b";
  SmallVector<Value> operands = {ptr, pred};
  for (Value v : values) {
    constraints += "," + reg;
    operands.push_back(
        wordBits == 8
            ? LLVM::ZExtOp::create(b, loc, b.getI16Type(), v).getResult()
            : v);
  }
  LLVM::InlineAsmOp::create(b, loc, Type(), operands, asmText, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// `.acq_rel.gpu`: the ordering and scope qualifiers of atom and red
/// (sm_70 and later; before, atomics are relaxed and of gpu scope).
static std::string orderingQualifiers(triton::MemSemantic sem,
                                      triton::MemSyncScope scope, int cc) {
  if (cc < 70)
    return "";
  std::string q;
  switch (sem) {
  case triton::MemSemantic::RELAXED:
    q = ".relaxed";
    break;
  case triton::MemSemantic::ACQUIRE:
    q = ".acquire";
    break;
  case triton::MemSemantic::RELEASE:
    q = ".release";
    break;
  case triton::MemSemantic::ACQUIRE_RELEASE:
    q = ".acq_rel";
    break;
  }
  switch (scope) {
  case triton::MemSyncScope::GPU:
    return q + ".gpu";
  case triton::MemSyncScope::CTA:
    return q + ".cta";
  case triton::MemSyncScope::SYSTEM:
    return q + ".sys";
  }
  return q;
}

/// `v` as the integer of its width that an inline PTX operand takes.
static Value asWord(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (t.isInteger())
    return v;
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(t.getIntOrFloatBitWidth()), v);
}

static Value fromWord(OpBuilder &b, Location loc, Value w, Type type) {
  return w.getType() == type ? w : LLVM::BitcastOp::create(b, loc, type, w);
}

/// `mov.b<bits> $0, 0; @$2 <instr> $0, [ $1 + 0 ], $3...;`: the old value, 0
/// where the predicate is false.
static Value atomWithResult(OpBuilder &b, Location loc, const std::string &instr,
                            Type type, Value ptr, Value pred,
                            ArrayRef<Value> operands) {
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string reg = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  std::string asmText = "mov.b" + std::to_string(bits) + " $0, 0;\n\t@$2 " +
                        instr + " $0, [ $1 + 0 ]";
  std::string constraints = "=" + reg + ",l,b";
  SmallVector<Value> ins = {ptr, pred};
  for (auto [i, v] : llvm::enumerate(operands)) {
    asmText += ", $" + std::to_string(3 + i);
    constraints += "," + reg;
    ins.push_back(asWord(b, loc, v));
  }
  asmText += ";";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getIntegerType(bits), ins, asmText, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  return fromWord(b, loc, asmOp.getResult(0), type);
}

/// A float add with no atom instruction for its type (bf16 before sm_90,
/// f16 before sm_70): read, add, compare-and-swap until no other thread
/// wrote in between. The add is an fma by 1.0, which exists for f16 and
/// bf16 (sm_80) where add does not. Returns the old value (0 where `pred`
/// is false).
static Value casLoopAdd(OpBuilder &b, Location loc, Type type, Value ptr,
                        Value val, Value pred, const std::string &q) {
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string n = std::to_string(bits);
  std::string ft = type.isBF16() ? "bf16" : "f" + n;
  std::string one = type.isBF16() ? "0x3F80" : bits == 16 ? "0x3C00"
                    : bits == 32 ? "0x3F800000" : "0x3FF0000000000000";
  std::string reg = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  std::string text =
      "{\n\t.reg .pred p, again;\n\t.reg .b" + n + " cur, want, seen, one;\n\t"
      "mov.b" + n + " $0, 0;\n\t"
      "setp.ne.b32 p, $2, 0;\n\t"
      "@!p bra.uni done${:uid};\n\t"
      "mov.b" + n + " one, " + one + ";\n\t"
      "ld.global.b" + n + " cur, [ $1 + 0 ];\n"
      "again${:uid}:\n\t"
      "fma.rn." + ft + " want, cur, one, $3;\n\t"
      "atom" + q + ".global.cas.b" + n + " seen, [ $1 + 0 ], cur, want;\n\t"
      "setp.ne.b" + n + " again, seen, cur;\n\t"
      "mov.b" + n + " cur, seen;\n\t"
      "@again bra.uni again${:uid};\n\t"
      "mov.b" + n + " $0, cur;\n"
      "done${:uid}:\n\t}";
  Value predWord = LLVM::ZExtOp::create(b, loc, b.getI32Type(), pred);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getIntegerType(bits), ValueRange{ptr, predWord, asWord(b, loc, val)},
      text, "=" + reg + ",l,r," + reg,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  return fromWord(b, loc, asmOp.getResult(0), type);
}

FailureOr<Value> NvidiaTargetInfo::atomicRMW(RewriterBase &b, Location loc,
                                             triton::RMWOp kind, Type type,
                                             Value ptr, Value val, Value pred,
                                             triton::MemSemantic sem,
                                             triton::MemSyncScope scope,
                                             bool wantOld) const {
  using triton::RMWOp;
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  bool isFloat = isa<FloatType>(type);
  std::string op, suffix;
  bool wide = bits == 32 || bits == 64;
  std::string n = std::to_string(bits);
  switch (kind) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
    op = stringifyRMWOp(kind).str();
    suffix = ".b" + n;
    break;
  case RMWOp::XCHG:
    op = "exch";
    suffix = ".b" + n;
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    op = kind == RMWOp::MAX || kind == RMWOp::UMAX ? "max" : "min";
    suffix = (kind == RMWOp::MAX || kind == RMWOp::MIN ? ".s" : ".u") + n;
    wide = wide && !isFloat;
    break;
  case RMWOp::ADD:
  case RMWOp::FADD:
    if (!isFloat) {
      op = "add";
      suffix = ".u" + n;
      break;
    }
    if (type.isF32() || type.isF64()) {
      op = "add";
      suffix = ".f" + n;
      wide = !type.isF64() || cc_ >= 60;
    } else if (type.isF16() && cc_ >= 70) {
      op = "add.noftz";
      suffix = ".f16";
      wide = true;
    } else if (type.isBF16() && cc_ >= 90) {
      op = "add.noftz";
      suffix = ".bf16";
      wide = true;
    } else if (cc_ >= 80 || (!type.isBF16() && cc_ >= 70)) {
      return casLoopAdd(b, loc, type, ptr, val, pred,
                        orderingQualifiers(sem, scope, cc_));
    } else {
      wide = false;
    }
    break;
  }
  if (!wide)
    return emitError(loc) << "atomic " << stringifyRMWOp(kind) << " on "
                          << type << " has no instruction on sm_" << cc_;
  std::string q = orderingQualifiers(sem, scope, cc_);
  // Without a result, red does the update (only relaxed or release).
  if (!wantOld && kind != RMWOp::XCHG &&
      (sem == triton::MemSemantic::RELAXED ||
       sem == triton::MemSemantic::RELEASE)) {
    std::string reg = bits == 64 ? "l" : bits == 32 ? "r" : "h";
    std::string asmText =
        "@$1 red" + q + ".global." + op + suffix + " [ $0 + 0 ], $2;";
    LLVM::InlineAsmOp::create(b, loc, Type(),
                              ValueRange{ptr, pred, asWord(b, loc, val)},
                              asmText, "l,b," + reg,
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::tailcallkind::TailCallKind::None,
                              LLVM::AsmDialectAttr(), ArrayAttr());
    return Value();
  }
  return atomWithResult(b, loc, "atom" + q + ".global." + op + suffix, type,
                        ptr, pred, {val});
}

FailureOr<Value> NvidiaTargetInfo::atomicCAS(RewriterBase &b, Location loc,
                                             Type type, Value ptr, Value cmp,
                                             Value val, Value pred,
                                             triton::MemSemantic sem,
                                             triton::MemSyncScope scope) const {
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  if (!(bits == 32 || bits == 64 || (bits == 16 && cc_ >= 70)))
    return emitError(loc) << "atomic_cas on " << type
                          << " has no instruction on sm_" << cc_;
  return atomWithResult(b, loc,
                        "atom" + orderingQualifiers(sem, scope, cc_) +
                            ".global.cas.b" + std::to_string(bits),
                        type, ptr, pred, {cmp, val});
}

void NvidiaTargetInfo::printf(RewriterBase &b, Location loc, Value format,
                              ValueRange args) const {
  MLIRContext *ctx = b.getContext();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto vprintf = declareFunction(
      b, loc, b.getInsertionBlock()->getParentOp(), "vprintf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrTy, ptrTy}));
  // The arguments, each aligned to its size, in a local buffer made once
  // in the function's entry block.
  Value buffer;
  if (args.empty()) {
    buffer = LLVM::ZeroOp::create(b, loc, ptrTy);
  } else {
    SmallVector<Type> types;
    for (Value a : args)
      types.push_back(a.getType());
    auto structTy = LLVM::LLVMStructType::getLiteral(ctx, types);
    {
      OpBuilder::InsertionGuard g(b);
      Block &entry = b.getInsertionBlock()->getParent()->front();
      b.setInsertionPointToStart(&entry);
      Value one = i32Const(b, loc, 1);
      buffer = LLVM::AllocaOp::create(b, loc, ptrTy, structTy, one, 8);
    }
    for (auto [i, a] : llvm::enumerate(args)) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptrTy, structTy, buffer,
          ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
      LLVM::StoreOp::create(b, loc, a, field);
    }
  }
  LLVM::CallOp::create(b, loc, vprintf, ValueRange{format, buffer});
}

void NvidiaTargetInfo::assertFail(RewriterBase &b, Location loc, Value message,
                                  Value file, Value line,
                                  Value function) const {
  MLIRContext *ctx = b.getContext();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  // void __assertfail(const char *message, const char *file, unsigned line,
  //                   const char *function, size_t charSize)
  auto fn = declareFunction(
      b, loc, b.getInsertionBlock()->getParentOp(), "__assertfail",
      LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx),
          {ptrTy, ptrTy, b.getI32Type(), ptrTy, b.getI64Type()}));
  Value charSize = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                            b.getI64IntegerAttr(1));
  LLVM::CallOp::create(b, loc, fn,
                       ValueRange{message, file, line, function, charSize});
}

// ldmatrix.x4 gives each thread four 32-bit registers, one per 8x8
// matrix of 16-bit elements, each holding two elements: without .trans,
// thread t holds row t/4, columns 2(t%4) and 2(t%4)+1 of each matrix;
// with .trans, rows 2(t%4) and 2(t%4)+1 of column t/4. A row is 16
// contiguous bytes whose address lane 8i+j supplies for row j of matrix
// i. In layout terms (the reading layout composed with the memory's,
// register, lane, warp -> offset): the row's elements are register bit 0
// and lane bits 0, 1 (without .trans) or lane bits 2..4 (with), at
// offsets 1, 2, 4; the rows step by the other three of those five bits;
// register bits 1, 2 pick the matrix; every other basis keeps rows
// 16-byte aligned.
std::vector<SharedMatrixPattern>
NvidiaTargetInfo::sharedMatrixReads(int32_t elementBytes) const {
  if (elementBytes != 2 || cc_ < 75)
    return {};
  SharedMatrixPattern rows{{{"register", 0}, {"lane", 0}, {"lane", 1}},
                         {{"lane", 2}, {"lane", 3}, {"lane", 4}}};
  SharedMatrixPattern columns{rows.rows, rows.row};
  return {rows, columns};
}

namespace {

/// Whether `toOffset` places a tensor as an x4 matrix access of `pattern`
/// needs (see above), `n` registers, `copies` and `only` grouping whole
/// instructions; then the layout of each lane's row address.
std::optional<LinearLayout>
matrixAddresses(const SharedMatrixPattern &pattern,
                const LinearLayout &toOffset, int32_t n, uint32_t copies,
                const std::function<bool(int32_t)> &only) {
  if (pattern.row.size() != 3 || pattern.rows.size() != 3 || n < 8 ||
      (n & 7) || toOffset.inDimSizeLog2("register") < 3 ||
      toOffset.inDimSizeLog2("lane") != 5 || (copies & 7))
    return std::nullopt;
  auto offsetOf = [&](const std::pair<std::string, int32_t> &at) {
    return toOffset.basis(at.first, at.second)[0];
  };
  for (int i = 0; i < 3; ++i)
    if (offsetOf(pattern.row[i]) != (1 << i))
      return std::nullopt;
  for (const char *in : {"register", "lane", "warp"})
    for (int32_t bit = 0; bit < toOffset.inDimSizeLog2(in); ++bit) {
      bool inRow = false;
      for (const auto &at : pattern.row)
        inRow |= at.first == in && at.second == bit;
      if (!inRow && (toOffset.basis(in, bit)[0] & 7))
        return std::nullopt;
    }
  // A register group of 8 is one instruction: all taken or none.
  if (only)
    for (int32_t r = 0; r < n; r += 8)
      for (int32_t k = 1; k < 8; ++k)
        if (only(r + k) != only(r))
          return std::nullopt;
  // Lane l's address: row l%8 (the rows' bases), matrix l/8 (register
  // bits 1 and 2), and the warp's part.
  std::vector<LinearLayout::Basis> lanes;
  for (const auto &at : pattern.rows)
    lanes.push_back({offsetOf(at)});
  lanes.push_back({toOffset.basis("register", 1)[0]});
  lanes.push_back({toOffset.basis("register", 2)[0]});
  std::vector<LinearLayout::Basis> warps;
  for (int32_t bit = 0; bit < toOffset.inDimSizeLog2("warp"); ++bit)
    warps.push_back(toOffset.basis("warp", bit));
  return LinearLayout({{"lane", lanes}, {"warp", warps}},
                      {{"offset", toOffset.outDimSize("offset")}});
}

} // namespace

std::optional<SmallVector<Value>> NvidiaTargetInfo::loadSharedMatrix(
    OpBuilder &b, Location loc, const SharedMatrixPattern &pattern,
    const LinearLayout &toOffset, Value base, Type elem, int32_t n,
    uint32_t copies, const std::function<bool(int32_t)> &only,
    ArrayRef<Value> have) const {
  if (cc_ < 75 || elem.getIntOrFloatBitWidth() != 16)
    return std::nullopt;
  std::optional<LinearLayout> addr =
      matrixAddresses(pattern, toOffset, n, copies, only);
  if (!addr)
    return std::nullopt;
  Value laneWarp = laneWarpCoords(b, loc, *addr, threadIds(b, loc, *this))[0];
  bool trans = pattern.row.front().first == "lane";
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type(), i16 = b.getI16Type();
  auto resTy = LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
  auto pairTy = VectorType::get({2}, i16);
  SmallVector<Value> out(have.begin(), have.end());
  out.resize(n);
  for (int32_t r = 0; r < n; r += 8) {
    if (only && !only(r))
      continue;
    if (r & copies) {
      for (int32_t k = 0; k < 8; ++k)
        out[r + k] = out[(r + k) & ~int32_t(copies)];
      continue;
    }
    Value offset = withConstantPart(b, loc, *addr, 0, laneWarp,
                                    toOffset.apply({{"register", r}})[0]);
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), i16, base, offset);
    Value res = NVVM::LdMatrixOp::create(
        b, loc, resTy, ptr, 4,
        trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (int32_t i = 0; i < 4; ++i) {
      Value word = LLVM::ExtractValueOp::create(b, loc, res, i);
      Value pair = LLVM::BitcastOp::create(b, loc, pairTy, word);
      for (int32_t h = 0; h < 2; ++h) {
        Value v = LLVM::ExtractElementOp::create(b, loc, pair,
                                                 i32Const(b, loc, h));
        out[r + 2 * i + h] = fromInt(b, loc, v, elem);
      }
    }
  }
  return out;
}

bool NvidiaTargetInfo::sharedMatrixFits(const SharedMatrixPattern &pattern,
                                        const LinearLayout &toOffset,
                                        int32_t n, uint32_t copies) const {
  return matrixAddresses(pattern, toOffset, n, copies, nullptr).has_value();
}

std::vector<SharedMatrixPattern>
NvidiaTargetInfo::sharedMatrixWrites(int32_t elementBytes) const {
  if (cc_ < 90)
    return {};
  return sharedMatrixReads(elementBytes);
}

bool NvidiaTargetInfo::storeSharedMatrix(
    OpBuilder &b, Location loc, const SharedMatrixPattern &pattern,
    const LinearLayout &toOffset, Value base, ArrayRef<Value> values,
    uint32_t copies, const std::function<bool(int32_t)> &only) const {
  int32_t n = int32_t(values.size());
  if (cc_ < 90 || !n || !values.front().getType().isIntOrFloat() ||
      values.front().getType().getIntOrFloatBitWidth() != 16)
    return false;
  std::optional<LinearLayout> addr =
      matrixAddresses(pattern, toOffset, n, copies, only);
  if (!addr)
    return false;
  Value laneWarp = laneWarpCoords(b, loc, *addr, threadIds(b, loc, *this))[0];
  bool trans = pattern.row.front().first == "lane";
  MLIRContext *ctx = b.getContext();
  Type i16 = b.getI16Type();
  auto pairTy = VectorType::get({2}, i16);
  for (int32_t r = 0; r < n; r += 8) {
    if ((only && !only(r)) || (r & copies))
      continue;
    SmallVector<Value> words;
    for (int32_t i = 0; i < 4; ++i) {
      Value pair = LLVM::UndefOp::create(b, loc, pairTy);
      for (int32_t h = 0; h < 2; ++h)
        pair = LLVM::InsertElementOp::create(
            b, loc, pair, toInt(b, loc, values[r + 2 * i + h]),
            i32Const(b, loc, h));
      words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair));
    }
    Value offset = withConstantPart(b, loc, *addr, 0, laneWarp,
                                    toOffset.apply({{"register", r}})[0]);
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), i16, base, offset);
    NVVM::StMatrixOp::create(
        b, loc, ptr, words, trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
  return true;
}

// cp.async: 16 bytes bypass L1 (.cg, as Triton copies them), 4 and 8 go
// through it (.ca, the only form for them); the source size operand is 0
// where the mask is off, which fills the destination with zeros.
void NvidiaTargetInfo::asyncCopy(OpBuilder &b, Location loc, Value dst,
                                 Value src, unsigned bytes, Value pred,
                                 triton::CacheModifier) const {
  Value size;
  if (pred)
    size = LLVM::SelectOp::create(b, loc, pred, i32Const(b, loc, bytes),
                                  i32Const(b, loc, 0));
  NVVM::CpAsyncOp::create(b, loc, dst, src, bytes,
                          bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                      : NVVM::LoadCacheModifierKind::CA,
                          size);
}

void NvidiaTargetInfo::asyncCommitGroup(OpBuilder &b, Location loc) const {
  NVVM::CpAsyncCommitGroupOp::create(b, loc);
}

void NvidiaTargetInfo::asyncWait(OpBuilder &b, Location loc,
                                 int pending) const {
  NVVM::CpAsyncWaitGroupOp::create(b, loc, b.getI32IntegerAttr(pending));
}

void NvidiaTargetInfo::markKernel(LLVM::LLVMFuncOp func, int threads) const {
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                UnitAttr::get(func.getContext()));
  func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                DenseI32ArrayAttr::get(func.getContext(), {threads, 1, 1}));
}

} // namespace trident::nvidia
