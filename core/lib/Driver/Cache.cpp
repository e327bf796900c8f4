//===- Cache.cpp - atomic, checked cache entries --------------------------===//

#include "trident/Driver/Cache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <unistd.h>

namespace trident {

namespace {

/// The metadata extra (`x.cache_key`) in which an entry records its key.
constexpr const char *kKeyExtra = "cache_key";

namespace fs = llvm::sys::fs;

/// Entry directories: readable by all (0755); private ones are 0700.
const fs::perms kShared = static_cast<fs::perms>(0755);

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
    std::error_code ec = fs::create_directories(dir, /*IgnoreExisting=*/true,
                                                fs::owner_all);
    if (!ec)
      return dir;
    warning = "the on-disk cache is off: cannot create " + dir + ": " +
              ec.message();
    return "";
  }
  const char *tmp = std::getenv("TMPDIR");
  uid_t uid = geteuid();
  std::string dir = std::string(tmp && *tmp == '/' ? tmp : "/tmp") +
                    "/trident-cache-" + std::to_string(uid);
  if (std::error_code ec = fs::create_directory(dir, /*IgnoreExisting=*/true,
                                                fs::owner_all)) {
    warning = "the on-disk cache is off: cannot create " + dir + ": " +
              ec.message();
    return "";
  }
  // It may have been there before: it must be a directory (not a link to
  // one) of this user that no one else can write to.
  fs::file_status st;
  std::string why;
  if (std::error_code ec = fs::status(dir, st, /*Follow=*/false))
    why = ec.message();
  else if (st.type() == fs::file_type::symlink_file)
    why = "it is a symbolic link";
  else if (st.type() != fs::file_type::directory_file)
    why = "it is not a directory";
  else if (st.getUser() != uid)
    why = "it belongs to user " + std::to_string(st.getUser()) + ", not to " +
          std::to_string(uid);
  else if (st.permissions() & (fs::group_write | fs::others_write))
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
    fs::remove(path);
    return Lookup::Corrupt;
  };
  // Not through a symbolic link, and only a regular file read up to its
  // size: an entry planted as a link to /dev/zero, or a FIFO, is corrupt.
  if (!bundle::readFile(path, data, error, /*noFollow=*/true)) {
    int why = errno;
    if (why == ENOENT || why == ENOTDIR)
      return Lookup::Miss;
    if (why == ENAMETOOLONG || why == EACCES || why == EPERM) {
      warning = "cannot read the on-disk cache at " + path + ": " + error +
                " (the cache is skipped; set TRIDENT_CACHE_DIR to a shorter "
                "or readable directory)";
      return Lookup::Unreadable;
    }
    return corrupt(error);
  }
  if (!decode(key, data, out, error))
    return corrupt(error);
  return Lookup::Hit;
}

bool Cache::decode(const std::string &key, const std::string &data,
                   bundle::Entry &out, std::string &why) {
  std::vector<bundle::Entry> entries;
  if (!bundle::read(data, entries, why))
    return false;
  if (entries.size() != 1) {
    why = "it holds " + std::to_string(entries.size()) + " entries";
    return false;
  }
  // A valid entry of another key (copied or renamed into place) must not be
  // served for this one.
  auto stored = entries[0].meta.extra.find(kKeyExtra);
  if (stored == entries[0].meta.extra.end()) {
    why = "it records no cache key";
    return false;
  }
  if (stored->second != key) {
    why = "it is the entry of key " + stored->second;
    return false;
  }
  entries[0].meta.extra.erase(stored);
  out = std::move(entries[0]);
  return true;
}

bool Cache::encode(const std::string &key, const bundle::Entry &entry,
                   std::string &data, std::string &error) {
  bundle::Entry keyed = entry;
  keyed.meta.extra[kKeyExtra] = key;
  return bundle::write({keyed}, data, error);
}

bool Cache::store(const std::string &key, const bundle::Entry &entry,
                  std::string &error) const {
  std::string data;
  if (!encode(key, entry, data, error))
    return false;
  return storeEncoded(key, data, error);
}

bool Cache::storeEncoded(const std::string &key, const std::string &data,
                         std::string &error) const {
  std::string path = pathFor(key);
  std::string dir = path.substr(0, path.rfind('/'));
  if (std::error_code ec =
          fs::create_directories(dir, /*IgnoreExisting=*/true, kShared)) {
    error = "cannot create cache directory " + dir + ": " + ec.message();
    return false;
  }
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = fs::createUniqueFile(
          dir + "/.tmp.%%%%%%%%%%%%%%%%", fd, tmp, fs::OF_None,
          fs::owner_read | fs::owner_write | fs::group_read | fs::others_read)) {
    error = "cannot write a temporary file in " + dir + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/false);
    os << data;
    os.flush();
    if (os.has_error()) {
      error = "cannot write " + std::string(tmp) + ": " + os.error().message();
      os.clear_error();
      ::close(fd);
      fs::remove(tmp);
      return false;
    }
  }
  ::fsync(fd);
  ::close(fd);
  // rename() is atomic: readers see the old entry, no entry, or the whole
  // new one. Concurrent writers of one key write identical bytes.
  if (std::error_code ec = fs::rename(tmp, path)) {
    error = "cannot rename " + std::string(tmp) + " to " + path + ": " +
            ec.message();
    fs::remove(tmp);
    return false;
  }
  return true;
}

} // namespace trident
