//===- Cache.h - the on-disk cache of compiled kernels -----------*- C++ -*-===//
//
// Content-addressed: an entry's name is the hash of everything that went
// into it (see Driver.cpp, cacheKey). Each entry is a one-entry bundle, so
// it is checksummed; writes go to a temporary file that is renamed into
// place, so several processes compiling the same key at once never leave a
// torn entry. An entry that fails its checks is deleted and reported.
// Each entry records its key (metadata `x.cache_key`): a valid entry of
// another key copied into place is corrupt too. Entries are read only when
// they are regular files (not through symbolic links), up to their size.
// Default directory ~/.cache/trident; TRIDENT_CACHE_DIR overrides it.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DRIVER_CACHE_H
#define TRIDENT_DRIVER_CACHE_H

#include "trident/Bundle.h"

#include <string>

namespace trident {

class Cache {
public:
  explicit Cache(std::string directory);

  /// TRIDENT_CACHE_DIR, else $HOME/.cache/trident. Without HOME,
  /// $XDG_CACHE_HOME/trident, else $TMPDIR/trident-cache-UID (/tmp without
  /// TMPDIR), created with mode 0700 and used only when it is a directory of
  /// this user that no one else can write to. Empty, with `warning` saying
  /// why, when there is no safe directory: the cache is then off.
  static std::string defaultDirectory(std::string &warning);

  const std::string &directory() const { return dir_; }
  /// The file of `key`.
  std::string pathFor(const std::string &key) const;

  /// Unreadable: the cache itself could not be read there (a path too
  /// long for the file system, no permission); no entry is to blame and
  /// nothing is deleted.
  enum class Lookup { Hit, Miss, Corrupt, Unreadable };
  /// Reads the entry of `key`. A corrupt entry is deleted; `warning` says
  /// why (also for Unreadable).
  Lookup lookup(const std::string &key, bundle::Entry &out,
                std::string &warning) const;

  /// Writes the entry of `key` atomically. Returns false with `error` set
  /// when the directory cannot be written (the compile still succeeds).
  bool store(const std::string &key, const bundle::Entry &entry,
             std::string &error) const;
  /// The same for an entry already encoded (and decoded successfully).
  bool storeEncoded(const std::string &key, const std::string &data,
                    std::string &error) const;

  /// An entry's bytes, as the file holds them (and the remote cache): a
  /// one-entry bundle recording its key.
  static bool encode(const std::string &key, const bundle::Entry &entry,
                     std::string &data, std::string &error);
  /// Reads bytes back; false with `why` when they are not a valid entry
  /// of `key` (torn, flipped, another key's).
  static bool decode(const std::string &key, const std::string &data,
                     bundle::Entry &out, std::string &why);

private:
  std::string dir_;
};

} // namespace trident

#endif // TRIDENT_DRIVER_CACHE_H
