//===- Saved.cpp - writing and reading saved conformance cases ------------===//

#include "Saved.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <sys/stat.h>

#include <fstream>
#include <functional>
#include <string>

namespace trident::conformance {

namespace {

/// A message as one tab-separated field: backslash, newline and tab become
/// \\, \n and \t, so that unescape gives back every byte.
std::string escape(const std::string &s) {
  std::string o;
  for (char c : s)
    o += c == '\\'  ? std::string("\\\\")
         : c == '\n' ? std::string("\\n")
         : c == '\t' ? std::string("\\t")
                     : std::string(1, c);
  return o;
}

std::string unescape(const std::string &s) {
  std::string o;
  for (size_t i = 0; i < s.size(); ++i) {
    char next = i + 1 < s.size() ? s[i + 1] : 0;
    if (s[i] == '\\' && (next == '\\' || next == 'n' || next == 't')) {
      o += next == 'n' ? '\n' : next == 't' ? '\t' : '\\';
      ++i;
    } else {
      o += s[i];
    }
  }
  return o;
}

bool makeDirs(const std::string &dir, std::string &error) {
  std::string path;
  std::stringstream ss(dir);
  for (std::string part; std::getline(ss, part, '/');) {
    path += part + "/";
    if (part.empty())
      continue;
    if (mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) {
      error = "cannot create " + path + ": " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

/// Reads the line format both files share: a first line `magic`, then
/// header lines `target T`, `seed N` (and `mode M` where `mode` is given)
/// and body lines, each handed to `body`, which returns why the line is
/// malformed or "". Errors name `name:line`.
bool readLines(std::istream &in, const std::string &name,
               const std::string &magic, const std::string &notMagic,
               const std::string &empty, std::string &target, uint64_t &seed,
               std::string *mode,
               const std::function<std::string(const std::string &)> &body,
               std::string &error) {
  std::string line;
  size_t lineNo = 0;
  auto bad = [&](const std::string &why) {
    error = name + ":" + std::to_string(lineNo) + ": " + why;
    return false;
  };
  while (std::getline(in, line)) {
    ++lineNo;
    if (lineNo == 1) {
      if (line != magic)
        return bad(notMagic);
      continue;
    }
    if (line.rfind("target ", 0) == 0) {
      target = line.substr(7);
      continue;
    }
    if (mode && line.rfind("mode ", 0) == 0) {
      *mode = line.substr(5);
      continue;
    }
    if (line.rfind("seed ", 0) == 0) {
      char *end = nullptr;
      seed = std::strtoull(line.c_str() + 5, &end, 10);
      if (!end || *end)
        return bad("malformed seed");
      continue;
    }
    if (std::string why = body(line); !why.empty())
      return bad(why);
  }
  if (lineNo == 0)
    return bad(empty);
  return true;
}

} // namespace

bool SavedWriter::open(const std::string &dir, const std::string &target,
                       uint64_t seed, std::string &error) {
  dir_ = dir;
  if (!makeDirs(dir, error))
    return false;
  manifest_.open(dir + "/manifest.txt");
  if (!manifest_) {
    error = "cannot write " + dir + "/manifest.txt";
    return false;
  }
  manifest_ << "trident-conformance-saved 1\ntarget " << target << "\nseed "
            << seed << "\n";
  return true;
}

void SavedWriter::add(const std::string &name, const std::string &bundle,
                      const std::vector<ArgSpec> &args) {
  char file[32];
  snprintf(file, sizeof(file), "%05zu.bundle", names_.size());
  std::ofstream b(dir_ + "/" + file, std::ios::binary);
  b << bundle;
  if (!b)
    error_ = "cannot write " + dir_ + "/" + file;
  std::string list;
  for (const ArgSpec &a : args) {
    char buf[64];
    if (a.kind == ArgSpec::Tensor)
      snprintf(buf, sizeof(buf), "t%d", a.tensor);
    else if (a.kind == ArgSpec::Int)
      snprintf(buf, sizeof(buf), "i%lld", (long long)a.i);
    else
      snprintf(buf, sizeof(buf), "f%a", a.f);
    list += (list.empty() ? "" : ",") + std::string(buf);
  }
  manifest_ << "case\t" << name << "\t" << file << "\t" << list << "\n";
  names_.push_back(name);
}

void SavedWriter::addOutcome(const Outcome &o) {
  manifest_ << "outcome\t" << o.name << "\t"
            << (o.status == Outcome::Skip ? "skip" : "fail") << "\t"
            << escape(o.message) << "\n";
  names_.push_back(o.name);
}

bool SavedWriter::has(const std::string &name) const {
  return !names_.empty() && names_.back() == name;
}

bool SavedWriter::close(std::string &error) {
  manifest_.close();
  if (!error_.empty() || !manifest_) {
    error = error_.empty() ? "cannot write " + dir_ + "/manifest.txt" : error_;
    return false;
  }
  return true;
}

bool readSaved(const std::string &dir, SavedCases &out, std::string &error) {
  std::ifstream in(dir + "/manifest.txt");
  if (!in) {
    error = "cannot read " + dir + "/manifest.txt (write it with "
            "trident-conformance --save-bundles " + dir + ")";
    return false;
  }
  auto body = [&](const std::string &line) -> std::string {
    std::vector<std::string> f = split(line, '\t');
    SavedCase c;
    if (f.size() == 4 && f[0] == "case") {
      c.name = f[1];
      c.runnable = true;
      c.bundleFile = dir + "/" + f[2];
      if (!f[3].empty())
        for (const std::string &a : split(f[3], ',')) {
          char *end = nullptr;
          if (a.size() < 2)
            return "malformed argument '" + a + "'";
          if (a[0] == 't')
            c.args.push_back(ArgSpec::t(int(std::strtol(a.c_str() + 1, &end, 10))));
          else if (a[0] == 'i')
            c.args.push_back(ArgSpec::integer(std::strtoll(a.c_str() + 1, &end, 10)));
          else if (a[0] == 'f')
            c.args.push_back(ArgSpec::real(std::strtod(a.c_str() + 1, &end)));
          if (!end || *end)
            return "malformed argument '" + a + "'";
        }
    } else if (f.size() == 4 && f[0] == "outcome" &&
               (f[2] == "skip" || f[2] == "fail")) {
      c.name = f[1];
      c.recorded.name = f[1];
      c.recorded.status = f[2] == "skip" ? Outcome::Skip : Outcome::Fail;
      c.recorded.message = unescape(f[3]);
    } else {
      return "malformed line";
    }
    out.cases.push_back(std::move(c));
    return "";
  };
  return readLines(in, dir + "/manifest.txt", "trident-conformance-saved 1",
                   "not a saved-cases manifest (expected "
                   "'trident-conformance-saved 1')",
                   "empty manifest", out.target, out.seed, nullptr, body,
                   error);
}

bool writeResults(const std::string &path, const RunResults &results,
                  std::string &error) {
  std::ofstream out(path);
  out << "trident-conformance-results 1\ntarget " << results.target
      << "\nmode " << results.mode << "\nseed " << results.seed << "\n";
  for (const Outcome &o : results.outcomes) {
    char ms[32];
    snprintf(ms, sizeof(ms), "%.17g", o.milliseconds);
    out << "result\t" << o.name << "\t" << statusName(o.status) << "\t" << ms
        << "\t" << escape(o.message) << "\n";
  }
  out.close();
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

bool readResults(const std::string &path, RunResults &out,
                 std::string &error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  auto body = [&](const std::string &line) -> std::string {
    std::vector<std::string> f = split(line, '\t');
    if (f.size() != 5 || f[0] != "result")
      return "malformed line";
    Outcome o;
    o.name = f[1];
    if (f[2] == statusName(Outcome::Pass))
      o.status = Outcome::Pass;
    else if (f[2] == statusName(Outcome::Fail))
      o.status = Outcome::Fail;
    else if (f[2] == statusName(Outcome::Skip))
      o.status = Outcome::Skip;
    else
      return "malformed status '" + f[2] + "'";
    char *end = nullptr;
    o.milliseconds = std::strtod(f[3].c_str(), &end);
    if (f[3].empty() || *end)
      return "malformed time '" + f[3] + "'";
    o.message = unescape(f[4]);
    out.outcomes.push_back(std::move(o));
    return "";
  };
  return readLines(in, path, "trident-conformance-results 1",
                   "not saved results (expected "
                   "'trident-conformance-results 1'; trident-conformance-run "
                   "--results FILE writes them)",
                   "empty file", out.target, out.seed, &out.mode, body, error);
}

const Case *findCase(const std::string &name, Case &storage) {
  std::string base = name.rfind("ttir/", 0) == 0          ? name.substr(5)
                     : name.rfind("ttgir/", 0) == 0       ? name.substr(6)
                     : name.rfind("ttgir-local/", 0) == 0 ? name.substr(12)
                     : name.rfind("ttgir-pipelined/", 0) == 0
                         ? name.substr(16)
                         : name;
  for (const Case &c : registry())
    if (c.name == base) {
      storage = c;
      storage.name = name;
      return &storage;
    }
  return nullptr;
}

} // namespace trident::conformance
