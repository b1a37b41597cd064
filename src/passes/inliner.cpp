// Inlining of calls to graph functions. Each callee graph is spliced in at its call and the calls
// it brings are inlined in turn, so the result has no calls left to graph functions; the copies
// keep the callee's debug names and source ranges, and the function constants left unused go at
// the next DCE.
#include "passes/inliner.h"

#include <memory>
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

// Each call is replaced by a copy of the callee's own graph, spliced in place, and the walk goes
// on over the spliced nodes, inlining the calls they hold in turn. Every node of the result is so
// copied once, straight from its function's graph: no per-run copies of callee bodies are made
// (and destroyed again), which had cost a fifth of mobilenet_v2's first call.
class Inliner {
 public:
  void inlineBlock(Block* block);
  bool inlinedAny() const { return inlinedAny_; }

 private:
  void inlineCall(Node* call, Function* fn);

  bool inlinedAny_ = false;
};

void Inliner::inlineCall(Node* call, Function* fn) {
  // A spliced node's call stack holds one frame per level of inlining it went through.
  size_t depth = call->callStack() ? call->callStack()->size() : 0;
  EMBER_CHECK(depth < kMaxInlineDepth, "inlining ", fn->qualname(), ": calls nested too deeply (recursion?)");
  std::shared_ptr<Graph> body = fn->graph();
  EMBER_CHECK(body != nullptr, "inlining: function ", fn->qualname(), " has no graph");

  // CallFunction passes the function itself first; CallMethod passes `self` as the first argument.
  std::vector<Value*> args(call->inputs().begin(), call->inputs().end());
  if (call->kind() == prim::CallFunction) args.erase(args.begin());

  Graph& graph = *call->owningGraph();
  std::vector<Value*> results;
  Node* before = call->prev();
  {
    WithInsertPoint guard(call);
    results = body->insertGraphInto(graph, args);
  }
  // The spliced nodes sit between `before` and the call.
  Node::InlinedFrame frame{fn->name(), call->sourceRange()};
  for (Node* n = before->next(); n != call; n = n->next()) recordInlinedFrame(n, call->callStack(), frame);
  EMBER_CHECK(results.size() == call->outputs().size(), "inlining ", fn->qualname(), ": the call has ",
              call->outputs().size(), " outputs but the function returns ", results.size());
  for (size_t i = 0; i < results.size(); ++i) call->output(i)->replaceAllUsesWith(results[i]);
  call->destroy();
}

void Inliner::inlineBlock(Block* block) {
  for (Node* n = block->nodes().front(); n != block->returnNode();) {
    if (Function* fn = calledGraphFunction(n)) {
      Node* before = n->prev();
      inlineCall(n, fn);
      inlinedAny_ = true;
      n = before->next();  // the first spliced node: its own calls are inlined next
      continue;
    }
    for (Block* b : n->blocks()) inlineBlock(b);
    n = n->next();
  }
}

}  // namespace

bool inlineCalls(Graph& graph) {
  Inliner inliner;
  inliner.inlineBlock(graph.block());
  return inliner.inlinedAny();
}

}  // namespace ember::jit
