// ClassType's constants (`Final` attributes of modules), kept here because they are IValues and
// type.h only declares IValue.
#include "ember/core/ivalue.h"
#include "ember/core/type.h"
#include "ember/error.h"

namespace ember::jit {

void ClassType::addConstant(std::string name, const IValue& value) {
  EMBER_CHECK(!findConstantSlot(name), "class '", qualifiedName_, "' already has a constant named '", name, "'");
  constantNames_.push_back(std::move(name));
  constantValues_.push_back(std::make_shared<IValue>(value));
}

const IValue& ClassType::getConstant(size_t i) const { return *constantValues_.at(i); }

std::optional<size_t> ClassType::findConstantSlot(std::string_view name) const {
  for (size_t i = 0; i < constantNames_.size(); ++i)
    if (constantNames_[i] == name) return i;
  return std::nullopt;
}

}  // namespace ember::jit
