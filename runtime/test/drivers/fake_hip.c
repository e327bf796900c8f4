/* A stand-in for libamdhip64.so, so that the HIP driver -- and the code it
 * shares with the CUDA driver (GpuDriver.cpp) -- runs on machines without
 * ROCm. It reports the HIP version FAKE_HIP_VERSION and FAKE_HIP_DEVICES
 * devices (0 or 1). Its one device is the host pretending: memory is
 * malloc'd, copies are memcpy, streams and events are handles (events
 * record the time), and a "code object" is the text FAKE-HSACO followed
 * by the names of the kernels it holds, which run on the host:
 *
 *   add_kernel(float *x, float *y, float *out, int n)
 *       out[i] = x[i] + y[i] for i < n, blockDim.x elements per block.
 *
 * Anything else loaded is refused as hipErrorInvalidImage (200). */
#ifndef FAKE_HIP_VERSION
#error "define FAKE_HIP_VERSION"
#endif
#ifndef FAKE_HIP_DEVICES
#define FAKE_HIP_DEVICES 0
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { kInvalidValue = 1, kInvalidImage = 200, kNotFound = 500 };

int hipRuntimeGetVersion(int *v) { *v = FAKE_HIP_VERSION; return 0; }
int hipGetDeviceCount(int *n) { *n = FAKE_HIP_DEVICES; return 0; }
const char *hipGetErrorName(int e) {
  return e == kInvalidImage ? "hipErrorInvalidImage"
         : e == kNotFound   ? "hipErrorNotFound"
                            : "hipErrorInvalidValue";
}
const char *hipGetErrorString(int e) { (void)e; return "fake HIP error"; }
int hipInit(unsigned flags) { (void)flags; return 0; }
int hipSetDevice(int d) { return d == 0 ? 0 : kInvalidValue; }

int hipDeviceGetName(char *name, int size, int device) {
  (void)device;
  snprintf(name, (size_t)size, "Fake HIP device (gfx942)");
  return 0;
}
int hipDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  switch (attribute) {
  case 63: *value = 304; return 0;   /* multiprocessors */
  case 87: *value = 64; return 0;    /* warp size */
  case 74: *value = 65536; return 0; /* shared memory per block */
  case 75: *value = 65536; return 0; /* opt-in */
  default: *value = 0; return 0;
  }
}
int hipDeviceTotalMem(size_t *bytes, int device) {
  (void)device;
  *bytes = (size_t)1 << 30;
  return 0;
}
/* hipDeviceProp_tR0600: the ISA name at offset 1160. */
int hipGetDevicePropertiesR0600(void *props, int device) {
  (void)device;
  strcpy((char *)props + 1160, "gfx942:sramecc+:xnack-");
  return 0;
}

/* Allocations, for hipPointerGetAttributes. */
#define MAX_ALLOCATIONS 4096
static struct { char *base; size_t size; } allocations[MAX_ALLOCATIONS];

int hipMalloc(void **p, size_t bytes) {
  for (int i = 0; i < MAX_ALLOCATIONS; ++i)
    if (!allocations[i].base) {
      char *m = aligned_alloc(256, (bytes + 255) / 256 * 256 + 256);
      if (!m)
        return kInvalidValue;
      allocations[i].base = m;
      allocations[i].size = bytes;
      *p = m;
      return 0;
    }
  return kInvalidValue;
}
int hipFree(void *p) {
  for (int i = 0; i < MAX_ALLOCATIONS; ++i)
    if (allocations[i].base == p) {
      free(p);
      allocations[i].base = NULL;
      return 0;
    }
  return p ? kInvalidValue : 0;
}
struct PointerAttributes {
  int type, device;
  void *devicePointer, *hostPointer;
  int isManaged;
  unsigned allocationFlags;
};
int hipPointerGetAttributes(struct PointerAttributes *a, const void *p) {
  for (int i = 0; i < MAX_ALLOCATIONS; ++i) {
    const char *b = allocations[i].base;
    if (b && (const char *)p >= b && (const char *)p < b + allocations[i].size) {
      memset(a, 0, sizeof(*a));
      a->type = 2; /* hipMemoryTypeDevice */
      a->device = 0;
      a->devicePointer = (void *)p;
      return 0;
    }
  }
  return kInvalidValue;
}
int hipMemcpyHtoD(void *dst, const void *src, size_t n) { memcpy(dst, src, n); return 0; }
int hipMemcpyDtoH(void *dst, const void *src, size_t n) { memcpy(dst, src, n); return 0; }
int hipMemcpyHtoDAsync(void *dst, const void *src, size_t n, void *s) {
  (void)s;
  memcpy(dst, src, n);
  return 0;
}
int hipMemcpyDtoHAsync(void *dst, const void *src, size_t n, void *s) {
  (void)s;
  memcpy(dst, src, n);
  return 0;
}
int hipHostMalloc(void **p, size_t n, unsigned flags) {
  (void)flags;
  *p = malloc(n ? n : 1);
  return *p ? 0 : kInvalidValue;
}
int hipHostFree(void *p) { free(p); return 0; }

int hipStreamCreateWithFlags(void **s, unsigned flags) {
  (void)flags;
  *s = malloc(1);
  return 0;
}
int hipStreamDestroy(void *s) { free(s); return 0; }
int hipStreamSynchronize(void *s) { (void)s; return 0; }
int hipDeviceSynchronize(void) { return 0; }

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
int hipEventCreateWithFlags(void **e, unsigned flags) {
  (void)flags;
  *e = calloc(1, sizeof(double));
  return 0;
}
int hipEventRecord(void *e, void *s) { (void)s; *(double *)e = now_ms(); return 0; }
int hipEventSynchronize(void *e) { (void)e; return 0; }
int hipEventElapsedTime(float *ms, void *a, void *b) {
  *ms = (float)(*(double *)b - *(double *)a);
  return 0;
}
int hipEventDestroy(void *e) { free(e); return 0; }

static const char kMagic[] = "FAKE-HSACO";
int hipModuleLoadData(void **m, const void *image) {
  if (strncmp((const char *)image, kMagic, sizeof(kMagic) - 1) != 0)
    return kInvalidImage;
  *m = strdup((const char *)image);
  return 0;
}
int hipModuleUnload(void *m) { free(m); return 0; }

static int add_kernel_tag;
int hipModuleGetFunction(void **f, void *m, const char *name) {
  if (strcmp(name, "add_kernel") == 0 && strstr((const char *)m, name)) {
    *f = &add_kernel_tag;
    return 0;
  }
  return kNotFound;
}
int hipFuncSetAttribute(void *f, int attribute, int value) {
  (void)f, (void)attribute, (void)value;
  return 0;
}
int hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params,
                          void **extra) {
  (void)gy, (void)gz, (void)by, (void)bz, (void)shared, (void)stream,
      (void)extra;
  if (f != &add_kernel_tag)
    return kInvalidValue;
  const float *x = *(const float **)params[0];
  const float *y = *(const float **)params[1];
  float *out = *(float **)params[2];
  int n = *(const int *)params[3];
  for (long i = 0; i < (long)gx * bx && i < n; ++i)
    out[i] = x[i] + y[i];
  return 0;
}
