//===- Bundle.cpp - writing and checking kernel bundles -------------------===//

#include "trident/Bundle.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trident::bundle {

namespace {

void putU32(std::string &out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(char((v >> (8 * i)) & 0xff));
}
void putU64(std::string &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back(char((v >> (8 * i)) & 0xff));
}
uint32_t getU32(std::string_view d, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= uint32_t(uint8_t(d[at + i])) << (8 * i);
  return v;
}
uint64_t getU64(std::string_view d, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= uint64_t(uint8_t(d[at + i])) << (8 * i);
  return v;
}

bool parseInt(std::string_view s, uint64_t &out) {
  if (s.empty() || s.size() > 19)
    return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return false;
    out = out * 10 + uint64_t(c - '0');
  }
  return true;
}

} // namespace

uint64_t checksum(std::string_view data) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string KernelArg::spelling() const {
  std::string s = type;
  if (equalsOne)
    s += ":1";
  else if (divisibility > 1)
    s += ":" + std::to_string(divisibility);
  return s;
}

namespace {

std::string join(const std::vector<std::string> &items) {
  std::string s;
  for (const std::string &i : items)
    s += (s.empty() ? "" : ",") + i;
  return s;
}

bool isName(std::string_view s) {
  if (s.empty() || s.size() > 256)
    return false;
  for (char c : s)
    if (!(std::isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

} // namespace

bool parseKernelArg(std::string_view value, KernelArg &a, std::string &error) {
  a = KernelArg();
  size_t colon = value.find(':');
  if (colon == std::string_view::npos || colon == 0 ||
      colon + 1 == value.size()) {
    error = "metadata arg '" + std::string(value) + "' is not name:type";
    return false;
  }
  a.name = std::string(value.substr(0, colon));
  std::string_view rest = value.substr(colon + 1);
  size_t spec = rest.find(':');
  a.type = std::string(rest.substr(0, spec));
  if (a.type.empty()) {
    error = "metadata arg '" + std::string(value) + "' has no type";
    return false;
  }
  if (spec == std::string_view::npos)
    return true;
  std::string_view hint = rest.substr(spec + 1);
  bool isPointer = a.type[0] == '*';
  // 16: a pointer 16-byte aligned or an integer divisible by 16; 2, 4, 8:
  // an integer divisible by that (a tensor descriptor's strides, in
  // elements of 16 bytes' worth); 1: an integer equal to 1.
  if (hint == "16") {
    a.divisibility = 16;
  } else if (hint == "1" && !isPointer) {
    a.equalsOne = true;
  } else if ((hint == "2" || hint == "4" || hint == "8") && !isPointer) {
    a.divisibility = uint32_t(hint[0] - '0');
  } else {
    error = "metadata arg '" + std::string(value) +
            "' has an unknown specialization '" + std::string(hint) +
            "' (expected 16, or 1, 2, 4, 8 for an integer)";
    return false;
  }
  return true;
}

std::string formatMetadata(const KernelMetadata &m) {
  std::string s;
  auto kv = [&](const char *k, const std::string &v) {
    s += k;
    s += '=';
    s += v;
    s += '\n';
  };
  kv("kernel", m.kernel);
  if (!m.symbol.empty())
    kv("symbol", m.symbol);
  kv("target", m.target);
  kv("backend", m.backend);
  kv("backend_hash", m.backendHash);
  kv("format", m.format);
  kv("num_warps", std::to_string(m.numWarps));
  kv("threads_per_warp", std::to_string(m.threadsPerWarp));
  kv("num_stages", std::to_string(m.numStages));
  kv("num_ctas", std::to_string(m.numCtas));
  kv("cluster_dims", std::to_string(m.clusterDims[0]) + "," +
                         std::to_string(m.clusterDims[1]) + "," +
                         std::to_string(m.clusterDims[2]));
  kv("shared_memory", std::to_string(m.sharedMemory));
  kv("global_scratch_size", std::to_string(m.globalScratchSize));
  kv("global_scratch_align", std::to_string(m.globalScratchAlign));
  kv("profile_scratch_size", std::to_string(m.profileScratchSize));
  kv("registers", std::to_string(m.registers));
  kv("spills", std::to_string(m.spills));
  kv("local_memory", std::to_string(m.localMemory));
  kv("max_threads", std::to_string(m.maxThreads));
  if (!m.requirements.empty())
    kv("requires", join(m.requirements));
  for (const KernelArg &a : m.args)
    kv("arg", a.name + ":" + a.spelling());
  for (const TensorMapArg &t : m.tensorMaps) {
    std::string box;
    for (uint32_t b : t.box)
      box += (box.empty() ? "" : ",") + std::to_string(b);
    kv("tma", std::to_string(t.arg) + ":" + std::to_string(t.swizzle) + ":" +
                  box);
  }
  for (const KernelConstexpr &c : m.constexprs)
    kv("constexpr", c.name + ":" + c.value);
  for (const auto &[k, v] : m.extra)
    kv(("x." + k).c_str(), v);
  return s;
}

/// `ARG:SWIZZLE:BOX0,BOX1,...` (TensorMapArg).
bool parseTensorMapArg(const std::string &value, TensorMapArg &t,
                       std::string &error) {
  auto bad = [&](const std::string &why) {
    error = "metadata tma '" + value + "' is malformed: " + why;
    return false;
  };
  size_t c1 = value.find(':');
  size_t c2 = c1 == std::string::npos ? c1 : value.find(':', c1 + 1);
  if (c2 == std::string::npos)
    return bad("expected ARG:SWIZZLE:BOX");
  uint64_t n = 0;
  if (!parseInt(value.substr(0, c1), n) || n > 1u << 20)
    return bad("the argument index");
  t.arg = uint32_t(n);
  if (!parseInt(value.substr(c1 + 1, c2 - c1 - 1), n) ||
      (n != 0 && n != 32 && n != 64 && n != 128))
    return bad("the swizzle is not 0, 32, 64 or 128");
  t.swizzle = uint32_t(n);
  std::string_view rest = std::string_view(value).substr(c2 + 1);
  while (true) {
    size_t comma = rest.find(',');
    if (!parseInt(std::string(rest.substr(0, comma)), n) || n < 1 || n > 256)
      return bad("a box dimension is not 1 to 256");
    t.box.push_back(uint32_t(n));
    if (comma == std::string_view::npos)
      break;
    rest = rest.substr(comma + 1);
  }
  if (t.box.size() > 5)
    return bad("more than 5 dimensions");
  return true;
}

/// Each TMA argument must head a descriptor's launch arguments: a pointer,
/// then its rank's shapes and strides and the padding flag.
bool checkTensorMaps(const KernelMetadata &m, std::string &error) {
  for (const TensorMapArg &t : m.tensorMaps) {
    size_t rank = t.box.size(), last = size_t(t.arg) + 2 * rank + 1;
    auto bad = [&](const std::string &why) {
      error = "metadata tma of argument " + std::to_string(t.arg) + ": " + why;
      return false;
    };
    if (t.arg >= m.args.size())
      return bad("the kernel has " + std::to_string(m.args.size()) +
                 " arguments");
    const std::string &name = m.args[t.arg].name;
    if (m.args[t.arg].type.empty() || m.args[t.arg].type[0] != '*')
      return bad("'" + name + "' is not a pointer");
    if (last >= m.args.size())
      return bad("the kernel has " + std::to_string(m.args.size()) +
                 " arguments, fewer than the descriptor's");
    for (size_t k = 0; k < rank; ++k) {
      if (m.args[t.arg + 1 + k].name != name + ".pack.shape" + std::to_string(k))
        return bad("argument " + std::to_string(t.arg + 1 + k) + " is not '" +
                   name + ".pack.shape" + std::to_string(k) + "'");
      if (m.args[t.arg + 1 + rank + k].name !=
          name + ".pack.stride" + std::to_string(k))
        return bad("argument " + std::to_string(t.arg + 1 + rank + k) +
                   " is not '" + name + ".pack.stride" + std::to_string(k) +
                   "'");
    }
    if (m.args[last].name != name + ".pack.padding")
      return bad("argument " + std::to_string(last) + " is not '" + name +
                 ".pack.padding'");
  }
  return true;
}

bool parseMetadata(std::string_view text, KernelMetadata &m,
                   std::string &error) {
  m = KernelMetadata();
  size_t lineNo = 0;
  while (!text.empty()) {
    ++lineNo;
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (line.empty())
      continue;
    size_t eq = line.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      error = "metadata line " + std::to_string(lineNo) + " is not key=value";
      return false;
    }
    std::string key(line.substr(0, eq));
    std::string value(line.substr(eq + 1));
    uint64_t n = 0;
    auto numberIn = [&](const std::string &text, uint64_t min, uint64_t max) {
      if (!parseInt(text, n) || n < min || n > max) {
        error = "metadata '" + key + "' is not a valid number: '" + value +
                "' (expected " + std::to_string(min) + " to " +
                std::to_string(max) + ")";
        return false;
      }
      return true;
    };
    auto number = [&](uint64_t max) { return numberIn(value, 0, max); };
    if (key == "kernel") m.kernel = value;
    else if (key == "symbol") m.symbol = value;
    else if (key == "target") m.target = value;
    else if (key == "backend") m.backend = value;
    else if (key == "backend_hash") m.backendHash = value;
    else if (key == "format") m.format = value;
    else if (key == "num_warps") { if (!numberIn(value, 1, kMaxWarps)) return false; m.numWarps = int(n); }
    else if (key == "threads_per_warp") { if (!numberIn(value, 1, 1024)) return false; m.threadsPerWarp = int(n); }
    else if (key == "num_stages") { if (!number(1024)) return false; m.numStages = int(n); }
    else if (key == "num_ctas") { if (!numberIn(value, 1, 1024)) return false; m.numCtas = int(n); }
    else if (key == "cluster_dims") {
      std::string_view rest = value;
      for (int i = 0; i < 3; ++i) {
        size_t comma = rest.find(',');
        if ((i < 2) == (comma == std::string_view::npos)) {
          error = "metadata 'cluster_dims' is not X,Y,Z: '" + value + "'";
          return false;
        }
        if (!numberIn(std::string(rest.substr(0, comma)), 1, 1024))
          return false;
        m.clusterDims[i] = uint32_t(n);
        rest = i < 2 ? rest.substr(comma + 1) : std::string_view();
      }
    }
    else if (key == "shared_memory") { if (!number(uint64_t(1) << 40)) return false; m.sharedMemory = n; }
    else if (key == "global_scratch_size") { if (!number(uint64_t(1) << 40)) return false; m.globalScratchSize = n; }
    else if (key == "global_scratch_align") {
      if (!numberIn(value, 1, 4096)) return false;
      if (n & (n - 1)) {
        error = "metadata 'global_scratch_align' is not a power of two: '" + value + "'";
        return false;
      }
      m.globalScratchAlign = n;
    }
    else if (key == "profile_scratch_size") { if (!number(uint64_t(1) << 40)) return false; m.profileScratchSize = n; }
    else if (key == "registers") { if (!number(65536)) return false; m.registers = uint32_t(n); }
    else if (key == "spills") { if (!number(uint64_t(1) << 31)) return false; m.spills = uint32_t(n); }
    else if (key == "local_memory") { if (!number(uint64_t(1) << 40)) return false; m.localMemory = n; }
    else if (key == "max_threads") { if (!number(65536)) return false; m.maxThreads = uint32_t(n); }
    else if (key == "requires") {
      std::string_view rest = value;
      while (true) {
        size_t comma = rest.find(',');
        std::string_view r = rest.substr(0, comma);
        if (!isName(r)) {
          error = "metadata 'requires' holds a malformed name: '" + value + "'";
          return false;
        }
        m.requirements.emplace_back(r);
        if (comma == std::string_view::npos)
          break;
        rest = rest.substr(comma + 1);
      }
    }
    else if (key == "arg") {
      KernelArg a;
      if (!parseKernelArg(value, a, error))
        return false;
      m.args.push_back(std::move(a));
    } else if (key == "tma") {
      TensorMapArg t;
      if (!parseTensorMapArg(value, t, error))
        return false;
      m.tensorMaps.push_back(std::move(t));
    } else if (key == "constexpr") {
      size_t colon = value.find(':');
      if (colon == std::string::npos || colon == 0) {
        error = "metadata constexpr '" + value + "' is not name:value";
        return false;
      }
      m.constexprs.push_back({value.substr(0, colon), value.substr(colon + 1)});
    } else if (key.rfind("x.", 0) == 0) {
      m.extra[key.substr(2)] = value;
    } else {
      error = "unknown metadata key '" + key + "'";
      return false;
    }
  }
  if (m.kernel.empty() || m.target.empty()) {
    error = "metadata lacks the kernel name or the target";
    return false;
  }
  return checkTensorMaps(m, error);
}

bool write(const std::vector<Entry> &entries, std::string &out,
           std::string &error) {
  if (entries.size() > kMaxEntries) {
    error = "too many entries for one bundle (" +
            std::to_string(entries.size()) + ")";
    return false;
  }
  std::vector<std::string> payloads;
  for (const Entry &e : entries) {
    std::string meta = formatMetadata(e.meta);
    auto bad = [](const std::string &v) {
      return v.find('\n') != std::string::npos;
    };
    bool invalid = bad(e.meta.kernel) || bad(e.meta.target) ||
                   bad(e.meta.backend) || bad(e.meta.backendHash) ||
                   bad(e.meta.format);
    for (const KernelArg &a : e.meta.args)
      invalid |= bad(a.name) || bad(a.type) || a.name.find(':') != std::string::npos;
    for (const KernelConstexpr &c : e.meta.constexprs)
      invalid |= bad(c.name) || bad(c.value) || c.name.find(':') != std::string::npos;
    for (const std::string &r : e.meta.requirements)
      invalid |= bad(r) || r.find(',') != std::string::npos;
    for (const auto &[k, v] : e.meta.extra)
      invalid |= bad(k) || bad(v) || k.find('=') != std::string::npos;
    if (invalid) {
      error = "metadata of kernel '" + e.meta.kernel +
              "' holds a newline or separator in a value";
      return false;
    }
    KernelMetadata back;
    std::string why;
    if (!parseMetadata(meta, back, why)) {
      error = "metadata of kernel '" + e.meta.kernel +
              "' would not be readable: " + why;
      return false;
    }
    if (meta.size() > UINT32_MAX) {
      error = "metadata of kernel '" + e.meta.kernel + "' is " +
              std::to_string(meta.size()) + " bytes, more than a u32 counts";
      return false;
    }
    std::string p;
    putU32(p, uint32_t(meta.size()));
    p += meta;
    p += e.binary;
    payloads.push_back(std::move(p));
  }
  uint64_t n = entries.size();
  uint64_t tableEnd = 24 + 24 * n;
  uint64_t offset = tableEnd + 8;
  uint64_t total = offset;
  for (const std::string &p : payloads)
    total += p.size();
  if (total > kMaxFileSize) {
    error = "the bundle would be " + std::to_string(total) +
            " bytes, more than the " + std::to_string(kMaxFileSize) +
            " a reader accepts";
    return false;
  }
  out.clear();
  out.append(kMagic, 8);
  putU32(out, kBundleVersion);
  putU32(out, uint32_t(n));
  putU64(out, total);
  for (const std::string &p : payloads) {
    putU64(out, offset);
    putU64(out, p.size());
    putU64(out, checksum(p));
    offset += p.size();
  }
  putU64(out, checksum(out));
  for (const std::string &p : payloads)
    out += p;
  return true;
}

namespace {

const char *fileType(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  if (S_ISLNK(mode))
    return "a symbolic link";
  return "a special file";
}

/// Sets `error` and errno; returns false.
bool fileError(int fd, int code, std::string message, std::string &error) {
  if (fd >= 0)
    ::close(fd);
  error = std::move(message);
  errno = code;
  return false;
}

} // namespace

bool readFile(const std::string &path, std::string &out, std::string &error,
              bool noFollow) {
  out.clear();
  // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused
  // below); it changes nothing for a regular file.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK |
                                    (noFollow ? O_NOFOLLOW : 0));
  if (fd < 0) {
    int code = errno;
    return fileError(-1, code,
                     code == ELOOP && noFollow ? "it is a symbolic link"
                                               : std::strerror(code),
                     error);
  }
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return fileError(fd, EIO, std::strerror(errno), error);
  if (!S_ISREG(st.st_mode))
    return fileError(fd, EINVAL,
                     std::string("it is ") + fileType(st.st_mode) +
                         ", not a regular file",
                     error);
  if (uint64_t(st.st_size) > kMaxFileSize)
    return fileError(fd, EFBIG,
                     "it is " + std::to_string(st.st_size) +
                         " bytes, more than the " +
                         std::to_string(kMaxFileSize) +
                         " bytes a bundle may have",
                     error);
  out.resize(size_t(st.st_size));
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int code = errno;
      out.clear();
      return fileError(fd, EIO, std::strerror(code), error);
    }
    if (n == 0)
      break;
    done += size_t(n);
  }
  // One byte more tells a file that grew while it was read.
  char more;
  ssize_t extra = done == out.size() ? ::read(fd, &more, 1) : 0;
  if (done != out.size() || extra != 0) {
    out.clear();
    return fileError(fd, EIO, "it changed size while it was read", error);
  }
  ::close(fd);
  return true;
}

bool read(std::string_view d, std::vector<Entry> &out, std::string &error) {
  out.clear();
  if (d.size() < 24 || std::memcmp(d.data(), kMagic, 8) != 0) {
    error = d.size() >= 8 && std::memcmp(d.data(), kMagic, 8) == 0
                ? "bundle is truncated: " + std::to_string(d.size()) +
                      " bytes, shorter than its header"
                : "not a Trident bundle (bad magic)";
    return false;
  }
  uint32_t version = getU32(d, 8);
  if (version < kOldestReadableVersion || version > kBundleVersion) {
    error = "unsupported bundle format version " + std::to_string(version) +
            " (this build reads versions " +
            std::to_string(kOldestReadableVersion) + " to " +
            std::to_string(kBundleVersion) +
            (version > kBundleVersion ? "; the bundle was written by a newer "
                                        "Trident: rebuild it or update the "
                                        "runtime"
                                      : "") +
            ")";
    return false;
  }
  uint64_t n = getU32(d, 12);
  uint64_t total = getU64(d, 16);
  if (n > kMaxEntries) {
    error = "bundle claims " + std::to_string(n) + " entries (at most " +
            std::to_string(kMaxEntries) + ")";
    return false;
  }
  if (total != d.size()) {
    error = "bundle is truncated or padded: its header says " +
            std::to_string(total) + " bytes, the data has " +
            std::to_string(d.size());
    return false;
  }
  uint64_t tableEnd = 24 + 24 * n;
  if (tableEnd + 8 > d.size()) {
    error = "bundle is truncated inside its entry table";
    return false;
  }
  if (getU64(d, tableEnd) != checksum(d.substr(0, tableEnd))) {
    error = "bundle header fails its checksum (the file is corrupted)";
    return false;
  }
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t off = getU64(d, 24 + 24 * i), size = getU64(d, 32 + 24 * i);
    uint64_t sum = getU64(d, 40 + 24 * i);
    std::string where = "bundle entry " + std::to_string(i);
    if (off < tableEnd + 8 || off > d.size() || size > d.size() - off ||
        size < 4) {
      error = where + " lies outside the file";
      return false;
    }
    std::string_view payload = d.substr(off, size);
    if (checksum(payload) != sum) {
      error = where + " fails its checksum (the file is corrupted)";
      return false;
    }
    uint32_t metaSize = getU32(payload, 0);
    if (metaSize > size - 4) {
      error = where + " has metadata larger than the entry";
      return false;
    }
    Entry e;
    std::string metaError;
    if (!parseMetadata(payload.substr(4, metaSize), e.meta, metaError)) {
      error = where + ": " + metaError;
      return false;
    }
    e.binary = std::string(payload.substr(4 + metaSize));
    out.push_back(std::move(e));
  }
  return true;
}

} // namespace trident::bundle
