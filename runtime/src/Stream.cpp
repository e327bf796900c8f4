//===- Stream.cpp - streams and events --------------------------------------===//

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

} // extern "C"
