/* For python_launch_split.py: a no-op in place of trident_kernel_launch,
 * and trident_kernel_launch called in a C loop (the runtime and the driver
 * without Python). arg_t and cfg_t are runtime.h's trident_arg_t and
 * trident_launch_config_t. */
#include <stdint.h>
#include <time.h>
#include <stddef.h>
void *stub_launch(void *k, const void *c, const void *a, size_t n) { (void)k; (void)c; (void)a; (void)n; return 0; }
typedef struct { int kind; union { struct { void *b; size_t o; } buffer; uint64_t v; } value; } arg_t;
typedef struct { size_t struct_size; uint32_t grid[3]; void *stream; } cfg_t;
typedef void *(*launch_fn)(void *, const cfg_t *, const arg_t *, size_t);
/* trident_kernel_launch in a C loop: microseconds per launch */
double runtime_loop_us(void *fn, void *kernel, void *stream, const uint64_t *vals, const int *kinds, int n, int count) {
  arg_t a[32]; for (int i = 0; i < n; ++i) { a[i].kind = kinds[i]; a[i].value.v = vals[i]; }
  cfg_t c = {sizeof(cfg_t), {1, 1, 1}, stream};
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < count; ++i) if (((launch_fn)fn)(kernel, &c, a, n)) return -1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / count;
}

#include <dlfcn.h>
/* cuPointerGetAttribute(DEVICE_ORDINAL) and cuCtxGetCurrent in C loops:
 * nanoseconds per call. */
double pointer_check_ns(uint64_t p, int n) {
  typedef int (*pga_t)(void *, int, uint64_t);
  pga_t f = (pga_t)dlsym(dlopen("libcuda.so.1", RTLD_NOW), "cuPointerGetAttribute");
  int v;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < n; ++i)
    if (f(&v, 9, p))
      return -1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n;
}
