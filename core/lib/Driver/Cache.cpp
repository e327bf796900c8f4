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

bool makeDirs(const std::string &path) {
  std::string cur;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (!cur.empty() && mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST)
        return false;
    }
    if (i < path.size())
      cur += path[i];
  }
  return true;
}

bool readFile(const std::string &path, std::string &out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  out.clear();
  char buf[1 << 16];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof(buf))) > 0)
    out.append(buf, size_t(n));
  close(fd);
  return n == 0;
}

} // namespace

Cache::Cache(std::string directory) : dir_(std::move(directory)) {}

std::string Cache::defaultDirectory() {
  if (const char *env = std::getenv("TRIDENT_CACHE_DIR"); env && *env)
    return env;
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/trident";
  return "/tmp/trident-cache";
}

std::string Cache::pathFor(const std::string &key) const {
  return dir_ + "/" + key.substr(0, 2) + "/" + key + ".bundle";
}

Cache::Lookup Cache::lookup(const std::string &key, bundle::Entry &out,
                            std::string &warning) const {
  std::string path = pathFor(key), data, error;
  if (!readFile(path, data))
    return Lookup::Miss;
  std::vector<bundle::Entry> entries;
  if (!bundle::read(data, entries, error) || entries.size() != 1) {
    if (error.empty())
      error = "it holds " + std::to_string(entries.size()) + " entries";
    warning = "discarding corrupt cache entry " + path + ": " + error;
    ::unlink(path.c_str());
    return Lookup::Corrupt;
  }
  out = std::move(entries[0]);
  return Lookup::Hit;
}

bool Cache::store(const std::string &key, const bundle::Entry &entry,
                  std::string &error) const {
  std::string data;
  if (!bundle::write({entry}, data, error))
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
