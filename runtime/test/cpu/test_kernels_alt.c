/* A second host binary exporting a kernel of the same name as
 * test_kernels.c does, so that tests can tell which of two variants of one
 * kernel a launch ran. */
#include "trident/runtime.h"

#define EXPORT __attribute__((visibility("default")))

EXPORT void which_kernel(const void *const *args,
                         const trident_cpu_program_t *program) {
  (void)program;
  int *out = *(int *const *)args[0];
  out[0] = 2;
}
