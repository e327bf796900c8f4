//===- RemoteCache.h - a shared second cache level on Redis -----*- C++ -*-===//
//
// Behind the on-disk cache (Cache.h), a fleet of machines shares compiled
// bundles and autotuning results in one Redis: TRIDENT_REMOTE_CACHE=
// redis://[[user]:password@]host[:port][/db]. Reads go local first, then
// remote (a remote hit is written to the local cache); writes go local,
// then remote, from a background thread so that a compile never waits on
// the network.
//
// A cache entry is code that will run, so entries are authenticated: with
// TRIDENT_REMOTE_CACHE_KEY (a secret shared by the fleet) every entry is
// written with an HMAC-SHA256 over its kind, its key and the SHA-256 of its
// bytes, and a reader holding the secret refuses any entry whose HMAC does
// not verify (counted, reported once) and compiles instead. Without a
// secret the remote cache is read-only, unless
// TRIDENT_REMOTE_CACHE_WRITE_UNAUTHENTICATED=1 (then any writer to the
// Redis can place code that readers without a secret will run). The bytes
// themselves are checked as the on-disk cache checks them (checksummed
// bundle recording its own key).
//
// Faults never fail a compile: every call has a timeout
// (TRIDENT_REMOTE_CACHE_TIMEOUT_MS, default 1000), a lookup makes at most
// a connect and one GET, an unreachable server is not asked again for a
// few seconds, garbage is refused, and one warning says what happened.
// Entries above TRIDENT_REMOTE_CACHE_MAX_BYTES (default 32 MiB) are not
// stored. Built without hiredis, setting TRIDENT_REMOTE_CACHE is a warning.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DRIVER_REMOTECACHE_H
#define TRIDENT_DRIVER_REMOTECACHE_H

#include <cstdint>
#include <memory>
#include <string>

namespace trident {

class RemoteCache {
public:
  /// What an entry holds; part of what its HMAC covers.
  enum class Kind : char { Bundle = 'b', Autotune = 'a' };

  struct Config {
    std::string url;
    std::string secret;
    bool unauthenticatedWrites = false;
    int timeoutMs = 1000;
    uint64_t maxEntryBytes = 32ull << 20;
  };

  /// The remote cache of this process for `url` (empty: the
  /// TRIDENT_REMOTE_CACHE environment variable), its settings from the
  /// environment; null when none is configured, or when the URL is
  /// malformed or the build has no Redis client (`warning` says so, once).
  static RemoteCache *get(const std::string &url, std::string &warning);

  enum class Result { Hit, Miss, Refused, Unavailable };
  /// The payload stored under `key`. Refused: an entry that is not ours
  /// or whose HMAC does not verify; Unavailable: no answer in time.
  /// `warning` is set once per kind of fault.
  Result lookup(Kind kind, const std::string &key, std::string &payload,
                std::string &warning);
  /// The caller found the payload of a Hit unusable (not a valid entry of
  /// its key): counted as refused, and warned about once.
  void reportBadPayload(const std::string &key, const std::string &why,
                        std::string &warning);
  /// Queues a write; false when this process may not write (no secret and
  /// no opt-in) or the payload is above the size limit.
  bool store(Kind kind, const std::string &key, std::string payload);
  /// Waits up to `milliseconds` for queued writes. At exit a handler
  /// waits up to twice the call timeout, then drops what is left.
  void flush(int milliseconds);

  bool canWrite() const;
  const Config &config() const { return config_; }

  struct Stats {
    uint64_t hits = 0, misses = 0, refused = 0, unavailable = 0;
    uint64_t writes = 0, writeFailures = 0, skippedLarge = 0;
    uint64_t bytesRead = 0, bytesWritten = 0;
    double readMs = 0, writeMs = 0;
  };
  Stats stats() const;
  /// `key=value` lines of stats(), with the URL (its password hidden).
  std::string statsText() const;

  ~RemoteCache();
  RemoteCache(const RemoteCache &) = delete;
  RemoteCache &operator=(const RemoteCache &) = delete;

  /// The value Redis holds for an entry: a header (magic, kind, HMAC)
  /// and the payload. Exposed for tests that forge entries.
  static std::string seal(Kind kind, const std::string &key,
                          const std::string &payload,
                          const std::string &secret);
  /// The Redis key of an entry.
  static std::string redisKey(Kind kind, const std::string &key);

  struct Impl;

private:
  explicit RemoteCache(Config config);
  Config config_;
  std::unique_ptr<Impl> impl_;
};

} // namespace trident

#endif // TRIDENT_DRIVER_REMOTECACHE_H
