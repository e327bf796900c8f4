//===- CompilerAPITest.cpp - the C API of the compile driver ----------------===//
//
// libtrident-compiler (trident/compiler.h): a request in, a bundle or
// located diagnostics out; bad requests are errors that name the cause.
//
//===----------------------------------------------------------------------===//

#include "trident/Bundle.h"
#include "trident/Version.h"
#include "trident/compiler.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace {

const char *kSource = R"(import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) + 1.0, mask=m)


@triton.jit
def broken(x_ptr):
    tl.store(x_ptr, nowhere)
)";

struct Compiler {
  trident_compiler_t *c = trident_compiler_create(nullptr, 0);
  ~Compiler() { trident_compiler_release(c); }
};

trident_compile_request_t request(const char *kernel, const char *signature) {
  trident_compile_request_t r = {};
  r.struct_size = sizeof(r);
  r.path = "api_test.py";
  r.source = kSource;
  r.source_size = std::char_traits<char>::length(kSource);
  r.kernel = kernel;
  r.signature = signature;
  r.target = "cpu";
  r.no_cache = 1;
  return r;
}

TEST(CompilerAPITest, CompilesToABundleWithMetadata) {
  EXPECT_EQ(trident_compiler_api_version(), TRIDENT_COMPILER_API_VERSION);
  EXPECT_EQ(std::string(trident_compiler_build_id())
                .rfind(std::string(TRIDENT_VERSION_STRING) + "+", 0),
            0u);
  Compiler c;
  trident_compile_request_t r = request("add", "*fp32:16, *fp32:16, i32, 256");
  r.options = "num_warps=2\n";
  trident_compile_result_t *res = trident_compile(c.c, &r);
  ASSERT_NE(res, nullptr);
  ASSERT_TRUE(trident_compile_result_ok(res)) << trident_compile_result_errors(res);
  size_t size = 0;
  const void *data = trident_compile_result_bundle(res, &size);
  ASSERT_NE(data, nullptr);
  std::vector<trident::bundle::Entry> entries;
  std::string error;
  ASSERT_TRUE(trident::bundle::read(
      std::string_view(static_cast<const char *>(data), size), entries, error))
      << error;
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].meta.kernel, "add");
  EXPECT_EQ(entries[0].meta.target, "cpu");
  EXPECT_EQ(entries[0].meta.args.size(), 3u);
  std::string meta = trident_compile_result_metadata(res);
  EXPECT_NE(meta.find("kernel=add"), std::string::npos) << meta;
  EXPECT_STREQ(trident_compile_result_errors(res), "");
  trident_compile_result_release(res);
}

TEST(CompilerAPITest, ErrorsAreLocatedAndNameTheCause) {
  Compiler c;
  trident_compile_request_t r = request("broken", "*fp32:16");
  trident_compile_result_t *res = trident_compile(c.c, &r);
  ASSERT_FALSE(trident_compile_result_ok(res));
  std::string errors = trident_compile_result_errors(res);
  EXPECT_NE(errors.find("api_test.py:14:21: error: name 'nowhere' is not defined"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("    tl.store(x_ptr, nowhere)\n"), std::string::npos);
  EXPECT_NE(errors.find("^"), std::string::npos);
  size_t size = 7;
  EXPECT_EQ(trident_compile_result_bundle(res, &size), nullptr);
  EXPECT_EQ(size, 0u);
  trident_compile_result_release(res);

  // Bad requests.
  r = request("add", "*fp32:16, *fp32:16, i32, 256");
  r.defines = "NOEQUALS\n";
  res = trident_compile(c.c, &r);
  EXPECT_NE(std::string(trident_compile_result_errors(res))
                .find("malformed define 'NOEQUALS' (expected NAME=VALUE)"),
            std::string::npos);
  trident_compile_result_release(res);
  r = request("add", "*fp32:16, *fp32:16, i32, 256");
  r.struct_size = sizeof(r) + 64;
  res = trident_compile(c.c, &r);
  EXPECT_NE(std::string(trident_compile_result_errors(res))
                .find("request struct_size"),
            std::string::npos);
  trident_compile_result_release(res);
  r = request("add", "*fp32:16, *fp32:16, i32, 256");
  r.target = "nosuch:1";
  res = trident_compile(c.c, &r);
  EXPECT_FALSE(trident_compile_result_ok(res));
  EXPECT_NE(std::string(trident_compile_result_errors(res)).find("nosuch"),
            std::string::npos)
      << trident_compile_result_errors(res);
  trident_compile_result_release(res);
  r = request("add", "*fp32:16");
  r.source = nullptr;
  r.path = "/nonexistent/k.py";
  res = trident_compile(c.c, &r);
  EXPECT_NE(std::string(trident_compile_result_errors(res))
                .find("cannot read '/nonexistent/k.py'"),
            std::string::npos);
  trident_compile_result_release(res);
  res = trident_compile(c.c, nullptr);
  EXPECT_NE(std::string(trident_compile_result_errors(res)).find("NULL"),
            std::string::npos);
  trident_compile_result_release(res);
}

} // namespace
