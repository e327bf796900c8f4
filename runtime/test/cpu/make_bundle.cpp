//===- make_bundle.cpp - a cpu bundle of the hand-written test kernels ----===//
//
//   trident-make-test-bundle OUT.bundle KERNELS.so
//
// Writes a bundle whose cpu entry `add_kernel` is the shared object built
// from test_kernels.c, for the runtime's C example (docs/examples/runtime)
// until `tridentc --target cpu` produces such bundles.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: trident-make-test-bundle OUT.bundle KERNELS.so\n";
    return 2;
  }
  std::ifstream in(argv[2], std::ios::binary);
  if (!in) {
    std::cerr << "trident-make-test-bundle: error: cannot read " << argv[2]
              << ": " << std::strerror(errno) << "\n";
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  trident::bundle::Entry e;
  e.meta.kernel = "add_kernel";
  e.meta.target = "cpu";
  e.meta.backend = "hand-written";
  e.meta.format = "host-so";
  e.meta.numWarps = 1;
  e.meta.threadsPerWarp = 1;
  e.meta.args = {{"x_ptr", "*fp32"}, {"y_ptr", "*fp32"}, {"out_ptr", "*fp32"},
                 {"n", "i32"}};
  e.binary = ss.str();
  std::string data, error;
  if (e.binary.empty() || !trident::bundle::write({e}, data, error)) {
    std::cerr << "cannot make the bundle: " << (error.empty() ? "no kernels" : error)
              << "\n";
    return 1;
  }
  // A bundle that was not written must not look like success to the test
  // that runs next.
  std::ofstream out(argv[1], std::ios::binary);
  out << data;
  out.close();
  if (!out) {
    std::cerr << "trident-make-test-bundle: error: cannot write " << argv[1]
              << ": " << std::strerror(errno) << "\n";
    return 1;
  }
  return 0;
}
