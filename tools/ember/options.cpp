#include "options.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace ember::cli {

Options::Result Options::parse(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(usage_.c_str(), stdout);
      return Result::Help;
    }
    if (a.size() < 2 || a[0] != '-' || a == "-") {
      positionals_.push_back(a);
      continue;
    }
    std::string name = a, value;
    bool inlineValue = false;
    if (size_t eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      inlineValue = true;
    }
    auto spec = specs_.find(name);
    if (spec == specs_.end()) {
      std::fprintf(stderr, "ember %s: unknown option '%s'\n\n%s", command_.c_str(), name.c_str(), usage_.c_str());
      return Result::Error;
    }
    bool takesValue = spec->second;
    if (!takesValue && inlineValue) {
      std::fprintf(stderr, "ember %s: option '%s' takes no value\n", command_.c_str(), name.c_str());
      return Result::Error;
    }
    if (takesValue && !inlineValue) {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "ember %s: option '%s' needs a value\n", command_.c_str(), name.c_str());
        return Result::Error;
      }
      value = args[++i];
    }
    values_[name] = value;
  }
  return Result::Ok;
}

std::optional<std::string> Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::optional<long> Options::getInt(const std::string& name, long fallback, long min, long max) const {
  auto v = get(name);
  if (!v) return fallback;
  errno = 0;
  char* end = nullptr;
  long n = std::strtol(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno != 0 || n < min || n > max) {
    std::fprintf(stderr, "ember %s: %s expects an integer in [%ld, %ld], got '%s'\n", command_.c_str(), name.c_str(),
                 min, max, v->c_str());
    return std::nullopt;
  }
  return n;
}

int Options::fail(const std::string& message) const {
  std::fprintf(stderr, "ember %s: %s\n", command_.c_str(), message.c_str());
  return 1;
}

}  // namespace ember::cli
