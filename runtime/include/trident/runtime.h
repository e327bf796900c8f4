/*===- runtime.h - Trident's runtime: load bundles, launch kernels -*- C -*-===*
 *
 * libtrident-runtime is what applications link to run compiled kernels on
 * NVIDIA GPUs (CUDA driver API, loaded with dlopen from libcuda.so.1), AMD
 * GPUs (HIP, from libamdhip64.so) and the host CPU (a thread pool). It does
 * not depend on LLVM, MLIR or any vendor library at link time: a machine
 * without a vendor library simply has no devices of that kind, and the
 * driver says why.
 *
 * Style (as in IREE's HAL): opaque handles, explicit create and release,
 * and every fallible call returns a trident_status_t -- NULL on success,
 * otherwise an object carrying a code and a message that names the cause
 * (for driver errors: the API call that failed) which the caller frees with
 * trident_status_free.
 *
 * Threading: a runtime and its objects may be used from several threads as
 * long as one object is not released while another thread uses it.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TRIDENT_RUNTIME_H
#define TRIDENT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_RUNTIME_API_VERSION 1

/*===-- Status -------------------------------------------------------------===*/

typedef enum trident_status_code_e {
  TRIDENT_OK = 0,
  TRIDENT_INVALID_ARGUMENT = 1, /* a bad parameter from the caller */
  TRIDENT_NOT_FOUND = 2,        /* no such kernel, device, file, entry */
  TRIDENT_UNAVAILABLE = 3,      /* a driver or device that is not usable */
  TRIDENT_DATA_LOSS = 4,        /* a corrupt or truncated bundle */
  TRIDENT_DRIVER_ERROR = 5,     /* a vendor API call failed */
  TRIDENT_OUT_OF_MEMORY = 6,
  TRIDENT_INTERNAL = 7,
} trident_status_code_t;

typedef struct trident_status_s *trident_status_t; /* NULL: success */

trident_status_code_t trident_status_code(trident_status_t status);
/* The message; valid until the status is freed. "" for NULL. */
const char *trident_status_message(trident_status_t status);
void trident_status_free(trident_status_t status);

/*===-- Runtime, drivers and devices ----------------------------------------===*/

typedef struct trident_runtime_s trident_runtime_t;
typedef struct trident_device_s trident_device_t;

/* Loads the drivers (cuda, hip, cpu) and enumerates their devices. A driver
 * whose library is missing contributes no devices; this is not an error. */
trident_status_t trident_runtime_create(trident_runtime_t **out_runtime);
void trident_runtime_release(trident_runtime_t *runtime);

size_t trident_runtime_driver_count(const trident_runtime_t *runtime);
/* "cuda", "hip", "cpu". */
const char *trident_runtime_driver_name(const trident_runtime_t *runtime,
                                        size_t index);
/* NULL when the driver is available, else why it is not (for example
 * "libcuda.so.1 could not be loaded: ...: cannot open shared object file"). */
const char *trident_runtime_driver_unavailable_reason(
    const trident_runtime_t *runtime, size_t index);

size_t trident_runtime_device_count(const trident_runtime_t *runtime);
/* Devices are owned by the runtime. Order: cuda, hip, cpu. */
trident_status_t trident_runtime_device(trident_runtime_t *runtime,
                                        size_t index,
                                        trident_device_t **out_device);
/* The first device whose target starts with `prefix` ("cuda", "cpu", ...). */
trident_status_t trident_runtime_find_device(trident_runtime_t *runtime,
                                             const char *prefix,
                                             trident_device_t **out_device);

typedef struct trident_device_info_s {
  const char *name;   /* "NVIDIA H200", "host CPU (16 threads)" */
  const char *target; /* "cuda:90", "hip:gfx942", "cpu" */
  const char *driver; /* "cuda", "hip", "cpu" */
  uint64_t total_memory;
  int multiprocessor_count;        /* SMs, CUs, or CPU threads */
  int warp_size;                   /* 32, 64, or 1 */
  size_t shared_memory_per_block;  /* without opt-in */
  size_t shared_memory_per_block_optin; /* the most a kernel may request */
} trident_device_info_t;

/* The strings stay valid while the runtime lives. */
trident_status_t trident_device_info(const trident_device_t *device,
                                     trident_device_info_t *out_info);

/*===-- Memory ---------------------------------------------------------------===*/

typedef struct trident_buffer_s trident_buffer_t;
typedef struct trident_stream_s trident_stream_t;

trident_status_t trident_buffer_allocate(trident_device_t *device,
                                         size_t bytes,
                                         trident_buffer_t **out_buffer);
void trident_buffer_release(trident_buffer_t *buffer);
/* The device address (pass it to kernels, or pass the buffer itself). */
void *trident_buffer_address(const trident_buffer_t *buffer);
size_t trident_buffer_size(const trident_buffer_t *buffer);
trident_device_t *trident_buffer_device(const trident_buffer_t *buffer);

/* Copies between host memory and a buffer. With a stream the copy is
 * ordered on it and may return before it completes (pinned host memory
 * makes it truly asynchronous); with NULL it is complete on return. */
trident_status_t trident_buffer_write(trident_buffer_t *buffer, size_t offset,
                                      const void *source, size_t bytes,
                                      trident_stream_t *stream);
trident_status_t trident_buffer_read(const trident_buffer_t *buffer,
                                     size_t offset, void *destination,
                                     size_t bytes, trident_stream_t *stream);

/* Page-locked host memory for fast, asynchronous copies. */
trident_status_t trident_host_allocate(trident_device_t *device, size_t bytes,
                                       void **out_pointer);
void trident_host_free(trident_device_t *device, void *pointer);

/*===-- Streams and events ----------------------------------------------------===*/

typedef struct trident_event_s trident_event_t;

trident_status_t trident_stream_create(trident_device_t *device,
                                       trident_stream_t **out_stream);
void trident_stream_release(trident_stream_t *stream);
trident_status_t trident_stream_synchronize(trident_stream_t *stream);
/* Waits for all work on the device. */
trident_status_t trident_device_synchronize(trident_device_t *device);

trident_status_t trident_event_create(trident_device_t *device,
                                      trident_event_t **out_event);
void trident_event_release(trident_event_t *event);
/* Records on `stream` (NULL: the device's default stream). */
trident_status_t trident_event_record(trident_event_t *event,
                                      trident_stream_t *stream);
trident_status_t trident_event_synchronize(trident_event_t *event);
trident_status_t trident_event_elapsed_ms(const trident_event_t *start,
                                          const trident_event_t *end,
                                          float *out_milliseconds);

/*===-- Modules and kernels ---------------------------------------------------===*/

typedef struct trident_module_s trident_module_t;
typedef struct trident_kernel_s trident_kernel_t;

/* Loads a bundle (see docs/bundle-format.md) for `device`: the entry whose
 * target equals the device's, else a compatible one (CUDA: PTX of an older
 * or equal architecture, JIT-compiled by the driver). When none fits, the
 * error lists what the bundle holds. */
trident_status_t trident_module_load_file(trident_device_t *device,
                                          const char *path,
                                          trident_module_t **out_module);
trident_status_t trident_module_load_memory(trident_device_t *device,
                                            const void *data, size_t size,
                                            trident_module_t **out_module);
void trident_module_release(trident_module_t *module);

/* Kernels are owned by their module. */
trident_status_t trident_module_kernel(trident_module_t *module,
                                       const char *name,
                                       trident_kernel_t **out_kernel);

typedef struct trident_kernel_info_s {
  const char *name;
  const char *target;
  const char *format; /* "cubin", "ptx", "hsaco", "host-so" */
  int num_warps;
  int threads_per_warp;
  int block_size; /* num_warps * threads_per_warp */
  uint64_t shared_memory;
  size_t num_args;
} trident_kernel_info_t;

trident_status_t trident_kernel_info(const trident_kernel_t *kernel,
                                     trident_kernel_info_t *out_info);
/* The name and signature type ("*fp32", "i32", ...) of argument `index`. */
trident_status_t trident_kernel_arg(const trident_kernel_t *kernel,
                                    size_t index, const char **out_name,
                                    const char **out_type);

/*===-- Launch ---------------------------------------------------------------===*/

typedef enum trident_arg_kind_e {
  TRIDENT_ARG_BUFFER = 0,  /* value.buffer (+ value.offset bytes) */
  TRIDENT_ARG_POINTER = 1, /* value.pointer: a device address */
  TRIDENT_ARG_INT = 2,     /* value.i: converted to the kernel's type */
  TRIDENT_ARG_FLOAT = 3,   /* value.f: converted to the kernel's type */
} trident_arg_kind_t;

typedef struct trident_arg_s {
  trident_arg_kind_t kind;
  union {
    struct {
      trident_buffer_t *buffer;
      size_t offset;
    } buffer;
    void *pointer;
    int64_t i;
    double f;
  } value;
} trident_arg_t;

typedef struct trident_launch_config_s {
  uint32_t grid[3];         /* programs in x, y, z (0 is taken as 1) */
  trident_stream_t *stream; /* NULL: the device's default stream */
} trident_launch_config_t;

/* Launches asynchronously. `args` are the kernel's runtime arguments in
 * order (constexpr parameters are not passed). Every pointer argument must
 * belong to the kernel's device; a wrong count, kind or range is an error
 * naming the argument. */
trident_status_t trident_kernel_launch(trident_kernel_t *kernel,
                                       const trident_launch_config_t *config,
                                       const trident_arg_t *args,
                                       size_t num_args);

/*===-- The cpu kernel ABI ------------------------------------------------------===*
 * A cpu entry ("host-so") is a shared object exporting, for each kernel,
 *
 *   void NAME(const void *const *args, const trident_cpu_program_t *program);
 *
 * where args[i] points to the value of runtime argument i (as CUDA's
 * kernelParams) and `program` gives the program's id and the grid. The cpu
 * driver calls it once per program, spread over a thread pool.
 */
typedef struct trident_cpu_program_s {
  uint32_t program_id[3];
  uint32_t num_programs[3];
} trident_cpu_program_t;

typedef void (*trident_cpu_kernel_fn)(const void *const *args,
                                      const trident_cpu_program_t *program);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TRIDENT_RUNTIME_H */
