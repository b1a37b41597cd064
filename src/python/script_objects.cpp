// Binding Python call arguments to schemas and running functions (see script_objects.h).
#include "python/script_objects.h"

#include <sstream>
#include <unordered_set>

#include "ember/error.h"
#include "python/ivalue_conversion.h"

namespace ember::python {

jit::Stack createStack(const jit::FunctionSchema& schema, const py::args& args, const py::kwargs& kwargs,
                       const std::optional<jit::IValue>& self) {
  const auto& formals = schema.arguments();
  size_t first = self ? 1 : 0;
  jit::Stack stack;
  if (self) stack.push_back(*self);
  size_t nargs = args.size();
  EMBER_CHECK_KIND(Type, first + nargs <= formals.size(), schema.name(), "() expected at most ",
                   formals.size() - first, " argument(s) but received ", nargs, " argument(s). Declaration: ",
                   schema.str());
  size_t usedKwargs = 0;
  for (size_t i = first; i < formals.size(); ++i) {
    const jit::Argument& formal = formals[i];
    size_t pos = i - first;
    if (pos < nargs) {
      EMBER_CHECK_KIND(Type, !kwargs.contains(formal.name().c_str()), schema.name(),
                       "() got multiple values for argument '", formal.name(), "'");
      stack.push_back(toIValue(args[pos], formal.type()));
    } else if (kwargs.contains(formal.name().c_str())) {
      stack.push_back(toIValue(kwargs[formal.name().c_str()], formal.type()));
      ++usedKwargs;
    } else if (formal.defaultValue()) {
      stack.push_back(*formal.defaultValue());
    } else {
      throw Error(schema.name() + "() is missing value for argument '" + formal.name() + "'. Declaration: " +
                      schema.str(),
                  ErrorKind::Type);
    }
  }
  if (usedKwargs != kwargs.size()) {
    for (auto kv : kwargs) {
      std::string name = kv.first.cast<std::string>();
      EMBER_CHECK_KIND(Type, schema.argumentIndexWithName(name).has_value(), schema.name(),
                       "() got an unexpected keyword argument '", name, "'. Declaration: ", schema.str());
    }
  }
  return stack;
}

py::object runFunction(jit::Function& fn, jit::Stack stack) {
  {
    py::gil_scoped_release noGil;
    fn.run(stack);
  }
  if (stack.size() == 1) return toPython(stack[0]);
  py::tuple out(stack.size());
  for (size_t i = 0; i < stack.size(); ++i) out[i] = toPython(stack[i]);
  return out;
}

}  // namespace ember::python
