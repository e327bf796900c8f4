//===- CommandLine.h - llvm::cl as the compiler-side tools use it -*- C++ -*-===//
//
// tridentc and trident-conformance parse their arguments with llvm::cl.
// What they share: --help (and -h, its alias) lists the tool's own option
// category and llvm::cl's generic options, not the hundreds that libLLVM
// registers; a bad command line is `TOOL: error: WHAT` (or llvm::cl's
// own words for a missing or malformed value), then the tool's synopsis,
// on stderr, with exit status 2. (trident-conformance-run links
// no LLVM and keeps its own small argument loop.)
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TOOLS_COMMON_COMMANDLINE_H
#define TRIDENT_TOOLS_COMMON_COMMANDLINE_H

#include "trident/Driver/Driver.h"
#include "trident/Frontend/Compiler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace trident::tools {

/// Prints `TOOL: error: MESSAGE`, a blank line and `synopsis` to stderr;
/// returns 2, the exit status of a usage error.
inline int usageError(llvm::StringRef tool, const llvm::Twine &message,
                      llvm::StringRef synopsis) {
  llvm::errs() << tool << ": error: " << message << "\n\n" << synopsis;
  return 2;
}

/// Parses the command line into the tool's llvm::cl options. --help and -h
/// print `overview` and the options of `category` to stdout and exit 0;
/// --version prints Trident's build id (not only LLVM's version).
/// False when llvm::cl rejected the command line (a missing or malformed
/// value): it has said why, in its words (`TOOL: for the --kernel option:
/// requires a value!`), and the synopsis follows. Options llvm::cl does not
/// know are for the tool to reject: give it a cl::Sink list.
inline bool parseCommandLine(int argc, char **argv,
                             llvm::cl::OptionCategory &category,
                             llvm::StringRef tool, llvm::StringRef overview,
                             llvm::StringRef synopsis) {
  namespace cl = llvm::cl;
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter([tool](llvm::raw_ostream &os) {
    os << tool << " (Trident "
       << trident::compilerBuildId(trident::frontend::PythonFrontend())
       << ", LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::optional<cl::alias> shortHelp;
  if (cl::Option *help = cl::getRegisteredOptions().lookup("help"))
    shortHelp.emplace("h", cl::desc("Alias for --help"), cl::aliasopt(*help),
                      cl::NotHidden);
  // With an error stream, llvm::cl returns instead of exiting with status 1.
  if (cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs()))
    return true;
  llvm::errs() << "\n" << synopsis;
  return false;
}

} // namespace trident::tools

#endif // TRIDENT_TOOLS_COMMON_COMMANDLINE_H
