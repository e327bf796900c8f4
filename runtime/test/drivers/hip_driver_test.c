/* Prints why the runtime's HIP driver is unavailable ("available" if it
 * is), for the HIP driver's test with a fake libamdhip64 (fake_hip.c):
 * a HIP 5 runtime must be refused by its version, a HIP 6 one without
 * devices must say so. */
#include "trident/runtime.h"

#include <stdio.h>
#include <string.h>

int main(void) {
  trident_runtime_t *rt = NULL;
  if (trident_runtime_create(&rt)) {
    fprintf(stderr, "cannot create the runtime\n");
    return 1;
  }
  for (size_t i = 0; i < trident_runtime_driver_count(rt); ++i) {
    if (strcmp(trident_runtime_driver_name(rt, i), "hip") != 0)
      continue;
    const char *why = trident_runtime_driver_unavailable_reason(rt, i);
    printf("hip: %s\n", why ? why : "available");
  }
  trident_runtime_release(rt);
  return 0;
}
