//===- CompilerAPI.cpp - the compile driver behind a C ABI ------------------===//
//
// Implements trident/compiler.h: a request becomes a KernelSpec, a
// SourceFile and CompileOptions for Driver::compile, and the result is kept
// as strings that the C caller reads until it releases the result.
//
//===----------------------------------------------------------------------===//

#include "trident/compiler.h"

#include "trident/Driver/RemoteCache.h"

#include "trident/Bundle.h"
#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"
#include "trident/Plugin/Registry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

using namespace trident;

struct trident_compiler_s {
  BackendRegistry registry;
  std::string loadErrors;
  std::mutex mutex;
};

struct trident_compile_result_s {
  bool ok = false;
  std::string errors, warnings, bundle, metadata;
  bool fromCache = false;
  std::string cache = "off";
  double milliseconds = 0;
};

namespace {

std::string str(const char *s) { return s ? s : ""; }

/// "NAME=VALUE" lines; a line without '=' is an error naming it.
bool parseLines(const std::string &text, const char *what,
                std::vector<std::pair<std::string, std::string>> &out,
                std::string &error) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    std::string line =
        text.substr(start, end == std::string::npos ? std::string::npos
                                                    : end - start);
    start = end == std::string::npos ? text.size() : end + 1;
    if (line.empty())
      continue;
    size_t eq = line.find('=');
    if (eq == std::string::npos || eq == 0) {
      error = std::string("error: malformed ") + what + " '" + line +
              "' (expected NAME=VALUE)\n";
      return false;
    }
    out.emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
  return true;
}

} // namespace

extern "C" {

int trident_compiler_api_version(void) { return TRIDENT_COMPILER_API_VERSION; }

const char *trident_compiler_build_id(void) {
  static const std::string id = compilerBuildId(frontend::PythonFrontend());
  return id.c_str();
}

trident_compiler_t *trident_compiler_create(const char *const *plugins,
                                            size_t numPlugins) {
  auto *c = new (std::nothrow) trident_compiler_s;
  if (!c)
    return nullptr;
  std::vector<std::string> errors, warnings;
  c->registry.loadDefaultPlugins(errors, &warnings);
  for (size_t i = 0; plugins && i < numPlugins; ++i) {
    std::string error;
    if (plugins[i] && !c->registry.loadPlugin(plugins[i], error))
      errors.push_back(error);
  }
  for (const std::string &e : errors)
    c->loadErrors += e + "\n";
  return c;
}

void trident_compiler_release(trident_compiler_t *c) { delete c; }

const char *trident_compiler_load_errors(const trident_compiler_t *c) {
  return c ? c->loadErrors.c_str() : "";
}

trident_compile_result_t *trident_compile(trident_compiler_t *c,
                                          const trident_compile_request_t *r) {
  auto *out = new (std::nothrow) trident_compile_result_s;
  if (!out)
    return nullptr;
  if (!c || !r) {
    out->errors = "error: trident_compile: the compiler or request is NULL\n";
    return out;
  }
  // Fields past the caller's struct_size read as zero.
  trident_compile_request_t req = {};
  if (r->struct_size < sizeof(size_t) || r->struct_size > sizeof(req)) {
    out->errors = "error: trident_compile: request struct_size " +
                  std::to_string(r->struct_size) + " is not one this " +
                  "library knows (at most " + std::to_string(sizeof(req)) +
                  ")\n";
    return out;
  }
  std::memcpy(&req, r, r->struct_size);

  std::string path = str(req.path), text;
  if (req.source) {
    text.assign(req.source, req.source_size);
  } else {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buffer) {
      out->errors = "error: cannot read '" + path +
                    "': " + buffer.getError().message() + "\n";
      return out;
    }
    text = (*buffer)->getBuffer().str();
  }
  frontend::KernelSpec spec;
  spec.kernel = str(req.kernel);
  spec.signature = frontend::splitSignature(str(req.signature));
  spec.debug = req.debug != 0;
  // The text outlives the loop (a temporary in the range would not, before
  // C++23).
  std::string importPath = str(req.import_path);
  for (llvm::StringRef dir : llvm::split(importPath, '\n'))
    if (!dir.trim().empty())
      spec.importPath.push_back(dir.trim().str());
  CompileOptions options;
  std::vector<std::pair<std::string, std::string>> backendOptions;
  if (!parseLines(str(req.defines), "define", spec.defines, out->errors) ||
      !parseLines(str(req.facts), "fact", spec.facts, out->errors) ||
      !parseLines(str(req.options), "option", backendOptions, out->errors))
    return out;
  for (auto &[k, v] : backendOptions)
    options.backendOptions[k] = v;
  options.useCache = req.no_cache == 0;
  options.cacheDir = str(req.cache_dir);
  options.dumpDir = str(req.dump_dir);

  frontend::SourceFile source(path, std::move(text));
  frontend::PythonFrontend python;
  Driver driver(c->registry, python);
  CompiledKernel k;
  std::vector<std::string> errors;
  auto t0 = std::chrono::steady_clock::now();
  bool ok;
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    ok = driver.compile(source, spec, str(req.target), options, k, errors);
  }
  out->milliseconds = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - t0)
                          .count();
  for (const std::string &w : k.warnings)
    out->warnings += w + "\n";
  if (!ok) {
    for (const std::string &e : errors)
      out->errors += e;
    if (out->errors.empty())
      out->errors = "error: the compile failed without a diagnostic\n";
    return out;
  }
  if (!k.binaryOutput) {
    out->errors = "error: stage '" + k.stage + "' of target '" +
                  str(req.target) + "' is not a binary\n";
    return out;
  }
  std::string error;
  if (!bundle::write({{k.metadata, k.output}}, out->bundle, error)) {
    out->errors = "error: " + error + "\n";
    return out;
  }
  out->metadata = bundle::formatMetadata(k.metadata);
  out->fromCache = k.fromCache;
  out->cache = k.cacheOutcome;
  out->ok = true;
  return out;
}

void trident_compile_result_release(trident_compile_result_t *r) { delete r; }

int trident_compile_result_ok(const trident_compile_result_t *r) {
  return r && r->ok;
}
const char *trident_compile_result_errors(const trident_compile_result_t *r) {
  return r ? r->errors.c_str() : "";
}
const char *
trident_compile_result_warnings(const trident_compile_result_t *r) {
  return r ? r->warnings.c_str() : "";
}
const void *trident_compile_result_bundle(const trident_compile_result_t *r,
                                          size_t *size) {
  if (size)
    *size = r && r->ok ? r->bundle.size() : 0;
  return r && r->ok ? r->bundle.data() : nullptr;
}
const char *
trident_compile_result_metadata(const trident_compile_result_t *r) {
  return r ? r->metadata.c_str() : "";
}
int trident_compile_result_from_cache(const trident_compile_result_t *r) {
  return r && r->fromCache;
}
double trident_compile_result_milliseconds(const trident_compile_result_t *r) {
  return r ? r->milliseconds : 0;
}
const char *trident_compile_result_cache(const trident_compile_result_t *r) {
  return r ? r->cache.c_str() : "off";
}

int trident_remote_cache_get(const char *kind, const char *key,
                             void **out_data, size_t *out_size,
                             const char **warning) {
  static thread_local std::string message;
  message.clear();
  if (warning)
    *warning = message.c_str();
  if (out_data)
    *out_data = nullptr;
  if (out_size)
    *out_size = 0;
  RemoteCache *rc = RemoteCache::get("", message);
  if (warning)
    *warning = message.c_str();
  if (!rc)
    return -1;
  if (str(kind) != "autotune" || !key || !out_data || !out_size)
    return 0;
  std::string payload;
  if (rc->lookup(RemoteCache::Kind::Autotune, key, payload, message) !=
      RemoteCache::Result::Hit) {
    if (warning)
      *warning = message.c_str();
    return 0;
  }
  void *copy = std::malloc(payload.size() ? payload.size() : 1);
  if (!copy)
    return 0;
  std::memcpy(copy, payload.data(), payload.size());
  *out_data = copy;
  *out_size = payload.size();
  return 1;
}

void trident_remote_cache_free(void *data) { std::free(data); }

int trident_remote_cache_put(const char *kind, const char *key,
                             const void *data, size_t size) {
  std::string ignored;
  RemoteCache *rc = RemoteCache::get("", ignored);
  if (!rc)
    return -1;
  if (str(kind) != "autotune" || !key || (!data && size))
    return 0;
  return rc->store(RemoteCache::Kind::Autotune, key,
                   std::string(static_cast<const char *>(data), size))
             ? 1
             : 0;
}

const char *trident_remote_cache_stats(void) {
  static thread_local std::string text;
  std::string ignored;
  RemoteCache *rc = RemoteCache::get("", ignored);
  text = rc ? rc->statsText() : "";
  return text.c_str();
}

void trident_remote_cache_flush(int milliseconds) {
  std::string ignored;
  if (RemoteCache *rc = RemoteCache::get("", ignored))
    rc->flush(milliseconds);
}

} // extern "C"
