// Inlining of calls to graph functions. Each callee graph is copied and inlined itself (once per
// run of the pass) before it is spliced in, so the result has no calls left to graph functions;
// the copies keep the callee's debug names and source ranges, and the function constants left
// unused go at the next DCE.
#include "passes/inliner.h"

#include <memory>
#include <unordered_map>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// TorchScript rejects recursion, so a deeper chain means a cycle slipped through.
constexpr int kMaxInlineDepth = 256;

// The graph function called by `call`, or nullptr when it is not a call to one.
Function* calledGraphFunction(const Node* call) {
  if (call->kind() == prim::CallFunction) {
    Node* producer = call->input(0)->node();
    auto fnType = call->input(0)->type()->cast<FunctionType>();
    if (producer->kind() != prim::Constant || !fnType || !fnType->function()) return nullptr;
    Function* fn = fnType->function();
    return fn->isGraphFunction() ? fn : nullptr;
  }
  if (call->kind() == prim::CallMethod) {
    auto cls = call->input(0)->type()->cast<ClassType>();
    if (!cls) return nullptr;
    Function* fn = cls->findMethod(call->s(attr::name));
    return fn && fn->isGraphFunction() ? fn : nullptr;
  }
  return nullptr;
}

// Note [Inlined call stack]: the node (and everything in its blocks) now runs inside `frame`,
// which itself was inlined through `outer`: its stack becomes outer + frame + its own.
void recordInlinedFrame(Node* n, const Node::InlinedCallStack& outer, const Node::InlinedFrame& frame) {
  auto stack = std::make_shared<std::vector<Node::InlinedFrame>>();
  if (outer) *stack = *outer;
  stack->push_back(frame);
  if (n->callStack()) stack->insert(stack->end(), n->callStack()->begin(), n->callStack()->end());
  n->setCallStack(std::move(stack));
  for (Block* b : n->blocks())
    for (Node* inner : b->nodes()) recordInlinedFrame(inner, outer, frame);
}

// The callee bodies inlined so far in one run of the pass, each with its own calls already
// inlined: a function called from many places (every BatchNorm2d.forward of a ResNet) is copied
// and inlined once, then spliced in at each call site. Without this, every level of nesting
// re-inlined its whole subtree at every call (resnet50: ~70 ms of its first call).
class Inliner {
 public:
  void inlineBlock(Block* block, int depth);
  bool inlinedAny() const { return inlinedAny_; }

 private:
  const Graph& inlinedBody(Function* fn, int depth);
  void inlineCall(Node* call, Function* fn, int depth);

  std::unordered_map<Function*, std::shared_ptr<Graph>> bodies_;
  bool inlinedAny_ = false;  // the inlined callee bodies' own calls included
};

const Graph& Inliner::inlinedBody(Function* fn, int depth) {
  EMBER_CHECK(depth < kMaxInlineDepth, "inlining ", fn->qualname(), ": calls nested too deeply (recursion?)");
  auto it = bodies_.find(fn);
  if (it != bodies_.end()) return *it->second;
  std::shared_ptr<Graph> callee = fn->graph();
  EMBER_CHECK(callee != nullptr, "inlining: function ", fn->qualname(), " has no graph");
  std::shared_ptr<Graph> body = callee->copy();
  inlineBlock(body->block(), depth + 1);
  return *bodies_.emplace(fn, std::move(body)).first->second;
}

void Inliner::inlineCall(Node* call, Function* fn, int depth) {
  const Graph& body = inlinedBody(fn, depth);

  // CallFunction passes the function itself first; CallMethod passes `self` as the first argument.
  std::vector<Value*> args(call->inputs().begin(), call->inputs().end());
  if (call->kind() == prim::CallFunction) args.erase(args.begin());

  Graph& graph = *call->owningGraph();
  std::vector<Value*> results;
  Node* before = call->prev();
  {
    WithInsertPoint guard(call);
    results = body.insertGraphInto(graph, args);
  }
  // The spliced nodes sit between `before` and the call.
  Node::InlinedFrame frame{fn->name(), call->sourceRange()};
  for (Node* n = before->next(); n != call; n = n->next()) recordInlinedFrame(n, call->callStack(), frame);
  EMBER_CHECK(results.size() == call->outputs().size(), "inlining ", fn->qualname(), ": the call has ",
              call->outputs().size(), " outputs but the function returns ", results.size());
  for (size_t i = 0; i < results.size(); ++i) call->output(i)->replaceAllUsesWith(results[i]);
  call->destroy();
}

void Inliner::inlineBlock(Block* block, int depth) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    if (Function* fn = calledGraphFunction(n)) {
      inlineCall(n, fn, depth);
      inlinedAny_ = true;
      continue;
    }
    for (Block* b : n->blocks()) inlineBlock(b, depth);
  }
}

}  // namespace

bool inlineCalls(Graph& graph) {
  Inliner inliner;
  inliner.inlineBlock(graph.block(), 0);
  return inliner.inlinedAny();
}

}  // namespace ember::jit
