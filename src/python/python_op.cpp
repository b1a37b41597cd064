// prim::PythonOp (see python_op.h).
#include "python/python_op.h"

#include <mutex>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "python/ivalue_conversion.h"

namespace ember::python {
namespace {

const jit::Symbol kPyObj = jit::Symbol::attr("pyobj");
constexpr const char* kUnusedMessage = "This Python function is annotated to be ignored and cannot be run";

// The Python callables compiled code calls, by index. Only touched under the GIL; never freed
// (graphs holding an index may outlive any owner we could name, and the interpreter may be
// finalizing when the process exits).
std::vector<py::object>& callables() {
  static auto* table = new std::vector<py::object>();
  return *table;
}

int64_t remember(py::object fn) {
  std::vector<py::object>& table = callables();
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].is(fn)) return static_cast<int64_t>(i);
  table.push_back(std::move(fn));
  return static_cast<int64_t>(table.size() - 1);
}

jit::FunctionSchema schemaOf(const py::tuple& signature) {
  std::vector<jit::Argument> arguments;
  if (signature[2].is_none()) return jit::FunctionSchema(signature[1].cast<std::string>(), "", {}, {}, true);
  for (py::handle item : signature[2]) {
    auto arg = item.cast<py::tuple>();
    auto type = arg[1].cast<jit::TypePtr>();
    std::optional<IValue> defaultValue;
    if (arg[2].cast<bool>()) defaultValue = toIValue(arg[3], type);
    arguments.emplace_back(arg[0].cast<std::string>(), type, nullptr, std::nullopt, defaultValue);
  }
  std::vector<jit::Argument> returns{jit::Argument("", signature[3].cast<jit::TypePtr>())};
  return jit::FunctionSchema(signature[1].cast<std::string>(), "", std::move(arguments), std::move(returns));
}

std::string pythonTypeName(py::handle obj) { return py::str(py::type::of(obj).attr("__name__")); }

// Calls the Python function on the node's inputs (see python_op.h).
jit::NodeOperation createPythonOp(const jit::Node* node) {
  size_t nIn = node->inputs().size();
  int64_t index = node->i(kPyObj);
  jit::TypePtr returnType = node->output(0)->type();
  std::string name = node->s(jit::attr::name);
  return [nIn, index, returnType, name](jit::Stack& stack) {
    std::vector<IValue> inputs(std::make_move_iterator(stack.end() - static_cast<std::ptrdiff_t>(nIn)),
                               std::make_move_iterator(stack.end()));
    stack.resize(stack.size() - nIn);
    IValue result;
    {
      py::gil_scoped_acquire gil;
      py::tuple args(nIn);
      for (size_t i = 0; i < nIn; ++i) args[i] = toPython(inputs[i]);
      py::object out;
      try {
        out = callables().at(static_cast<size_t>(index))(*args);
      } catch (py::error_already_set& e) {
        throw Error(e.what());  // "ValueError: message" and the Python traceback
      }
      try {
        result = toIValue(out, returnType);
      } catch (const std::exception&) {
        std::string value = py::repr(out);
        throw Error("expected value of type " + returnType->repr_str() + " for return value of Python function '" +
                    name + "' but instead got value of type " + pythonTypeName(out) + ".\nValue: " + value);
      }
    }
    stack.push_back(std::move(result));
  };
}

}  // namespace

PythonOpValue::PythonOpValue(py::object signature, jit::Value* self, bool unused)
    : schema_("", "", {}, {}), self_(self), unused_(unused) {
  py::gil_scoped_acquire gil;
  auto sig = signature.cast<py::tuple>();
  schema_ = schemaOf(sig);
  if (!unused_) callable_ = remember(py::reinterpret_borrow<py::object>(sig[0]));
}

jit::SugaredValuePtr PythonOpValue::call(const jit::SourceRange& loc, jit::Emitter& m,
                                         const std::vector<jit::NamedValue>& args,
                                         const std::vector<jit::NamedValue>& kwargs, size_t) {
  jit::Graph& g = m.graph();
  jit::FunctionSchema schema = schema_;
  if (schema_.isVararg()) {  // no signature: as many Tensors as the call passes, a Tensor back
    if (!kwargs.empty()) jit::throwErrorAt(loc, "keyword arguments to a Python value without a signature");
    std::vector<jit::Argument> arguments;
    for (size_t i = 0; i < args.size(); ++i) arguments.emplace_back("arg" + std::to_string(i), jit::TensorType::get());
    schema = jit::FunctionSchema(schema_.name(), "", std::move(arguments),
                                 {jit::Argument("", jit::TensorType::get())});
  }
  std::optional<jit::NamedValue> self;
  if (self_) {
    std::vector<jit::Argument> arguments{jit::Argument("self", self_->type())};
    for (const jit::Argument& a : schema_.arguments()) arguments.push_back(a);
    schema = schema_.cloneWithArguments(std::move(arguments));
    self = jit::NamedValue(self_);
  }
  jit::PreparedCall call = jit::matchSchemaAndPrepareInputs(loc, g, schema, args, kwargs, self);
  if (unused_) {
    jit::Value* message = g.insertConstant(IValue(std::string(kUnusedMessage)), loc);
    jit::Node* raise = g.insertNode(g.create(jit::prim::RaiseException, {message, g.insertConstant(IValue())}, 0));
    raise->setSourceRange(loc);
    return jit::makeSimple(g.insertNode(g.createUninitialized(schema.returns()[0].type()))->output());
  }
  jit::Node* n = g.create(jit::prim::PythonOp, call.inputs, 1);
  n->s_(jit::attr::name, schema_.name());
  n->i_(kPyObj, callable_);
  n->output()->setType(schema.returns()[0].type());
  n->setSourceRange(loc);
  g.insertNode(n);
  return jit::makeSimple(n->output());
}

void registerPythonOp() {
  static std::once_flag once;
  std::call_once(once, [] {
    jit::OperatorRegistry::global().registerOperator(
        jit::Operator("prim::PythonOp(...) -> ...", createPythonOp, jit::AliasAnalysisKind::CONSERVATIVE));
  });
}

}  // namespace ember::python
