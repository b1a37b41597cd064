#include "passes/write_analysis.h"

#include <set>
#include <unordered_set>
#include <vector>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

bool userIsPureBuiltin(const Node* n) {
  // Nodes without an operator that only read their inputs.
  static const std::set<Symbol> kReaders = {prim::Uninitialized, prim::RaiseException, prim::Print};
  return kReaders.count(n->kind()) > 0;
}

bool isWildcard(const AliasInfo& info) {
  for (Symbol s : info.afterSets())
    if (s == Symbol::fromQualString("alias::*")) return true;
  return false;
}

bool sharesSet(const AliasInfo& a, const AliasInfo& b) {
  for (Symbol s : a.beforeSets())
    for (Symbol t : b.afterSets())
      if (s == t) return true;
  return false;
}

// Visits the aliases one use creates; returns true when the use writes (or may write).
template <typename AliasFn>
bool followUse(const Use& use, AliasFn&& alias) {
  Node* user = use.user;
  Symbol k = user->kind();
  if (k == prim::Return) {
    Node* owner = user->owningBlock()->owningNode();
    if (!owner) return false;  // a graph output: the caller's business, as in PyTorch
    if (owner->kind() == prim::Loop) {
      alias(owner->output(use.offset - 1));
      alias(owner->blocks()[0]->inputs()[use.offset]);
    } else if (owner->kind() == prim::If) {
      alias(owner->output(use.offset));
    } else {
      return true;
    }
    return false;
  }
  if (k == prim::Loop) {  // a carried value enters the body and may leave the loop
    if (use.offset < 2) return false;
    alias(user->blocks()[0]->inputs()[use.offset - 1]);
    alias(user->output(use.offset - 2));
    return false;
  }
  static const std::set<Symbol> kContainerKinds = {prim::ListConstruct, prim::TupleConstruct, prim::DictConstruct,
                                                   prim::ListUnpack, prim::TupleUnpack, prim::TupleIndex,
                                                   prim::unchecked_cast};
  if (kContainerKinds.count(k)) {
    for (Value* out : user->outputs()) alias(out);
    return false;
  }
  if (k == prim::If || k == prim::Constant || k == prim::GetAttr) return false;
  const Operator* op = user->maybeOperator();
  if (!op) return !userIsPureBuiltin(user);
  if (op->aliasAnalysisKind() == AliasAnalysisKind::PURE_FUNCTION) return false;
  if (op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE) return true;
  const auto& args = op->schema().arguments();
  if (use.offset >= args.size()) return true;  // varargs: be careful
  const Argument& arg = args[use.offset];
  if (arg.isWrite()) return true;
  // Outputs that share an alias set with the argument (views), or that may alias anything.
  const auto& returns = op->schema().returns();
  for (size_t i = 0; i < returns.size() && i < user->outputs().size(); ++i) {
    const AliasInfo* out = returns[i].aliasInfo();
    if (!out) continue;
    if (!arg.aliasInfo() || sharesSet(*arg.aliasInfo(), *out) || isWildcard(*out)) alias(user->output(i));
  }
  return false;
}

}  // namespace

bool mayBeWritten(Value* v) {
  std::vector<Value*> work{v};
  std::unordered_set<Value*> seen{v};
  auto alias = [&](Value* a) {
    if (seen.insert(a).second) work.push_back(a);
  };
  while (!work.empty()) {
    Value* cur = work.back();
    work.pop_back();
    for (const Use& use : cur->uses()) {
      if (followUse(use, alias)) return true;
    }
  }
  return false;
}

}  // namespace ember::jit
