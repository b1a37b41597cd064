// Module freezing (see include/ember/api/freeze.h for what it does). The steps, per method kept:
//   1. copy the method's graph and inline every call, so all attribute accesses are visible;
//   2. find the attributes that may change: assigned by prim::SetAttr in any kept method, or
//      written in place through a prim::GetAttr's result (AliasDb, frozen mode), or preserved;
//   3. replace every other prim::GetAttr chain rooted at `self` by a constant of its value;
//   4. clean up (constant propagation folds `if self.training:`), run the frozen-graph
//      optimisations, and build the new module class with only the attributes still read.
// Attributes are identified by (object, name), not by path, so a submodule reached along two
// paths is one attribute set.
#include "ember/api/freeze.h"

#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "ember/api/compilation_unit.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "passes/constant_pooling.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/frozen_graph_optimizations.h"
#include "passes/fuse_conv_epilogue.h"
#include "passes/fuse_linear_epilogue.h"
#include "passes/frozen_linear_transpose.h"
#include "passes/inliner.h"
#include "passes/lower_tuples.h"
#include "passes/peephole.h"
#include "passes/peephole_alias_sensitive.h"
#include "passes/common_subexpression_elimination.h"

namespace ember::jit {

namespace {

using AttributeKey = std::pair<const ObjectImpl*, std::string>;

// An attribute reached from `self` through prim::GetAttr nodes: the object holding it, its name,
// and the dotted path from self ("sub.conv.weight").
struct AttributeRef {
  const ObjectImpl* holder = nullptr;
  std::string name;
  std::string path;
};

struct FreezeOptions {
  std::vector<std::string> preservedAttrs;
  bool optimizeNumerics = true;
  bool forInference = false;
};

class ModuleFreezer {
 public:
  ModuleFreezer(const Module& module, FreezeOptions options) : module_(module), options_(std::move(options)) {}

  Module run() {
    collectMethods();
    for (auto& [name, graph] : graphs_) {
      inlineCalls(*graph);
      lowerSimpleTuples(graph);
      eliminateDeadCode(graph);
    }
    for (auto& [name, graph] : graphs_) findMutatedAttributes(graph);
    for (auto& [name, graph] : graphs_) {
      foldAttributes(graph->block(), graph->inputs()[0]);
      optimize(graph);
    }
    return buildFrozenModule();
  }

 private:
  // ---- step 1: the methods kept ----
  void collectMethods() {
    const ClassType& cls = *module_.type();
    std::vector<std::string> names;
    if (cls.findMethod("forward")) names.push_back("forward");
    for (const std::string& p : options_.preservedAttrs) {
      if (cls.findMethod(p)) {
        if (p != "forward") names.push_back(p);
      } else {
        EMBER_CHECK(cls.hasAttribute(p), "Attribute '", p, "' does not exist in module ", cls.qualifiedName(),
                    " (freeze's preserved_attrs names its methods and attributes)");
        mutated_.insert({module_._ivalue().get(), p});
      }
    }
    EMBER_CHECK(!names.empty(), "freeze: module ", cls.qualifiedName(),
                " has no forward method and no method was named to preserve");
    for (const std::string& n : names) {
      Function* fn = cls.findMethod(n);
      EMBER_CHECK(fn->isGraphFunction(), "freeze: method '", n, "' is not a TorchScript graph");
      graphs_.emplace_back(n, fn->graph()->copy());
    }
  }

  // ---- step 2: what may change ----
  // The attribute `getAttr` reads, when its object is reached from `self` by attribute accesses.
  std::optional<AttributeRef> resolve(const Node* access, const Value* self) const {
    const Value* obj = access->input(0);
    const ObjectImpl* holder = nullptr;
    std::string path;
    if (obj == self) {
      holder = module_._ivalue().get();
    } else if (obj->node()->kind() == prim::GetAttr) {
      std::optional<AttributeRef> parent = resolve(obj->node(), self);
      if (!parent) return std::nullopt;
      IValue v = parent->holder->getAttr(parent->name);
      if (!v.isObject()) return std::nullopt;
      holder = v.toObject().get();
      path = parent->path + ".";
    } else {
      return std::nullopt;
    }
    const std::string& name = access->s(attr::name);
    if (!holder->type->hasAttribute(name)) return std::nullopt;
    return AttributeRef{holder, name, path + name};
  }

  void findMutatedAttributes(const std::shared_ptr<Graph>& graph) {
    Value* self = graph->inputs()[0];
    // Frozen: attributes are values of their own rather than wildcards, so a write through one
    // shows up as a writer of the prim::GetAttr's result.
    AliasDb aliases(graph, /*isFrozen=*/true);
    forEachNode(graph->block(), [&](Node* n) {
      if (n->kind() == prim::SetAttr) {
        if (std::optional<AttributeRef> ref = resolve(n, self)) {
          mutated_.insert({ref->holder, ref->name});
        } else {
          mutatedNames_.insert(n->s(attr::name));  // an object we cannot follow: any attribute of that name
        }
      } else if (n->kind() == prim::GetAttr && !n->output()->type()->cast<ClassType>() && aliases.hasWriters(n->output())) {
        if (std::optional<AttributeRef> ref = resolve(n, self)) mutated_.insert({ref->holder, ref->name});
      }
    });
  }

  template <typename Fn>
  static void forEachNode(Block* block, Fn&& fn) {
    for (Node* n : block->nodes()) {
      for (Block* b : n->blocks()) forEachNode(b, fn);
      fn(n);
    }
  }

  // ---- step 3: attributes to constants ----
  bool isMutated(const AttributeRef& ref) const {
    return mutated_.count({ref.holder, ref.name}) || mutatedNames_.count(ref.name);
  }

  // Whether the value at `access` and every object on the way to it are unchanging.
  bool isFoldable(const Node* access, const Value* self) const {
    for (const Node* n = access; n->kind() == prim::GetAttr; n = n->input(0)->node()) {
      std::optional<AttributeRef> ref = resolve(n, self);
      if (!ref || isMutated(*ref)) return false;
      if (n->input(0) == self) return true;
    }
    return false;
  }

  void foldAttributes(Block* block, Value* self) {
    std::vector<Node*> accesses;
    forEachNode(block, [&](Node* n) {
      if (n->kind() == prim::GetAttr) accesses.push_back(n);
    });
    for (Node* n : accesses) {
      if (n->output()->type()->cast<ClassType>() || !isFoldable(n, self)) continue;
      std::optional<AttributeRef> ref = resolve(n, self);
      IValue value = ref->holder->getAttr(ref->name);
      // Constants never require grad: parameters fold as detached views of the same storage.
      if (value.isTensor() && value.toTensor().defined()) value = IValue(value.toTensor().detach());
      Graph* g = n->owningGraph();
      WithInsertPoint guard(n);
      Value* c = nullptr;
      try {
        c = g->insertConstant(value, n->sourceRange());
      } catch (const Error&) {
        continue;  // a value a graph cannot hold as a constant (an object inside a list, ...)
      }
      if (value.isTensor()) c->inferTypeFrom(value.toTensor());
      std::string name = "self." + ref->path;
      if (Value::isValidName(name)) c->setDebugName(name);
      n->output()->replaceAllUsesWith(c);
    }
  }

  // ---- step 4: clean-up and the new module ----
  void optimize(const std::shared_ptr<Graph>& graph) {
    // PyTorch's order after freezing: peephole rules, then constant propagation (which folds
    // `if 4 != 4: raise ...` once dim(conv(x)) is known), with dead code removed in between.
    eliminateDeadCode(graph);
    peepholeOptimize(graph);
    peepholeOptimizeAliasSensitive(graph);
    constantPropagation(graph);
    eliminateCommonSubexpression(graph);
    eliminateDeadCode(graph);
    optimizeFrozenGraph(graph, options_.optimizeNumerics);
    if (options_.forInference) frozenLinearTranspose(graph);
    if (options_.forInference) fuseConvEpilogues(graph);
    if (options_.forInference) fuseLinearEpilogues(graph);
    eliminateDeadCode(graph);
    constantPooling(graph);
  }

  // The attributes of `self` the frozen graphs still read or assign, in the class's order.
  std::vector<size_t> remainingSlots() const {
    const ClassType& cls = *module_.type();
    std::unordered_set<std::string> used(options_.preservedAttrs.begin(), options_.preservedAttrs.end());
    for (const auto& [name, graph] : graphs_) {
      for (const Use& u : graph->inputs()[0]->uses())
        if (u.user->kind() == prim::GetAttr || u.user->kind() == prim::SetAttr) used.insert(u.user->s(attr::name));
    }
    std::vector<size_t> slots;
    for (size_t i = 0; i < cls.numAttributes(); ++i)
      if (used.count(cls.getAttributeName(i))) slots.push_back(i);
    return slots;
  }

  Module buildFrozenModule() {
    const ClassType& cls = *module_.type();
    Module frozen(cls.qualifiedName(), module_.compilationUnit(), /*shouldMangle=*/true);
    for (size_t slot : remainingSlots()) {
      IValue v = module_._ivalue()->getSlot(slot);
      if (v.isObject()) v = IValue(cloneObject(v.toObject()));
      frozen.register_attribute(cls.getAttributeName(slot), cls.getAttribute(slot), v, cls.isParameter(slot),
                                cls.isBuffer(slot));
    }
    for (auto& [name, graph] : graphs_) {
      graph->inputs()[0]->setType(frozen.type());
      const FunctionSchema& schema = cls.findMethod(name)->getSchema();
      Method m = frozen.define_method(name, graph);
      std::vector<Argument> args = schema.arguments();
      if (!args.empty()) args[0] = args[0].cloneWithType(frozen.type());
      static_cast<GraphFunction&>(m.function()).setSchema(schema.cloneWithArguments(std::move(args)));
    }
    return frozen;
  }

  // Submodules a frozen method still uses are copied, so that its assignments do not reach the
  // original module; tensors stay shared, as with PyTorch's module clone.
  static IntrusivePtr<ObjectImpl> cloneObject(const IntrusivePtr<ObjectImpl>& obj) {
    auto copy = makeIntrusive<ObjectImpl>(obj->type, obj->slots.size());
    for (size_t i = 0; i < obj->slots.size(); ++i) {
      const IValue& v = obj->slots[i];
      copy->slots[i] = v.isObject() ? IValue(cloneObject(v.toObject())) : v;
    }
    return copy;
  }

  const Module& module_;
  FreezeOptions options_;
  std::vector<std::pair<std::string, std::shared_ptr<Graph>>> graphs_;
  std::set<AttributeKey> mutated_;
  std::unordered_set<std::string> mutatedNames_;
};

}  // namespace

Module freeze(const Module& module, const std::vector<std::string>& preservedAttrs, bool optimizeNumerics) {
  EMBER_CHECK(module.defined(), "freeze: the module is undefined");
  EMBER_CHECK(!module.is_training(),
              "Freezing is currently only implemented for modules in eval mode. Please call .eval() on your "
              "module before freezing.");
  return ModuleFreezer(module, FreezeOptions{preservedAttrs, optimizeNumerics, false}).run();
}

Module optimize_for_inference(Module module, const std::vector<std::string>& otherMethods) {
  EMBER_CHECK(module.defined(), "optimize_for_inference: the module is undefined");
  // A module that still has `training` is not frozen yet; PyTorch puts it in eval mode.
  if (module.hasattr("training")) module.eval();
  return ModuleFreezer(module, FreezeOptions{otherMethods, true, true}).run();
}

}  // namespace ember::jit
