/*===- compiler.h - Trident's compiler as a C API ----------------*- C -*-===*
 *
 * libtrident-compiler is the compile driver (trident/Driver/Driver.h) behind
 * a C ABI, for callers that are not C++: the Python package reaches it with
 * ctypes, so that one build of it serves every Python version. It compiles
 * one kernel of a kernel source file, specialized by a signature, for one
 * target, and returns a bundle (docs/bundle-format.md) with one entry that
 * trident_module_load_memory of the runtime loads, the entry's metadata as
 * text, and -- on failure -- the located diagnostics, formatted as tridentc
 * prints them (file:line:col, the source line, a caret).
 *
 * Handles are opaque; every string the API returns lives as long as the
 * object it came from. A compiler may be used from several threads; its
 * compiles run one at a time.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TRIDENT_COMPILER_H
#define TRIDENT_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_COMPILER_API_VERSION 2

/* TRIDENT_COMPILER_API_VERSION of the library (to check against the
 * header a caller was written for). */
int trident_compiler_api_version(void);
/* The compiler's version and build identity, as the cache key holds it:
 * "0.1.0+<hash of the compiler's libraries and prelude>". */
const char *trident_compiler_build_id(void);

typedef struct trident_compiler_s trident_compiler_t;

/* Loads the installed plugins, those on TRIDENT_PLUGIN_PATH and the
 * `num_plugins` files in `plugins`. Returns NULL only when no memory is
 * left; problems loading plugins are reported by
 * trident_compiler_load_errors, and a compile for a target no plugin
 * serves fails naming the targets that exist. */
trident_compiler_t *trident_compiler_create(const char *const *plugins,
                                            size_t num_plugins);
void trident_compiler_release(trident_compiler_t *compiler);
/* Plugins that could not be loaded, one line each ("" when none). */
const char *trident_compiler_load_errors(const trident_compiler_t *compiler);

/* Versioned by size, as trident_launch_config_t: set struct_size to
 * sizeof(trident_compile_request_t); fields a caller does not know are
 * taken as zero. Strings are NUL-terminated; NULL reads as "". */
typedef struct trident_compile_request_s {
  size_t struct_size;
  /* The kernel file's path: diagnostics name it, and it is read when
   * `source` is NULL. */
  const char *path;
  /* The file's text (`source_size` bytes), or NULL to read `path`. */
  const char *source;
  size_t source_size;
  const char *kernel; /* the @jit function to compile */
  /* One entry per parameter, comma-separated, as tridentc --signature:
   * "*fp32:16, i32, i32:1, 1024" (constexpr values in place). */
  const char *signature;
  /* Constexprs by name (tridentc -D), one "NAME=VALUE" per line. */
  const char *defines;
  const char *target; /* "cuda:90", "hip:gfx942", "cpu", ... */
  /* Backend options (num_warps, num_stages, ...), "NAME=VALUE" per line. */
  const char *options;
  int debug;          /* keep tl.device_assert */
  int no_cache;       /* do not use the on-disk cache */
  const char *cache_dir; /* NULL: TRIDENT_CACHE_DIR or ~/.cache/trident */
  /* Directories searched first for the modules the kernel file imports
   * (tridentc -I), one per line: the Python package passes sys.path. Then
   * the file's package root and directory, TRIDENT_PYTHON_PATH and
   * PYTHONPATH. */
  const char *import_path;
  /* Write every stage's output into this directory (as tridentc
   * --dump-ir: <kernel>.<target>.<NN>-<stage><ext>); NULL or "": none.
   * Stages run only on a cache miss: set no_cache to see them all. */
  const char *dump_dir;
  /* What the interpreter knows of the kernel file's module-level names
   * that a static reader cannot decide, one "NAME=module:DOTTED.NAME" per
   * line (a name bound to a module by a function call at import time). */
  const char *facts;
} trident_compile_request_t;

typedef struct trident_compile_result_s trident_compile_result_t;

/* Compiles. Never returns NULL for a non-NULL compiler and request (NULL
 * only when no memory is left); check trident_compile_result_ok. */
trident_compile_result_t *
trident_compile(trident_compiler_t *compiler,
                const trident_compile_request_t *request);
void trident_compile_result_release(trident_compile_result_t *result);

int trident_compile_result_ok(const trident_compile_result_t *result);
/* The diagnostics of a failed compile, formatted ("" on success). */
const char *
trident_compile_result_errors(const trident_compile_result_t *result);
/* Warnings of a compile that succeeded (a corrupt cache entry dropped),
 * one per line. */
const char *
trident_compile_result_warnings(const trident_compile_result_t *result);
/* The bundle: its bytes and size (NULL, 0 on failure). */
const void *trident_compile_result_bundle(const trident_compile_result_t *result,
                                          size_t *out_size);
/* The entry's metadata, `key=value` lines as the bundle holds them. */
const char *
trident_compile_result_metadata(const trident_compile_result_t *result);
/* Whether the on-disk cache served it. */
int trident_compile_result_from_cache(const trident_compile_result_t *result);
/* Milliseconds the compile took (0 for a cache hit's stages). */
double trident_compile_result_milliseconds(
    const trident_compile_result_t *result);
/* Which cache level served it: "local hit", "remote hit", "miss"
 * (compiled), "off" (API version 2). */
const char *
trident_compile_result_cache(const trident_compile_result_t *result);

/*===-- The remote cache (API version 2) ---------------------------------===*
 * The process's remote cache (TRIDENT_REMOTE_CACHE, RemoteCache.h), for
 * callers that keep their own entries there: the Python package's
 * autotuning results. `kind` is "autotune" (bundles are the compiler's).
 * Entries are sealed and checked as bundles are (HMAC with
 * TRIDENT_REMOTE_CACHE_KEY). */

/* 1: a hit, `*out_data` (free it with trident_remote_cache_free) and
 * `*out_size` set; 0: no usable entry (missing, refused, server down);
 * -1: no remote cache configured. `warning` (may be NULL) receives a
 * message the first time a fault happens, else "" (valid until the next
 * call on this thread). */
int trident_remote_cache_get(const char *kind, const char *key,
                             void **out_data, size_t *out_size,
                             const char **warning);
void trident_remote_cache_free(void *data);
/* Queues a write. 1: queued; 0: not allowed (no secret and no opt-in, or
 * too large); -1: no remote cache configured. */
int trident_remote_cache_put(const char *kind, const char *key,
                             const void *data, size_t size);
/* `key=value` lines: url, hits, misses, refused, unavailable, writes,
 * write_failures, skipped_large, bytes_read, bytes_written, read_ms,
 * write_ms ("" when none is configured). Valid until the next call on
 * this thread. */
const char *trident_remote_cache_stats(void);
/* Waits up to `milliseconds` for queued writes. */
void trident_remote_cache_flush(int milliseconds);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TRIDENT_COMPILER_H */
