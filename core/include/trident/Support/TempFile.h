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
#include "llvm/Support/Path.h"

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

} // namespace trident

#endif
