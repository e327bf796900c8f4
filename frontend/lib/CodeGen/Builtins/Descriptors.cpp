//===- Descriptors.cpp - tensor descriptors -------------------------------===//
//
// tl.make_tensor_descriptor, tl.load_tensor_descriptor /
// tl.store_tensor_descriptor and the methods and attributes of a
// descriptor (desc.load, .store, .gather, .scatter, .atomic_add and its
// kin, .shape, .strides, .block_shape, .dtype). A descriptor value is a
// `!tt.tensordesc` tensor whose `elems` hold its shape (i32) and strides
// (i64), as Triton's tensor_descriptor carries them; they travel with it
// into @jit helpers.
//
//===----------------------------------------------------------------------===//

#include "CodeGen/Builtins/Builtins.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

namespace trident::frontend::builtins {

namespace tt = mlir::triton;

namespace {

Val requireDescriptor(Generator &g, const Val &v, SourceLoc l,
                      const std::string &what) {
  if (!v.isTensor() || !v.type.elem.isDesc())
    g.error(l, what + " needs a tensor descriptor, got " + v.describe());
  return v;
}

const TType &blockOf(const Val &desc) { return desc.type.elem.element(); }

/// The offsets of a block access: one int32 scalar per dimension.
llvm::SmallVector<mlir::Value> offsets(Generator &g, const Val &desc,
                                       const Val &v, SourceLoc l) {
  size_t rank = blockOf(desc).shape.size();
  std::vector<Val> items = v.kind == Val::Tuple ? v.elems : std::vector<Val>{v};
  if (items.size() != rank)
    g.error(l, "expected " + std::to_string(rank) + " offsets, but got " +
                   std::to_string(items.size()));
  llvm::SmallVector<mlir::Value> out;
  for (const Val &o : items) {
    Val t = g.toTensor(o, l);
    if (t.type.isBlock() || !t.type.elem.isInt())
      g.error(l, "the offsets of a tensor descriptor access must be integer "
                 "scalars, got " + t.describe());
    out.push_back(g.cast(t, DType(Scalar::I32), l).value);
  }
  return out;
}

/// A value stored through `desc`: its block, of its element type.
Val blockValue(Generator &g, const Val &desc, const Val &value, SourceLoc l) {
  const TType &block = blockOf(desc);
  Val v = g.toTensor(value, l);
  if (v.type.isBlock() && v.type.shape != block.shape)
    g.error(l, "the value has shape " + v.type.str() +
                   " but the descriptor's block is " + block.str());
  v = g.broadcastTo(v, block.shape, l);
  return g.cast(v, block.elem, l);
}

Val loadBlock(Generator &g, const Val &desc, const Val &offs,
              const Val &cache, const Val &evict, SourceLoc l) {
  auto idx = offsets(g, desc, offs, l);
  auto cm = loadCacheModifier(g, optStr(g, cache, l, "cache_modifier"), l);
  auto ev = evictionPolicy(g, optStr(g, evict, l, "eviction_policy"), l);
  const TType &block = blockOf(desc);
  auto op = tt::DescriptorLoadOp::create(g.builder(), g.here(),
                                         block.toMLIR(g.ctx()), desc.value,
                                         idx, cm, ev);
  return Val::tensor(op, block);
}

Val storeBlock(Generator &g, const Val &desc, const Val &offs,
               const Val &value, SourceLoc l) {
  auto idx = offsets(g, desc, offs, l);
  Val v = blockValue(g, desc, value, l);
  tt::DescriptorStoreOp::create(g.builder(), g.here(), desc.value, v.value,
                                idx);
  return Val::none();
}

Val makeTensorDescriptor(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"base", "shape", "strides", "block_shape",
                            "padding_option?"});
  Val base = a[0];
  if (!base.isTensor() || base.type.isBlock() || !base.type.elem.isPtr() ||
      base.type.elem.isBlockPtr())
    g.error(l, "the base of tl.make_tensor_descriptor must be a pointer to "
               "scalars, got " + base.describe());
  auto list = [&](const Val &v, const char *what) {
    if (v.kind != Val::Tuple)
      g.error(l, std::string("`") + what + "` of tl.make_tensor_descriptor "
                 "must be a list or tuple, got " + v.describe());
    return v.elems;
  };
  std::vector<Val> shape = list(a[1], "shape"), strides = list(a[2], "strides");
  std::vector<int64_t> block = g.requireShape(a[3], l, "block_shape");
  size_t ndim = shape.size();
  if (ndim < 1 || ndim > 5)
    g.error(l, "Expected 1 <= ndim <= 5 but got " + std::to_string(ndim) +
                   " dimensions");
  if (strides.size() != ndim)
    g.error(l, "Expected " + std::to_string(ndim) + " strides but got " +
                   std::to_string(strides.size()));
  if (block.size() != ndim)
    g.error(l, "Expected block_shape to have " + std::to_string(ndim) +
                   " dimensions but got " + std::to_string(block.size()));
  DType elem = base.type.elem.element().elem;
  int64_t bytes = std::max(1, elem.bitwidth() / 8);
  if (block.back() * bytes < 16)
    g.error(l, "Descriptor block shape must have at least 16 bytes in the "
               "last dimension, but got " + std::to_string(block.back()) +
               " * " + std::to_string(bytes) + " = " +
               std::to_string(block.back() * bytes) + " bytes");
  const Val &last = strides.back();
  if (!last.isNumber() || last.kind == Val::Float || last.i != 1)
    g.error(l, "Tensor descriptor last dim must be 1 but got " +
                   (last.isNumber() ? std::string(last.kind == Val::Float
                                                      ? std::to_string(last.f)
                                                      : std::to_string(
                                                            (int64_t)last.i))
                                    : last.describe()));
  g.zeros(block, Scalar::I32); // validates the block shape
  std::string padding = optStr(g, a[4], l, "padding_option");
  tt::PaddingOption pad = tt::PaddingOption::PAD_ZERO;
  if (padding == "nan") {
    if (!elem.isFloat())
      g.error(l, "Padding option `nan` is only supported for floating point "
                 "tensors");
    pad = tt::PaddingOption::PAD_NAN;
  } else if (!padding.empty() && padding != "zero") {
    g.error(l, "Padding option " + padding + " not supported (zero or nan)");
  }
  auto scalars = [&](const std::vector<Val> &vs, Scalar to, const char *what) {
    std::vector<Val> out;
    for (const Val &v : vs) {
      Val t = g.toTensor(v, l);
      if (t.type.isBlock() || !t.type.elem.isInt())
        g.error(l, std::string("`") + what + "` of tl.make_tensor_descriptor "
                   "must hold integer scalars, got " + t.describe());
      out.push_back(g.cast(t, DType(to), l));
    }
    return out;
  };
  std::vector<Val> sh = scalars(shape, Scalar::I32, "shape");
  std::vector<Val> st = scalars(strides, Scalar::I64, "strides");
  llvm::SmallVector<mlir::Value> shv, stv;
  for (const Val &v : sh)
    shv.push_back(v.value);
  for (const Val &v : st)
    stv.push_back(v.value);
  DType desc = DType::descriptorOf(TType(elem, block));
  auto op = tt::MakeTensorDescOp::create(
      g.builder(), g.here(), desc.toMLIR(g.ctx()), base.value, shv, stv, pad);
  Val out = Val::tensor(op, TType(desc));
  out.elems = sh;
  out.elems.insert(out.elems.end(), st.begin(), st.end());
  out.elems.back() = Val::integer(1);
  return out;
}

Val loadTensorDescriptor(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"desc", "offsets", "cache_modifier?",
                            "eviction_policy?"});
  Val desc = requireDescriptor(g, a[0], c.loc, "tl.load_tensor_descriptor");
  return loadBlock(g, desc, a[1], a[2], a[3], c.loc);
}

Val storeTensorDescriptor(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"desc", "offsets", "value"});
  Val desc = requireDescriptor(g, a[0], c.loc, "tl.store_tensor_descriptor");
  return storeBlock(g, desc, a[1], a[2], c.loc);
}

Val descLoad(Generator &g, Call &c) {
  BoundArgs a =
      bind(g, c, {"self", "offsets", "cache_modifier?", "eviction_policy?"});
  return loadBlock(g, a[0], a[1], a[2], a[3], c.loc);
}

Val descStore(Generator &g, Call &c) {
  BoundArgs a = bind(g, c, {"self", "offsets", "value"});
  return storeBlock(g, a[0], a[1], a[2], c.loc);
}

/// desc.atomic_<kind>(offsets, value): which element types Triton allows.
Val descReduce(Generator &g, Call &c, tt::DescriptorReduceKind kind,
               bool floats, bool wide) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"self", "offsets", "value"});
  const Val &desc = a[0];
  DType e = blockOf(desc).elem;
  bool ok = (e.isInt() && !e.isBool() && e.bitwidth() >= 32 &&
             (wide || e.bitwidth() == 32)) ||
            (floats && (e.kind == Scalar::FP16 || e.kind == Scalar::BF16 ||
                        e.kind == Scalar::FP32));
  if (!ok)
    g.error(l, "'" + c.name.substr(5) + "' of a tensor descriptor does not "
               "support " + e.str());
  auto idx = offsets(g, desc, a[1], l);
  Val v = blockValue(g, desc, a[2], l);
  tt::DescriptorReduceOp::create(g.builder(), g.here(), kind, desc.value,
                                 v.value, idx);
  return Val::none();
}

Val descAtomicAdd(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::ADD, true, false);
}
Val descAtomicMin(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::MIN, true, true);
}
Val descAtomicMax(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::MAX, true, true);
}
Val descAtomicAnd(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::AND, false, true);
}
Val descAtomicOr(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::OR, false, true);
}
Val descAtomicXor(Generator &g, Call &c) {
  return descReduce(g, c, tt::DescriptorReduceKind::XOR, false, true);
}

/// Rows of a one-row (1xN) descriptor: x_offsets (1-D int32), y_offset.
std::pair<Val, Val> rowOffsets(Generator &g, const Val &desc, const Val &x,
                               const Val &y, SourceLoc l) {
  const TType &block = blockOf(desc);
  if (block.shape.size() != 2)
    g.error(l, "descriptor must be 2D, but got " + block.str());
  if (block.shape[0] != 1)
    g.error(l, "descriptor block must have 1 row, but got " + block.str());
  Val xs = g.toTensor(x, l);
  if (xs.type.shape.size() != 1)
    g.error(l, "x_offsets must be 1D, but got " + xs.describe());
  if (xs.type.elem.kind != Scalar::I32)
    g.error(l, "x_offsets dtype must be int32, but got " + xs.type.elem.str());
  Val ys = g.toTensor(y, l);
  if (ys.type.isBlock() || !ys.type.elem.isInt())
    g.error(l, "y_offset must be an integer scalar, got " + ys.describe());
  return {xs, g.cast(ys, DType(Scalar::I32), l)};
}

Val descGather(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"self", "x_offsets", "y_offset"});
  const Val &desc = a[0];
  auto [xs, ys] = rowOffsets(g, desc, a[1], a[2], l);
  const TType &block = blockOf(desc);
  TType result(block.elem, {xs.type.shape[0], block.shape[1]});
  auto op = tt::DescriptorGatherOp::create(g.builder(), g.here(),
                                           result.toMLIR(g.ctx()), desc.value,
                                           xs.value, ys.value);
  return Val::tensor(op, result);
}

Val descScatter(Generator &g, Call &c) {
  SourceLoc l = c.loc;
  BoundArgs a = bind(g, c, {"self", "value", "x_offsets", "y_offset"});
  const Val &desc = a[0];
  auto [xs, ys] = rowOffsets(g, desc, a[2], a[3], l);
  const TType &block = blockOf(desc);
  std::vector<int64_t> shape{xs.type.shape[0], block.shape[1]};
  Val v = g.toTensor(a[1], l);
  if (v.type.isBlock() && v.type.shape != shape)
    g.error(l, "the scattered value has shape " + v.type.str() + ", not " +
                   TType(block.elem, shape).str());
  v = g.cast(g.broadcastTo(v, shape, l), block.elem, l);
  tt::DescriptorScatterOp::create(g.builder(), g.here(), desc.value, xs.value,
                                  ys.value, v.value);
  return Val::none();
}

const Entry kEntries[] = {
    {"make_tensor_descriptor", makeTensorDescriptor, Language},
    {"load_tensor_descriptor", loadTensorDescriptor, Language},
    {"store_tensor_descriptor", storeTensorDescriptor, Language},
    {"desc.load", descLoad, NoFlags},
    {"desc.store", descStore, NoFlags},
    {"desc.gather", descGather, NoFlags},
    {"desc.scatter", descScatter, NoFlags},
    {"desc.atomic_add", descAtomicAdd, NoFlags},
    {"desc.atomic_min", descAtomicMin, NoFlags},
    {"desc.atomic_max", descAtomicMax, NoFlags},
    {"desc.atomic_and", descAtomicAnd, NoFlags},
    {"desc.atomic_or", descAtomicOr, NoFlags},
    {"desc.atomic_xor", descAtomicXor, NoFlags},
};

} // namespace

llvm::ArrayRef<Entry> descriptorBuiltins() { return kEntries; }

Val descriptorAttribute(Generator &g, const Val &desc, const std::string &name,
                        SourceLoc l) {
  const TType &block = blockOf(desc);
  size_t rank = block.shape.size();
  if (name == "dtype")
    return Val::dtypeObj(block.elem);
  if (name == "block_shape") {
    std::vector<Val> dims;
    for (int64_t d : block.shape)
      dims.push_back(Val::integer(d));
    return Val::tuple(dims);
  }
  if (name == "shape" || name == "strides") {
    if (desc.elems.size() != 2 * rank)
      g.error(l, "this tensor descriptor's " + name + " is not known here");
    size_t from = name == "shape" ? 0 : rank;
    return Val::tuple(std::vector<Val>(desc.elems.begin() + from,
                                       desc.elems.begin() + from + rank));
  }
  if (findBuiltin("desc." + name)) {
    Val meth;
    meth.kind = Val::Method;
    meth.str = "desc." + name;
    meth.elems.push_back(desc);
    return meth;
  }
  g.error(l, "tensor descriptor has no attribute '" + name + "'");
}

} // namespace trident::frontend::builtins
