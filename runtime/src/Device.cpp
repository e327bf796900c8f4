//===- Device.cpp - the runtime, its drivers and devices --------------------===//

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

} // extern "C"
