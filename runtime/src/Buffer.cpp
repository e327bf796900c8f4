//===- Buffer.cpp - device memory, wrapped and host memory ------------------===//

#include "Internal.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

using namespace trident;
using namespace trident::rt;

extern "C" {

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

} // extern "C"
