/* The CUDA driver's own launch cost, for python_launch_compare.py: n
 * cuLaunchKernel calls of one function in a C loop (no Python between
 * them), timed with the monotonic clock. Built there with the machine's C
 * compiler and loaded with ctypes into the process that times Trident and
 * Triton, so all three share the context, the stream and the kernel. */
#include <dlfcn.h>
#include <stddef.h>
#include <time.h>

typedef int (*launch_t)(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra);

/* Microseconds per launch, or -1 when a launch fails. */
double bare_launch_us(void *function, void **params, int n, void *stream,
                      unsigned block, unsigned shared) {
  static launch_t launch;
  if (!launch) {
    void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!h)
      h = dlopen("libcuda.so.1", RTLD_NOW);
    if (!h || !(launch = (launch_t)dlsym(h, "cuLaunchKernel")))
      return -1;
  }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int i = 0; i < n; ++i)
    if (launch(function, 1, 1, 1, block, 1, 1, shared, stream, params, NULL))
      return -1;
  clock_gettime(CLOCK_MONOTONIC, &b);
  return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e3 / n;
}
