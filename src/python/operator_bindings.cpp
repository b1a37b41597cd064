// Calling the operator registry from Python. python/ember/_ops.py generates ember's function and
// Tensor method surface from _operator_table() (every aten operator, a method when its first
// argument is `Tensor self`) and each generated function calls _call_op, which resolves the
// overload with TorchScript's rules (core/schema_matching.h) against the runtime types of the
// arguments, applies the implicit conversions the match asks for, and runs the operator.
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <unordered_map>

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

// One operator symbol's overloads, resolved once (the generated Python functions each hold one).
// A call matches the arguments' types against the schemas with TorchScript's rules; the result
// is cached per combination of argument types, so repeated calls skip overload resolution.
class OperatorHandle {
 public:
  explicit OperatorHandle(const std::string& qualname) : qualname_(qualname) {
    ops_ = jit::OperatorRegistry::global().getAllOperatorsFor(jit::Symbol::fromQualString(qualname));
    EMBER_CHECK(!ops_.empty(), "Unknown builtin op: ", qualname, ".");
    for (const auto& op : ops_) schemas_.push_back(&op->schema());
  }

  py::object call(const py::args& args, const py::kwargs& kwargs) {
    InteropScope scope;
    std::vector<IValue> argValues, kwargValues;
    std::vector<CallArgument> argTypes, kwargTypes;
    argValues.reserve(args.size());
    argTypes.reserve(args.size());
    for (py::handle a : args) {
      argValues.push_back(toIValue(a));
      argTypes.push_back(describe(argValues.back(), a));
    }
    for (auto kv : kwargs) {
      kwargValues.push_back(toIValue(kv.second));
      kwargTypes.push_back(describe(kwargValues.back(), kv.second, kv.first.cast<std::string>()));
    }
    const Entry& entry = resolve(argTypes, kwargTypes);
    const jit::Operator& op = *ops_[entry.index];
    jit::Stack stack = buildStack(op.schema(), entry.match, argValues, kwargValues);
    op.operation()(stack);
    if (op.schema().returns().size() == 1 && !op.schema().isVarret()) return toPython(stack.back());
    py::tuple out(stack.size());
    for (size_t i = 0; i < stack.size(); ++i) out[i] = toPython(stack[i]);
    return out;
  }

 private:
  struct Entry {
    std::vector<TypePtr> types;  // keeps the key's type pointers alive (and so unique)
    size_t index;
    jit::MatchedSchema match;
  };

  static void appendKey(std::string& key, const CallArgument& a) {
    const jit::Type* t = a.type.get();
    key.append(reinterpret_cast<const char*>(&t), sizeof(t));
    key.push_back(a.isEmptyListLiteral ? '1' : '0');
    key.append(a.name).push_back('\0');
  }

  const Entry& resolve(const std::vector<CallArgument>& args, const std::vector<CallArgument>& kwargs) {
    std::string key;
    for (const auto& a : args) appendKey(key, a);
    key.push_back('|');
    for (const auto& a : kwargs) appendKey(key, a);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    auto [index, match] = jit::matchSchemas(schemas_, args, kwargs);
    EMBER_CHECK(ops_[index]->hasOperation(), "operator ", ops_[index]->schema().operatorName().str(),
                " can only run inside a TorchScript graph");
    if (cache_.size() > 512) cache_.clear();  // bounded: types of lists are made per call
    Entry entry{{}, index, std::move(match)};
    for (const auto& a : args) entry.types.push_back(a.type);
    for (const auto& a : kwargs) entry.types.push_back(a.type);
    return cache_.emplace(std::move(key), std::move(entry)).first->second;
  }

  static jit::Stack buildStack(const jit::FunctionSchema& schema, const jit::MatchedSchema& match,
                               std::vector<IValue>& argValues, std::vector<IValue>& kwargValues) {
    jit::Stack stack;
    stack.reserve(match.inputs.size() + match.varargs.size());
    for (size_t i = 0; i < match.inputs.size(); ++i) {
      const ArgumentSource& src = match.inputs[i];
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
    for (size_t i : match.varargs) stack.push_back(argValues.at(i));
    return stack;
  }

  std::string qualname_;
  std::vector<jit::OperatorPtr> ops_;
  std::vector<const jit::FunctionSchema*> schemas_;
  std::unordered_map<std::string, Entry> cache_;  // used under the GIL only
};

// Runs `qualname` ("aten::add") on Python arguments and returns its result(s).
py::object callOperator(const std::string& qualname, const py::args& args, const py::kwargs& kwargs) {
  static std::unordered_map<std::string, std::unique_ptr<OperatorHandle>> handles;
  auto it = handles.find(qualname);
  if (it == handles.end()) it = handles.emplace(qualname, std::make_unique<OperatorHandle>(qualname)).first;
  return it->second->call(args, kwargs);
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
  py::class_<OperatorHandle>(m, "_OperatorHandle")
      .def(py::init<const std::string&>())
      .def("__call__", &OperatorHandle::call);
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
