//===- Runtime.cpp - the C API: handles, bundle selection, launches -------===//

#include "Internal.h"
#include "trident/HalfFloat.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cerrno>
#include <cstring>
#include <limits>

using namespace trident;
using namespace trident::rt;

trident_status_t trident::rt::makeStatus(trident_status_code_t code,
                                         std::string message) {
  return new trident_status_s{code, std::move(message)};
}

namespace {

trident_status_t invalid(std::string message) {
  return makeStatus(TRIDENT_INVALID_ARGUMENT, std::move(message));
}

#define REQUIRE(ptr, what)                                                     \
  do {                                                                         \
    if (!(ptr))                                                                \
      return invalid(std::string(__func__) + ": " what " is NULL");            \
  } while (0)

bool parseArgType(const std::string &type, trident_arg_spec_s &spec) {
  spec.isBF16 = false;
  spec.isSigned = false;
  if (!type.empty() && type[0] == '*') {
    spec.kind = trident_arg_spec_s::Pointer;
    spec.bits = 64;
    return true;
  }
  static const struct {
    const char *name;
    trident_arg_spec_s::Kind kind;
    int bits;
    bool isSigned, bf16;
  } table[] = {
      {"i1", trident_arg_spec_s::Int, 1, false, false},
      {"i8", trident_arg_spec_s::Int, 8, true, false},
      {"i16", trident_arg_spec_s::Int, 16, true, false},
      {"i32", trident_arg_spec_s::Int, 32, true, false},
      {"i64", trident_arg_spec_s::Int, 64, true, false},
      {"u1", trident_arg_spec_s::Int, 1, false, false},
      {"u8", trident_arg_spec_s::Int, 8, false, false},
      {"u16", trident_arg_spec_s::Int, 16, false, false},
      {"u32", trident_arg_spec_s::Int, 32, false, false},
      {"u64", trident_arg_spec_s::Int, 64, false, false},
      {"fp16", trident_arg_spec_s::Float, 16, false, false},
      {"bf16", trident_arg_spec_s::Float, 16, false, true},
      {"fp32", trident_arg_spec_s::Float, 32, false, false},
      {"f32", trident_arg_spec_s::Float, 32, false, false},
      {"fp64", trident_arg_spec_s::Float, 64, false, false},
  };
  for (const auto &t : table)
    if (type == t.name) {
      spec.kind = t.kind;
      spec.bits = t.bits;
      spec.isSigned = t.isSigned;
      spec.isBF16 = t.bf16;
      return true;
    }
  return false;
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

//===-- status ---------------------------------------------------------------===//

trident_status_code_t trident_status_code(trident_status_t s) {
  return s ? s->code : TRIDENT_OK;
}
const char *trident_status_message(trident_status_t s) {
  return s ? s->message.c_str() : "";
}
void trident_status_free(trident_status_t s) { delete s; }

//===-- runtime and devices ------------------------------------------------------===//

trident_status_t trident_runtime_create(trident_runtime_t **out) {
  REQUIRE(out, "out_runtime");
  auto rt = std::make_unique<trident_runtime_s>();
  rt->drivers.push_back(createCudaDriver());
  rt->drivers.push_back(createHipDriver());
  rt->drivers.push_back(createCpuDriver());
  for (auto &d : rt->drivers)
    for (auto &dev : d->devices)
      rt->devices.push_back(std::make_unique<trident_device_s>(
          trident_device_s{rt.get(), dev.get(), rt->devices.size()}));
  *out = rt.release();
  return nullptr;
}

void trident_runtime_release(trident_runtime_t *rt) { delete rt; }

size_t trident_runtime_driver_count(const trident_runtime_t *rt) {
  return rt ? rt->drivers.size() : 0;
}
const char *trident_runtime_driver_name(const trident_runtime_t *rt,
                                        size_t i) {
  return rt && i < rt->drivers.size() ? rt->drivers[i]->name.c_str() : nullptr;
}
const char *trident_runtime_driver_unavailable_reason(
    const trident_runtime_t *rt, size_t i) {
  if (!rt || i >= rt->drivers.size() || rt->drivers[i]->unavailable.empty())
    return nullptr;
  return rt->drivers[i]->unavailable.c_str();
}

size_t trident_runtime_device_count(const trident_runtime_t *rt) {
  return rt ? rt->devices.size() : 0;
}

trident_status_t trident_runtime_device(trident_runtime_t *rt, size_t i,
                                        trident_device_t **out) {
  REQUIRE(rt, "runtime");
  REQUIRE(out, "out_device");
  if (i >= rt->devices.size())
    return makeStatus(TRIDENT_NOT_FOUND,
                      "no device " + std::to_string(i) + " (there are " +
                          std::to_string(rt->devices.size()) + ")");
  *out = rt->devices[i].get();
  return nullptr;
}

trident_status_t trident_runtime_find_device(trident_runtime_t *rt,
                                             const char *prefix,
                                             trident_device_t **out) {
  REQUIRE(rt, "runtime");
  REQUIRE(prefix, "prefix");
  REQUIRE(out, "out_device");
  std::string p = prefix;
  for (auto &d : rt->devices)
    if (d->impl->target.compare(0, p.size(), p) == 0) {
      *out = d.get();
      return nullptr;
    }
  std::string why;
  for (auto &dr : rt->drivers)
    if (!dr->unavailable.empty())
      why += "; " + dr->name + ": " + dr->unavailable;
  return makeStatus(TRIDENT_NOT_FOUND,
                    "no device with a target starting with '" + p + "'" + why);
}

/// Writes `full` into the caller's `out`, a struct versioned by size
/// (its first field, struct_size, says how large the caller's type is):
/// the fields that fit, zeros past what this runtime knows; the caller's
/// struct_size is kept.
extern "C++" template <typename T>
static trident_status_t writeVersioned(T *out, const T &full,
                                       const char *function) {
  size_t n = out->struct_size;
  if (n < sizeof(size_t))
    return invalid(std::string(function) + ": out_info->struct_size is " +
                   std::to_string(n) + "; set it to the struct's size (" +
                   std::to_string(sizeof(T)) + " in this runtime's header)");
  auto *bytes = reinterpret_cast<unsigned char *>(out);
  const auto *from = reinterpret_cast<const unsigned char *>(&full);
  size_t known = std::min(n, sizeof(T));
  std::memcpy(bytes + sizeof(size_t), from + sizeof(size_t),
              known - sizeof(size_t));
  if (n > sizeof(T))
    std::memset(bytes + sizeof(T), 0, n - sizeof(T));
  return nullptr;
}

int trident_runtime_api_version(void) { return TRIDENT_RUNTIME_API_VERSION; }

trident_status_t trident_device_info(const trident_device_t *d,
                                     trident_device_info_t *out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_info");
  trident_device_info_t full = d->impl->info;
  full.struct_size = sizeof(full);
  full.name = d->impl->name.c_str();
  full.target = d->impl->target.c_str();
  full.driver = d->impl->driver.c_str();
  return writeVersioned(out, full, "trident_device_info");
}

//===-- memory ---------------------------------------------------------------===//

/// Sizes above PTRDIFF_MAX are refused before any driver rounds them (a
/// negative size converted to size_t lands here): no device holds that
/// much, and the arithmetic on them would wrap.
static trident_status_t checkSize(size_t bytes, const char *function) {
  if (bytes > size_t(std::numeric_limits<std::ptrdiff_t>::max()))
    return invalid(std::string(function) + ": " + std::to_string(bytes) +
                   " bytes is more than any device can hold (a negative "
                   "size converted to size_t?)");
  return nullptr;
}

trident_status_t trident_buffer_allocate(trident_device_t *d, size_t bytes,
                                         trident_buffer_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_buffer");
  if (trident_status_t s = checkSize(bytes, __func__))
    return s;
  void *addr = nullptr;
  if (trident_status_t s = d->impl->allocate(bytes ? bytes : 1, &addr))
    return s;
  *out = new trident_buffer_s{d, addr, bytes};
  return nullptr;
}

trident_status_t trident::rt::Device::wrap(void *address, size_t bytes) {
  std::string why = checkPointer(address);
  if (why.empty() && bytes > 1)
    why = checkPointer(static_cast<char *>(address) + (bytes - 1));
  return why.empty() ? nullptr
                     : invalid("trident_buffer_wrap: " + why);
}

trident_status_t trident_device_attribute(const trident_device_t *d,
                                         const char *name, int64_t *out) {
  REQUIRE(d, "device");
  REQUIRE(name, "name");
  REQUIRE(out, "out_value");
  if (!d->impl->attribute(name, *out))
    return makeStatus(TRIDENT_NOT_FOUND,
                      std::string("trident_device_attribute: device ") +
                          d->impl->target + " (" + d->impl->name +
                          ") has no attribute '" + name + "'");
  return nullptr;
}

trident_status_t trident_buffer_wrap(trident_device_t *d, void *address,
                                     size_t bytes,
                                     trident_buffer_t **out) {
  REQUIRE(d, "device");
  REQUIRE(address, "address");
  REQUIRE(out, "out_buffer");
  if (trident_status_t s = checkSize(bytes, __func__))
    return s;
  if (uintptr_t(address) > std::numeric_limits<uintptr_t>::max() - bytes)
    return invalid("trident_buffer_wrap: the range of " +
                   std::to_string(bytes) + " bytes wraps around the "
                   "address space");
  if (trident_status_t s = d->impl->wrap(address, bytes))
    return s;
  *out = new trident_buffer_s{d, address, bytes, /*owned=*/false};
  return nullptr;
}

void trident_buffer_release(trident_buffer_t *b) {
  if (!b)
    return;
  if (b->owned)
    b->device->impl->release(b->address);
  else
    b->device->impl->unwrap(b->address, b->size);
  delete b;
}

void *trident_buffer_address(const trident_buffer_t *b) {
  return b ? b->address : nullptr;
}
size_t trident_buffer_size(const trident_buffer_t *b) { return b ? b->size : 0; }
trident_device_t *trident_buffer_device(const trident_buffer_t *b) {
  return b ? b->device : nullptr;
}

static trident_status_t checkRange(const trident_buffer_t *b, size_t offset,
                                   size_t bytes, const char *what) {
  if (offset > b->size || bytes > b->size - offset) {
    // offset + bytes may not fit in a size_t: print it as a sum then.
    std::string end = bytes > std::numeric_limits<size_t>::max() - offset
                          ? std::to_string(offset) + " + " +
                                std::to_string(bytes)
                          : std::to_string(offset + bytes);
    return invalid(std::string(what) + ": bytes [" + std::to_string(offset) +
                   ", " + end + ") are outside the buffer of " +
                   std::to_string(b->size) + " bytes");
  }
  return nullptr;
}

static trident_status_t checkStream(const trident_device_s *d,
                                    const trident_stream_t *s) {
  if (s && s->device != d)
    return invalid("the stream belongs to device " + s->device->impl->target +
                   ", not to " + d->impl->target);
  return nullptr;
}

trident_status_t trident_buffer_write(trident_buffer_t *b, size_t offset,
                                      const void *src, size_t bytes,
                                      trident_stream_t *stream) {
  REQUIRE(b, "buffer");
  REQUIRE(src || !bytes, "source");
  if (trident_status_t s = checkRange(b, offset, bytes, "trident_buffer_write"))
    return s;
  if (trident_status_t s = checkStream(b->device, stream))
    return s;
  if (!bytes)
    return nullptr;
  return b->device->impl->copyIn(static_cast<char *>(b->address) + offset, src,
                                 bytes, stream ? stream->native : nullptr);
}

trident_status_t trident_buffer_read(const trident_buffer_t *b, size_t offset,
                                     void *dst, size_t bytes,
                                     trident_stream_t *stream) {
  REQUIRE(b, "buffer");
  REQUIRE(dst || !bytes, "destination");
  if (trident_status_t s = checkRange(b, offset, bytes, "trident_buffer_read"))
    return s;
  if (trident_status_t s = checkStream(b->device, stream))
    return s;
  if (!bytes)
    return nullptr;
  return b->device->impl->copyOut(
      dst, static_cast<const char *>(b->address) + offset, bytes,
      stream ? stream->native : nullptr);
}

trident_status_t trident_host_allocate(trident_device_t *d, size_t bytes,
                                       void **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_pointer");
  if (trident_status_t s = checkSize(bytes, __func__))
    return s;
  return d->impl->hostAllocate(bytes ? bytes : 1, out);
}

void trident_host_free(trident_device_t *d, void *p) {
  if (d && p)
    d->impl->hostFree(p);
}

//===-- streams and events --------------------------------------------------------===//

trident_status_t trident_stream_create(trident_device_t *d,
                                       trident_stream_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_stream");
  void *native = nullptr;
  if (trident_status_t s = d->impl->streamCreate(&native))
    return s;
  *out = new trident_stream_s{d, native, true};
  return nullptr;
}

trident_status_t trident_stream_wrap_native(trident_device_t *d, void *native,
                                            trident_stream_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_stream");
  std::string why = d->impl->checkNativeStream(native);
  if (!why.empty())
    return invalid("trident_stream_wrap_native: " + why);
  *out = new trident_stream_s{d, native, false};
  return nullptr;
}

void *trident_stream_native(const trident_stream_t *s) {
  return s ? s->native : nullptr;
}

void trident_stream_release(trident_stream_t *s) {
  if (!s)
    return;
  if (s->owned)
    s->device->impl->streamDestroy(s->native);
  delete s;
}

trident_status_t trident_stream_synchronize(trident_stream_t *s) {
  REQUIRE(s, "stream");
  return s->device->impl->streamSynchronize(s->native);
}

trident_status_t trident_device_synchronize(trident_device_t *d) {
  REQUIRE(d, "device");
  return d->impl->synchronize();
}

trident_status_t trident_event_create(trident_device_t *d,
                                      trident_event_t **out) {
  REQUIRE(d, "device");
  REQUIRE(out, "out_event");
  void *native = nullptr;
  if (trident_status_t s = d->impl->eventCreate(&native))
    return s;
  *out = new trident_event_s{d, native};
  return nullptr;
}

void trident_event_release(trident_event_t *e) {
  if (!e)
    return;
  e->device->impl->eventDestroy(e->native);
  delete e;
}

trident_status_t trident_event_record(trident_event_t *e,
                                      trident_stream_t *s) {
  REQUIRE(e, "event");
  if (trident_status_t st = checkStream(e->device, s))
    return st;
  return e->device->impl->eventRecord(e->native, s ? s->native : nullptr);
}

trident_status_t trident_event_synchronize(trident_event_t *e) {
  REQUIRE(e, "event");
  return e->device->impl->eventSynchronize(e->native);
}

trident_status_t trident_event_elapsed_ms(const trident_event_t *a,
                                          const trident_event_t *b,
                                          float *out) {
  REQUIRE(a, "start");
  REQUIRE(b, "end");
  REQUIRE(out, "out_milliseconds");
  if (a->device != b->device)
    return invalid("trident_event_elapsed_ms: the events belong to different "
                   "devices");
  return a->device->impl->eventElapsed(a->native, b->native, out);
}

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

//===-- launch ------------------------------------------------------------------===//

} // extern "C"

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
  static const char *kindNames[] = {"a buffer", "a pointer", "an integer",
                                    "a float", "an unsigned integer"};
  for (size_t i = 0; i < numArgs; ++i) {
    const trident_arg_spec_s &spec = k->args[i];
    const trident_arg_t &a = args[i];
    slots[i] = 0;
    ints[i] = 0;
    if (unsigned(a.kind) > TRIDENT_ARG_UINT)
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
      } else if (a.kind == TRIDENT_ARG_POINTER) {
        address = a.value.pointer;
        // No kernel may be handed NULL: a masked-off load still computes
        // addresses from it, and nothing tells a NULL from a bug.
        if (!address)
          return argError(i, "the pointer is NULL");
        std::string why = device->impl->checkPointer(address);
        if (!why.empty())
          return argError(i, why);
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

  // The binary's arguments: those not specialized to a constant, then the
  // hidden scratch pointers.
  size_t passed = 0;
  for (size_t i = 0; i < numArgs; ++i)
    if (!meta.args[i].equalsOne)
      ptrs[passed++] = &slots[i];
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
