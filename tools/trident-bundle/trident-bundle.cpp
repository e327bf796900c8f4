//===- trident-bundle.cpp - inspect and check kernel bundles --------------===//
//
//   trident-bundle FILE                 list the entries and their metadata
//   trident-bundle FILE --extract N -o OUT   write entry N's binary to OUT
//
// Exits 1 with a message when the file is not a valid bundle (truncated,
// corrupted, another format version).
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"

#include <cstdio>
#include <cstdlib>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
  std::string file, out;
  long extract = -1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--extract" && i + 1 < argc) {
      // An entry number: digits only (no sign, no trailing text).
      std::string n = argv[++i];
      char *end = nullptr;
      errno = 0;
      extract = n.empty() || !std::isdigit(uint8_t(n[0]))
                    ? -1
                    : std::strtol(n.c_str(), &end, 10);
      if (extract < 0 || errno || !end || *end) {
        std::cerr << "trident-bundle: error: --extract takes an entry number "
                     "(0, 1, ...), got '"
                  << n << "'\n";
        return 2;
      }
    } else if (a == "-o" && i + 1 < argc) {
      out = argv[++i];
    } else if (a == "-h" || a == "--help") {
      std::cout << "usage: trident-bundle FILE [--extract N -o OUT]\n";
      return 0;
    } else if (file.empty() && a[0] != '-') {
      file = a;
    } else {
      std::cerr << "trident-bundle: error: unexpected argument '" << a << "'\n";
      return 2;
    }
  }
  if (file.empty()) {
    std::cerr << "usage: trident-bundle FILE [--extract N -o OUT]\n";
    return 2;
  }
  // A regular file only, read up to its size (not a FIFO, not /dev/zero).
  std::string data, error;
  if (!trident::bundle::readFile(file, data, error)) {
    std::cerr << "trident-bundle: error: cannot read '" << file
              << "': " << error << "\n";
    return 1;
  }
  std::vector<trident::bundle::Entry> entries;
  if (!trident::bundle::read(data, entries, error)) {
    std::cerr << "trident-bundle: error: " << file << ": " << error << "\n";
    return 1;
  }
  if (extract >= 0) {
    if (extract >= long(entries.size()) || out.empty()) {
      std::cerr << "trident-bundle: error: --extract needs an entry below "
                << entries.size() << " and -o OUT\n";
      return 2;
    }
    // Never write over the bundle being read (also through a link).
    std::error_code ec;
    if (std::filesystem::exists(out, ec) &&
        std::filesystem::equivalent(out, file, ec)) {
      std::cerr << "trident-bundle: error: -o " << out
                << " is the input bundle itself: choose another output\n";
      return 2;
    }
    std::ofstream o(out, std::ios::binary);
    o << entries[extract].binary;
    return o ? 0 : 1;
  }
  // read() checked the header, so the version field is there.
  unsigned version = 0;
  for (int i = 0; i < 4; ++i)
    version |= unsigned(uint8_t(data[8 + i])) << (8 * i);
  std::cout << file << ": " << entries.size() << " entries (format version "
            << version << ")\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    std::cout << "entry " << i << ": " << entries[i].binary.size()
              << " bytes\n";
    std::istringstream meta(trident::bundle::formatMetadata(entries[i].meta));
    for (std::string line; std::getline(meta, line);)
      std::cout << "  " << line << "\n";
  }
  return 0;
}
