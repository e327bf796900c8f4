//===- TargetInfo.cpp - ROCDL for the shared lowering ---------------------===//

#include "trident/Backends/Amd/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace trident::amd {

namespace {

/// DPP controls (the dpp_ctrl field of VOP_DPP, AMD's GCN3+ ISA manuals).
constexpr int kRowShl = 0x100, kRowShr = 0x110;
/// quad_perm [1,0,3,2] and [2,3,0,1]: lane ^ 1 and lane ^ 2 in each quad.
constexpr int kQuadXor1 = 0xB1, kQuadXor2 = 0x4E;

Value dpp(OpBuilder &b, Location loc, Value old, Value src, int ctrl,
          int rowMask, int bankMask) {
  return ROCDL::DPPUpdateOp::create(b, loc, src.getType(), old, src,
                                    b.getI32IntegerAttr(ctrl),
                                    b.getI32IntegerAttr(rowMask),
                                    b.getI32IntegerAttr(bankMask),
                                    b.getBoolAttr(false));
}

/// row_bcast:15 and row_bcast:31 (gfx9 only; gfx10 dropped them).
constexpr int kRowBcast15 = 0x142, kRowBcast31 = 0x143;

/// Whether `pred` is the constant true (an access with no mask).
bool alwaysTrue(Value pred) { return !pred || matchPattern(pred, m_One()); }

/// Splits the block at the insertion point: `build` fills a block that runs
/// only when `pred` holds and returns values of `types`; where it does not
/// hold, `otherwise` flows on (core's beginConditional, with results). Leaves the insertion point after the merge
/// and returns the merged values. (AMD has no predicated memory
/// instructions; the AMDGPU backend turns this branch into exec masking.)
SmallVector<Value>
predicated(RewriterBase &rw, Location loc, Value pred, TypeRange types,
           ValueRange otherwise,
           llvm::function_ref<SmallVector<Value>()> build) {
  Block *cur = rw.getInsertionBlock();
  Block *after = rw.splitBlock(cur, rw.getInsertionPoint());
  SmallVector<Location> locs(types.size(), loc);
  Block *merge = rw.createBlock(after, types, locs);
  Block *then = rw.createBlock(merge);
  rw.setInsertionPointToEnd(cur);
  LLVM::CondBrOp::create(rw, loc, pred, then, ValueRange(), merge, otherwise);
  rw.setInsertionPointToStart(then);
  SmallVector<Value> results = build();
  LLVM::BrOp::create(rw, loc, results, merge);
  rw.setInsertionPointToEnd(merge);
  LLVM::BrOp::create(rw, loc, ValueRange(), after);
  rw.setInsertionPointToStart(after);
  return SmallVector<Value>(merge->getArguments());
}

Type wordsType(OpBuilder &b, unsigned wordBits, unsigned words) {
  Type w = b.getIntegerType(wordBits);
  return words == 1 ? w : Type(VectorType::get({int64_t(words)}, w));
}

/// `words` (one per word) as the value an access of wordsType moves, and
/// back.
Value packWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                Type type) {
  if (words.size() == 1)
    return words.front();
  Value v = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, w] : llvm::enumerate(words))
    v = LLVM::InsertElementOp::create(b, loc, v, w, i32Const(b, loc, i));
  return v;
}
SmallVector<Value> unpackWords(OpBuilder &b, Location loc, Value v,
                               unsigned words) {
  if (words == 1)
    return {v};
  SmallVector<Value> out;
  for (unsigned i = 0; i < words; ++i)
    out.push_back(LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i)));
  return out;
}

LLVM::AtomicOrdering ordering(triton::MemSemantic sem) {
  switch (sem) {
  case triton::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case triton::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case triton::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case triton::MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// AMDGPU's synchronization scopes (LLVM AMDGPUUsage, "Memory Scopes").
StringRef syncScope(triton::MemSyncScope scope) {
  switch (scope) {
  case triton::MemSyncScope::CTA:
    return "workgroup";
  case triton::MemSyncScope::GPU:
    return "agent";
  case triton::MemSyncScope::SYSTEM:
    return "";
  }
  return "agent";
}

Value zeroOf(OpBuilder &b, Location loc, Type t) {
  return LLVM::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
}

/// The byte length (with the NUL) of a string made by stringConstant, or
/// 0 when `ptr` is not one.
int64_t constantStringBytes(Value ptr) {
  Value v = ptr;
  if (auto cast = v.getDefiningOp<LLVM::AddrSpaceCastOp>())
    v = cast.getArg();
  auto addr = v.getDefiningOp<LLVM::AddressOfOp>();
  if (!addr)
    return 0;
  auto module = addr->getParentOfType<ModuleOp>();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(addr.getGlobalName());
  auto s = global ? dyn_cast_or_null<StringAttr>(global.getValueOrNull())
                  : StringAttr();
  return s ? int64_t(s.getValue().size()) : 0;
}

} // namespace

Value AmdTargetInfo::threadId(OpBuilder &b, Location loc) const {
  return threadIdOp<ROCDL::ThreadIdXOp>(b, loc, threadsPerWarp());
}

Value AmdTargetInfo::programId(OpBuilder &b, Location loc, int axis) const {
  return i32OfAxis<ROCDL::BlockIdXOp, ROCDL::BlockIdYOp, ROCDL::BlockIdZOp>(
      b, loc, axis);
}

Value AmdTargetInfo::numPrograms(OpBuilder &b, Location loc, int axis) const {
  // Code object v5 keeps the grid's workgroup counts at the start of the
  // implicit arguments (hidden_block_count_x/y/z, LLVM AMDGPUUsage), which
  // the HIP runtime fills in; they appear in the kernel's metadata only
  // when read. The same load ockl's __ockl_get_num_groups does, without
  // linking ockl.
  auto constPtr = LLVM::LLVMPointerType::get(b.getContext(), 4);
  Value base = LLVM::CallIntrinsicOp::create(
                   b, loc, constPtr,
                   b.getStringAttr("llvm.amdgcn.implicitarg.ptr"), ValueRange())
                   .getResult(0);
  Value field = LLVM::GEPOp::create(b, loc, constPtr, b.getI8Type(), base,
                                    ArrayRef<LLVM::GEPArg>{4 * axis});
  return LLVM::LoadOp::create(b, loc, b.getI32Type(), field, /*alignment=*/4,
                              /*isVolatile=*/false, /*isNonTemporal=*/false,
                              /*isInvariant=*/true);
}

Value AmdTargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                                int mask) const {
  // The cheapest instruction for each lane distance (gfx9): DPP within a
  // quad and a row of 16, ds_swizzle within 32 lanes, ds_bpermute across.
  switch (mask) {
  case 1:
    return dpp(b, loc, value, value, kQuadXor1, 0xF, 0xF);
  case 2:
    return dpp(b, loc, value, value, kQuadXor2, 0xF, 0xF);
  case 4:
  case 8: {
    // Banks are groups of 4 lanes in a row of 16: the lower half of each
    // group of 2*mask lanes reads `mask` lanes up, the upper half down.
    int lower = mask == 4 ? 0x5 : 0x3, upper = mask == 4 ? 0xA : 0xC;
    Value up = dpp(b, loc, value, value, kRowShl + mask, 0xF, lower);
    return dpp(b, loc, up, value, kRowShr + mask, 0xF, upper);
  }
  case 16:
    // Bit mode: and 0x1F, or 0, xor 0x10.
    return ROCDL::DsSwizzleOp::create(b, loc, b.getI32Type(), value,
                                      i32Const(b, loc, (16 << 10) | 0x1F));
  default: {
    Value lane = LLVM::AndOp::create(b, loc, threadId(b, loc), i32Const(b, loc, 63));
    Value src = LLVM::XOrOp::create(b, loc, lane, i32Const(b, loc, mask));
    Value byteIndex = LLVM::ShlOp::create(b, loc, src, i32Const(b, loc, 2));
    return ROCDL::DsBpermuteOp::create(b, loc, b.getI32Type(), byteIndex,
                                       value);
  }
  }
}

bool AmdTargetInfo::reduceWarp(RewriterBase &b, Location loc,
                               SmallVectorImpl<Value> &acc,
                               CombineFn combine) const {
  for (Value v : acc) {
    Type t = v.getType();
    if (!isa<LLVM::LLVMPointerType>(t) &&
        !(t.isIntOrFloat() && t.getIntOrFloatBitWidth() <= 64))
      return false;
  }
  // The DPP sequence of AMD's cross-lane guide: within each row of 16
  // lanes, shift right by 8, 4, 2 and 1 lanes, combining each time (lane
  // 15 of a row then holds the row's total); row_bcast:15 adds row 0's
  // total into row 1 and row 2's into row 3; row_bcast:31 adds lane 31's
  // into rows 2 and 3. Lane 63 holds the wavefront's total, which
  // v_readlane gives every lane (in a scalar register). Lanes that read
  // past their row compute garbage no later step reads.
  auto step = [&](int ctrl, int rowMask) {
    SmallVector<Value> moved;
    for (Value v : acc) {
      SmallVector<Value> words = toI32Words(b, loc, v);
      for (Value &w : words)
        w = ROCDL::DPPUpdateOp::create(
            b, loc, w.getType(), w, w, b.getI32IntegerAttr(ctrl),
            b.getI32IntegerAttr(rowMask), b.getI32IntegerAttr(0xF),
            b.getBoolAttr(true));
      moved.push_back(fromI32Words(b, loc, words, v.getType()));
    }
    SmallVector<Value> combined = combine(acc, moved);
    acc.assign(combined.begin(), combined.end());
  };
  for (int shift : {8, 4, 2, 1})
    step(kRowShr + shift, 0xF);
  step(kRowBcast15, 0xA);
  step(kRowBcast31, 0xF);
  for (Value &v : acc) {
    SmallVector<Value> words = toI32Words(b, loc, v);
    for (Value &w : words)
      w = ROCDL::ReadlaneOp::create(b, loc, w.getType(), w, i32Const(b, loc, 63));
    v = fromI32Words(b, loc, words, v.getType());
  }
  return true;
}

void AmdTargetInfo::barrier(OpBuilder &b, Location loc) const {
  // __syncthreads: LDS and global writes of the workgroup visible after.
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "workgroup");
  ROCDL::SBarrierOp::create(b, loc);
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "workgroup");
  // And a scheduling boundary (sched_barrier 0): LLVM's AMDGPU scheduler
  // otherwise takes a kernel without branches as one region and, across
  // the barrier, interleaves what follows into far more VGPRs (rms norm:
  // 59 instead of 28, eight fp32 divisions at once).
  ROCDL::SchedBarrier::create(b, loc, uint32_t(0));
}

SmallVector<Value> AmdTargetInfo::loadGlobal(RewriterBase &b, Location loc,
                                             Value ptr, unsigned wordBits,
                                             unsigned words, Value pred,
                                             ArrayRef<Value> other) const {
  Type type = wordsType(b, wordBits, words);
  unsigned align = wordBits / 8 * words;
  auto load = [&]() -> SmallVector<Value> {
    return {LLVM::LoadOp::create(b, loc, type, ptr, align)};
  };
  Value v;
  if (alwaysTrue(pred)) {
    v = load().front();
  } else {
    SmallVector<Value> zeros(words, zeroOf(b, loc, b.getIntegerType(wordBits)));
    Value otherwise = packWords(b, loc, other.empty() ? zeros : other, type);
    v = predicated(b, loc, pred, {type}, {otherwise}, load).front();
  }
  return unpackWords(b, loc, v, words);
}

void AmdTargetInfo::storeGlobal(RewriterBase &b, Location loc, Value ptr,
                                unsigned wordBits, ArrayRef<Value> values,
                                Value pred) const {
  unsigned words = values.size();
  Type type = wordsType(b, wordBits, words);
  Block *rest = alwaysTrue(pred) ? nullptr : beginConditional(b, loc, pred);
  LLVM::StoreOp::create(b, loc, packWords(b, loc, values, type), ptr,
                        wordBits / 8 * words);
  if (rest)
    endConditional(b, loc, rest);
}

/// A buffer resource for `base` (uniform): stride 0, 2^31 - 1 bytes (every
/// access core gives ends there or before, and 0x80000000 is past it), and
/// gfx9's data format (AMD's CDNA3 ISA, buffer resource descriptor), as
/// Triton makes them.
static Value bufferResource(OpBuilder &b, Location loc, Value base) {
  auto rsrcTy = LLVM::LLVMPointerType::get(b.getContext(), 8);
  Value stride = LLVM::ConstantOp::create(b, loc, b.getI16Type(),
                                          b.getI16IntegerAttr(0));
  Value records = LLVM::ConstantOp::create(
      b, loc, b.getI64Type(), b.getI64IntegerAttr(0x7FFFFFFF));
  Value flags = i32Const(b, loc, (7 << 12) | (4 << 15));
  return ROCDL::MakeBufferRsrcOp::create(b, loc, rsrcTy, base, stride, records,
                                         flags);
}

/// The lane's offset, or one past the buffer's range where `pred` fails.
static Value guardedOffset(OpBuilder &b, Location loc, Value offset,
                           Value pred) {
  if (alwaysTrue(pred))
    return offset;
  return LLVM::SelectOp::create(b, loc, pred, offset,
                                i32Const(b, loc, int64_t(0x80000000u)));
}

/// The type a buffer instruction moves `bits` in: i8, i16, i32 or a
/// vector of i32.
static Type bufferType(OpBuilder &b, unsigned bits) {
  if (bits <= 32)
    return b.getIntegerType(bits);
  return VectorType::get({int64_t(bits / 32)}, b.getI32Type());
}

SmallVector<Value> AmdTargetInfo::loadGlobalBased(RewriterBase &b, Location loc,
                                                  Value base, Value byteOffset,
                                                  unsigned wordBits,
                                                  unsigned words, Value pred,
                                                  ArrayRef<Value> other) const {
  Value rsrc = bufferResource(b, loc, base);
  Value zero = i32Const(b, loc, 0);
  Type raw = bufferType(b, wordBits * words);
  Value v = ROCDL::RawPtrBufferLoadOp::create(
      b, loc, raw, rsrc, guardedOffset(b, loc, byteOffset, pred), zero, zero,
      ArrayAttr(), ArrayAttr(), ArrayAttr());
  Type type = wordsType(b, wordBits, words);
  if (raw != type)
    v = LLVM::BitcastOp::create(b, loc, type, v);
  SmallVector<Value> out = unpackWords(b, loc, v, words);
  // Masked-off lanes read 0; `other` where it is not.
  if (!alwaysTrue(pred))
    for (unsigned i = 0; i < words; ++i)
      if (i < other.size() && !matchPattern(other[i], m_Zero()))
        out[i] = LLVM::SelectOp::create(b, loc, pred, out[i], other[i]);
  return out;
}

void AmdTargetInfo::storeGlobalBased(RewriterBase &b, Location loc, Value base,
                                     Value byteOffset, unsigned wordBits,
                                     ArrayRef<Value> values, Value pred) const {
  unsigned words = values.size();
  Type type = wordsType(b, wordBits, words);
  Value v = packWords(b, loc, values, type);
  Type raw = bufferType(b, wordBits * words);
  if (raw != type)
    v = LLVM::BitcastOp::create(b, loc, raw, v);
  Value zero = i32Const(b, loc, 0);
  ROCDL::RawPtrBufferStoreOp::create(
      b, loc, v, bufferResource(b, loc, base),
      guardedOffset(b, loc, byteOffset, pred), zero, zero, ArrayAttr(),
      ArrayAttr(), ArrayAttr());
}

FailureOr<Value> AmdTargetInfo::atomicRMW(RewriterBase &b, Location loc,
                                          triton::RMWOp kind, Type type,
                                          Value ptr, Value val, Value pred,
                                          triton::MemSemantic sem,
                                          triton::MemSyncScope scope,
                                          bool wantOld) const {
  using triton::RMWOp;
  bool isFloat = isa<FloatType>(type);
  LLVM::AtomicBinOp op;
  switch (kind) {
  case RMWOp::AND:
    op = LLVM::AtomicBinOp::_and;
    break;
  case RMWOp::OR:
    op = LLVM::AtomicBinOp::_or;
    break;
  case RMWOp::XOR:
    op = LLVM::AtomicBinOp::_xor;
    break;
  case RMWOp::XCHG:
    op = LLVM::AtomicBinOp::xchg;
    break;
  case RMWOp::MAX:
    op = isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
    break;
  case RMWOp::MIN:
    op = isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
    break;
  case RMWOp::UMAX:
    op = LLVM::AtomicBinOp::umax;
    break;
  case RMWOp::UMIN:
    op = LLVM::AtomicBinOp::umin;
    break;
  case RMWOp::ADD:
  case RMWOp::FADD:
    op = isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
    break;
  }
  if (isFloat && (op == LLVM::AtomicBinOp::_and ||
                  op == LLVM::AtomicBinOp::_or || op == LLVM::AtomicBinOp::_xor))
    return emitError(loc) << "atomic " << stringifyRMWOp(kind) << " on "
                          << type << " has no instruction on " << arch_;
  // The AMDGPU backend has an instruction for most; the rest (f16 and
  // bf16 adds before gfx942, sub-word integers) it expands to a
  // compare-and-swap loop.
  unsigned align = type.getIntOrFloatBitWidth() / 8;
  auto rmw = [&]() -> SmallVector<Value> {
    return {LLVM::AtomicRMWOp::create(b, loc, op, ptr, val, ordering(sem),
                                      syncScope(scope), align)};
  };
  if (alwaysTrue(pred))
    return rmw().front();
  return predicated(b, loc, pred, {type}, {zeroOf(b, loc, type)}, rmw).front();
}

FailureOr<Value> AmdTargetInfo::atomicCAS(RewriterBase &b, Location loc,
                                          Type type, Value ptr, Value cmp,
                                          Value val, Value pred,
                                          triton::MemSemantic sem,
                                          triton::MemSyncScope scope) const {
  unsigned bits = type.getIntOrFloatBitWidth();
  Type word = b.getIntegerType(bits);
  auto asWord = [&](Value v) -> Value {
    return v.getType() == word ? v : LLVM::BitcastOp::create(b, loc, word, v);
  };
  LLVM::AtomicOrdering success = ordering(sem);
  // The failure ordering may not release.
  LLVM::AtomicOrdering failure =
      success == LLVM::AtomicOrdering::acq_rel ||
              success == LLVM::AtomicOrdering::acquire
          ? LLVM::AtomicOrdering::acquire
          : LLVM::AtomicOrdering::monotonic;
  auto cas = [&]() -> SmallVector<Value> {
    auto op = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, asWord(cmp),
                                            asWord(val), success, failure,
                                            syncScope(scope), bits / 8);
    Value old = LLVM::ExtractValueOp::create(b, loc, op, int64_t(0));
    return {old.getType() == type ? old
                                  : LLVM::BitcastOp::create(b, loc, type, old)};
  };
  if (alwaysTrue(pred))
    return cas().front();
  return predicated(b, loc, pred, {type}, {zeroOf(b, loc, type)}, cas).front();
}

void AmdTargetInfo::printf(RewriterBase &b, Location loc, Value format,
                           ValueRange args) const {
  // ockl's hostcall printf (what HIP's device printf calls): a message
  // begun, then the format and each argument appended, the last marked.
  // A string argument is appended as its characters, which the host then
  // formats; any other value as 64 bits.
  MLIRContext *ctx = b.getContext();
  Operation *scope = b.getInsertionBlock()->getParentOp();
  Type i64 = b.getI64Type(), i32t = b.getI32Type();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto begin = declareFunction(b, loc, scope, "__ockl_printf_begin",
                               LLVM::LLVMFunctionType::get(i64, {i64}));
  auto appendString = declareFunction(
      b, loc, scope, "__ockl_printf_append_string_n",
      LLVM::LLVMFunctionType::get(i64, {i64, ptrTy, i64, i32t}));
  auto appendArgs = declareFunction(
      b, loc, scope, "__ockl_printf_append_args",
      LLVM::LLVMFunctionType::get(i64, {i64, i32t, i64, i64, i64, i64, i64,
                                        i64, i64, i32t}));
  auto i64c = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  Value desc = LLVM::CallOp::create(b, loc, begin, ValueRange{i64c(0)})
                   .getResult();
  auto appendStr = [&](Value str, bool last) {
    int64_t n = constantStringBytes(str);
    desc = LLVM::CallOp::create(
               b, loc, appendString,
               ValueRange{desc, str, i64c(n), i32Const(b, loc, last ? 1 : 0)})
               .getResult();
  };
  appendStr(format, args.empty());
  for (auto [k, a] : llvm::enumerate(args)) {
    bool last = k + 1 == args.size();
    Type t = a.getType();
    if (isa<LLVM::LLVMPointerType>(t) && constantStringBytes(a)) {
      appendStr(a, last);
      continue;
    }
    Value word;
    if (isa<LLVM::LLVMPointerType>(t))
      word = LLVM::PtrToIntOp::create(b, loc, i64, a);
    else if (t.isF64())
      word = LLVM::BitcastOp::create(b, loc, i64, a);
    else if (t.isInteger(64))
      word = a;
    else
      word = LLVM::ZExtOp::create(b, loc, i64, a);
    Value zero = i64c(0);
    desc = LLVM::CallOp::create(
               b, loc, appendArgs,
               ValueRange{desc, i32Const(b, loc, 1), word, zero, zero, zero, zero,
                          zero, zero, i32Const(b, loc, last ? 1 : 0)})
               .getResult();
  }
}

void AmdTargetInfo::assertFail(RewriterBase &b, Location loc, Value message,
                               Value file, Value line,
                               Value function) const {
  // What HIP's __assert_fail prints, then a trap: the launch fails and the
  // runtime reports it.
  Value format = stringConstant(b, loc, b.getInsertionBlock()->getParentOp(),
                                "%s:%u: %s: Device-side assertion `%s' failed.\n",
                                *this);
  printf(b, loc, format, {file, line, function, message});
  LLVM::Trap::create(b, loc);
}

void AmdTargetInfo::markKernel(LLVM::LLVMFuncOp func, int threads) const {
  MLIRContext *ctx = func.getContext();
  func.setCConv(LLVM::cconv::CConv::AMDGPU_KERNEL);
  auto pair = [&](StringRef k, StringRef v) -> Attribute {
    return ArrayAttr::get(ctx, {StringAttr::get(ctx, k), StringAttr::get(ctx, v)});
  };
  // Exactly the launch's workgroup size: the backend sizes registers and
  // LDS for it, and every workgroup is full (no partial groups).
  // The arguments preloaded into SGPRs (gfx90a and later: no s_load
  // before their first use; LLVM adds the prologue that loads them where
  // the firmware does not preload), as Triton does.
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.setArgAttr(i, LLVM::LLVMDialect::getInRegAttrName(),
                    UnitAttr::get(ctx));
  func.setPassthroughAttr(ArrayAttr::get(
      ctx, {pair("amdgpu-flat-work-group-size",
                 "1," + std::to_string(threads)),
            pair("uniform-work-group-size", "true")}));
}

} // namespace trident::amd
