/* A stand-in for libcuda.so.1, so that the CUDA driver's handling of TMA
 * descriptors runs on machines without an NVIDIA GPU. One device, sm_90,
 * which is the host pretending: memory is malloc'd, copies are memcpy,
 * streams and events are handles. A "cubin" is the text FAKE-CUBIN
 * followed by the names of the kernels it holds, which run on the host:
 *
 *   tma_echo(CUtensorMap map, unsigned char *out)
 *       copies the 128 bytes of the descriptor it was given to out.
 *
 * cuTensorMapEncodeTiled writes what it was asked for into the 128 bytes
 * (FakeTensorMap, fake_cuda.h), so a test reads back what the runtime encoded and
 * in which parameter it passed it. */
#include "fake_cuda.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kInvalidValue = 1, kInvalidImage = 200, kNotFound = 500 };

int cuInit(unsigned flags) { (void)flags; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int ordinal) { *d = ordinal; return ordinal == 0 ? 0 : kInvalidValue; }
int cuDeviceGetName(char *name, int size, int device) {
  (void)device;
  snprintf(name, (size_t)size, "Fake CUDA device (sm_90)");
  return 0;
}
int cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  switch (attribute) {
  case 1: *value = 1024; return 0;          /* max threads per block */
  case 5: case 6: case 7: *value = 65535; return 0; /* max grid */
  case 8: *value = 49152; return 0;         /* shared per block */
  case 10: *value = 32; return 0;           /* warp size */
  case 16: *value = 132; return 0;          /* multiprocessors */
  case 75: *value = 9; return 0;            /* compute capability */
  case 76: *value = 0; return 0;
  case 97: *value = 232448; return 0;       /* shared opt-in */
  default: *value = 0; return 0;
  }
}
int cuDeviceTotalMem_v2(size_t *bytes, int device) {
  (void)device;
  *bytes = (size_t)1 << 30;
  return 0;
}
static int ctxHandle;
int cuDevicePrimaryCtxRetain(void **ctx, int device) { (void)device; *ctx = &ctxHandle; return 0; }
int cuDevicePrimaryCtxRelease_v2(int device) { (void)device; return 0; }
static void *current;
int cuCtxSetCurrent(void *ctx) { current = ctx; return 0; }
int cuCtxGetCurrent(void **ctx) { *ctx = current; return 0; }
int cuCtxSynchronize(void) { return 0; }

/* Allocations, so that cuPointerGetAttribute knows them. */
static struct { char *p; size_t n; } allocs[256];
int cuMemAlloc_v2(void **p, size_t n) {
  for (int i = 0; i < 256; ++i)
    if (!allocs[i].p) {
      allocs[i].p = calloc(1, n ? n : 1);
      allocs[i].n = n;
      *p = allocs[i].p;
      return 0;
    }
  return 2; /* out of memory */
}
int cuMemFree_v2(void *p) {
  for (int i = 0; i < 256; ++i)
    if (allocs[i].p == p) {
      free(p);
      allocs[i].p = NULL;
      return 0;
    }
  return kInvalidValue;
}
int cuPointerGetAttribute(void *data, int attribute, uintptr_t ptr) {
  for (int i = 0; i < 256; ++i)
    if (allocs[i].p && ptr >= (uintptr_t)allocs[i].p &&
        ptr <= (uintptr_t)allocs[i].p + allocs[i].n) {
      if (attribute == 9) /* device ordinal */
        *(int *)data = 0;
      else if (attribute == 16) /* access flags */
        *(int *)data = 3;
      return 0;
    }
  return kInvalidValue;
}
int cuMemcpyHtoD_v2(void *d, const void *s, size_t n) { memcpy(d, s, n); return 0; }
int cuMemcpyDtoH_v2(void *d, const void *s, size_t n) { memcpy(d, s, n); return 0; }
int cuMemcpyHtoDAsync_v2(void *d, const void *s, size_t n, void *st) { (void)st; memcpy(d, s, n); return 0; }
int cuMemcpyDtoHAsync_v2(void *d, const void *s, size_t n, void *st) { (void)st; memcpy(d, s, n); return 0; }
int cuMemHostAlloc(void **p, size_t n, unsigned f) { (void)f; *p = malloc(n ? n : 1); return 0; }
int cuMemFreeHost(void *p) { free(p); return 0; }

static int handles[64];
static int nextHandle;
static void *handle(void) { return &handles[nextHandle++ % 64]; }
int cuStreamCreate(void **s, unsigned f) { (void)f; *s = handle(); return 0; }
int cuStreamDestroy_v2(void *s) { (void)s; return 0; }
int cuStreamSynchronize(void *s) { (void)s; return 0; }
int cuStreamGetCtx(void *s, void **ctx) { (void)s; *ctx = &ctxHandle; return 0; }
int cuEventCreate(void **e, unsigned f) { (void)f; *e = handle(); return 0; }
int cuEventDestroy_v2(void *e) { (void)e; return 0; }
int cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
int cuEventSynchronize(void *e) { (void)e; return 0; }
int cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 0; return 0; }

struct Module { char names[256]; };
int cuModuleLoadData(void **m, const void *image) {
  const char *text = (const char *)image;
  if (strncmp(text, "FAKE-CUBIN", 10) != 0)
    return kInvalidImage;
  struct Module *mod = calloc(1, sizeof *mod);
  snprintf(mod->names, sizeof mod->names, "%s", text + 10);
  *m = mod;
  return 0;
}
int cuModuleUnload(void *m) { free(m); return 0; }
static int echoFunction;
int cuModuleGetFunction(void **f, void *m, const char *name) {
  if (strcmp(name, "tma_echo") != 0 || !strstr(((struct Module *)m)->names, name))
    return kNotFound;
  *f = &echoFunction;
  return 0;
}
int cuFuncSetAttribute(void *f, int a, int v) { (void)f; (void)a; (void)v; return 0; }
int cuFuncGetAttribute(int *v, int a, void *f) { (void)a; (void)f; *v = 0; return 0; }

int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned shared, void *stream,
                   void **params, void **extra) {
  (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)shared;
  (void)stream; (void)extra;
  if (f != &echoFunction)
    return kInvalidValue;
  unsigned char *out = *(unsigned char **)params[1];
  memcpy(out, params[0], 128);
  return 0;
}

int cuTensorMapEncodeTiled(void *map, int type, unsigned rank, void *base,
                           const unsigned long long *dims,
                           const unsigned long long *strides,
                           const unsigned *box, const unsigned *elementStrides,
                           int interleave, int swizzle, int l2, int fill) {
  if (((uintptr_t)map & 63) != 0 || rank < 1 || rank > 5)
    return kInvalidValue;
  struct FakeTensorMap m;
  memset(&m, 0, sizeof m);
  m.magic = FAKE_TENSOR_MAP_MAGIC;
  m.type = (uint8_t)type;
  m.rank = (uint8_t)rank;
  m.interleave = (uint8_t)interleave;
  m.swizzle = (uint8_t)swizzle;
  m.l2 = (uint8_t)l2;
  m.fill = (uint8_t)fill;
  m.elementStridesOne = 1;
  m.base = (uint64_t)(uintptr_t)base;
  for (unsigned i = 0; i < rank; ++i) {
    m.dims[i] = (uint32_t)dims[i];
    m.box[i] = box[i];
    m.elementStridesOne &= elementStrides[i] == 1;
    if (i + 1 < rank)
      m.strides[i] = strides[i];
  }
  memcpy(map, &m, sizeof m);
  return 0;
}

const char *errorName = "CUDA_ERROR_FAKE";
int cuGetErrorName(int e, const char **s) { (void)e; *s = errorName; return 0; }
int cuGetErrorString(int e, const char **s) { (void)e; *s = "fake CUDA error"; return 0; }
