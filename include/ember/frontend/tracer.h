// The tracer (spec: Tracer): builds a straight-line Graph by recording the operators a program
// actually calls on traced tensors, as torch.jit.trace does.
//
// A TracingState maps each traced tensor (by TensorImpl identity) to the Value that computes it;
// values it does not know become constants. Two front ends record into it:
// - C++ (`trace`): a callable, or a TorchScript Function / module method, is run by ember's
//   interpreter while the state is installed; each operator the interpreter calls is recorded
//   (one relaxed load per operator call when nobody traces, next to autograd's), and a call of a
//   scripted function through `tracer::callFunction` is recorded as one prim::CallFunction that
//   keeps the callee's control flow.
// - Python (ember.jit.trace): torch functions intercepted in Python are recorded by name with
//   `recordCall` (src/python/trace_bindings.cpp, python/ember/_trace.py).
// Shape arithmetic stays symbolic as in PyTorch: `recordSize` gives `aten::size` followed by
// `prim::NumToTensor`, and such a value passed where an int goes is read back with `aten::Int`.
// In the C++ front end the int a program's `aten::size` returns is followed per IR value into the
// operators and list constructions that take it (scalar arithmetic on it is not recorded).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/api/module.h"
#include "ember/core/function.h"
#include "ember/core/ivalue.h"
#include "ember/ir/ir.h"
#include "ember/ir/named_value.h"

namespace ember::jit::tracer {

class TracingState : public std::enable_shared_from_this<TracingState> {
 public:
  TracingState();

  Graph& graph() { return *graph_; }
  const std::shared_ptr<Graph>& graphPtr() const { return graph_; }

  // A graph input standing for `t` (or for a non-tensor when `t` is not a tensor).
  Value* addInput(const std::string& name, const IValue& example, TypePtr type = nullptr);

  // Tensors followed by identity. getValueTrace gives a constant for what is not traced (and a
  // ListConstruct / TupleConstruct for containers holding traced tensors).
  void setValueTrace(const IValue& v, Value* value);
  Value* getValueTrace(const IValue& v);
  Value* findTensor(const Tensor& t) const;
  bool isTraced(const IValue& v) const;
  // Non-tensor values (sizes, lists of them) are followed per IR value of the program being run:
  // `source` is the value in that program, `traced` the one in the trace.
  void setSourceTrace(const Value* source, Value* traced) { sources_[source] = traced; }
  Value* findSource(const Value* source) const {
    auto it = sources_.find(source);
    return it == sources_.end() ? nullptr : it->second;
  }

  // Records `name(args, kwargs)` (overloads resolved as TorchScript resolves them) and returns its
  // outputs, several for a multi-output operator. `listOutputs` > 0 unpacks a list result (chunk,
  // split, unbind) into that many values.
  std::vector<Value*> recordCall(Symbol name, ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                                 size_t listOutputs = 0);
  // `aten::size(t, dim)` then `prim::NumToTensor`: a size that stays symbolic.
  Value* recordSize(Value* tensor, int64_t dim);
  // `aten::Int(v)`: a traced 0-dim tensor read back as an int.
  Value* toInt(Value* v);
  // A constant (tensors cloned, so later writes to the original do not change the trace).
  Value* constant(const IValue& v);

  // Module hierarchy: nodes recorded while a scope is pushed carry `__module.a/__module.a.b`.
  void pushScope(const std::string& name);
  void popScope();
  const std::string& currentScope() const { return scopes_.empty() ? empty_ : scopes_.back(); }

  // Warnings (also given to the Python front end as TracerWarnings).
  void warn(std::string message) { warnings_.push_back(std::move(message)); }
  const std::vector<std::string>& warnings() const { return warnings_; }

  // Registers the outputs (a tuple when several), cleans up and returns the graph.
  std::shared_ptr<Graph> finish(ArrayRef<Value*> outputs);

 private:
  void stampScope(Node* from);

  std::shared_ptr<Graph> graph_;
  std::unordered_map<const void*, Value*> tensors_;
  std::unordered_map<const Value*, Value*> sources_;
  std::vector<IValue> keepAlive_;  // identity keys stay valid while tracing
  std::vector<std::string> scopes_;
  std::vector<std::string> warnings_;
  std::string empty_;
};

// The thread's tracing state (null when not tracing).
std::shared_ptr<TracingState> getTracingState();
void setTracingState(std::shared_ptr<TracingState> state);
bool isTracing();

// Suspends tracing for its lifetime (the recorded call runs untraced underneath).
class NoTracerDispatchMode {
 public:
  NoTracerDispatchMode();
  ~NoTracerDispatchMode();
  NoTracerDispatchMode(const NoTracerDispatchMode&) = delete;
  NoTracerDispatchMode& operator=(const NoTracerDispatchMode&) = delete;

 private:
  std::shared_ptr<TracingState> saved_;
};

struct TraceResult {
  std::shared_ptr<Graph> graph;
  IValue outputs;  // what the traced run returned
  std::vector<std::string> warnings;
};

// Traces `fn` on `inputs`: every operator the interpreter runs on traced values while `fn` runs
// is recorded. `fn` typically calls TorchScript functions or module methods through
// `callFunction` / `callOperator`, or runs them directly (then they are traced through).
TraceResult trace(const std::function<IValue(const std::vector<IValue>&)>& fn, const std::vector<IValue>& inputs);
// Traces a TorchScript function (its control flow is flattened, as PyTorch's tracer does).
TraceResult trace(Function& fn, const std::vector<IValue>& inputs);
// Traces `module.method(inputs)` into a new module sharing the original's parameters (the same
// tensors); the traced method reads them with prim::GetAttr like a TorchScript module.
Module traceModule(const Module& module, const std::vector<IValue>& inputs, const std::string& method = "forward",
                   std::vector<std::string>* warnings = nullptr);

// Calls while tracing, recorded as one node each: an operator by name (overloads resolved), or
// a scripted function as prim::CallFunction (its body untraced, its control flow kept).
IValue callOperator(const std::string& qualName, const std::vector<IValue>& args);
IValue callFunction(Function& fn, const std::vector<IValue>& args);

}  // namespace ember::jit::tracer
