//===- BundleFuzzer.cpp - libFuzzer target over the bundle reader ---------===//
//
// The runtime trusts nothing in a bundle until bundle::read accepts it:
// every input must be read without a crash, a hang or undefined behaviour
// (ASan, UBSan), and whatever it accepts must survive the writer and read
// back the same (what the compiler writes, the runtime reads, and the other
// way round). Bundles are never loaded here: an accepted binary is code.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace trident;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<bundle::Entry> entries;
  std::string error;
  std::string_view in(reinterpret_cast<const char *>(data), size);
  if (!bundle::read(in, entries, error)) {
    if (error.empty())
      std::abort(); // a refusal must say why
    return 0;
  }
  std::string again;
  if (!bundle::write(entries, again, error))
    return 0; // the writer may refuse what it would not produce itself
  std::vector<bundle::Entry> back;
  if (!bundle::read(again, back, error) || back.size() != entries.size())
    std::abort(); // what the writer wrote, the reader must take
  for (size_t i = 0; i < back.size(); ++i)
    if (back[i].binary != entries[i].binary ||
        back[i].meta.kernel != entries[i].meta.kernel)
      std::abort();
  return 0;
}
