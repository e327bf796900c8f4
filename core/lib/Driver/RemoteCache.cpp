//===- RemoteCache.cpp - the Redis level of the cache ---------------------===//
//
// hiredis's synchronous API, one connection for lookups (guarded by a
// mutex: the Python package compiles from several threads) and one owned
// by the writer thread. See RemoteCache.h for the contract.
//
//===----------------------------------------------------------------------===//

#include "trident/Driver/RemoteCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

#ifdef TRIDENT_HAVE_HIREDIS
#include <hiredis/hiredis.h>
#endif

namespace trident {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

constexpr const char kMagic[4] = {'T', 'R', 'C', '1'};
constexpr size_t kMacBytes = 32;
constexpr size_t kHeader = 4 + 1 + 1 + kMacBytes;
/// After a connection fails, lookups skip the server this long.
constexpr auto kBackoff = std::chrono::seconds(5);

std::array<uint8_t, 32> sha256(const std::string &data) {
  return llvm::SHA256::hash(llvm::arrayRefFromStringRef(data));
}

/// HMAC-SHA256 (RFC 2104).
std::array<uint8_t, 32> hmac(const std::string &secret,
                             const std::string &message) {
  std::array<uint8_t, 64> k{};
  if (secret.size() > k.size()) {
    auto h = sha256(secret);
    std::memcpy(k.data(), h.data(), h.size());
  } else {
    std::memcpy(k.data(), secret.data(), secret.size());
  }
  std::string inner(64, '\0'), outer(64, '\0');
  for (size_t i = 0; i < 64; ++i) {
    inner[i] = char(k[i] ^ 0x36);
    outer[i] = char(k[i] ^ 0x5c);
  }
  auto ih = sha256(inner + message);
  return sha256(outer + std::string(ih.begin(), ih.end()));
}

std::string macMessage(RemoteCache::Kind kind, const std::string &key,
                       const std::string &payload) {
  auto digest = sha256(payload);
  return std::string("trident-remote-cache/1\n") + char(kind) + "\n" + key +
         "\n" + std::string(digest.begin(), digest.end());
}

bool sameBytes(const char *a, const uint8_t *b, size_t n) {
  unsigned char diff = 0; // constant time
  for (size_t i = 0; i < n; ++i)
    diff |= static_cast<unsigned char>(a[i]) ^ b[i];
  return diff == 0;
}

struct Url {
  std::string host, user, password;
  int port = 6379;
  int db = 0;
};

/// redis://[[user]:password@]host[:port][/db]; empty on success, else why.
std::string parseUrl(const std::string &url, Url &out) {
  std::string rest;
  if (url.rfind("redis://", 0) == 0) {
    rest = url.substr(8);
  } else if (url.rfind("rediss://", 0) == 0) {
    return "rediss:// (TLS) is not supported: Debian 12's hiredis has no "
           "TLS; reach Redis over a tunnel or a private network with "
           "redis://";
  } else {
    return "expected redis://[[user]:password@]host[:port][/db]";
  }
  size_t at = rest.rfind('@');
  if (at != std::string::npos) {
    std::string cred = rest.substr(0, at);
    rest = rest.substr(at + 1);
    size_t colon = cred.find(':');
    if (colon == std::string::npos) {
      out.password = cred;
    } else {
      out.user = cred.substr(0, colon);
      out.password = cred.substr(colon + 1);
    }
  }
  size_t slash = rest.find('/');
  std::string hostPort = rest.substr(0, slash);
  if (slash != std::string::npos && slash + 1 < rest.size()) {
    std::string db = rest.substr(slash + 1);
    char *end = nullptr;
    long v = std::strtol(db.c_str(), &end, 10);
    if (*end || v < 0 || v > 1 << 20)
      return "the database '" + db + "' is not a number";
    out.db = int(v);
  }
  size_t colon = hostPort.rfind(':');
  out.host = hostPort.substr(0, colon);
  if (colon != std::string::npos) {
    std::string port = hostPort.substr(colon + 1);
    char *end = nullptr;
    long v = std::strtol(port.c_str(), &end, 10);
    if (port.empty() || *end || v < 1 || v > 65535)
      return "the port '" + port + "' is not a port number";
    out.port = int(v);
  }
  if (out.host.empty())
    return "no host";
  return "";
}

/// The URL with its password hidden, for messages.
std::string shown(const std::string &url) {
  size_t at = url.rfind('@');
  size_t scheme = url.find("://");
  if (at == std::string::npos || scheme == std::string::npos)
    return url;
  return url.substr(0, scheme + 3) + "***@" + url.substr(at + 1);
}

int envInt(const char *name, int fallback, int lo, int hi) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return fallback;
  char *end = nullptr;
  long n = std::strtol(v, &end, 10);
  return *end || n < lo || n > hi ? fallback : int(n);
}

} // namespace

struct RemoteCache::Impl {
  Url url;
  pid_t pid = getpid();
  mutable std::mutex mu; // the lookup connection, the stats, the warnings
  Stats stats;
  std::set<std::string> warned;
  Clock::time_point downUntil{};
#ifdef TRIDENT_HAVE_HIREDIS
  redisContext *reader = nullptr;
#endif
  // The writer.
  std::mutex wmu;
  std::condition_variable wcv, idle;
  std::deque<std::pair<std::string, std::string>> queue;
  bool stopping = false, busy = false;
  std::thread writer;

  /// `message` the first time a fault of `kind` happens.
  std::string once(const std::string &kind, const std::string &message) {
    return warned.insert(kind).second ? message : std::string();
  }
};

#ifdef TRIDENT_HAVE_HIREDIS
namespace {

/// A connection with the timeouts set, authenticated and on its database;
/// null with `why` set.
redisContext *connectTo(const Url &u, int timeoutMs, std::string &why) {
  timeval tv{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
  redisContext *c = redisConnectWithTimeout(u.host.c_str(), u.port, tv);
  if (!c) {
    why = "no memory for a connection";
    return nullptr;
  }
  if (c->err) {
    why = c->errstr;
    redisFree(c);
    return nullptr;
  }
  redisSetTimeout(c, tv);
  auto command = [&](redisReply *r, const char *what) {
    if (!r) {
      why = std::string(what) + ": " + c->errstr;
      return false;
    }
    bool ok = r->type != REDIS_REPLY_ERROR;
    if (!ok)
      why = std::string(what) + ": " + std::string(r->str, r->len);
    freeReplyObject(r);
    return ok;
  };
  if (!u.password.empty()) {
    auto *r = static_cast<redisReply *>(
        u.user.empty()
            ? redisCommand(c, "AUTH %b", u.password.data(), u.password.size())
            : redisCommand(c, "AUTH %b %b", u.user.data(), u.user.size(),
                           u.password.data(), u.password.size()));
    if (!command(r, "AUTH")) {
      redisFree(c);
      return nullptr;
    }
  }
  if (u.db != 0) {
    auto *r = static_cast<redisReply *>(redisCommand(c, "SELECT %d", u.db));
    if (!command(r, "SELECT")) {
      redisFree(c);
      return nullptr;
    }
  }
  return c;
}

} // namespace
#endif

RemoteCache::RemoteCache(Config config)
    : config_(std::move(config)), impl_(std::make_unique<Impl>()) {
  parseUrl(config_.url, impl_->url);
}

RemoteCache::~RemoteCache() {
  {
    // What is still queued is dropped: exit never waits on more than the
    // write in flight.
    std::lock_guard<std::mutex> g(impl_->wmu);
    impl_->stopping = true;
    impl_->queue.clear();
  }
  impl_->wcv.notify_all();
  if (impl_->writer.joinable())
    impl_->writer.join();
#ifdef TRIDENT_HAVE_HIREDIS
  if (impl_->reader)
    redisFree(impl_->reader);
#endif
}

namespace {

std::mutex registryMutex;
std::map<std::string, RemoteCache *> &registry() {
  static auto *m = new std::map<std::string, RemoteCache *>();
  return *m;
}
std::set<std::string> &registryWarnings() {
  static auto *s = new std::set<std::string>();
  return *s;
}

/// At exit: queued writes get their time, then the writers stop. Caches
/// made by a parent before fork() have no writer here and are left alone.
void flushAtExit() {
  std::lock_guard<std::mutex> g(registryMutex);
  for (auto &[name, cache] : registry())
    if (name.rfind(std::to_string(getpid()) + "\n", 0) == 0) {
      cache->flush(2 * cache->config().timeoutMs + 500);
      delete cache;
      cache = nullptr;
    }
  for (auto it = registry().begin(); it != registry().end();)
    it = it->second ? std::next(it) : registry().erase(it);
}

} // namespace

RemoteCache *RemoteCache::get(const std::string &url, std::string &warning) {
  std::string u = url;
  if (u.empty())
    if (const char *env = std::getenv("TRIDENT_REMOTE_CACHE"))
      u = env;
  if (u.empty())
    return nullptr;
  Config config;
  config.url = u;
  if (const char *k = std::getenv("TRIDENT_REMOTE_CACHE_KEY"))
    config.secret = k;
  if (const char *w = std::getenv("TRIDENT_REMOTE_CACHE_WRITE_UNAUTHENTICATED"))
    config.unauthenticatedWrites = std::string(w) == "1";
  config.timeoutMs = envInt("TRIDENT_REMOTE_CACHE_TIMEOUT_MS", 1000, 1, 600000);
  config.maxEntryBytes =
      uint64_t(envInt("TRIDENT_REMOTE_CACHE_MAX_BYTES", 32 << 20, 1, INT32_MAX));
  std::lock_guard<std::mutex> g(registryMutex);
  auto report = [&](const std::string &message) {
    if (registryWarnings().insert(u).second)
      warning = message;
    return nullptr;
  };
#ifndef TRIDENT_HAVE_HIREDIS
  return report("TRIDENT_REMOTE_CACHE is set, but this build of Trident has "
                "no Redis client (hiredis was not found when it was built); "
                "the remote cache is off");
#endif
  Url parsed;
  if (std::string why = parseUrl(u, parsed); !why.empty())
    return report("the remote cache is off: TRIDENT_REMOTE_CACHE=" + shown(u) +
                  ": " + why);
  std::string name = std::to_string(getpid()) + "\n" + u + "\n" +
                     config.secret + "\n" +
                     (config.unauthenticatedWrites ? "w" : "r") + "\n" +
                     std::to_string(config.timeoutMs) + "\n" +
                     std::to_string(config.maxEntryBytes);
  auto it = registry().find(name);
  if (it != registry().end())
    return it->second;
  static bool registered = [] { return std::atexit(flushAtExit) == 0; }();
  (void)registered;
  RemoteCache *cache = new RemoteCache(std::move(config));
  registry()[name] = cache;
  return cache;
}

bool RemoteCache::canWrite() const {
  return !config_.secret.empty() || config_.unauthenticatedWrites;
}

std::string RemoteCache::redisKey(Kind kind, const std::string &key) {
  return std::string("trident:") +
         (kind == Kind::Bundle ? "bundle:" : "autotune:") + key;
}

std::string RemoteCache::seal(Kind kind, const std::string &key,
                              const std::string &payload,
                              const std::string &secret) {
  std::string v(kMagic, 4);
  v += char(kind);
  v += secret.empty() ? '0' : '1';
  if (secret.empty()) {
    v += std::string(kMacBytes, '\0');
  } else {
    auto mac = hmac(secret, macMessage(kind, key, payload));
    v.append(reinterpret_cast<const char *>(mac.data()), mac.size());
  }
  return v + payload;
}

RemoteCache::Result RemoteCache::lookup(Kind kind, const std::string &key,
                                        std::string &payload,
                                        std::string &warning) {
  Impl &d = *impl_;
  std::lock_guard<std::mutex> g(d.mu);
  auto t0 = Clock::now();
  auto done = [&](Result r) {
    d.stats.readMs += msSince(t0);
    switch (r) {
    case Result::Hit: ++d.stats.hits; break;
    case Result::Miss: ++d.stats.misses; break;
    case Result::Refused: ++d.stats.refused; break;
    case Result::Unavailable: ++d.stats.unavailable; break;
    }
    return r;
  };
#ifndef TRIDENT_HAVE_HIREDIS
  (void)kind, (void)key, (void)payload, (void)warning;
  return done(Result::Unavailable);
#else
  if (Clock::now() < d.downUntil)
    return done(Result::Unavailable);
  auto down = [&](const std::string &why) {
    if (d.reader) {
      redisFree(d.reader);
      d.reader = nullptr;
    }
    d.downUntil = Clock::now() + kBackoff;
    warning = d.once("unavailable",
                     "remote cache " + shown(config_.url) + " unavailable (" +
                         why + "); compiling locally");
    return done(Result::Unavailable);
  };
  if (!d.reader) {
    std::string why;
    d.reader = connectTo(d.url, config_.timeoutMs, why);
    if (!d.reader)
      return down(why);
  }
  std::string rk = redisKey(kind, key);
  auto *r = static_cast<redisReply *>(
      redisCommand(d.reader, "GET %b", rk.data(), rk.size()));
  if (!r)
    return down(d.reader->errstr[0] ? d.reader->errstr : "no reply");
  std::string value;
  int type = r->type;
  if (type == REDIS_REPLY_STRING)
    value.assign(r->str, r->len);
  else if (type == REDIS_REPLY_ERROR)
    value.assign(r->str, r->len);
  freeReplyObject(r);
  if (type == REDIS_REPLY_NIL)
    return done(Result::Miss);
  if (type == REDIS_REPLY_ERROR)
    return down("GET: " + value);
  if (type != REDIS_REPLY_STRING)
    return down("GET answered something that is not a string");
  d.stats.bytesRead += value.size();
  auto refuse = [&](const std::string &why) {
    warning = d.once("refused", "remote cache " + shown(config_.url) +
                                    ": refused the entry of " + key + " (" +
                                    why + "); compiling instead");
    return done(Result::Refused);
  };
  if (value.size() < kHeader || std::memcmp(value.data(), kMagic, 4) != 0)
    return refuse("not an entry Trident wrote");
  if (value[4] != char(kind))
    return refuse("an entry of another kind");
  if (!config_.secret.empty()) {
    if (value[5] != '1')
      return refuse("it carries no HMAC, and TRIDENT_REMOTE_CACHE_KEY is set");
    std::string body = value.substr(kHeader);
    auto mac = hmac(config_.secret, macMessage(kind, key, body));
    if (!sameBytes(value.data() + 6, mac.data(), kMacBytes))
      return refuse("its HMAC does not verify with TRIDENT_REMOTE_CACHE_KEY");
    payload = std::move(body);
  } else {
    payload = value.substr(kHeader);
  }
  return done(Result::Hit);
#endif
}

void RemoteCache::reportBadPayload(const std::string &key,
                                   const std::string &why,
                                   std::string &warning) {
  Impl &d = *impl_;
  std::lock_guard<std::mutex> g(d.mu);
  // Counted as refused rather than as the hit lookup() counted.
  if (d.stats.hits)
    --d.stats.hits;
  ++d.stats.refused;
  warning = d.once("refused", "remote cache " + shown(config_.url) +
                                  ": refused the entry of " + key + " (" +
                                  why + "); compiling instead");
}

bool RemoteCache::store(Kind kind, const std::string &key,
                        std::string payload) {
  Impl &d = *impl_;
  if (!canWrite())
    return false;
  if (payload.size() > config_.maxEntryBytes) {
    std::lock_guard<std::mutex> g(d.mu);
    ++d.stats.skippedLarge;
    return false;
  }
#ifndef TRIDENT_HAVE_HIREDIS
  return false;
#else
  {
    // A server this process just found down is not written to either.
    std::lock_guard<std::mutex> g(d.mu);
    if (Clock::now() < d.downUntil) {
      ++d.stats.writeFailures;
      return false;
    }
  }
  std::string value = seal(kind, key, payload, config_.secret);
  std::lock_guard<std::mutex> g(d.wmu);
  if (d.stopping)
    return false;
  d.queue.emplace_back(redisKey(kind, key), std::move(value));
  if (!d.writer.joinable())
    d.writer = std::thread([this] {
      Impl &d = *impl_;
      redisContext *c = nullptr;
      std::unique_lock<std::mutex> lk(d.wmu);
      while (true) {
        d.wcv.wait(lk, [&] { return d.stopping || !d.queue.empty(); });
        if (d.queue.empty())
          break;
        auto [rk, value] = std::move(d.queue.front());
        d.queue.pop_front();
        d.busy = true;
        lk.unlock();
        auto t0 = Clock::now();
        std::string why;
        bool ok = false;
        if (!c)
          c = connectTo(d.url, config_.timeoutMs, why);
        if (c) {
          auto *r = static_cast<redisReply *>(redisCommand(
              c, "SET %b %b", rk.data(), rk.size(), value.data(), value.size()));
          if (!r) {
            why = c->errstr;
            redisFree(c);
            c = nullptr;
          } else {
            ok = r->type != REDIS_REPLY_ERROR;
            if (!ok)
              why = std::string(r->str, r->len);
            freeReplyObject(r);
          }
        }
        {
          std::lock_guard<std::mutex> g(d.mu);
          d.stats.writeMs += msSince(t0);
          if (ok) {
            ++d.stats.writes;
            d.stats.bytesWritten += value.size();
          } else {
            ++d.stats.writeFailures;
            std::string w = d.once("write", "remote cache " +
                                                shown(config_.url) +
                                                ": a write failed (" + why +
                                                "); entries stay local");
            if (!w.empty())
              std::fprintf(stderr, "trident: warning: %s\n", w.c_str());
          }
        }
        lk.lock();
        d.busy = false;
        d.idle.notify_all();
      }
      if (c)
        redisFree(c);
    });
  d.wcv.notify_one();
  return true;
#endif
}

void RemoteCache::flush(int milliseconds) {
  Impl &d = *impl_;
  std::unique_lock<std::mutex> lk(d.wmu);
  d.idle.wait_for(lk, std::chrono::milliseconds(milliseconds),
                  [&] { return d.queue.empty() && !d.busy; });
}

RemoteCache::Stats RemoteCache::stats() const {
  std::lock_guard<std::mutex> g(impl_->mu);
  return impl_->stats;
}

std::string RemoteCache::statsText() const {
  Stats s = stats();
  char buf[512];
  std::snprintf(buf, sizeof(buf),
                "url=%s\nhits=%llu\nmisses=%llu\nrefused=%llu\n"
                "unavailable=%llu\nwrites=%llu\nwrite_failures=%llu\n"
                "skipped_large=%llu\nbytes_read=%llu\nbytes_written=%llu\n"
                "read_ms=%.3f\nwrite_ms=%.3f\n",
                shown(config_.url).c_str(), (unsigned long long)s.hits,
                (unsigned long long)s.misses, (unsigned long long)s.refused,
                (unsigned long long)s.unavailable, (unsigned long long)s.writes,
                (unsigned long long)s.writeFailures,
                (unsigned long long)s.skippedLarge,
                (unsigned long long)s.bytesRead,
                (unsigned long long)s.bytesWritten, s.readMs, s.writeMs);
  return buf;
}

} // namespace trident
