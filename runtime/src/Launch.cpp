//===- Launch.cpp - argument checking, packing and launches -----------------===//

#include "Internal.h"
#include "trident/ArgType.h"
#include "trident/HalfFloat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

using namespace trident;
using namespace trident::rt;

namespace {

/// Why argument `a` (its packed value `slot`, its address for pointers)
/// breaks what `spec` was compiled for; empty when it does not.
std::string specializationMismatch(const bundle::KernelArg &spec,
                                   const trident_arg_spec_s &arg,
                                   uint64_t slot, int64_t intValue) {
  if (arg.kind == trident_arg_spec_s::Pointer) {
    if (spec.divisibility > 1 && slot % spec.divisibility)
      return "the pointer " + std::to_string(slot) + " is not " +
             std::to_string(spec.divisibility) +
             "-byte aligned, as the kernel was compiled for (" +
             spec.spelling() + ")";
    return "";
  }
  if (arg.kind != trident_arg_spec_s::Int)
    return "";
  if (spec.equalsOne && intValue != 1)
    return std::to_string(intValue) + " is not 1, the value the kernel was "
           "specialized for (" + spec.spelling() + ")";
  if (spec.divisibility > 1 && intValue % int64_t(spec.divisibility))
    return std::to_string(intValue) + " is not divisible by " +
           std::to_string(spec.divisibility) +
           ", as the kernel was compiled for (" + spec.spelling() + ")";
  return "";
}

/// The launch config's fields as this build knows them, from a caller's
/// struct of `struct_size` bytes.
trident_status_t readConfig(const trident_launch_config_t *config,
                            trident_launch_config_t &out) {
  size_t size = config->struct_size;
  constexpr size_t kFirstVersion =
      offsetof(trident_launch_config_t, stream) + sizeof(trident_stream_t *);
  if (size < kFirstVersion)
    return invalid("trident_kernel_launch: config.struct_size is " +
                   std::to_string(size) + ", less than the " +
                   std::to_string(kFirstVersion) +
                   " bytes of the first version (start from "
                   "TRIDENT_LAUNCH_CONFIG_INIT)");
  if (size > (size_t(1) << 16))
    return invalid("trident_kernel_launch: config.struct_size " +
                   std::to_string(size) + " is implausibly large");
  out = trident_launch_config_t TRIDENT_LAUNCH_CONFIG_INIT;
  std::memcpy(&out, config, std::min(size, sizeof(out)));
  out.struct_size = sizeof(out);
  // Fields of a newer runtime: refused unless left at zero.
  const unsigned char *bytes = reinterpret_cast<const unsigned char *>(config);
  for (size_t i = sizeof(trident_launch_config_t); i < size; ++i)
    if (bytes[i])
      return invalid("trident_kernel_launch: the config sets fields this "
                     "runtime does not know (struct_size " +
                     std::to_string(size) + ", this runtime knows " +
                     std::to_string(sizeof(trident_launch_config_t)) +
                     " bytes)");
  return nullptr;
}

} // namespace

extern "C" {

trident_status_t trident_kernel_launch(trident_kernel_t *k,
                                       const trident_launch_config_t *userConfig,
                                       const trident_arg_t *args,
                                       size_t numArgs) {
  REQUIRE(k, "kernel");
  REQUIRE(userConfig, "config");
  REQUIRE(args || !numArgs, "args");
  trident_launch_config_t config;
  if (trident_status_t s = readConfig(userConfig, config))
    return s;
  trident_device_s *device = k->module->device;
  const std::string &kernelName = k->variants[0].meta.kernel;
  if (numArgs != k->args.size())
    return invalid("kernel '" + kernelName + "' takes " +
                   std::to_string(k->args.size()) + " arguments, got " +
                   std::to_string(numArgs));
  if (trident_status_t s = checkStream(device, config.stream))
    return s;

  // One 8-byte slot per argument (two more for the scratch pointers), and
  // a pointer to each; the integer value of each integer argument.
  constexpr size_t kInline = 32;
  uint64_t slotsInline[kInline + 2];
  int64_t intsInline[kInline];
  void *ptrsInline[kInline + 2];
  std::vector<uint64_t> slotsHeap;
  std::vector<int64_t> intsHeap;
  std::vector<void *> ptrsHeap;
  uint64_t *slots = slotsInline;
  int64_t *ints = intsInline;
  void **ptrs = ptrsInline;
  if (numArgs > kInline) {
    slotsHeap.resize(numArgs + 2);
    intsHeap.resize(numArgs);
    ptrsHeap.resize(numArgs + 2);
    slots = slotsHeap.data();
    ints = intsHeap.data();
    ptrs = ptrsHeap.data();
  }
  auto argError = [&](size_t i, const std::string &what) {
    return invalid("argument " + std::to_string(i) + " '" + k->args[i].name +
                   "' of kernel '" + kernelName + "' (" + k->args[i].type +
                   "): " + what);
  };
  static const char *kindNames[] = {"a buffer",  "a pointer",
                                    "an integer", "a float",
                                    "an unsigned integer", "a device pointer"};
  for (size_t i = 0; i < numArgs; ++i) {
    const trident_arg_spec_s &spec = k->args[i];
    const trident_arg_t &a = args[i];
    slots[i] = 0;
    ints[i] = 0;
    if (unsigned(a.kind) > TRIDENT_ARG_DEVICE_POINTER)
      return argError(i, "unknown argument kind " + std::to_string(a.kind));
    switch (spec.kind) {
    case trident_arg_spec_s::Pointer: {
      const void *address;
      if (a.kind == TRIDENT_ARG_BUFFER) {
        const trident_buffer_t *b = a.value.buffer.buffer;
        if (!b)
          return argError(i, "the buffer is NULL");
        if (b->device != device)
          return argError(i, "the buffer belongs to device " +
                                 b->device->impl->target + " (" +
                                 b->device->impl->name +
                                 "), but the kernel runs on " +
                                 device->impl->target + " (" +
                                 device->impl->name + ")");
        if (a.value.buffer.offset > b->size)
          return argError(i, "offset " +
                                 std::to_string(a.value.buffer.offset) +
                                 " is past the end of the buffer");
        address = static_cast<const char *>(b->address) + a.value.buffer.offset;
      } else if (a.kind == TRIDENT_ARG_POINTER ||
                 a.kind == TRIDENT_ARG_DEVICE_POINTER) {
        address = a.value.pointer;
        // No kernel may be handed NULL: a masked-off load still computes
        // addresses from it, and nothing tells a NULL from a bug.
        if (!address)
          return argError(i, "the pointer is NULL");
        // A pointer the caller vouches for skips the driver's lookup (a
        // call into the driver per pointer, the largest part of the
        // runtime's own cost of a launch).
        if (a.kind == TRIDENT_ARG_POINTER) {
          std::string why = device->impl->checkPointer(address);
          if (!why.empty())
            return argError(i, why);
        }
      } else {
        return argError(i, std::string("expected a buffer or a pointer, got ") +
                               kindNames[a.kind]);
      }
      std::memcpy(&slots[i], &address, sizeof(address));
      break;
    }
    case trident_arg_spec_s::Int: {
      if (a.kind != TRIDENT_ARG_INT && a.kind != TRIDENT_ARG_UINT)
        return argError(i, std::string("expected an integer, got ") +
                               kindNames[a.kind]);
      if (a.kind == TRIDENT_ARG_UINT && a.value.u > uint64_t(INT64_MAX)) {
        // Only an unsigned 64-bit parameter holds 2^63 and up.
        if (spec.bits != 64 || spec.isSigned)
          return argError(i, std::to_string(a.value.u) + " does not fit");
        slots[i] = a.value.u;
        ints[i] = int64_t(a.value.u);
        break;
      }
      int64_t v = a.value.i;
      bool fits;
      if (spec.bits == 1)
        fits = v == 0 || v == 1;
      else if (spec.bits == 64)
        fits = spec.isSigned || v >= 0;
      else if (spec.isSigned)
        fits = v >= -(int64_t(1) << (spec.bits - 1)) &&
               v < (int64_t(1) << (spec.bits - 1));
      else
        fits = v >= 0 && v < (int64_t(1) << spec.bits);
      if (!fits)
        return argError(i, std::to_string(v) + " does not fit");
      uint64_t u = uint64_t(v);
      if (spec.bits < 64)
        u &= (uint64_t(1) << (spec.bits == 1 ? 8 : spec.bits)) - 1;
      slots[i] = u; // little-endian: the low bytes hold the value
      ints[i] = v;
      break;
    }
    case trident_arg_spec_s::Float: {
      double v;
      if (a.kind == TRIDENT_ARG_FLOAT)
        v = a.value.f;
      else if (a.kind == TRIDENT_ARG_INT)
        v = double(a.value.i);
      else
        return argError(i, std::string("expected a float, got ") +
                               kindNames[a.kind]);
      if (spec.bits == 64) {
        std::memcpy(&slots[i], &v, 8);
      } else if (spec.bits == 32) {
        float f = float(v);
        std::memcpy(&slots[i], &f, 4);
      } else {
        uint16_t h = spec.isBF16 ? toBF16(float(v)) : toHalf(float(v));
        std::memcpy(&slots[i], &h, 2);
      }
      break;
    }
    }
  }

  // The first variant (most specialized first) the arguments satisfy.
  const trident_kernel_variant_s *chosen = nullptr;
  std::string whyNot;
  for (size_t v = 0; v < k->variants.size() && !chosen; ++v) {
    const trident_kernel_variant_s &variant = k->variants[v];
    std::string why;
    size_t bad = 0;
    for (size_t i = 0; i < numArgs && why.empty(); ++i) {
      why = specializationMismatch(variant.meta.args[i], k->args[i], slots[i],
                                   ints[i]);
      bad = i;
    }
    if (why.empty()) {
      chosen = &variant;
      break;
    }
    if (k->variants.size() == 1)
      return argError(bad, why);
    whyNot += "\n  variant " + std::to_string(v) + ": argument " +
              std::to_string(bad) + " '" + k->args[bad].name + "': " + why;
  }
  if (!chosen)
    return invalid("no variant of kernel '" + kernelName +
                   "' fits the arguments:" + whyNot);
  const bundle::KernelMetadata &meta = chosen->meta;

  // The grid, in blocks: programs times the cluster shape.
  uint32_t blocks[3];
  bool empty = false;
  uint64_t programs = 1;
  static const char *axes[] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    uint64_t n = uint64_t(config.grid[i]) * meta.clusterDims[i];
    empty |= n == 0;
    // A device that states no limit still takes a 32-bit count of blocks.
    uint32_t limit = device->impl->info.max_grid[i];
    if (!limit)
      limit = std::numeric_limits<uint32_t>::max();
    if (n > limit)
      return invalid("kernel '" + kernelName + "': grid " + axes[i] + " = " +
                     std::to_string(config.grid[i]) +
                     (meta.clusterDims[i] > 1
                          ? " programs of " +
                                std::to_string(meta.clusterDims[i]) + " blocks"
                          : std::string()) +
                     " exceeds the device's limit of " +
                     std::to_string(limit) + " blocks along " + axes[i] +
                     " (" + device->impl->name + ")");
    blocks[i] = uint32_t(n);
    programs *= config.grid[i];
  }
  if (empty)
    return nullptr; // as in Triton: an empty grid launches nothing
  // The product of three 32-bit counts may not fit in 64 bits; scratch
  // sizes and the host's program loop are computed from it.
  if (uint64_t(config.grid[1]) * config.grid[2] >
      std::numeric_limits<uint64_t>::max() / config.grid[0])
    return invalid("kernel '" + kernelName + "': a grid of " +
                   std::to_string(config.grid[0]) + " x " +
                   std::to_string(config.grid[1]) + " x " +
                   std::to_string(config.grid[2]) +
                   " programs overflows a 64-bit program count");
  int blockSize = meta.numWarps * meta.threadsPerWarp;
  int maxThreads = chosen->attributes.maxThreadsPerBlock
                       ? chosen->attributes.maxThreadsPerBlock
                       : device->impl->info.max_threads_per_block;
  if (maxThreads && blockSize > maxThreads)
    return invalid("kernel '" + kernelName + "' runs " +
                   std::to_string(blockSize) + " threads per block (" +
                   std::to_string(meta.numWarps) + " warps of " +
                   std::to_string(meta.threadsPerWarp) +
                   "); its binary allows at most " +
                   std::to_string(maxThreads) + " on " + device->impl->name);

  // The binary's arguments: those not specialized to a constant, a TMA
  // descriptor (encoded here) in place of a descriptor's launch arguments,
  // then the hidden scratch pointers.
  struct alignas(64) TensorMap {
    unsigned char bytes[128];
  };
  std::vector<TensorMap> maps(meta.tensorMaps.size());
  size_t passed = 0;
  for (size_t i = 0; i < numArgs; ++i) {
    int t = chosen->tensorMapAt.empty() ? -1 : chosen->tensorMapAt[i];
    if (t < 0) {
      if (!meta.args[i].equalsOne)
        ptrs[passed++] = &slots[i];
      continue;
    }
    const bundle::TensorMapArg &tm = meta.tensorMaps[size_t(t)];
    size_t rank = tm.box.size();
    bundle::ArgType type;
    bundle::ArgType::parse(k->args[i].type, type);
    Device::TensorMapRequest r;
    r.element = type.element;
    r.elementBytes = type.storageBytes();
    std::memcpy(&r.base, &slots[i], sizeof(r.base));
    for (size_t d = 0; d < rank; ++d) {
      int64_t extent = ints[i + 1 + d], stride = ints[i + 1 + rank + d];
      if (extent <= 0 || stride < 0)
        return argError(i + 1 + d, "a TMA descriptor's shape must be "
                                   "positive and its strides not negative");
      r.shape.push_back(uint64_t(extent));
      r.strides.push_back(uint64_t(stride));
    }
    r.box = tm.box;
    r.swizzle = tm.swizzle;
    r.nanPadding = ints[i + 2 * rank + 1] != 0;
    if (trident_status_t s = device->impl->encodeTensorMap(r, &maps[size_t(t)])) {
      std::string why = trident_status_message(s);
      trident_status_free(s);
      return argError(i, "its TMA descriptor: " + why);
    }
    ptrs[passed++] = &maps[size_t(t)];
    i += 2 * rank + 1;
  }
  void *stream = config.stream ? config.stream->native : nullptr;
  void *scratch[2] = {nullptr, nullptr};
  uint64_t scratchBytes[2] = {meta.globalScratchSize, meta.profileScratchSize};
  auto releaseScratch = [&]() {
    for (void *p : scratch)
      if (p)
        device->impl->scratchRelease(p, stream);
  };
  if (chosen->scratch) {
    uint64_t ctas = programs * uint64_t(meta.numCtas);
    for (int i = 0; i < 2; ++i) {
      if (!scratchBytes[i])
        continue;
      if (ctas > (uint64_t(1) << 62) / scratchBytes[i]) {
        releaseScratch();
        return makeStatus(TRIDENT_OUT_OF_MEMORY,
                          "kernel '" + kernelName + "': " +
                              std::to_string(scratchBytes[i]) +
                              " bytes of scratch for each of " +
                              std::to_string(ctas) + " programs overflow");
      }
      if (trident_status_t s = device->impl->scratchAllocate(
              size_t(ctas * scratchBytes[i]),
              size_t(i == 0 ? meta.globalScratchAlign : 1), stream,
              &scratch[i])) {
        releaseScratch();
        return s;
      }
    }
    slots[numArgs] = reinterpret_cast<uintptr_t>(scratch[0]);
    slots[numArgs + 1] = reinterpret_cast<uintptr_t>(scratch[1]);
    ptrs[passed++] = &slots[numArgs];
    ptrs[passed++] = &slots[numArgs + 1];
  }
  trident_status_t s =
      device->impl->launch(chosen->function, meta, blocks, ptrs, passed, stream);
  releaseScratch();
  return s;
}

} // extern "C"
