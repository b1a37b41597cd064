#include "ember/api/module.h"

#include "ember/api/compilation_unit.h"
#include "ember/error.h"

namespace ember::jit {
namespace {

std::string join(const std::string& prefix, const std::string& name) {
  if (prefix.empty()) return name;
  return name.empty() ? prefix : prefix + "." + name;
}

bool isModuleType(const TypePtr& t) {
  auto* c = t->castRaw<ClassType>();
  return c && c->isModule();
}

ClassTypePtr newModuleClass(const std::string& className, const std::shared_ptr<CompilationUnit>& cu,
                            bool shouldMangle) {
  std::string name = className;
  if (cu->findType(name)) {
    EMBER_CHECK(shouldMangle, "class '", name, "' already defined.");
    name = cu->mangle(name);
  }
  ClassTypePtr type = ClassType::create(name, /*isModule=*/true);
  cu->registerType(type);
  return type;
}

std::shared_ptr<CompilationUnit> orNewUnit(std::shared_ptr<CompilationUnit> cu) {
  return cu ? std::move(cu) : std::make_shared<CompilationUnit>();
}

}  // namespace

Module::Module(const std::string& className, std::shared_ptr<CompilationUnit> cu, bool shouldMangle)
    : Module(orNewUnit(cu), ClassTypePtr()) {
  // Delegation above only fixed the unit; the class is created here.
  ClassTypePtr type = newModuleClass(className, cu_, shouldMangle);
  registerClassUnit(type, cu_);
  obj_ = ObjectImpl::create(std::move(type));
}

Module::Module(std::shared_ptr<CompilationUnit> cu, ClassTypePtr type) {
  cu_ = std::move(cu);
  if (!type) return;  // filled in by the delegating constructor
  EMBER_CHECK(type->isModule(), "class ", type->qualifiedName(), " is not a module class");
  registerClassUnit(type, cu_);
  obj_ = ObjectImpl::create(std::move(type));
}

Module::Module(Object obj) : Object(std::move(obj)) {
  EMBER_CHECK(type()->isModule(), "object of class ", type()->qualifiedName(), " is not a module");
}

IValue Module::forward(std::vector<IValue> inputs, const Kwargs& kwargs) const {
  return get_method("forward")(std::move(inputs), kwargs);
}

void Module::register_parameter(const std::string& name, Tensor value, bool isBuffer) {
  register_attribute(name, TensorType::get(), IValue(std::move(value)), !isBuffer, isBuffer);
}

void Module::register_buffer(const std::string& name, Tensor value) { register_parameter(name, std::move(value), true); }

void Module::register_module(const std::string& name, const Module& module) {
  EMBER_CHECK(module.defined(), "cannot register an undefined module as '", name, "'");
  register_attribute(name, module.type(), module.ivalue());
}

void Module::collectTensors(const std::string& prefix, bool recurse, bool buffers,
                            std::vector<NamedTensor>& out) const {
  const ClassType& cls = *type();
  for (size_t i = 0; i < cls.numAttributes(); ++i) {
    bool wanted = buffers ? cls.isBuffer(i) : cls.isParameter(i);
    if (!wanted || i >= obj_->slots.size()) continue;
    const IValue& v = obj_->slots[i];
    if (v.isTensor()) out.push_back(NamedTensor{join(prefix, cls.getAttributeName(i)), v.toTensor()});
  }
  if (!recurse) return;
  for (const NamedModule& child : named_children())
    child.value.collectTensors(join(prefix, child.name), true, buffers, out);
}

std::vector<NamedTensor> Module::named_parameters(bool recurse) const {
  std::vector<NamedTensor> out;
  collectTensors("", recurse, false, out);
  return out;
}

std::vector<Tensor> Module::parameters(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& p : named_parameters(recurse)) out.push_back(std::move(p.value));
  return out;
}

std::vector<NamedTensor> Module::named_buffers(bool recurse) const {
  std::vector<NamedTensor> out;
  collectTensors("", recurse, true, out);
  return out;
}

std::vector<Tensor> Module::buffers(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& b : named_buffers(recurse)) out.push_back(std::move(b.value));
  return out;
}

std::vector<NamedIValue> Module::named_attributes(bool recurse) const {
  std::vector<NamedIValue> out;
  for (const NamedModule& m : recurse ? named_modules() : std::vector<NamedModule>{NamedModule{"", *this}}) {
    const ClassType& cls = *m.value.type();
    for (size_t i = 0; i < cls.numAttributes(); ++i) {
      IValue v = i < m.value._ivalue()->slots.size() ? m.value._ivalue()->slots[i] : IValue();
      out.push_back(NamedIValue{join(m.name, cls.getAttributeName(i)), std::move(v)});
    }
  }
  return out;
}

std::vector<NamedModule> Module::named_children() const {
  std::vector<NamedModule> out;
  const ClassType& cls = *type();
  for (size_t i = 0; i < cls.numAttributes(); ++i) {
    if (!isModuleType(cls.getAttribute(i)) || i >= obj_->slots.size() || !obj_->slots[i].isObject()) continue;
    auto sub = obj_->slots[i].toObject();
    std::shared_ptr<CompilationUnit> unit = findClassUnit(*sub->type);
    out.push_back(NamedModule{cls.getAttributeName(i), Module(Object(std::move(sub), unit ? unit : cu_))});
  }
  return out;
}

std::vector<Module> Module::children() const {
  std::vector<Module> out;
  for (auto& c : named_children()) out.push_back(std::move(c.value));
  return out;
}

std::vector<NamedModule> Module::named_modules() const {
  std::vector<NamedModule> out{NamedModule{"", *this}};
  for (const NamedModule& child : named_children()) {
    for (NamedModule& m : child.value.named_modules()) {
      m.name = join(child.name, m.name);
      out.push_back(std::move(m));
    }
  }
  return out;
}

std::vector<Module> Module::modules() const {
  std::vector<Module> out;
  for (auto& m : named_modules()) out.push_back(std::move(m.value));
  return out;
}

void Module::train(bool on) {
  for (Module& m : modules()) {
    if (m.hasattr("training")) {
      m.setattr("training", on);
    } else {
      m.register_attribute("training", BoolType::get(), on);
    }
  }
}

bool Module::is_training() const { return attr("training", true).toBool(); }

}  // namespace ember::jit
