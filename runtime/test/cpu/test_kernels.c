/* Host kernels following the cpu kernel ABI of trident/runtime.h, written by
 * hand so that the runtime's tests do not depend on the compiler (kernels
 * the cpu backend compiles are run by ctest cpu-end-to-end and the
 * conformance suite). */
#include "trident/runtime.h"

#include <string.h>

#define EXPORT __attribute__((visibility("default")))

/* out[i] = x[i] + y[i] for i < n; 256 elements per program. */
EXPORT void add_kernel(const void *const *args,
                       const trident_cpu_program_t *program) {
  const float *x = *(const float *const *)args[0];
  const float *y = *(const float *const *)args[1];
  float *out = *(float *const *)args[2];
  int n = *(const int *)args[3];
  int start = (int)program->program_id[0] * 256;
  for (int i = start; i < start + 256 && i < n; ++i)
    out[i] = x[i] + y[i];
}

/* Writes each scalar argument's bytes, as the kernel sees them, to out:
 * (i8, u16, i32, i64, fp32, fp64, fp16 bits, bf16 bits, i1). */
EXPORT void pack_kernel(const void *const *args,
                        const trident_cpu_program_t *program) {
  long long *out = *(long long *const *)args[0];
  out[0] = *(const signed char *)args[1];
  out[1] = *(const unsigned short *)args[2];
  out[2] = *(const int *)args[3];
  out[3] = *(const long long *)args[4];
  float f;
  memcpy(&f, args[5], 4);
  out[4] = (long long)(f * 1000);
  double d;
  memcpy(&d, args[6], 8);
  out[5] = (long long)(d * 1000);
  out[6] = *(const unsigned short *)args[7];
  out[7] = *(const unsigned short *)args[8];
  out[8] = *(const unsigned char *)args[9];
}

/* Records which programs ran: hits[z][y][x] += 1. */
EXPORT void grid_kernel(const void *const *args,
                        const trident_cpu_program_t *p) {
  int *hits = *(int *const *)args[0];
  unsigned idx = (p->program_id[2] * p->num_programs[1] + p->program_id[1]) *
                     p->num_programs[0] + p->program_id[0];
  __atomic_fetch_add(&hits[idx], 1, __ATOMIC_RELAXED);
}

/* out[0] = 1: says which binary of two variants ran (test_kernels_alt.c
 * defines the same symbol writing 2). */
EXPORT void which_kernel(const void *const *args,
                         const trident_cpu_program_t *program) {
  (void)program;
  int *out = *(int *const *)args[0];
  out[0] = 1;
}

/* A kernel that requires "scratch": its hidden arguments follow `out` --
 * global scratch (8 bytes per program) and profile scratch (NULL here).
 * Each program stores its id in its own scratch slot and reads it back, so
 * overlapping or missing scratch shows as a wrong value. */
EXPORT void scratch_kernel(const void *const *args,
                           const trident_cpu_program_t *program) {
  long long *out = *(long long *const *)args[0];
  long long *scratch = *(long long *const *)args[1];
  void *profile = *(void *const *)args[2];
  unsigned pid = program->program_id[0];
  if (!scratch || profile) {
    out[pid] = -1;
    return;
  }
  scratch[pid] = pid * 3 + 1;
  out[pid] = scratch[pid] == (long long)(pid * 3 + 1) &&
                     ((unsigned long long)scratch % 128) == 0
                 ? pid
                 : -2;
}
