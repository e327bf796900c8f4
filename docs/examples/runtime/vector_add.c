/* A complete program using Trident's runtime from C: load a bundle, pick a
 * device, copy inputs, launch a kernel, check the result.
 *
 *   cc vector_add.c -I<prefix>/include -L<prefix>/lib -ltrident-runtime
 *   ./a.out add.bundle [cpu|cuda|hip]
 *
 * The bundle holds `add_kernel(x_ptr: *fp32, y_ptr: *fp32, out_ptr: *fp32,
 * n: i32)` with 256 elements per program, for one or more targets. */
#include "trident/runtime.h"

#include <stdio.h>
#include <stdlib.h>

/* Prints the status's message and exits if it is an error. */
static void check(trident_status_t status, const char *what) {
  if (!status)
    return;
  fprintf(stderr, "%s: %s\n", what, trident_status_message(status));
  trident_status_free(status);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s BUNDLE [device prefix]\n", argv[0]);
    return 2;
  }
  const char *want = argc > 2 ? argv[2] : "cpu";

  trident_runtime_t *runtime;
  check(trident_runtime_create(&runtime), "runtime");
  for (size_t i = 0; i < trident_runtime_driver_count(runtime); ++i) {
    const char *why = trident_runtime_driver_unavailable_reason(runtime, i);
    printf("driver %s: %s\n", trident_runtime_driver_name(runtime, i),
           why ? why : "available");
  }
  trident_device_t *device;
  check(trident_runtime_find_device(runtime, want, &device), "device");
  trident_device_info_t info = TRIDENT_DEVICE_INFO_INIT;
  check(trident_device_info(device, &info), "device info");
  printf("running on %s (%s)\n", info.name, info.target);

  trident_module_t *module;
  check(trident_module_load_file(device, argv[1], &module), "load bundle");
  trident_kernel_t *kernel;
  check(trident_module_kernel(module, "add_kernel", &kernel), "kernel");

  enum { N = 100000 };
  float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float)),
        *out = malloc(N * sizeof(float));
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(rand() % 1000) / 7.0f;
    y[i] = (float)(rand() % 1000) / 3.0f;
    out[i] = -1.0f; /* poison: every element must be written */
  }
  trident_buffer_t *bx, *by, *bout;
  check(trident_buffer_allocate(device, N * sizeof(float), &bx), "alloc x");
  check(trident_buffer_allocate(device, N * sizeof(float), &by), "alloc y");
  check(trident_buffer_allocate(device, N * sizeof(float), &bout), "alloc out");
  check(trident_buffer_write(bx, 0, x, N * sizeof(float), NULL), "write x");
  check(trident_buffer_write(by, 0, y, N * sizeof(float), NULL), "write y");
  check(trident_buffer_write(bout, 0, out, N * sizeof(float), NULL), "poison");

  /* Runtime arguments in order; the kernel's constexprs are not passed. */
  trident_arg_t args[4];
  args[0].kind = TRIDENT_ARG_BUFFER;
  args[0].value.buffer.buffer = bx;
  args[0].value.buffer.offset = 0;
  args[1] = args[0];
  args[1].value.buffer.buffer = by;
  args[2] = args[0];
  args[2].value.buffer.buffer = bout;
  args[3].kind = TRIDENT_ARG_INT;
  args[3].value.i = N;

  trident_stream_t *stream;
  trident_event_t *start, *stop;
  check(trident_stream_create(device, &stream), "stream");
  check(trident_event_create(device, &start), "event");
  check(trident_event_create(device, &stop), "event");
  trident_launch_config_t config = {sizeof(trident_launch_config_t), {(N + 255) / 256, 1, 1}, stream};
  check(trident_event_record(start, stream), "record");
  check(trident_kernel_launch(kernel, &config, args, 4), "launch");
  check(trident_event_record(stop, stream), "record");
  check(trident_stream_synchronize(stream), "synchronize");
  float ms;
  check(trident_event_elapsed_ms(start, stop, &ms), "elapsed");
  check(trident_buffer_read(bout, 0, out, N * sizeof(float), NULL), "read");

  int wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += out[i] != x[i] + y[i];
  printf("add_kernel: %d elements, %d wrong, %.3f ms\n", N, wrong, ms);

  trident_event_release(start);
  trident_event_release(stop);
  trident_stream_release(stream);
  trident_buffer_release(bx);
  trident_buffer_release(by);
  trident_buffer_release(bout);
  trident_module_release(module);
  trident_runtime_release(runtime);
  free(x);
  free(y);
  free(out);
  return wrong ? 1 : 0;
}
