//===- Cpu.cpp - the cpu driver: host memory and a thread pool ------------===//
//
// One device, the host. Buffers come from an allocation table (so pointer
// arguments can be checked like on GPUs); kernels are shared objects
// following the cpu kernel ABI of runtime.h, loaded from memory through a
// private temporary file; a launch runs the grid's programs on a pool of worker threads and
// returns when they are done. Streams order nothing (everything completes
// in order on return) and events record the time they are reached.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include "../Internal.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <functional>
#include <limits>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>

namespace trident::rt {
namespace {

/// Workers that run one job at a time: `run(n, f)` calls f(0..n-1) spread
/// over the workers and the caller, and returns when all calls finished.
class ThreadPool {
public:
  explicit ThreadPool(unsigned threads) {
    for (unsigned i = 1; i < threads; ++i)
      workers_.emplace_back([this] { work(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  size_t size() const { return workers_.size() + 1; }

  void run(uint64_t n, const std::function<void(uint64_t)> &f) {
    std::lock_guard<std::mutex> one(jobMutex_); // one launch at a time
    if (n == 1 || workers_.empty()) {
      for (uint64_t i = 0; i < n; ++i)
        f(i);
      return;
    }
    {
      std::lock_guard<std::mutex> l(m_);
      job_ = &f;
      total_ = n;
      next_ = 0;
      done_ = 0;
      ++generation_;
    }
    cv_.notify_all();
    drain();
    std::unique_lock<std::mutex> l(m_);
    doneCv_.wait(l, [&] { return done_ == total_; });
    job_ = nullptr;
  }

private:
  void drain() {
    uint64_t finished = 0;
    for (uint64_t i; (i = next_.fetch_add(1)) < total_;) {
      (*job_)(i);
      ++finished;
    }
    if (finished) {
      std::lock_guard<std::mutex> l(m_);
      done_ += finished;
      if (done_ == total_)
        doneCv_.notify_all();
    }
  }
  void work() {
    uint64_t seen = 0;
    while (true) {
      {
        std::unique_lock<std::mutex> l(m_);
        cv_.wait(l, [&] { return stop_ || (generation_ != seen && job_); });
        if (stop_)
          return;
        seen = generation_;
      }
      drain();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex m_, jobMutex_;
  std::condition_variable cv_, doneCv_;
  const std::function<void(uint64_t)> *job_ = nullptr;
  uint64_t total_ = 0, done_ = 0, generation_ = 0;
  std::atomic<uint64_t> next_{0};
  bool stop_ = false;
};

/// `bytes` rounded up to a multiple of `align` (a power of two) in
/// `rounded`; false when that does not fit in a size_t.
bool roundUp(size_t bytes, size_t align, size_t &rounded) {
  if (bytes > std::numeric_limits<size_t>::max() - (align - 1))
    return false;
  rounded = (bytes + align - 1) & ~(align - 1);
  return true;
}

uint64_t hostMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : 0;
}

/// The vector registers a core gives a program (the cpu backend's kernel
/// metadata counts the same): 32 with AVX-512 and on AArch64, else 16.
int vectorRegisters() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("avx512f") ? 32 : 16;
#elif defined(__aarch64__)
  return 32;
#else
  return 16;
#endif
}

/// TRIDENT_CPU_THREADS, else one worker per hardware thread.
unsigned threadCount() {
  if (const char *env = std::getenv("TRIDENT_CPU_THREADS")) {
    long n = std::strtol(env, nullptr, 10);
    if (n > 0 && n <= 1024)
      return unsigned(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The program a worker thread is running: where a failed assertion
/// returns to, and its message.
class CpuDevice;
struct ProgramFrame {
  jmp_buf exit;
  std::string message;
  trident_status_code_t code = TRIDENT_ASSERTION_FAILED;
  CpuDevice *device = nullptr; ///< whose memory a checked access may touch
};
thread_local ProgramFrame *currentFrame = nullptr;

void accessChecked(uint64_t address, uint64_t bytes, const char *position,
                   int32_t kind, uint32_t x, uint32_t y, uint32_t z);

/// trident_cpu_assert_hook's target: records the assertion and leaves the
/// program (never returns into the kernel).
void assertionFailed(const char *position, const char *message, uint32_t x,
                     uint32_t y, uint32_t z) {
  ProgramFrame *frame = currentFrame;
  std::string text = std::string(position ? position : "") + ": pid (" +
                     std::to_string(x) + ", " + std::to_string(y) + ", " +
                     std::to_string(z) +
                     "): Assertion failed: " + (message ? message : "");
  if (!frame) { // a kernel run outside a launch of ours
    std::fprintf(stderr, "%s\n", text.c_str());
    std::abort();
  }
  frame->message = std::move(text);
  longjmp(frame->exit, 1);
}

class CpuDevice : public Device {
public:
  CpuDevice() : pool_(threadCount()) {
    name = "host CPU (" + std::to_string(pool_.size()) + " threads)";
    target = "cpu";
    driver = "cpu";
    info.total_memory = hostMemory();
    info.multiprocessor_count = int(pool_.size());
    info.warp_size = 1;
    info.shared_memory_per_block = 1u << 30;
    info.shared_memory_per_block_optin = 1u << 30;
    // Program ids are 32-bit; the grid's product must stay countable.
    for (uint32_t &m : info.max_grid)
      m = 0x7fffffffu;
    info.max_threads_per_block = 0; // a program is one call: no block size
  }

  /// Triton's occupancy arithmetic on the host (tutorial 02): a kernel's
  /// `registers` are the core's vector registers, and a core counts as a
  /// multiprocessor holding 32 programs' worth of them, so
  /// max_registers_per_block // (registers * warp size 1 * num_warps) is
  /// 32 // num_warps programs per core, which the pool runs in turn.
  bool attribute(const std::string &attr, int64_t &out) override {
    if (attr == "max_registers_per_block" ||
        attr == "max_registers_per_multiprocessor") {
      out = 32 * int64_t(vectorRegisters());
      return true;
    }
    if (attr == "max_threads_per_multiprocessor") {
      out = 32;
      return true;
    }
    if (attr == "l2_cache_size") {
      long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
      out = l2 > 0 ? l2 : 0;
      return l2 > 0;
    }
    return false;
  }

  trident_status_t allocate(size_t bytes, void **address) override {
    // aligned_alloc wants a multiple of the alignment; a size near SIZE_MAX
    // would wrap to a tiny block here.
    size_t rounded = 0;
    void *p = roundUp(bytes, 64, rounded) ? std::aligned_alloc(64, rounded)
                                          : nullptr;
    if (!p)
      return makeStatus(TRIDENT_OUT_OF_MEMORY,
                        "cannot allocate " + std::to_string(bytes) +
                            " bytes of host memory");
    std::lock_guard<std::mutex> l(tableMutex_);
    table_[uintptr_t(p)] = bytes;
    *address = p;
    return nullptr;
  }
  void release(void *address) override {
    {
      std::lock_guard<std::mutex> l(tableMutex_);
      table_.erase(uintptr_t(address));
    }
    std::free(address);
  }
  trident_status_t wrap(void *address, size_t bytes) override {
    std::lock_guard<std::mutex> l(tableMutex_);
    wrapped_.emplace(uintptr_t(address), bytes);
    return nullptr;
  }
  void unwrap(void *address, size_t bytes) override {
    std::lock_guard<std::mutex> l(tableMutex_);
    auto range = wrapped_.equal_range(uintptr_t(address));
    for (auto it = range.first; it != range.second; ++it)
      if (it->second == bytes) {
        wrapped_.erase(it);
        return;
      }
  }
  std::string checkPointer(const void *address) override {
    std::lock_guard<std::mutex> l(tableMutex_);
    // Wrapped application memory (trident_buffer_wrap): ranges may nest
    // or overlap (views of one array), so every one that starts at or
    // before the address is a candidate.
    for (auto it = wrapped_.begin();
         it != wrapped_.end() && it->first <= uintptr_t(address); ++it)
      if (uintptr_t(address) - it->first < it->second)
        return "";
    // Inside an allocation: [start, start + size). A pointer at the end is
    // refused: there is nothing there for the kernel to touch.
    auto it = table_.upper_bound(uintptr_t(address));
    if (it != table_.begin()) {
      --it;
      if (uintptr_t(address) < it->first + it->second)
        return "";
      if (uintptr_t(address) == it->first + it->second)
        return "the pointer is one past the end of a buffer of " +
               std::to_string(it->second) + " bytes of device cpu (" + name +
               ")";
    }
    return "the pointer does not point to memory of device cpu (" + name +
           "): allocate it with trident_buffer_allocate";
  }
  std::string checkNativeStream(void *native) override {
    return native ? "the host has no native streams: pass NULL" : "";
  }
  /// Whether [address, address + bytes) lies in one allocation, one
  /// wrapped range or one scratch block (checked mode).
  bool reachable(uint64_t address, uint64_t bytes) {
    std::lock_guard<std::mutex> l(tableMutex_);
    auto inside = [&](uintptr_t start, size_t size) {
      return address >= start && bytes <= size &&
             address - start <= size - bytes;
    };
    for (auto it = wrapped_.begin();
         it != wrapped_.end() && it->first <= address; ++it)
      if (inside(it->first, it->second))
        return true;
    auto it = table_.upper_bound(uintptr_t(address));
    if (it != table_.begin() && inside(std::prev(it)->first, std::prev(it)->second))
      return true;
    auto s = scratch_.upper_bound(uintptr_t(address));
    return s != scratch_.begin() &&
           inside(std::prev(s)->first, std::prev(s)->second);
  }
  trident_status_t scratchAllocate(size_t bytes, size_t align, void *,
                                   void **address) override {
    align = std::max<size_t>(align, 64);
    size_t rounded = 0;
    void *p = roundUp(bytes, align, rounded)
                  ? std::aligned_alloc(align, rounded)
                  : nullptr;
    if (!p)
      return makeStatus(TRIDENT_OUT_OF_MEMORY,
                        "cannot allocate " + std::to_string(bytes) +
                            " bytes of scratch memory");
    {
      std::lock_guard<std::mutex> l(tableMutex_);
      scratch_[uintptr_t(p)] = bytes;
    }
    *address = p;
    return nullptr;
  }
  // Launches on the host are synchronous: the scratch is no longer in use.
  void scratchRelease(void *address, void *) override {
    {
      std::lock_guard<std::mutex> l(tableMutex_);
      scratch_.erase(uintptr_t(address));
    }
    std::free(address);
  }
  trident_status_t copyIn(void *dst, const void *src, size_t n, void *) override {
    std::memcpy(dst, src, n);
    return nullptr;
  }
  trident_status_t copyOut(void *dst, const void *src, size_t n, void *) override {
    std::memcpy(dst, src, n);
    return nullptr;
  }
  trident_status_t hostAllocate(size_t bytes, void **p) override {
    *p = std::malloc(bytes);
    return *p ? nullptr
              : makeStatus(TRIDENT_OUT_OF_MEMORY, "cannot allocate host memory");
  }
  void hostFree(void *p) override { std::free(p); }

  trident_status_t streamCreate(void **s) override {
    *s = this; // streams order nothing on the host
    return nullptr;
  }
  void streamDestroy(void *) override {}
  trident_status_t streamSynchronize(void *) override { return nullptr; }
  trident_status_t synchronize() override { return nullptr; }
  trident_status_t eventCreate(void **e) override {
    *e = new std::chrono::steady_clock::time_point();
    return nullptr;
  }
  void eventDestroy(void *e) override {
    delete static_cast<std::chrono::steady_clock::time_point *>(e);
  }
  trident_status_t eventRecord(void *e, void *) override {
    *static_cast<std::chrono::steady_clock::time_point *>(e) =
        std::chrono::steady_clock::now();
    return nullptr;
  }
  trident_status_t eventSynchronize(void *) override { return nullptr; }
  trident_status_t eventElapsed(void *a, void *b, float *ms) override {
    auto *ta = static_cast<std::chrono::steady_clock::time_point *>(a);
    auto *tb = static_cast<std::chrono::steady_clock::time_point *>(b);
    *ms = std::chrono::duration<float, std::milli>(*tb - *ta).count();
    return nullptr;
  }

  int compatibility(const bundle::KernelMetadata &m) const override {
    return m.target == "cpu" && m.format == "host-so" ? 2 : 0;
  }
  // Clusters and co-residency of all programs do not exist on the pool.
  bool supports(const std::string &requirement) const override {
    return requirement == "scratch";
  }

  trident_status_t loadModule(const bundle::Entry &e, void **module) override {
    // dlopen needs a file. Each module gets a file of its own name:
    // glibc hands back an already-loaded library when a name repeats (as
    // /proc/self/fd/N of a reused descriptor would), so names must never
    // repeat. The file is unlinked once loaded.
    const char *tmp = std::getenv("TMPDIR");
    std::string path = std::string(tmp && *tmp ? tmp : "/tmp") +
                       "/trident-kernel-XXXXXX";
    int fd = mkstemp(path.data());
    if (fd < 0)
      return makeStatus(TRIDENT_DRIVER_ERROR,
                        "cannot create a file for the host binary (" + path +
                            "): " + strerror(errno));
    size_t done = 0;
    while (done < e.binary.size()) {
      ssize_t n = write(fd, e.binary.data() + done, e.binary.size() - done);
      if (n <= 0) {
        close(fd);
        unlink(path.c_str());
        return makeStatus(TRIDENT_DRIVER_ERROR,
                          "cannot write the host binary: " +
                              std::string(strerror(errno)));
      }
      done += size_t(n);
    }
    close(fd);
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    unlink(path.c_str());
    if (!h) {
      const char *why = dlerror();
      return makeStatus(TRIDENT_DATA_LOSS,
                        "cannot load the host binary of kernel '" +
                            e.meta.kernel + "': " + (why ? why : "dlopen failed"));
    }
    // Failed assertions end their program through our hook and fail the
    // launch (the kernel ABI in runtime.h), instead of aborting.
    if (auto *hook = reinterpret_cast<trident_cpu_assert_fn *>(
            dlsym(h, "trident_cpu_assert_hook")))
      *hook = &assertionFailed;
    // Checked binaries (option checked=1) ask before each access.
    if (auto *hook = reinterpret_cast<trident_cpu_check_fn *>(
            dlsym(h, "trident_cpu_check_hook")))
      *hook = &accessChecked;
    *module = h;
    return nullptr;
  }
  void unloadModule(void *module) override { dlclose(module); }
  trident_status_t getFunction(void *module, const bundle::KernelMetadata &m,
                               void **fn) override {
    dlerror();
    void *f = dlsym(module, m.kernel.c_str());
    if (!f)
      return makeStatus(TRIDENT_NOT_FOUND,
                        "the host binary does not export kernel '" + m.kernel +
                            "'");
    *fn = f;
    return nullptr;
  }

  trident_status_t launch(void *fn, const bundle::KernelMetadata &,
                          const uint32_t grid[3], void **args, size_t,
                          void *) override {
    auto kernel = reinterpret_cast<trident_cpu_kernel_fn>(fn);
    uint64_t nx = grid[0], ny = grid[1], nz = grid[2];
    // Each is below 2^31 (max_grid), so nx * ny cannot overflow.
    if (nx * ny > (uint64_t(1) << 48) / nz)
      return makeStatus(TRIDENT_INVALID_ARGUMENT,
                        "a grid of " + std::to_string(nx) + " x " +
                            std::to_string(ny) + " x " + std::to_string(nz) +
                            " programs is more than the host can run (2^48)");
    uint64_t total = nx * ny * nz;
    const void *const *a = args;
    // The first failed assertion's message; once set, programs not yet
    // started are skipped (those running finish).
    std::mutex failMutex;
    std::string failure;
    trident_status_code_t failureCode = TRIDENT_ASSERTION_FAILED;
    std::atomic<bool> failed{false};
    pool_.run(total, [&](uint64_t i) {
      if (failed.load(std::memory_order_relaxed))
        return;
      trident_cpu_program_t p;
      p.program_id[0] = uint32_t(i % nx);
      p.program_id[1] = uint32_t((i / nx) % ny);
      p.program_id[2] = uint32_t(i / (nx * ny));
      p.num_programs[0] = uint32_t(nx);
      p.num_programs[1] = uint32_t(ny);
      p.num_programs[2] = uint32_t(nz);
      ProgramFrame frame;
      frame.device = this;
      ProgramFrame *outer = currentFrame;
      currentFrame = &frame;
      // The generated code holds no resources that need unwinding: the
      // hook's longjmp back here ends the program (memory it allocated
      // for large tensors is not freed).
      if (setjmp(frame.exit) == 0)
        kernel(a, &p);
      currentFrame = outer;
      if (!frame.message.empty()) {
        std::lock_guard<std::mutex> l(failMutex);
        if (!failed.exchange(true)) {
          failure = std::move(frame.message);
          failureCode = frame.code;
        }
      }
    });
    if (failed)
      return makeStatus(failureCode, failure);
    return nullptr;
  }

private:
  ThreadPool pool_;
  std::mutex tableMutex_;
  std::map<uintptr_t, size_t> table_;
  /// Application memory wrapped as buffers: start -> bytes.
  std::multimap<uintptr_t, size_t> wrapped_;
  /// Scratch blocks of launches in progress: start -> bytes.
  std::map<uintptr_t, size_t> scratch_;
};

void accessChecked(uint64_t address, uint64_t bytes, const char *position,
                   int32_t kind, uint32_t x, uint32_t y, uint32_t z) {
  ProgramFrame *frame = currentFrame;
  if (!frame || !frame->device || frame->device->reachable(address, bytes))
    return;
  static const char *kinds[] = {"load", "store", "atomic"};
  char where[32];
  std::snprintf(where, sizeof(where), "0x%llx", (unsigned long long)address);
  frame->message = std::string(position ? position : "") + ": pid (" +
                   std::to_string(x) + ", " + std::to_string(y) + ", " +
                   std::to_string(z) + "): out-of-bounds " +
                   (kind >= 0 && kind <= 2 ? kinds[kind] : "access") + " of " +
                   std::to_string(bytes) + " bytes at " + where +
                   ": not inside any buffer the launch was given";
  frame->code = TRIDENT_OUT_OF_BOUNDS;
  longjmp(frame->exit, 1);
}

class CpuDriver : public Driver {
public:
  CpuDriver() {
    name = "cpu";
    devices.push_back(std::make_unique<CpuDevice>());
  }
};

} // namespace

std::unique_ptr<Driver> createCpuDriver() {
  return std::make_unique<CpuDriver>();
}

} // namespace trident::rt
