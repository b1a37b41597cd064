#include "target.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "ember/api/method.h"
#include "ember/api/prepack.h"
#include "ember/error.h"
#include "ember/runtime/graph_function.h"
#include "ember/serialization/import.h"
#include "ember/serialization/npy.h"
#include "ember/serialization/torch_save.h"
#include "frontend/compile.h"

namespace ember::cli {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string listNames(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "(none)" : out;
}

}  // namespace

std::string readFile(const std::string& path) {
  std::error_code ec;
  EMBER_CHECK(!std::filesystem::is_directory(path, ec), "cannot read '", path, "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  EMBER_CHECK(in, "cannot open '", path, "'");
  std::ostringstream text;
  text << in.rdbuf();
  EMBER_CHECK(!in.bad(), "cannot read '", path, "'");
  return text.str();
}

bool isArchiveFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EMBER_CHECK(in, "cannot open '", path, "'");
  char magic[4] = {};
  in.read(magic, 4);
  return in.gcount() == 4 && std::string_view(magic, 4) == std::string_view("PK\x03\x04", 4);
}

Target loadTarget(const std::string& path) {
  Target t;
  t.path = path;
  t.isArchive = isArchiveFile(path);
  if (t.isArchive) {
    t.module = jit::load(path);  // maps the file: tensor data is not copied
  } else {
    t.unit = jit::compile(readFile(path), path);
  }
  return t;
}

void prepareForCalls(const Target& target) {
  if (target.isArchive) jit::prepack_weights(target.module);
}

jit::Function& Target::function(const std::string& name) const {
  if (isArchive) {
    if (jit::Function* fn = module.type()->findMethod(name)) return *fn;
    std::vector<std::string> names;
    for (jit::Function* m : module.type()->methods()) names.push_back(m->name());
    EMBER_ERROR("the module in '", path, "' has no method '", name, "'; its methods: ", listNames(names));
  }
  if (jit::Function* fn = unit->findFunction(name)) return *fn;
  std::vector<std::string> names;
  for (jit::Function* f : unit->getFunctions())
    if (f->qualname().find('.') == std::string::npos) names.push_back(f->name());
  EMBER_ERROR("'", path, "' defines no function '", name, "'; its functions: ", listNames(names));
}

jit::IValue Target::call(jit::Function& fn, std::vector<jit::IValue> args) const {
  if (isArchive) return jit::Method(module._ivalue(), &fn)(std::move(args));
  EMBER_CHECK(fn.isGraphFunction(), "'", fn.qualname(), "' cannot be called from the command line");
  return static_cast<jit::GraphFunction&>(fn)(std::move(args));
}

jit::Stack Target::graphInputs(jit::Function& fn, std::vector<jit::IValue> args) const {
  jit::Stack stack;
  if (isArchive) stack.push_back(module.ivalue());
  const auto& params = fn.getSchema().arguments();
  size_t first = isArchive ? 1 : 0;  // method schemas list self
  EMBER_CHECK(first + args.size() <= params.size(), fn.name(), "() takes ", params.size() - first,
              " arguments but ", args.size(), " were given");
  for (size_t i = first; i < params.size(); ++i) {
    size_t a = i - first;
    if (a < args.size()) {
      stack.push_back(std::move(args[a]));
    } else {
      EMBER_CHECK(params[i].defaultValue(), fn.name(), "() is missing value for argument '", params[i].name(), "'");
      stack.push_back(*params[i].defaultValue());
    }
  }
  return stack;
}

std::vector<jit::IValue> loadInputs(const std::optional<std::string>& path) {
  if (!path) return {};
  if (endsWith(*path, ".npy")) return {jit::IValue(jit::loadNpy(*path))};
  jit::IValue v = jit::pickleLoad(*path);
  if (v.isTuple()) return v.toTupleRef().elements;
  if (v.isList()) return v.toListRef().elements;
  return {v};
}

}  // namespace ember::cli
