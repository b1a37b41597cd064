// The C++ front end of the tracer (ember/frontend/tracer.h): runs a callable, function or module
// method with a TracingState installed and records the aten operators the interpreter calls
// (through the runtime's trace hook), the operators called by name, and the scripted functions
// called through callFunction (one prim::CallFunction each).
#include <string>

#include "ember/api/compilation_unit.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/frontend/tracer.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/trace_hook.h"
#include "passes/inliner.h"
#include "runtime/code.h"
#include "runtime/graph_executor_impl.h"
#include "runtime/interpreter.h"

namespace ember::jit::tracer {

namespace {

bool isDefinedTensor(const IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

// Operators that turn a tensor into a number the program may branch on: the trace keeps the
// number it saw, so a different input may need a different trace (PyTorch warns the same way).
const char* conversionTarget(Symbol kind) {
  if (kind == aten::Int || kind == aten::IntImplicit) return "a Python integer";
  if (kind == aten::Float || kind == aten::FloatImplicit) return "a Python float";
  if (kind == aten::Bool) return "a Python boolean";
  if (kind == Symbol::fromQualString("aten::item") || kind == aten::ScalarImplicit) return "a Python number";
  return nullptr;
}

void warnConversion(TracingState& s, const char* target) {
  s.warn(std::string("Converting a tensor to ") + target +
         " while tracing: the trace keeps the value seen now as a constant, so it may be wrong for other inputs");
}

bool isContainerConstruct(Symbol kind) {
  static const Symbol list = Symbol::fromQualString("prim::ListConstruct");
  static const Symbol tuple = Symbol::fromQualString("prim::TupleConstruct");
  return kind == list || kind == tuple;
}

// An operand of a recorded call: a traced tensor, a followed value of the program, or a constant.
Value* operandTrace(TracingState& s, const Node* node, size_t i, const IValue& v) {
  if (!isDefinedTensor(v) && i < node->inputs().size())
    if (Value* followed = s.findSource(node->inputs()[i])) return followed;
  return s.getValueTrace(v);
}

// The trace hook: one interpreter operator call, recorded when it is an aten operator (or a list /
// tuple construction holding followed values).
void recordInterpreterCall(const Node* node, const IValue* inputs, size_t numInputs, const IValue* outputs,
                           size_t numOutputs) {
  std::shared_ptr<TracingState> s = getTracingState();
  if (!s || !node) return;
  if (const char* target = conversionTarget(node->kind())) {
    if (numInputs == 1 && s->isTraced(inputs[0])) warnConversion(*s, target);
    return;
  }
  bool construct = isContainerConstruct(node->kind());
  if (!node->kind().is_aten() && !construct) return;
  if (construct) {
    bool followed = false;
    for (size_t i = 0; i < numInputs && !followed; ++i)
      followed = s->isTraced(inputs[i]) || (i < node->inputs().size() && s->findSource(node->inputs()[i]));
    if (!followed) return;
  }
  Graph& g = s->graph();
  std::vector<Value*> in;
  in.reserve(numInputs);
  for (size_t i = 0; i < numInputs; ++i) in.push_back(operandTrace(*s, node, i, inputs[i]));
  Node* n = g.insertNode(g.create(node->kind(), in, numOutputs));
  n->setScopeName(s->currentScope());
  for (size_t i = 0; i < numOutputs && i < node->outputs().size(); ++i) {
    n->output(i)->setType(node->outputs()[i]->type());
    if (isDefinedTensor(outputs[i])) s->setValueTrace(outputs[i], n->output(i));
    else s->setSourceTrace(node->outputs()[i], n->output(i));
  }
}

void installHook() { detail::gTraceHook.store(&recordInterpreterCall, std::memory_order_relaxed); }

// Runs `fn`'s graph with the interpreter (calls inlined, no optimisation: every operator the
// program calls is seen by the hook, none fused away).
IValue runTraced(Function& fn, Stack stack) {
  EMBER_CHECK(fn.isGraphFunction(), "tracer: '", fn.qualname(), "' is not a TorchScript graph function");
  std::shared_ptr<Graph> g = static_cast<GraphFunction&>(fn).graph()->copy();
  runRequiredPasses(g);
  Code code(g, fn.name());
  InterpreterState(code).run(stack);
  EMBER_CHECK(stack.size() == 1, "tracer: '", fn.qualname(), "' left ", stack.size(), " values");
  return std::move(stack.back());
}

// The graph outputs for what the traced program returned: tensors by their trace, a tuple or
// list element by element (PyTorch's tracer returns several outputs as one tuple).
std::vector<Value*> outputValues(TracingState& s, const IValue& out) {
  std::vector<Value*> values;
  if (out.isTuple()) {
    for (const IValue& e : out.toTupleRef().elements) values.push_back(s.getValueTrace(e));
    return values;
  }
  if (!s.isTraced(out))
    s.warn("Output nr 1. of the traced function does not depend on its inputs: it is recorded as a constant");
  values.push_back(s.getValueTrace(out));
  return values;
}

// Installs a fresh state for the duration of a trace, restoring whatever was there.
class TraceScope {
 public:
  TraceScope() : previous_(getTracingState()), state_(std::make_shared<TracingState>()) {
    installHook();
    setTracingState(state_);
  }
  ~TraceScope() { setTracingState(previous_); }
  TracingState& state() { return *state_; }

 private:
  std::shared_ptr<TracingState> previous_;
  std::shared_ptr<TracingState> state_;
};

TraceResult finishTrace(TracingState& s, IValue out) {
  TraceResult result;
  std::vector<Value*> values = outputValues(s, out);
  result.warnings = s.warnings();
  result.graph = s.finish(values);
  result.outputs = std::move(out);
  return result;
}

}  // namespace

TraceResult trace(const std::function<IValue(const std::vector<IValue>&)>& fn, const std::vector<IValue>& inputs) {
  TraceScope scope;
  TracingState& s = scope.state();
  for (size_t i = 0; i < inputs.size(); ++i) s.addInput("x" + std::to_string(i), inputs[i]);
  IValue out = fn(inputs);
  return finishTrace(s, std::move(out));
}

TraceResult trace(Function& fn, const std::vector<IValue>& inputs) {
  return trace([&fn](const std::vector<IValue>& in) { return runTraced(fn, Stack(in.begin(), in.end())); }, inputs);
}

namespace {

// The new module's attributes: the original's, the same tensors and submodule objects.
Module shellOf(const Module& module) {
  ClassTypePtr type = module.type();
  Module out(type->qualifiedName(), std::make_shared<CompilationUnit>(), /*shouldMangle=*/true);
  for (size_t i = 0; i < type->numAttributes(); ++i) {
    const std::string& name = type->getAttributeName(i);
    if (out.hasattr(name)) {
      out.setattr(name, module.attr(name));
      continue;
    }
    out.register_attribute(name, type->getAttribute(i), module.attr(name), type->isParameter(i), type->isBuffer(i));
  }
  return out;
}

// prim::GetAttr chains from `self` to every tensor attribute (unused ones are removed at the end).
void traceAttributes(TracingState& s, Value* owner, const Object& obj) {
  ClassTypePtr type = obj.type();
  for (size_t i = 0; i < type->numAttributes(); ++i) {
    IValue v = obj.attr(type->getAttributeName(i));
    if (!isDefinedTensor(v) && !(v.isObject() && type->getAttribute(i)->castRaw<ClassType>()->isModule())) continue;
    Node* get = s.graph().insertNode(s.graph().create(prim::GetAttr, {owner}));
    get->s_(attr::name, type->getAttributeName(i));
    Value* attr = get->output()->setType(type->getAttribute(i));
    if (isDefinedTensor(v)) s.setValueTrace(v, attr);
    else traceAttributes(s, attr, Object(v.toObject()));
  }
}

}  // namespace

Module traceModule(const Module& module, const std::vector<IValue>& inputs, const std::string& method,
                   std::vector<std::string>* warnings) {
  Module out = shellOf(module);
  Function& fn = module.get_method(method).function();
  TraceScope scope;
  TracingState& s = scope.state();
  Value* self = s.graph().addInput("self");
  self->setType(out.type());
  traceAttributes(s, self, out);
  for (size_t i = 0; i < inputs.size(); ++i) s.addInput("x" + std::to_string(i), inputs[i]);
  Stack stack{module.ivalue()};
  stack.insert(stack.end(), inputs.begin(), inputs.end());
  TraceResult r = finishTrace(s, runTraced(fn, std::move(stack)));
  if (warnings) *warnings = r.warnings;
  out.define_method(method, r.graph);
  return out;
}

IValue callOperator(const std::string& qualName, const std::vector<IValue>& args) {
  std::shared_ptr<TracingState> s = getTracingState();
  // Untraced, the call is resolved in a scratch trace that is then dropped.
  TracingState scratch;
  TracingState& state = s ? *s : scratch;
  std::unordered_map<const Value*, IValue> known;
  std::vector<NamedValue> traced;
  for (size_t i = 0; i < args.size(); ++i) {
    const IValue& a = args[i];
    // Untraced, arguments are inputs of the scratch graph (no constant copies of tensors).
    Value* v = s ? state.getValueTrace(a) : state.addInput("a" + std::to_string(i), a);
    known.emplace(v, a);
    traced.emplace_back(v);
  }
  std::vector<Value*> outs = state.recordCall(Symbol::fromQualString(qualName), traced, {});
  Node* n = outs[0]->node();
  const Operator* op = n->maybeOperator();
  EMBER_CHECK(op, "tracer: no operator implements ", qualName, " for these arguments");
  Stack stack;
  for (Value* in : n->inputs()) {
    auto it = known.find(in);
    if (it != known.end()) stack.push_back(it->second);
    else if (auto c = toIValue(in)) stack.push_back(*c);
    else EMBER_ERROR("tracer: ", qualName, " needs an implicit conversion of its arguments; convert them first");
  }
  {
    NoTracerDispatchMode untraced;
    op->getOperation(n)(stack);
  }
  EMBER_CHECK(stack.size() == outs.size(), "tracer: ", qualName, " returned ", stack.size(), " values, expected ",
              outs.size());
  for (size_t i = 0; i < outs.size(); ++i) state.setValueTrace(stack[i], outs[i]);
  if (stack.size() == 1) return std::move(stack[0]);
  return IValue(TupleImpl::create(std::vector<IValue>(stack.begin(), stack.end())));
}

IValue callFunction(Function& fn, const std::vector<IValue>& args) {
  std::shared_ptr<TracingState> s = getTracingState();
  Stack stack(args.begin(), args.end());
  if (!s) {
    fn.run(stack);
    return std::move(stack.back());
  }
  Graph& g = s->graph();
  Node* callee = g.insertNode(g.create(prim::Constant, {}, 1));
  callee->s_(attr::name, fn.name());
  callee->output()->setType(FunctionType::create(&fn));
  std::vector<Value*> inputs{callee->output()};
  for (const IValue& a : args) inputs.push_back(s->getValueTrace(a));
  {
    NoTracerDispatchMode untraced;
    fn.run(stack);
  }
  Node* call = g.insertNode(g.create(prim::CallFunction, inputs));
  call->output()->setType(fn.getSchema().returns().at(0).type());
  call->setScopeName(s->currentScope());
  s->setValueTrace(stack.back(), call->output());
  return std::move(stack.back());
}

}  // namespace ember::jit::tracer
