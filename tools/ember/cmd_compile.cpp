// `ember compile TARGET -o OUT.pt`: a TorchScript source file (or an archive) to an archive
// PyTorch loads, optionally frozen or optimised for inference on the way.
// A source with a module class (`class Net(Module):`, archive style) saves an instance of it,
// built by its `__init__(self)` when it has one; a source of plain functions saves them as the
// methods of a `__torch__.PlaceholderModule`, as torch.jit.save does for a scripted function.
#include <cstdio>

#include "commands.h"
#include "ember/api/freeze.h"
#include "ember/serialization/import.h"
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
    "usage: ember compile TARGET -o OUT.pt [--class NAME] [--freeze | --optimize-for-inference]\n"
    "                     [--preserve NAME[,NAME...]] [--no-optimize-numerics]\n"
    "\n"
    "Compiles a TorchScript source file and saves it as an archive (torch.jit.load reads it).\n"
    "With module classes (`class Net(Module):` as archives print them), the one named by --class\n"
    "(or the only one) is instantiated, running its `__init__(self)` if it has one. Without,\n"
    "the file's functions become methods of a PlaceholderModule (`forward` is called by default).\n"
    "TARGET may also be an archive (torch.jit.save's), to freeze or optimise it.\n"
    "\n"
    "  -o, --output OUT.pt         the archive to write\n"
    "  --class NAME                the module class to save when the file has several\n"
    "  --freeze                    torch.jit.freeze: attributes no method changes become constants,\n"
    "                              calls are inlined, batch norm folds into convolutions (the module is\n"
    "                              put in eval mode first)\n"
    "  --optimize-for-inference    torch.jit.optimize_for_inference: --freeze, then linear layers with\n"
    "                              pre-transposed weights\n"
    "  --preserve NAME[,NAME...]   methods and attributes freezing keeps (preserved_attrs)\n"
    "  --no-optimize-numerics      freeze without the folds that change results in the last bits\n";

std::vector<std::string> splitNames(const std::string& list) {
  std::vector<std::string> names;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    if (comma > start) names.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return names;
}

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
  opts.option("--preserve");
  opts.flag("--freeze");
  opts.flag("--optimize-for-inference");
  opts.flag("--no-optimize-numerics");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one SOURCE file");
  auto out = opts.get("-o");
  if (!out) out = opts.get("--output");
  if (!out) return opts.fail("missing -o OUT.pt");
  bool freeze = opts.has("--freeze"), forInference = opts.has("--optimize-for-inference");
  if (freeze && forInference) return opts.fail("--freeze and --optimize-for-inference exclude each other");
  if (!freeze && !forInference && (opts.get("--preserve") || opts.has("--no-optimize-numerics")))
    return opts.fail("--preserve and --no-optimize-numerics go with --freeze or --optimize-for-inference");
  try {
    const std::string& path = opts.positionals()[0];
    jit::Module module;
    if (isArchiveFile(path)) {
      module = jit::load(path);
    } else {
      auto cu = std::make_shared<jit::CompilationUnit>();
      jit::DefineOptions options;
      options.functionPrefix = "__torch__.";  // archive code names every function by qualified name
      options.filename = path;
      jit::defineInto(*cu, readFile(path), nullptr, options);
      module = moduleFromClass(cu, opts.get("--class"));
    }
    std::vector<std::string> preserved = splitNames(opts.get("--preserve").value_or(""));
    if (freeze) {
      module.eval();
      module = jit::freeze(module, preserved, !opts.has("--no-optimize-numerics"));
    } else if (forInference) {
      module = jit::optimize_for_inference(module, preserved);
    }
    module.save(*out);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
