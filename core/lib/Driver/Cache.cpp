//===- Cache.cpp - atomic, checked cache entries --------------------------===//

#include "trident/Driver/Cache.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace trident {

namespace {

/// The metadata extra (`x.cache_key`) in which an entry records its key.
constexpr const char *kKeyExtra = "cache_key";

bool makeDirs(const std::string &path, mode_t mode = 0755) {
  std::string cur;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (!cur.empty() && mkdir(cur.c_str(), mode) != 0 && errno != EEXIST)
        return false;
    }
    if (i < path.size())
      cur += path[i];
  }
  return true;
}

} // namespace

Cache::Cache(std::string directory) : dir_(std::move(directory)) {}

std::string Cache::defaultDirectory(std::string &warning) {
  if (const char *env = std::getenv("TRIDENT_CACHE_DIR"); env && *env)
    return env;
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/trident";
  // Without a home, never a directory shared by all users (another user
  // could plant entries there): XDG's cache directory, else one of this
  // user's own in the temporary directory.
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/') {
    std::string dir = std::string(xdg) + "/trident";
    if (makeDirs(dir, 0700))
      return dir;
    warning = "the on-disk cache is off: cannot create " + dir + ": " +
              std::strerror(errno);
    return "";
  }
  const char *tmp = std::getenv("TMPDIR");
  uid_t uid = geteuid();
  std::string dir = std::string(tmp && *tmp == '/' ? tmp : "/tmp") +
                    "/trident-cache-" + std::to_string(uid);
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
    warning = "the on-disk cache is off: cannot create " + dir + ": " +
              std::strerror(errno);
    return "";
  }
  // It may have been there before: it must be a directory (not a link to
  // one) of this user that no one else can write to.
  struct stat st;
  std::string why;
  if (lstat(dir.c_str(), &st) != 0)
    why = std::strerror(errno);
  else if (S_ISLNK(st.st_mode))
    why = "it is a symbolic link";
  else if (!S_ISDIR(st.st_mode))
    why = "it is not a directory";
  else if (st.st_uid != uid)
    why = "it belongs to user " + std::to_string(st.st_uid) + ", not to " +
          std::to_string(uid);
  else if (st.st_mode & (S_IWGRP | S_IWOTH))
    why = "others can write to it";
  if (why.empty())
    return dir;
  warning = "the on-disk cache is off: " + dir + " (HOME is not set) is not "
            "safe to use: " + why + "; set TRIDENT_CACHE_DIR or HOME";
  return "";
}

std::string Cache::pathFor(const std::string &key) const {
  return dir_ + "/" + key.substr(0, 2) + "/" + key + ".bundle";
}

Cache::Lookup Cache::lookup(const std::string &key, bundle::Entry &out,
                            std::string &warning) const {
  std::string path = pathFor(key), data, error;
  auto corrupt = [&](const std::string &why) {
    warning = "discarding corrupt cache entry " + path + ": " + why;
    ::unlink(path.c_str());
    return Lookup::Corrupt;
  };
  // Not through a symbolic link, and only a regular file read up to its
  // size: an entry planted as a link to /dev/zero, or a FIFO, is corrupt.
  if (!bundle::readFile(path, data, error, /*noFollow=*/true))
    return errno == ENOENT || errno == ENOTDIR ? Lookup::Miss : corrupt(error);
  std::vector<bundle::Entry> entries;
  if (!bundle::read(data, entries, error))
    return corrupt(error);
  if (entries.size() != 1)
    return corrupt("it holds " + std::to_string(entries.size()) + " entries");
  // A valid entry of another key (copied or renamed into place) must not be
  // served for this one.
  auto stored = entries[0].meta.extra.find(kKeyExtra);
  if (stored == entries[0].meta.extra.end())
    return corrupt("it records no cache key");
  if (stored->second != key)
    return corrupt("it is the entry of key " + stored->second);
  entries[0].meta.extra.erase(stored);
  out = std::move(entries[0]);
  return Lookup::Hit;
}

bool Cache::store(const std::string &key, const bundle::Entry &entry,
                  std::string &error) const {
  bundle::Entry keyed = entry;
  keyed.meta.extra[kKeyExtra] = key;
  std::string data;
  if (!bundle::write({keyed}, data, error))
    return false;
  std::string path = pathFor(key);
  std::string dir = path.substr(0, path.rfind('/'));
  if (!makeDirs(dir)) {
    error = "cannot create cache directory " + dir + ": " + std::strerror(errno);
    return false;
  }
  std::random_device rd;
  std::string tmp = dir + "/.tmp." + std::to_string(getpid()) + "." +
                    std::to_string(rd());
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = "cannot write " + tmp + ": " + std::strerror(errno);
    return false;
  }
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n <= 0) {
      error = "cannot write " + tmp + ": " + std::strerror(errno);
      close(fd);
      ::unlink(tmp.c_str());
      return false;
    }
    done += size_t(n);
  }
  fsync(fd);
  close(fd);
  // rename() is atomic: readers see the old entry, no entry, or the whole
  // new one. Concurrent writers of one key write identical bytes.
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + tmp + " to " + path + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

} // namespace trident
