// A fusion group ending in a concatenation (see fused_cat.h).
#include "runtime/fuser/fused_cat.h"

#include <unordered_map>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/fuser/tile_executor.h"

namespace ember::jit {
namespace {

// A graph over `subgraph`'s inputs (all of them, in order, so a group's stack serves it) holding
// the nodes `value` depends on, with `value` its only output.
std::shared_ptr<Graph> chainOf(const Graph& subgraph, const Value* value) {
  std::unordered_set<const Value*> needed{value};
  std::vector<const Node*> kept;
  std::vector<const Node*> nodes(subgraph.nodes().begin(), subgraph.nodes().end());
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    bool wanted = false;
    for (const Value* o : (*it)->outputs()) wanted = wanted || needed.count(o);
    if (!wanted) continue;
    kept.push_back(*it);
    for (const Value* in : (*it)->inputs()) needed.insert(in);
  }
  auto g = std::make_shared<Graph>();
  std::unordered_map<const Value*, Value*> map;
  for (const Value* in : subgraph.inputs())
    map[in] = g->addInput(in->hasDebugName() ? in->debugNameBase() : "")->setType(in->type());
  for (auto it = kept.rbegin(); it != kept.rend(); ++it) {
    Node* c = g->createClone(*it, [&](Value* v) { return map.at(v); });
    g->appendNode(c);
    for (size_t i = 0; i < (*it)->outputs().size(); ++i) map[(*it)->output(i)] = c->output(i);
  }
  g->registerOutput(map.at(value));
  return g;
}

}  // namespace

std::unique_ptr<FusedCat> FusedCat::of(const Graph& subgraph) {
  if (subgraph.outputs().size() != 1) return nullptr;
  const Node* cat = subgraph.outputs()[0]->node();
  if (cat->kind() != aten::cat || cat->inputs().size() != 2) return nullptr;
  const Node* list = cat->input(0)->node();
  std::optional<IValue> dim = toIValue(cat->input(1));
  if (list->kind() != prim::ListConstruct || list->inputs().empty() || !dim || !dim->isInt()) return nullptr;
  auto fused = std::unique_ptr<FusedCat>(new FusedCat());
  fused->dim_ = dim->toInt();
  for (const Value* v : list->inputs()) {
    Piece p;
    for (size_t i = 0; i < subgraph.inputs().size(); ++i)
      if (subgraph.inputs()[i] == v) p.input = static_cast<int>(i);
    if (p.input < 0) p.chain = chainOf(subgraph, v);
    fused->pieces_.push_back(std::move(p));
  }
  return fused;
}

std::optional<CatProgram> FusedCat::compile(const IValue* inputs) const {
  CatProgram out;
  for (const Piece& p : pieces_) {
    if (p.input >= 0) {
      out.pieces.emplace_back();
      continue;
    }
    std::optional<TileProgram> prog = compileTileProgram(*p.chain, inputs);
    if (!prog || prog->reduction || prog->outputValues.size() != 1) return std::nullopt;
    out.pieces.push_back(std::move(prog));
  }
  return out;
}

bool FusedCat::run(const CatProgram& program, const IValue* inputs, size_t numInputs, Tensor& out) const {
  // Each piece's shape and dtype, then the checks cat makes (any failure: the unfused cat raises).
  std::vector<std::vector<int64_t>> shapes;
  std::optional<ScalarType> dtype;
  for (size_t k = 0; k < pieces_.size(); ++k) {
    ScalarType t;
    if (pieces_[k].input >= 0) {
      const IValue& v = inputs[pieces_[k].input];
      if (!v.isTensor() || !v.toTensor().defined()) return false;
      shapes.push_back(v.toTensor().sizes().vec());
      t = v.toTensor().scalar_type();
    } else {
      const TileProgram& prog = *program.pieces[k];
      auto shape = tileProgramShape(prog, inputs, numInputs);
      if (!shape) return false;
      shapes.push_back(std::move(*shape));
      t = prog.values[prog.outputValues[0]].dtype;
    }
    if (dtype && *dtype != t) return false;
    dtype = t;
  }
  const auto rank = static_cast<int64_t>(shapes[0].size());
  const int64_t dim = dim_ < 0 ? dim_ + rank : dim_;
  if (rank == 0 || dim < 0 || dim >= rank) return false;
  std::vector<int64_t> outShape = shapes[0];
  outShape[dim] = 0;
  for (const auto& s : shapes) {
    if (static_cast<int64_t>(s.size()) != rank) return false;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && s[d] != outShape[d]) return false;
    outShape[dim] += s[dim];
  }
  Tensor whole = empty(outShape, TensorOptions(*dtype));
  int64_t offset = 0;
  for (size_t k = 0; k < pieces_.size(); ++k) {
    const int64_t size = shapes[k][dim];
    if (pieces_[k].input >= 0) {
      if (size > 0) copy_(narrow(whole, dim, offset, size), inputs[pieces_[k].input].toTensor());
    } else if (!runTileProgramInto(*program.pieces[k], inputs, numInputs, whole, dim, offset)) {
      return false;
    }
    offset += size;
  }
  out = std::move(whole);
  return true;
}

}  // namespace ember::jit
