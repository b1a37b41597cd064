// Calling the operator registry from Python. python/ember/_ops.py generates ember's function and
// Tensor method surface from _operator_table() (every aten operator, a method when its first
// argument is `Tensor self`) and each generated function calls _call_op, which resolves the
// overload with TorchScript's rules (core/schema_matching.h) against the runtime types of the
// arguments, applies the implicit conversions the match asks for, and runs the operator.
#include <pybind11/stl.h>

#include <map>

#include "ember/core/operator.h"
#include "ember/core/schema_matching.h"
#include "ember/error.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

using jit::ArgumentSource;
using jit::CallArgument;

jit::CallArgument describe(const IValue& v, py::handle obj, std::string name = "") {
  CallArgument arg{inferredType(v), std::move(name)};
  arg.isEmptyListLiteral = py::isinstance<py::list>(obj) && py::len(obj) == 0;
  return arg;
}

IValue convert(IValue v, const ArgumentSource& src, const jit::Argument& formal) {
  using Conv = ArgumentSource::Conversion;
  switch (src.conversion) {
    case Conv::None: return v;
    case Conv::RepeatToList: {
      std::vector<IValue> elems(static_cast<size_t>(formal.N().value_or(1)), v);
      return jit::makeList(src.type->containedType(0), std::move(elems));
    }
    case Conv::TupleToList:
      return jit::makeList(src.type->containedType(0), v.toTupleRef().elements);
    case Conv::EmptyListToTyped:
      return jit::makeList(src.type->containedType(0), {});
    case Conv::TensorToNum: {
      Scalar s = v.toTensor().item();
      if (src.type->kind() == jit::TypeKind::IntType) return IValue(s.toLong());
      if (src.type->kind() == jit::TypeKind::FloatType) return IValue(s.toDouble());
      return IValue(s);
    }
    case Conv::NumberCast:
      if (src.type->kind() == jit::TypeKind::IntType) return IValue(v.isDouble() ? static_cast<int64_t>(v.toDouble()) : v.toScalar().toLong());
      if (src.type->kind() == jit::TypeKind::FloatType) return IValue(v.toScalar().toDouble());
      return v;
    case Conv::StrToDevice:
      return IValue(Device::parse(v.toStringRef()));
  }
  return v;
}

// Runs `qualname` ("aten::add") on Python arguments and returns its result(s).
py::object callOperator(const std::string& qualname, const py::args& args, const py::kwargs& kwargs) {
  InteropScope scope;
  std::vector<IValue> argValues, kwargValues;
  std::vector<CallArgument> argTypes, kwargTypes;
  for (py::handle a : args) {
    argValues.push_back(toIValue(a));
    argTypes.push_back(describe(argValues.back(), a));
  }
  for (auto kv : kwargs) {
    kwargValues.push_back(toIValue(kv.second));
    kwargTypes.push_back(describe(kwargValues.back(), kv.second, kv.first.cast<std::string>()));
  }
  jit::MatchedOperator matched =
      jit::matchOperator(jit::OperatorRegistry::global(), jit::Symbol::fromQualString(qualname), argTypes, kwargTypes);
  const jit::FunctionSchema& schema = matched.op->schema();
  EMBER_CHECK(matched.op->hasOperation(), "operator ", schema.operatorName().str(),
              " can only run inside a TorchScript graph");
  jit::Stack stack;
  for (size_t i = 0; i < matched.match.inputs.size(); ++i) {
    const ArgumentSource& src = matched.match.inputs[i];
    const jit::Argument& formal = schema.arguments()[i];
    switch (src.kind) {
      case ArgumentSource::Kind::Positional: stack.push_back(convert(argValues.at(src.index), src, formal)); break;
      case ArgumentSource::Kind::Keyword: stack.push_back(convert(kwargValues.at(src.index), src, formal)); break;
      case ArgumentSource::Kind::Default: stack.push_back(*formal.defaultValue()); break;
      case ArgumentSource::Kind::Self: EMBER_UNREACHABLE("no self in operator calls from Python");
      case ArgumentSource::Kind::PackedList: {
        std::vector<IValue> elems(argValues.begin() + static_cast<std::ptrdiff_t>(src.index), argValues.end());
        stack.push_back(jit::makeList(src.type->containedType(0), std::move(elems)));
        break;
      }
    }
  }
  for (size_t i : matched.match.varargs) stack.push_back(argValues.at(i));
  matched.op->operation()(stack);
  if (schema.returns().size() == 1 && !schema.isVarret()) return toPython(stack.back());
  py::tuple out(stack.size());
  for (size_t i = 0; i < stack.size(); ++i) out[i] = toPython(stack[i]);
  return out;
}

// (qualified name, schemas, is a Tensor method) for every operator symbol, sorted by name.
py::list operatorTable() {
  std::map<std::string, std::pair<std::vector<std::string>, bool>> table;
  for (const jit::OperatorPtr& op : jit::OperatorRegistry::global().getAllOperators()) {
    const jit::FunctionSchema& s = op->schema();
    auto& entry = table[s.name()];
    entry.first.push_back(s.str());
    const auto& a = s.arguments();
    if (!a.empty() && a[0].name() == "self" && a[0].type()->kind() == jit::TypeKind::TensorType)
      entry.second = true;
  }
  py::list out;
  for (auto& [name, entry] : table) out.append(py::make_tuple(name, entry.first, entry.second));
  return out;
}

}  // namespace

void initOperatorBindings(py::module_& m) {
  m.def("_call_op", &callOperator,
        "Calls a registered operator by its qualified name with TorchScript's overload resolution.");
  m.def("_operator_table", &operatorTable);
  m.def("_schemas", [](const std::string& qualname) {
    std::vector<std::string> out;
    for (const auto& op : jit::OperatorRegistry::global().getAllOperatorsFor(jit::Symbol::fromQualString(qualname)))
      out.push_back(op->schema().str());
    return out;
  });
}

}  // namespace ember::python
