// Materialising SymInt expressions as FX nodes.
#include "sym_nodes.h"

#include "ember/error.h"

namespace ember::exporter {

FxArg materializeSym(FxGraph& g, const SymExpr& e, const SymbolSource& source, std::map<std::string, FxArg>& cache,
                     const std::string& stackTrace) {
  if (e.isConst()) {
    if (e.kind() == SymKind::Float) return FxArg::floating(e.floatValue());
    if (e.kind() == SymKind::Bool) return FxArg::boolean(e.constValue() != 0);
    return FxArg::integer(e.constValue());
  }
  auto cached = cache.find(e.str());
  if (cached != cache.end()) return cached->second;
  FxNode* node = nullptr;
  if (e.isSymbol()) {
    auto [tensor, dim] = source(e.symbolName());
    EMBER_ASSERT(tensor, "no source for symbol ", e.symbolName());
    node = g.callFunction("aten.sym_size.int", {FxArg::ref(tensor), FxArg::integer(dim)});
  } else if (e.op() == SymOp::Not) {
    node = g.callFunction("operator.not_", {materializeSym(g, e.args()[0], source, cache, stackTrace)});
  } else {
    static const std::map<SymOp, const char*> targets = {
        {SymOp::Add, "operator.add"}, {SymOp::Mul, "operator.mul"}, {SymOp::FloorDiv, "operator.floordiv"},
        {SymOp::Mod, "operator.mod"}, {SymOp::TrueDiv, "operator.truediv"}, {SymOp::Eq, "operator.eq"},
        {SymOp::Ne, "operator.ne"},   {SymOp::Lt, "operator.lt"},   {SymOp::Le, "operator.le"},
        {SymOp::Gt, "operator.gt"},   {SymOp::Ge, "operator.ge"},   {SymOp::And, "operator.and_"},
        {SymOp::Or, "operator.or_"},  {SymOp::Max, "builtins.max"}, {SymOp::Min, "builtins.min"}};
    auto t = targets.find(e.op());
    EMBER_ASSERT(t != targets.end(), "no FX target for symbolic expression ", e.str());
    FxArg acc = materializeSym(g, e.args()[0], source, cache, stackTrace);
    for (size_t i = 1; i < e.args().size(); ++i) {
      node = g.callFunction(t->second, {acc, materializeSym(g, e.args()[i], source, cache, stackTrace)});
      acc = FxArg::ref(node);
    }
  }
  node->val = MetaVal::ofSym(e);
  node->stackTrace = stackTrace;
  FxArg arg = FxArg::ref(node);
  cache[e.str()] = arg;
  return arg;
}

}  // namespace ember::exporter
