//===- Module.cpp - modules, kernels and their variants ---------------------===//

#include "Internal.h"
#include "trident/ArgType.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

using namespace trident;
using namespace trident::rt;

namespace {

/// How a launch argument of signature type `type` is checked and passed;
/// false for a type a launch cannot take (fp8 scalars, unknown names).
bool parseArgType(const std::string &type, trident_arg_spec_s &spec) {
  bundle::ArgType t;
  if (!bundle::ArgType::parse(type, t) || (t.isFloat && !t.isPointer() &&
                                           t.bits == 8))
    return false;
  spec.kind = t.isPointer() ? trident_arg_spec_s::Pointer
              : t.isFloat   ? trident_arg_spec_s::Float
                            : trident_arg_spec_s::Int;
  spec.bits = t.isPointer() ? 64 : int(t.bits);
  spec.isSigned = t.isSigned && !t.isPointer();
  spec.isBF16 = t.isBF16 && !t.isPointer();
  return true;
}

} // namespace

std::string trident::rt::describeEntries(const std::vector<bundle::Entry> &es) {
  std::string s;
  for (const bundle::Entry &e : es)
    s += (s.empty() ? "" : ", ") + e.meta.kernel + " for " + e.meta.target +
         " (" + e.meta.format + ")";
  return s.empty() ? "nothing" : s;
}

std::map<std::string, std::vector<size_t>>
trident::rt::selectEntries(const Device &device,
                           const std::vector<bundle::Entry> &entries) {
  std::map<std::string, std::vector<size_t>> best;
  std::map<std::string, int> score;
  for (size_t i = 0; i < entries.size(); ++i) {
    int c = device.compatibility(entries[i].meta);
    if (c <= 0)
      continue;
    const std::string &k = entries[i].meta.kernel;
    if (!score.count(k) || c > score[k]) {
      score[k] = c;
      best[k].clear();
    }
    if (c == score[k])
      best[k].push_back(i);
  }
  return best;
}

extern "C" {

//===-- modules and kernels ------------------------------------------------------===//

trident_status_t trident_module_load_memory(trident_device_t *d,
                                            const void *data, size_t size,
                                            trident_module_t **out) {
  REQUIRE(d, "device");
  REQUIRE(data || !size, "data");
  REQUIRE(out, "out_module");
  std::vector<bundle::Entry> entries;
  std::string error;
  if (!bundle::read(std::string_view(static_cast<const char *>(data), size),
                    entries, error))
    return makeStatus(TRIDENT_DATA_LOSS, "cannot load bundle: " + error);
  std::map<std::string, std::vector<size_t>> chosen =
      selectEntries(*d->impl, entries);
  std::string contents = describeEntries(entries);
  if (chosen.empty())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "the bundle has no entry that runs on " +
                          d->impl->target + " (" + d->impl->name +
                          "); it holds: " + contents);
  auto m = std::make_unique<trident_module_s>();
  m->device = d;
  m->contents = contents;
  for (auto &[kernel, indices] : chosen)
    for (size_t index : indices) {
      trident_module_s::Loaded l;
      l.entry = std::move(entries[index]);
      if (trident_status_t s = d->impl->loadModule(l.entry, &l.native)) {
        for (auto &[k, done] : m->loaded)
          for (auto &v : done)
            d->impl->unloadModule(v.native);
        return s;
      }
      m->loaded[kernel].push_back(std::move(l));
    }
  *out = m.release();
  return nullptr;
}

trident_status_t trident_module_load_file(trident_device_t *d,
                                          const char *path,
                                          trident_module_t **out) {
  REQUIRE(d, "device");
  REQUIRE(path, "path");
  // Only a regular file, read no further than its size: a FIFO would hang
  // the caller and /dev/zero would fill its memory.
  std::string data, error;
  if (!bundle::readFile(path, data, error)) {
    trident_status_code_t code = errno == EINVAL || errno == EFBIG
                                     ? TRIDENT_INVALID_ARGUMENT
                                 : errno == EIO ? TRIDENT_DATA_LOSS
                                                : TRIDENT_NOT_FOUND;
    return makeStatus(code, std::string("cannot read bundle '") + path +
                                "': " + error);
  }
  trident_status_t s =
      trident_module_load_memory(d, data.data(), data.size(), out);
  if (s)
    s->message = std::string(path) + ": " + s->message;
  return s;
}

void trident_module_release(trident_module_t *m) {
  if (!m)
    return;
  for (auto &[k, variants] : m->loaded)
    for (auto &l : variants)
      m->device->impl->unloadModule(l.native);
  delete m;
}

trident_status_t trident_module_kernel(trident_module_t *m, const char *name,
                                       trident_kernel_t **out) {
  REQUIRE(m, "module");
  REQUIRE(name, "name");
  REQUIRE(out, "out_kernel");
  std::lock_guard<std::mutex> lock(m->mutex);
  auto cached = m->kernels.find(name);
  if (cached != m->kernels.end()) {
    *out = cached->second.get();
    return nullptr;
  }
  auto it = m->loaded.find(name);
  if (it == m->loaded.end())
    return makeStatus(TRIDENT_NOT_FOUND,
                      std::string("no kernel '") + name + "' for " +
                          m->device->impl->target + " in the bundle; it "
                          "holds: " + m->contents);
  const std::vector<trident_module_s::Loaded> &entries = it->second;
  const bundle::KernelMetadata &first = entries.front().entry.meta;
  auto k = std::make_unique<trident_kernel_s>();
  k->module = m;
  for (const bundle::KernelArg &a : first.args) {
    trident_arg_spec_s spec{};
    if (!parseArgType(a.type, spec))
      return makeStatus(TRIDENT_DATA_LOSS, "kernel '" + first.kernel +
                                               "' has argument '" + a.name +
                                               "' of unknown type '" +
                                               a.type + "'");
    if (a.divisibility > 1 && spec.kind == trident_arg_spec_s::Float)
      return makeStatus(TRIDENT_DATA_LOSS,
                        "kernel '" + first.kernel + "' has float argument '" +
                            a.name + "' specialized as " + a.spelling());
    spec.name = a.name;
    spec.type = a.type;
    k->args.push_back(spec);
  }
  for (const trident_module_s::Loaded &l : entries) {
    const bundle::KernelMetadata &meta = l.entry.meta;
    std::string where = "kernel '" + meta.kernel + "' for " + meta.target;
    bool same = meta.args.size() == first.args.size();
    for (size_t i = 0; same && i < meta.args.size(); ++i)
      same = meta.args[i].name == first.args[i].name &&
             meta.args[i].type == first.args[i].type;
    if (!same)
      return makeStatus(TRIDENT_DATA_LOSS,
                        where + ": the bundle's entries disagree on the "
                                "kernel's arguments");
    trident_kernel_variant_s v;
    v.meta = meta;
    for (const std::string &r : meta.requirements) {
      if (!m->device->impl->supports(r))
        return makeStatus(TRIDENT_UNAVAILABLE,
                          where + " requires '" + r +
                              "', which this runtime cannot do on " +
                              m->device->impl->target + " (" +
                              m->device->impl->name +
                              "); the kernel is not launched rather than "
                              "launched wrongly");
      v.scratch |= r == "scratch";
    }
    if (!meta.tensorMaps.empty()) {
      if (std::find(meta.requirements.begin(), meta.requirements.end(),
                    "tma") == meta.requirements.end())
        return makeStatus(TRIDENT_DATA_LOSS,
                          where + " takes TMA descriptors but does not "
                                  "require 'tma'");
      v.tensorMapAt.assign(meta.args.size(), -1);
      for (size_t t = 0; t < meta.tensorMaps.size(); ++t)
        v.tensorMapAt[meta.tensorMaps[t].arg] = int(t);
    }
    for (const bundle::KernelArg &a : meta.args) {
      v.specialized += a.divisibility > 1 || a.equalsOne;
      v.spellings.push_back(a.spelling());
    }
    if (trident_status_t s =
            m->device->impl->getFunction(l.native, meta, &v.function))
      return s;
    v.attributes = m->device->impl->functionAttributes(v.function);
    k->variants.push_back(std::move(v));
  }
  // Most specialized first; bundle order among equals (insertion sort:
  // variants are few).
  for (size_t i = 1; i < k->variants.size(); ++i)
    for (size_t j = i; j > 0 && k->variants[j].specialized >
                                    k->variants[j - 1].specialized;
         --j)
      std::swap(k->variants[j], k->variants[j - 1]);
  *out = k.get();
  m->kernels[name] = std::move(k);
  return nullptr;
}

trident_status_t trident_kernel_variant_info(const trident_kernel_t *k,
                                             size_t variant,
                                             trident_kernel_info_t *out) {
  REQUIRE(k, "kernel");
  REQUIRE(out, "out_info");
  if (variant >= k->variants.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "kernel has " + std::to_string(k->variants.size()) +
                          " variants");
  const trident_kernel_variant_s &v = k->variants[variant];
  const bundle::KernelMetadata &m = v.meta;
  trident_kernel_info_t full{};
  full.struct_size = sizeof(full);
  trident_kernel_info_t *info = &full;
  info->name = m.kernel.c_str();
  info->target = m.target.c_str();
  info->format = m.format.c_str();
  info->num_warps = m.numWarps;
  info->threads_per_warp = m.threadsPerWarp;
  info->block_size = m.numWarps * m.threadsPerWarp;
  info->shared_memory = m.sharedMemory;
  info->num_args = k->args.size();
  info->num_ctas = m.numCtas;
  for (int i = 0; i < 3; ++i)
    info->cluster_dims[i] = m.clusterDims[i];
  info->global_scratch_size = m.globalScratchSize;
  info->spills = int(m.spills);
  info->registers = v.attributes.registers ? v.attributes.registers
                                          : int(m.registers);
  info->local_memory = v.attributes.localMemory ? v.attributes.localMemory
                                               : m.localMemory;
  info->max_threads_per_block = v.attributes.maxThreadsPerBlock
                                   ? v.attributes.maxThreadsPerBlock
                                   : int(m.maxThreads);
  info->num_variants = k->variants.size();
  return writeVersioned(out, full, "trident_kernel_info");
}

trident_status_t trident_kernel_info(const trident_kernel_t *k,
                                     trident_kernel_info_t *out) {
  return trident_kernel_variant_info(k, 0, out);
}

trident_status_t trident_kernel_arg(const trident_kernel_t *k, size_t i,
                                    const char **name, const char **type) {
  REQUIRE(k, "kernel");
  if (i >= k->args.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "kernel '" + k->variants[0].meta.kernel + "' has " +
                          std::to_string(k->args.size()) + " arguments");
  if (name)
    *name = k->args[i].name.c_str();
  if (type)
    *type = k->args[i].type.c_str();
  return nullptr;
}

trident_status_t trident_kernel_variant_arg(const trident_kernel_t *k,
                                            size_t variant, size_t i,
                                            const char **spelling) {
  REQUIRE(k, "kernel");
  REQUIRE(spelling, "out_spelling");
  if (variant >= k->variants.size() || i >= k->args.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "kernel '" + k->variants[0].meta.kernel + "' has " +
                          std::to_string(k->variants.size()) +
                          " variants of " + std::to_string(k->args.size()) +
                          " arguments");
  *spelling = k->variants[variant].spellings[i].c_str();
  return nullptr;
}

} // extern "C"
