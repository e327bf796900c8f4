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

#define TRIDENT_RUNTIME_API_VERSION 5

/* TRIDENT_RUNTIME_API_VERSION of the library, to check against the header
 * a caller was written for (bindings that declare the structs themselves,
 * as the Python package does, check it before using them). */
int trident_runtime_api_version(void);

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
  TRIDENT_ASSERTION_FAILED = 8, /* a kernel's tl.device_assert failed (cpu;
                                   a GPU's driver reports it as its error) */
  TRIDENT_OUT_OF_BOUNDS = 9,    /* a checked cpu kernel accessed memory
                                   outside what the launch can reach */
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

/* Versioned by size, as trident_launch_config_t: set struct_size to
 * sizeof(trident_device_info_t) as the caller was compiled
 * (TRIDENT_DEVICE_INFO_INIT); the runtime writes the fields that fit in
 * it, so a caller built against an older header, whose struct ends
 * earlier, is never written past (and one built against a newer header
 * gets zeros in the fields this runtime does not know). */
typedef struct trident_device_info_s {
  size_t struct_size;
  const char *name;   /* "NVIDIA H200", "host CPU (16 threads)" */
  const char *target; /* "cuda:90", "hip:gfx942", "cpu" */
  const char *driver; /* "cuda", "hip", "cpu" */
  uint64_t total_memory;
  int multiprocessor_count;        /* SMs, CUs, or CPU threads */
  int warp_size;                   /* 32, 64, or 1 */
  size_t shared_memory_per_block;  /* without opt-in */
  size_t shared_memory_per_block_optin; /* the most a kernel may request */
  uint32_t max_grid[3];      /* the most blocks along x, y, z */
  int max_threads_per_block; /* block size limit of the device */
} trident_device_info_t;

#define TRIDENT_DEVICE_INFO_INIT {sizeof(trident_device_info_t)}

/* The strings stay valid while the runtime lives. */
trident_status_t trident_device_info(const trident_device_t *device,
                                     trident_device_info_t *out_info);

/* A device attribute by name, for what trident_device_info does not hold
 * (CUDA: "max_registers_per_block", "max_registers_per_multiprocessor",
 * "max_threads_per_multiprocessor", "max_shared_memory_per_multiprocessor",
 * "clock_rate_khz", "memory_clock_rate_khz", "global_memory_bus_width",
 * "l2_cache_size"). TRIDENT_NOT_FOUND when the device has no such
 * attribute. */
trident_status_t trident_device_attribute(const trident_device_t *device,
                                          const char *name,
                                          int64_t *out_value);

/*===-- Memory ---------------------------------------------------------------===*/

typedef struct trident_buffer_s trident_buffer_t;
typedef struct trident_stream_s trident_stream_t;

trident_status_t trident_buffer_allocate(trident_device_t *device,
                                         size_t bytes,
                                         trident_buffer_t **out_buffer);
/* Wraps `bytes` of memory at `address` that the application allocated (a
 * PyTorch, CuPy or JAX tensor, a numpy array) as a buffer, so that it can
 * be passed to kernels and copied like one. Trident does not take
 * ownership: releasing the buffer leaves the memory alone, and the memory
 * must outlive the buffer. On a GPU the range must be memory of the device
 * (or of a peer with access enabled); on cpu, where only memory Trident
 * knows passes the launch's pointer check, it is any host memory, and
 * pointers into it pass the check while the buffer lives. */
trident_status_t trident_buffer_wrap(trident_device_t *device, void *address,
                                     size_t bytes,
                                     trident_buffer_t **out_buffer);
/* Frees the buffer's memory (for a wrapped buffer: forgets it). */
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
/* Wraps a stream the application already has (a CUstream on a CUDA device,
 * a hipStream_t on a HIP device; NULL: the legacy default stream) so that
 * kernels launch on it. Trident does not take ownership: releasing the
 * wrapper leaves the native stream alone. A CUDA stream must belong to the
 * device's primary context (PyTorch's streams do). */
trident_status_t trident_stream_wrap_native(trident_device_t *device,
                                            void *native_stream,
                                            trident_stream_t **out_stream);
/* The native stream behind `stream` (CUstream, hipStream_t; NULL on cpu). */
void *trident_stream_native(const trident_stream_t *stream);
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

/* Versioned by size, as trident_device_info_t: set struct_size
 * (TRIDENT_KERNEL_INFO_INIT). */
typedef struct trident_kernel_info_s {
  size_t struct_size;
  const char *name;
  const char *target;
  const char *format; /* "cubin", "ptx", "hsaco", "host-so" */
  int num_warps;
  int threads_per_warp;
  int block_size; /* num_warps * threads_per_warp */
  uint64_t shared_memory; /* dynamic shared memory per block, bytes */
  size_t num_args;        /* launch arguments (every non-constexpr one) */
  int num_ctas;           /* CTAs per program */
  uint32_t cluster_dims[3];
  uint64_t global_scratch_size; /* per program, bytes (the runtime allocates) */
  /* What the compiler's assembler reported (0: not known). */
  int spills;                   /* spilled bytes, stores plus loads */
  /* What the driver reports once the binary is loaded (0 where the driver
   * does not say, as on cpu). */
  int registers;                /* per thread */
  uint64_t local_memory;        /* bytes per thread */
  int max_threads_per_block;
  /* Entries of this kernel for the device that differ in specialization;
   * a launch runs the first whose specialization the arguments satisfy.
   * This info describes variant 0; see trident_kernel_variant_info. */
  size_t num_variants;
} trident_kernel_info_t;

#define TRIDENT_KERNEL_INFO_INIT {sizeof(trident_kernel_info_t)}

trident_status_t trident_kernel_info(const trident_kernel_t *kernel,
                                     trident_kernel_info_t *out_info);
/* The same for variant `variant` (0 .. num_variants - 1). Variants are
 * ordered most specialized first. */
trident_status_t trident_kernel_variant_info(const trident_kernel_t *kernel,
                                             size_t variant,
                                             trident_kernel_info_t *out_info);
/* The name and signature type ("*fp32", "i32", ...) of argument `index`. */
trident_status_t trident_kernel_arg(const trident_kernel_t *kernel,
                                    size_t index, const char **out_name,
                                    const char **out_type);
/* Argument `index` as variant `variant` was specialized for it, in
 * signature syntax: "*fp32:16" (16-byte aligned), "i32:16" (divisible by
 * 16), "i32:1" (equal to 1), "i32" (anything). */
trident_status_t trident_kernel_variant_arg(const trident_kernel_t *kernel,
                                            size_t variant, size_t index,
                                            const char **out_spelling);

/*===-- Launch ---------------------------------------------------------------===*/

typedef enum trident_arg_kind_e {
  TRIDENT_ARG_BUFFER = 0,  /* value.buffer (+ value.offset bytes) */
  TRIDENT_ARG_POINTER = 1, /* value.pointer: a device address */
  TRIDENT_ARG_INT = 2,     /* value.i: converted to the kernel's type */
  TRIDENT_ARG_FLOAT = 3,   /* value.f: converted to the kernel's type */
  TRIDENT_ARG_UINT = 4,    /* value.u: an unsigned integer (2^63 and up for
                              a u64 parameter), converted as value.i is */
  TRIDENT_ARG_DEVICE_POINTER = 5, /* value.pointer: a device address the
                              caller vouches for as memory of the kernel's
                              device (the data of a framework's tensor on
                              that device): not looked up with the driver,
                              only checked for NULL and alignment (API 5) */
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
    uint64_t u;
    double f;
  } value;
} trident_arg_t;

/* Versioned by size: `struct_size` is sizeof(trident_launch_config_t) as
 * the caller was compiled, so fields can be added at the end without
 * breaking callers (a caller's missing fields take their defaults; fields
 * the runtime does not know must be zero). Start from
 * TRIDENT_LAUNCH_CONFIG_INIT. */
typedef struct trident_launch_config_s {
  size_t struct_size;
  uint32_t grid[3];         /* programs in x, y, z; any 0: nothing runs */
  trident_stream_t *stream; /* NULL: the device's default stream */
} trident_launch_config_t;

#define TRIDENT_LAUNCH_CONFIG_INIT                                            \
  { sizeof(trident_launch_config_t), {1, 1, 1}, NULL }

/* Launches asynchronously. `args` are the kernel's launch arguments in
 * order: every parameter that is not a constexpr, including integers the
 * kernel was specialized to 1 for (checked, not passed). Every pointer
 * argument must belong to the kernel's device (or a peer with access
 * enabled). An argument that breaks the specialization the kernel was
 * compiled for (a pointer not 16-byte aligned for `*fp32:16`, an integer
 * not divisible by 16 or not 1) picks another variant of the kernel, or is
 * an error naming the argument when none fits. A grid with a 0 launches
 * nothing and succeeds, as in Triton; a grid above the device's limits is
 * an error naming the limit. Launch parameters (block size, cluster shape,
 * shared memory, scratch memory) come from the kernel's metadata. */
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
 * driver calls it once per program, spread over a thread pool. A kernel
 * whose metadata requires "scratch" gets two more pointers after its own
 * arguments, as on GPUs: its global scratch memory (global_scratch_size
 * bytes per program, program i's at i * size) and profile scratch (NULL
 * when its size is 0).
 *
 * A shared object whose kernels assert (tl.device_assert with debug) also
 * exports `trident_cpu_assert_fn trident_cpu_assert_hook`, null until the
 * loader sets it: a failed assertion calls it with its source position,
 * message and program id, and it does not return (the cpu driver ends the
 * program and fails the launch with TRIDENT_ASSERTION_FAILED naming them).
 * Left null, the kernel prints the assertion and aborts the process.
 */
typedef void (*trident_cpu_assert_fn)(const char *position, const char *message,
                                      uint32_t pid_x, uint32_t pid_y,
                                      uint32_t pid_z);

/* A binary compiled with the cpu backend's option checked=1 exports
 * `trident_cpu_check_fn trident_cpu_check_hook` the same way: each lane of
 * each load (kind 0), store (1) and atomic (2) calls it with the address
 * and size; the cpu driver returns when [address, address + bytes) lies in
 * memory the launch can reach (its buffers, wrapped application memory,
 * scratch), and otherwise ends the program and fails the launch with
 * TRIDENT_OUT_OF_BOUNDS naming the position, the access and the address.
 * Left null, accesses are not checked. */
typedef void (*trident_cpu_check_fn)(uint64_t address, uint64_t bytes,
                                     const char *position, int32_t kind,
                                     uint32_t pid_x, uint32_t pid_y,
                                     uint32_t pid_z);

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
