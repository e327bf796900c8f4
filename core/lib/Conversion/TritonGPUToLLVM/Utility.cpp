//===- Utility.cpp - helpers of the shared TTGIR lowering -----------------===//

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "trident/Analysis/Allocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trident {

TargetInfo::~TargetInfo() = default;

LLVM::ConstantRangeAttr threadIdRange(OpBuilder &b, int threadsPerWarp) {
  Operation *scope = b.getInsertionBlock()->getParentOp();
  auto module = isa<ModuleOp>(scope) ? cast<ModuleOp>(scope)
                                     : scope->getParentOfType<ModuleOp>();
  auto warps = module ? module->getAttrOfType<IntegerAttr>("ttg.num-warps")
                      : IntegerAttr();
  if (!warps)
    return {};
  return LLVM::ConstantRangeAttr::get(b.getContext(), 32, 0,
                                      warps.getInt() * threadsPerWarp);
}

Value pureInlineAsm(OpBuilder &b, Location loc, Type result, StringRef text,
                    StringRef constraints, ValueRange args) {
  return LLVM::InlineAsmOp::create(b, loc, result, args, text, constraints,
                                   /*has_side_effects=*/false,
                                   /*is_align_stack=*/false,
                                   LLVM::tailcallkind::TailCallKind::None,
                                   LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

void populateDirectFloatOpPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   RewritePatternSet &p, unsigned benefit,
                                   bool withF16) {
  p.add<DirectFloatOp<math::AbsFOp, LLVM::FAbsOp>,
        DirectFloatOp<math::CeilOp, LLVM::FCeilOp>,
        DirectFloatOp<math::FloorOp, LLVM::FFloorOp>,
        DirectFloatOp<math::RoundEvenOp, LLVM::RoundEvenOp>,
        DirectFloatOp<math::RoundOp, LLVM::RoundOp>,
        DirectFloatOp<math::TruncOp, LLVM::FTruncOp>,
        DirectFloatOp<math::SqrtOp, LLVM::SqrtOp>,
        DirectFloatOp<math::FmaOp, LLVM::FMAOp>,
        DirectFloatOp<math::CopySignOp, LLVM::CopySignOp>,
        DirectFloatOp<arith::MaxNumFOp, LLVM::MaxNumOp>,
        DirectFloatOp<arith::MinNumFOp, LLVM::MinNumOp>>(tc, benefit, withF16);
}

static Value byteAddress(OpBuilder &b, Location loc, Value base,
                         Value byteOffset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{byteOffset});
}

SmallVector<Value> TargetInfo::loadGlobalBased(RewriterBase &b, Location loc,
                                               Value base, Value byteOffset,
                                               unsigned wordBits,
                                               unsigned words, Value pred,
                                               ArrayRef<Value> other) const {
  return loadGlobal(b, loc, byteAddress(b, loc, base, byteOffset), wordBits,
                    words, pred, other);
}

void TargetInfo::storeGlobalBased(RewriterBase &b, Location loc, Value base,
                                  Value byteOffset, unsigned wordBits,
                                  ArrayRef<Value> values, Value pred) const {
  storeGlobal(b, loc, byteAddress(b, loc, base, byteOffset), wordBits, values,
              pred);
}

SmallVector<Value> unpack(OpBuilder &b, Location loc, Value v) {
  auto st = dyn_cast<LLVM::LLVMStructType>(v.getType());
  if (!st)
    return {v};
  SmallVector<Value> out;
  for (unsigned i = 0; i < st.getBody().size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, v, i));
  return out;
}

Value pack(OpBuilder &b, Location loc, Type structType, ArrayRef<Value> values) {
  auto st = dyn_cast<LLVM::LLVMStructType>(structType);
  if (!st)
    return values.front();
  Value s = LLVM::UndefOp::create(b, loc, st);
  for (auto [i, v] : llvm::enumerate(values))
    s = LLVM::InsertValueOp::create(b, loc, s, v, int64_t(i));
  return s;
}

Value mapElements(
    OpBuilder &rw, Location loc, ValueRange operands,
    Type resultType,
    const std::function<Value(ArrayRef<Value>, Type elemType)> &fn,
    ArrayRef<int32_t> representatives) {
  SmallVector<SmallVector<Value>> lists;
  for (Value v : operands)
    lists.push_back(unpack(rw, loc, v));
  // Scalar operands (an arith.select's i1 condition on tensors, as
  // Triton's loop flattening writes it) count once: the longest list is the
  // element count.
  size_t n = 1;
  for (auto &l : lists)
    n = std::max(n, l.size());
  Type elem = resultType;
  if (auto st = dyn_cast<LLVM::LLVMStructType>(resultType))
    elem = st.getBody().front();
  SmallVector<Value> results;
  for (size_t i = 0; i < n; ++i) {
    if (representatives.size() == n && size_t(representatives[i]) < i) {
      results.push_back(results[representatives[i]]);
      continue;
    }
    SmallVector<Value> args;
    for (auto &l : lists)
      args.push_back(l.size() == 1 ? l[0] : l[i]);
    results.push_back(fn(args, elem));
  }
  return pack(rw, loc, resultType, results);
}


SmallVector<int32_t> constantRepresentatives(const LinearLayout &ll,
                                             ArrayRef<int64_t> constancy) {
  int32_t regBits = ll.inDimSizeLog2("register");
  int32_t clear = 0; // register bits that stay within a constant run
  for (unsigned d = 0; d < constancy.size() && d < ll.outs().size(); ++d) {
    if (constancy[d] <= 1)
      continue;
    int runBits = llvm::countr_zero(uint64_t(constancy[d]));
    for (int j = 0; j < runBits; ++j) {
      int found = -1;
      for (int32_t i = 0; i < regBits && found < 0; ++i) {
        LinearLayout::Basis b = ll.basis("register", i);
        bool unit = b[d] == (1 << j);
        for (unsigned e = 0; e < b.size() && unit; ++e)
          unit = e == d || b[e] == 0;
        if (unit)
          found = i;
      }
      if (found < 0)
        break; // bit j of d is another thread's: the run stops here
      clear |= 1 << found;
    }
  }
  SmallVector<int32_t> reps;
  for (int32_t r = 0; r < (1 << regBits); ++r)
    reps.push_back(r & ~clear);
  return reps;
}

SmallVector<Value> inlineCombine(OpBuilder &b, Region &combine,
                                 ArrayRef<Value> a, ArrayRef<Value> x) {
  Block &body = combine.front();
  IRMapping map;
  for (size_t i = 0; i < a.size(); ++i) {
    map.map(body.getArgument(i), a[i]);
    map.map(body.getArgument(a.size() + i), x[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, map);
  SmallVector<Value> out;
  for (Value v : body.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

SmallVector<Value> toI32Words(OpBuilder &b, Location loc, Value v) {
  Value i = toInt(b, loc, v);
  unsigned bits = i.getType().getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  if (bits < 32)
    return {LLVM::ZExtOp::create(b, loc, i32, i)};
  if (bits == 32)
    return {i};
  Value c32 = LLVM::ConstantOp::create(b, loc, i.getType(),
                                       b.getI64IntegerAttr(32));
  return {LLVM::TruncOp::create(b, loc, i32, i),
          LLVM::TruncOp::create(b, loc, i32,
                                LLVM::LShrOp::create(b, loc, i, c32))};
}

Value fromI32Words(OpBuilder &b, Location loc, ArrayRef<Value> words,
                   Type type) {
  unsigned bits =
      isa<LLVM::LLVMPointerType>(type) ? 64 : type.getIntOrFloatBitWidth();
  Value i = words[0];
  if (bits < 32) {
    i = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), i);
  } else if (bits == 64) {
    Type i64 = b.getI64Type();
    Value c32 = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32));
    Value lo = LLVM::ZExtOp::create(b, loc, i64, words[0]);
    Value hi = LLVM::ZExtOp::create(b, loc, i64, words[1]);
    i = LLVM::OrOp::create(b, loc, lo, LLVM::ShlOp::create(b, loc, hi, c32));
  }
  return fromInt(b, loc, i, type);
}

Value shuffleXorAny(OpBuilder &b, Location loc, const TargetInfo &target,
                    Value v, int mask) {
  SmallVector<Value> words = toI32Words(b, loc, v);
  for (Value &w : words)
    w = target.shuffleXor(b, loc, w, mask);
  return fromI32Words(b, loc, words, v.getType());
}

LLVM::LLVMFuncOp declareFunction(OpBuilder &b, Location loc,
                                 Operation *anyOpInModule, StringRef name,
                                 LLVM::LLVMFunctionType type) {
  auto module = isa<ModuleOp>(anyOpInModule)
                    ? cast<ModuleOp>(anyOpInModule)
                    : anyOpInModule->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(int32_t(v)));
}

ThreadIds threadIds(OpBuilder &b, Location loc, const TargetInfo &target) {
  Value tid = target.threadId(b, loc);
  Value w = i32Const(b, loc, target.threadsPerWarp());
  return {LLVM::URemOp::create(b, loc, tid, w),
          LLVM::UDivOp::create(b, loc, tid, w), tid};
}

/// The lane and warp bits' part of coordinate `dim`, read from the thread
/// id: its bits are the lane's then the warp's (threads per warp is a power
/// of two). A run of consecutive bits whose bases double from a power of
/// two, as blocked layouts have across lanes and on into warps, is one
/// shift and mask ((tid >> s) & m) << t, which is the xor of the run's
/// bits' terms since their bases are distinct powers of two; any other
/// bit is its own term. Without this LLVM keeps the lane part and the warp
/// part as two fields and a softmax row's offset costs five instructions
/// and a register more.
static Value threadContribution(OpBuilder &b, Location loc,
                                const LinearLayout &ll, Value tid,
                                unsigned dim) {
  SmallVector<int32_t> bases; // by thread id bit
  for (const char *in : {"lane", "warp"})
    for (int32_t bit = 0; bit < ll.inDimSizeLog2(in); ++bit)
      bases.push_back(ll.basis(in, bit)[dim]);
  Value acc;
  auto add = [&](Value term) {
    acc = acc ? LLVM::XOrOp::create(b, loc, acc, term).getResult() : term;
  };
  for (size_t s = 0; s < bases.size();) {
    int32_t v = bases[s];
    if (!v) {
      ++s;
      continue;
    }
    if (!llvm::isPowerOf2_32(uint32_t(v))) {
      // ((tid >> s) & 1) * v
      Value bit = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, tid, i32Const(b, loc, s)),
          i32Const(b, loc, 1));
      add(LLVM::MulOp::create(b, loc, bit, i32Const(b, loc, v)));
      ++s;
      continue;
    }
    size_t n = 1;
    while (s + n < bases.size() && int64_t(bases[s + n]) == int64_t(v) << n &&
           (int64_t(v) << n) <= INT32_MAX)
      ++n;
    int32_t t = llvm::Log2_32(uint32_t(v));
    Value field = tid;
    if (s)
      field = LLVM::LShrOp::create(b, loc, field, i32Const(b, loc, s));
    field = LLVM::AndOp::create(b, loc, field,
                                i32Const(b, loc, (int64_t(1) << n) - 1));
    if (t)
      field = LLVM::ShlOp::create(b, loc, field, i32Const(b, loc, t));
    add(field);
    s += n;
  }
  return acc;
}

SmallVector<Value> laneWarpCoords(OpBuilder &b, Location loc,
                                  const LinearLayout &ll, const ThreadIds &ids) {
  SmallVector<Value> out;
  for (unsigned d = 0; d < ll.outs().size(); ++d) {
    Value c = threadContribution(b, loc, ll, ids.tid, d);
    out.push_back(c ? c : i32Const(b, loc, 0));
  }
  return out;
}

SmallVector<Value> elementCoords(OpBuilder &b, Location loc,
                                 const LinearLayout &ll, int32_t r,
                                 const ThreadIds &ids) {
  SmallVector<Value> lw = laneWarpCoords(b, loc, ll, ids);
  std::vector<int32_t> reg = ll.apply({{"register", r}});
  for (unsigned d = 0; d < lw.size(); ++d)
    lw[d] = withConstantPart(b, loc, ll, d, lw[d], reg[d]);
  return lw;
}

Value withConstantPart(OpBuilder &b, Location loc, const LinearLayout &ll,
                       unsigned dim, Value laneWarp, int32_t part) {
  if (!part)
    return laneWarp;
  int32_t threadBits = 0;
  for (const char *in : {"lane", "warp"})
    for (int32_t bit = 0; bit < ll.inDimSizeLog2(in); ++bit)
      threadBits |= ll.basis(in, bit)[dim];
  Value c = i32Const(b, loc, part);
  if (threadBits & part)
    return LLVM::XOrOp::create(b, loc, laneWarp, c);
  auto orOp = LLVM::OrOp::create(b, loc, laneWarp, c);
  orOp.setIsDisjoint(true);
  return orOp;
}

Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                  ArrayRef<int64_t> shape) {
  Value idx = i32Const(b, loc, 0);
  int64_t stride = 1;
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    Value term = stride == 1 ? coords[d]
                             : LLVM::MulOp::create(b, loc, coords[d],
                                                   i32Const(b, loc, stride))
                                   .getResult();
    idx = LLVM::AddOp::create(b, loc, idx, term);
    stride *= shape[d];
  }
  return idx;
}

Value sharedBase(OpBuilder &b, Location loc, Operation *anyOp,
                 const TargetInfo &target) {
  auto module = anyOp->getParentOfType<ModuleOp>();
  constexpr llvm::StringLiteral kName = "global_smem";
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext(),
                                          target.sharedAddressSpace());
  if (!module.lookupSymbol(kName)) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrTy = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
    auto global = LLVM::GlobalOp::create(
        b, loc, arrTy, /*isConstant=*/false, LLVM::Linkage::External, kName,
        /*value=*/Attribute(), /*alignment=*/16, target.sharedAddressSpace());
    (void)global;
  }
  return LLVM::AddressOfOp::create(b, loc, ptrTy, kName);
}

Value scratchBase(OpBuilder &b, Location loc, Operation *op,
                  LoweringContext &lc, uint64_t bytes) {
  Value base = sharedBase(b, loc, op, lc.target);
  auto off = op->getAttrOfType<IntegerAttr>(kAllocationOffset);
  uint64_t reserved = isa<triton::gpu::LocalAllocOp>(op)
                          ? bufferBytes(op->getResult(0).getType())
                          : scratchBytes(op);
  if (!off || bytes > reserved) {
    op->emitError("internal error: the lowering of '")
        << op->getName() << "' uses " << bytes
        << " bytes of shared memory, the allocation gave it "
        << (off ? reserved : 0);
    lc.allocationError = true;
    return base;
  }
  if (!off.getInt())
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(off.getInt())});
}

SharedImage::SharedImage(OpBuilder &b, Location loc, LoweringContext &lc,
                         Operation *op, int64_t elements, Type elemType)
    : b(b), loc(loc), lc(lc), ids(threadIds(b, loc, lc.target)) {
  unsigned bits = isa<triton::PointerType, LLVM::LLVMPointerType>(elemType)
                      ? 64
                      : elemType.getIntOrFloatBitWidth();
  slotType = b.getIntegerType(bits == 1 ? 8 : bits);
  base = scratchBase(b, loc, op, lc,
                     uint64_t(elements) * sharedSlotBytes(elemType));
}

Value SharedImage::slot(Value index) {
  return LLVM::GEPOp::create(b, loc, base.getType(), slotType, base, index);
}

void SharedImage::write(RankedTensorType type, ArrayRef<Value> values,
                        const IndexFn &index, const RegisterFilter &only) {
  LinearLayout ll = triton::gpu::toLinearLayout(type);
  for (int32_t r = 0; r < numRegisters(ll); ++r) {
    if (only && !only(r))
      continue;
    Value v = toInt(b, loc, values[r]);
    if (v.getType().isInteger(1))
      v = LLVM::ZExtOp::create(b, loc, slotType, v);
    LLVM::StoreOp::create(
        b, loc, v, slot(index(b, loc, elementCoords(b, loc, ll, r, ids), r)));
  }
}

SmallVector<Value> SharedImage::read(RankedTensorType type, Type elem,
                                     const IndexFn &index,
                                     const RegisterFilter &only,
                                     ArrayRef<Value> have) {
  if (!readBarrier) {
    lc.target.barrier(b, loc); // every write is done
    readBarrier = true;
  }
  LinearLayout ll = triton::gpu::toLinearLayout(type);
  SmallVector<Value> out(have.begin(), have.end());
  out.resize(numRegisters(ll));
  for (int32_t r = 0; r < numRegisters(ll); ++r) {
    if (only && !only(r))
      continue;
    Value v = LLVM::LoadOp::create(
        b, loc, slotType,
        slot(index(b, loc, elementCoords(b, loc, ll, r, ids), r)));
    out[r] = elem.isInteger(1)
                 ? LLVM::TruncOp::create(b, loc, elem, v).getResult()
                 : fromInt(b, loc, v, elem);
  }
  return out;
}

void SharedImage::nextRound() {
  lc.target.barrier(b, loc); // every read is done
  readBarrier = false;
}

SharedImage::IndexFn SharedImage::rowMajor(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> s(shape);
  return [s](OpBuilder &b, Location loc, SmallVector<Value> c, int32_t) {
    return linearIndex(b, loc, c, s);
  };
}

int32_t numRegisters(const LinearLayout &ll) { return ll.inDimSize("register"); }

std::map<std::vector<int32_t>, SmallVector<int32_t>>
registersByCoords(const LinearLayout &ll) {
  std::map<std::vector<int32_t>, SmallVector<int32_t>> m;
  for (int32_t r = 0; r < ll.inDimSize("register"); ++r)
    m[ll.apply({{"register", r}})].push_back(r);
  return m;
}

Value ownerPredicate(OpBuilder &b, Location loc, Type type,
                     const TargetInfo &target) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                target.threadId(b, loc), i32Const(b, loc, 0));
  LinearLayout ll = triton::gpu::toLinearLayout(tensor);
  uint32_t laneFree = ll.freeVariableMask("lane");
  uint32_t warpFree = ll.freeVariableMask("warp");
  if (!laneFree && !warpFree)
    return Value();
  ThreadIds ids = threadIds(b, loc, target);
  Value lanes = LLVM::AndOp::create(b, loc, ids.lane, i32Const(b, loc, laneFree));
  Value warps = LLVM::AndOp::create(b, loc, ids.warp, i32Const(b, loc, warpFree));
  Value any = LLVM::OrOp::create(b, loc, lanes, warps);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, any,
                              i32Const(b, loc, 0));
}

Block *beginConditional(RewriterBase &rw, Location loc, Value pred) {
  Block *cur = rw.getInsertionBlock();
  Block *rest = rw.splitBlock(cur, rw.getInsertionPoint());
  Block *then = rw.createBlock(rest);
  rw.setInsertionPointToEnd(cur);
  LLVM::CondBrOp::create(rw, loc, pred, then, rest);
  rw.setInsertionPointToStart(then);
  return rest;
}

void endConditional(RewriterBase &rw, Location loc, Block *rest) {
  LLVM::BrOp::create(rw, loc, ValueRange(), rest);
  rw.setInsertionPointToStart(rest);
}

Value stringConstant(OpBuilder &b, Location loc, Operation *anyOp,
                     StringRef text, const TargetInfo &target) {
  auto module = anyOp->getParentOfType<ModuleOp>();
  std::string value = text.str();
  value.push_back('\0');
  unsigned as = target.globalAddressSpace();
  LLVM::GlobalOp global;
  for (auto g : module.getOps<LLVM::GlobalOp>())
    if (g.getSymName().starts_with("str_") && g.getConstant() &&
        g.getAddrSpace() == as)
      if (auto s = dyn_cast_or_null<StringAttr>(g.getValueOrNull()))
        if (s.getValue() == value) {
          global = g;
          break;
        }
  if (!global) {
    std::string name;
    for (unsigned i = 0;; ++i) {
      name = "str_" + std::to_string(i);
      if (!module.lookupSymbol(name))
        break;
    }
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrTy = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
    global = LLVM::GlobalOp::create(b, loc, arrTy, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(value), /*alignment=*/1, as);
  }
  Value addr = LLVM::AddressOfOp::create(b, loc, global);
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), addr);
}

Value toInt(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (t.isInteger())
    return v;
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(t.getIntOrFloatBitWidth()), v);
}

Value fromInt(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, v);
  return LLVM::BitcastOp::create(b, loc, type, v);
}

} // namespace trident
