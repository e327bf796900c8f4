//===- Status.cpp - statuses, and checks shared by the C API ----------------===//

#include "Internal.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

using namespace trident;
using namespace trident::rt;

trident_status_t trident::rt::makeStatus(trident_status_code_t code,
                                         std::string message) {
  return new trident_status_s{code, std::move(message)};
}

trident_status_t trident::rt::invalid(std::string message) {
  return makeStatus(TRIDENT_INVALID_ARGUMENT, std::move(message));
}

trident_status_t trident::rt::checkStream(const trident_device_s *d,
                                          const trident_stream_t *s) {
  if (s && s->device != d)
    return invalid("the stream belongs to device " + s->device->impl->target +
                   ", not to " + d->impl->target);
  return nullptr;
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

} // extern "C"
