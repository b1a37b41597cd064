#include "passes/erase_number_types.h"

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "ember/tensor.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

// The dtype a number type becomes, or nullopt for other types.
std::optional<ScalarType> tensorDtypeFor(const TypePtr& t) {
  switch (t->kind()) {
    case TypeKind::IntType:
      return kLong;
    case TypeKind::FloatType:
      return kDouble;
    case TypeKind::BoolType:
      return kBool;
    default:
      return std::nullopt;
  }
}

bool retype(Value* v) {
  auto dtype = tensorDtypeFor(v->type());
  if (!dtype) return false;
  v->setType(TensorType::createContiguous(*dtype, Device(DeviceType::CPU), {}));
  return true;
}

Tensor scalarTensor(const IValue& v) {
  if (v.isBool()) {
    Tensor t = empty({}, kBool);
    *t.data_ptr<bool>() = v.toBool();
    return t;
  }
  Tensor t = empty({}, v.isDouble() ? kDouble : kLong);
  if (v.isDouble())
    *t.data_ptr<double>() = v.toDouble();
  else
    *t.data_ptr<int64_t>() = v.toInt();
  return t;
}

bool isConversion(Symbol k) {
  return k == aten::Bool || k == aten::Float || k == aten::Int || k == aten::FloatImplicit || k == aten::IntImplicit ||
         k == aten::ScalarImplicit || k == prim::NumToTensor;
}

bool eraseIn(Block* block) {
  bool changed = false;
  for (Value* in : block->inputs()) changed |= retype(in);  // the graph's, loop counters, carried values
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= eraseIn(sub);
    if (n->kind() == prim::Constant) {
      auto value = toIValue(n->output());
      if (!tensorDtypeFor(n->output()->type()) || !value || !(value->isInt() || value->isDouble() || value->isBool()))
        continue;
      if (!JIT_OPT_ALLOWED) continue;
      WithInsertPoint guard(n);
      Value* tensor = n->owningGraph()->insertConstant(IValue(scalarTensor(*value)));
      tensor->copyMetadata(n->output());
      retype(tensor);
      n->output()->replaceAllUsesWith(tensor);
      n->destroy();
      changed = true;
    } else if (isConversion(n->kind()) && n->inputs().size() == 1 && n->outputs().size() == 1) {
      if (!JIT_OPT_ALLOWED) continue;
      GRAPH_UPDATE("Dropping ", n->kind().toQualString(), " %", n->output()->debugName());
      n->output()->replaceAllUsesWith(n->input(0));
      n->destroy();
      changed = true;
    } else {
      for (Value* out : n->outputs()) changed |= retype(out);
    }
  }
  return changed;
}

}  // namespace

bool eraseNumberTypes(const std::shared_ptr<Graph>& graph) {
  bool changed = eraseIn(graph->block());
  GRAPH_DUMP("After EraseNumberTypes: ", graph);
  return changed;
}

}  // namespace ember::jit
