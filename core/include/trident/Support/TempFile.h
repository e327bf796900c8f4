//===- TempFile.h - errors that say where a temporary file could not go -*- C++ -*-===//
//
// Backends write the assembler's and linker's inputs and outputs to
// temporary files. When that fails (TMPDIR missing, a file, /proc, full),
// the message names the directory, where it came from and the system's
// reason, so the user can act on it.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_SUPPORT_TEMPFILE_H
#define TRIDENT_SUPPORT_TEMPFILE_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>
#include <system_error>

namespace trident {

/// "cannot create a temporary WHAT in 'DIR' (from TMPDIR): REASON".
inline std::string temporaryFileError(const std::string &what,
                                      const std::error_code &ec) {
  llvm::SmallString<128> dir;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  const char *tmpdir = std::getenv("TMPDIR");
  return "cannot create a temporary " + what + " in '" + std::string(dir) +
         "'" + (tmpdir && *tmpdir ? " (from TMPDIR)" : "") + ": " +
         ec.message();
}

/// Writes `contents` to a new temporary file PREFIX-*.SUFFIX (the
/// assembler's or linker's input) and sets `path` to it. False, with
/// `error` from temporaryFileError(what) or the write's failure, when it
/// cannot; no file is left behind then.
inline bool writeTemporaryFile(llvm::StringRef prefix, llvm::StringRef suffix,
                               llvm::StringRef contents,
                               llvm::SmallVectorImpl<char> &path,
                               const std::string &what, std::string &error) {
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile(prefix, suffix, fd, path)) {
    error = temporaryFileError(what, ec);
    return false;
  }
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << contents;
  os.close();
  if (os.has_error()) {
    error = "cannot write the temporary " + what + " '" +
            std::string(path.begin(), path.end()) + "': " +
            os.error().message();
    os.clear_error();
    llvm::sys::fs::remove(path);
    return false;
  }
  return true;
}

} // namespace trident

#endif
