// `ember compile SOURCE.py -o OUT.pt`: a TorchScript source file to an archive PyTorch loads.
// A source with a module class (`class Net(Module):`, archive style) saves an instance of it,
// built by its `__init__(self)` when it has one; a source of plain functions saves them as the
// methods of a `__torch__.PlaceholderModule`, as torch.jit.save does for a scripted function.
#include <cstdio>

#include "commands.h"
#include "ember/core/function_schema.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "frontend/compile.h"
#include "options.h"
#include "target.h"

namespace ember::cli {

namespace {
const char* kUsage =
    "usage: ember compile SOURCE.py -o OUT.pt [--class NAME]\n"
    "\n"
    "Compiles a TorchScript source file and saves it as an archive (torch.jit.load reads it).\n"
    "With module classes (`class Net(Module):` as archives print them), the one named by --class\n"
    "(or the only one) is instantiated, running its `__init__(self)` if it has one. Without,\n"
    "the file's functions become methods of a PlaceholderModule (`forward` is called by default).\n"
    "\n"
    "  -o, --output OUT.pt   the archive to write\n"
    "  --class NAME          the module class to save when the file has several\n";

jit::Module placeholderModule(const std::shared_ptr<jit::CompilationUnit>& cu) {
  jit::Module m("__torch__.PlaceholderModule", cu);
  m.register_attribute("training", jit::BoolType::get(), jit::IValue(true));
  for (jit::Function* fn : cu->getFunctions()) {
    if (!fn->isGraphFunction() || fn->qualname().rfind("__torch__.", 0) != 0) continue;
    std::shared_ptr<jit::Graph> g = fn->graph()->copy();
    g->insertInput(0, "self")->setType(m.type());
    jit::Method method = m.define_method(fn->name(), g);
    // The function's own schema (default values included) with self in front.
    std::vector<jit::Argument> arguments{jit::Argument("self", m.type())};
    for (const jit::Argument& a : fn->getSchema().arguments()) arguments.push_back(a);
    static_cast<jit::GraphFunction&>(method.function()).setSchema(fn->getSchema().cloneWithArguments(arguments));
  }
  EMBER_CHECK(!m.get_methods().empty(), "the source defines no functions or module classes");
  return m;
}

jit::Module moduleFromClass(const std::shared_ptr<jit::CompilationUnit>& cu, const std::optional<std::string>& name) {
  std::vector<jit::ClassTypePtr> modules;
  for (const jit::TypePtr& t : cu->getTypes())
    if (auto c = t->cast<jit::ClassType>(); c && c->isModule() && (!name || c->name() == *name)) modules.push_back(c);
  if (modules.empty()) {
    EMBER_CHECK(!name, "the source defines no module class '", *name, "'");
    return placeholderModule(cu);
  }
  EMBER_CHECK(modules.size() == 1, "the source defines ", modules.size(), " module classes: choose one with --class");
  jit::Module m(cu, modules[0]);
  if (modules[0]->hasAttribute("training")) m.setattr("training", true);
  if (modules[0]->findMethod("__init__")) m.run_method("__init__");
  for (size_t i = 0; i < modules[0]->numAttributes(); ++i) {
    const jit::TypePtr& t = modules[0]->getAttribute(i);
    bool canBeNone = t->kind() == jit::TypeKind::NoneType || t->kind() == jit::TypeKind::OptionalType;
    EMBER_CHECK(canBeNone || !m._ivalue()->getSlot(i).isNone(), "attribute '", modules[0]->getAttributeName(i),
                "' of ", modules[0]->name(), " has no value: give the class an __init__(self) that sets it");
  }
  return m;
}
}  // namespace

int runCompile(const std::vector<std::string>& args) {
  Options opts("compile", kUsage);
  opts.option("-o");
  opts.option("--output");
  opts.option("--class");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one SOURCE file");
  auto out = opts.get("-o");
  if (!out) out = opts.get("--output");
  if (!out) return opts.fail("missing -o OUT.pt");
  try {
    const std::string& path = opts.positionals()[0];
    auto cu = std::make_shared<jit::CompilationUnit>();
    jit::DefineOptions options;
    options.functionPrefix = "__torch__.";  // archive code names every function by qualified name
    options.filename = path;
    jit::defineInto(*cu, readFile(path), nullptr, options);
    moduleFromClass(cu, opts.get("--class")).save(*out);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
