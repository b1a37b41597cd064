// `ember info ARCHIVE`: what an archive holds: its format version and records, the methods of
// the module with their schemas, and the parameters and buffers with shapes, dtypes and sizes.
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "ember/core/function_schema.h"
#include "ember/serialization/archive_reader.h"
#include "ember/serialization/import.h"
#include "ember/serialization/zip_reader.h"
#include "options.h"

namespace ember::cli {

namespace {
const char* kUsage =
    "usage: ember info ARCHIVE\n"
    "\n"
    "Prints the archive's format version and size, the module's methods with their schemas, and\n"
    "its parameters and buffers (name, shape, dtype, bytes).\n";

std::string humanBytes(double n) {
  const char* units[] = {"B", "KiB", "MiB", "GiB"};
  int u = 0;
  while (n >= 1024 && u < 3) {
    n /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", n, units[u]);
  return buf;
}

void printTensors(const char* title, const std::vector<jit::NamedTensor>& tensors) {
  size_t total = 0;
  for (const auto& t : tensors) total += static_cast<size_t>(t.value.numel()) * t.value.element_size();
  std::cout << title << " (" << tensors.size() << ", " << humanBytes(static_cast<double>(total)) << "):\n";
  for (const auto& t : tensors) {
    std::cout << "  " << t.name << "  " << t.value.sizes() << "  " << t.value.scalar_type() << "  "
              << humanBytes(static_cast<double>(t.value.numel() * static_cast<int64_t>(t.value.element_size()))) << "\n";
  }
}
}  // namespace

int runInfo(const std::vector<std::string>& args) {
  Options opts("info", kUsage);
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one ARCHIVE");
  const std::string& path = opts.positionals()[0];
  try {
    jit::ZipReader reader = jit::ZipReader::open(path);
    std::cout << "archive: " << path << " (" << humanBytes(static_cast<double>(reader.size())) << ", root folder '"
              << reader.rootName() << "', format version " << jit::readArchiveVersion(reader) << ", "
              << reader.recordNames().size() << " records)\n";
    jit::Module m = jit::load(path);
    std::cout << "module: " << m.type()->qualifiedName() << "\n";
    std::cout << "methods:\n";
    for (const auto& method : m.get_methods()) std::cout << "  " << method.getSchema() << "\n";
    printTensors("parameters", m.named_parameters());
    printTensors("buffers", m.named_buffers());
    std::cout << "submodules: " << m.named_modules().size() - 1 << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
