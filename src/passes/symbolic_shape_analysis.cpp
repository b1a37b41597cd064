// Symbolic shape propagation (see symbolic_shape_analysis.h): one visit per node, a table of
// per-op rules over sizes that are ints (static) or negative symbols.
#include "passes/symbolic_shape_analysis.h"

#include <functional>
#include <optional>
#include <unordered_set>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/shape_rules.h"

namespace ember::jit {

namespace {

using Shape = SymbolicShape;
using Shapes = std::unordered_map<const Value*, Shape>;

bool isNone(const Value* v) { return !v || v->type()->kind() == TypeKind::NoneType; }

std::optional<size_t> wrap(int64_t dim, size_t rank) {
  int64_t r = std::max<int64_t>(int64_t(rank), 1);
  int64_t d = dim < 0 ? dim + r : dim;
  if (d < 0 || d >= r) return std::nullopt;
  return size_t(d);
}

class SymbolicPropagator {
 public:
  Shapes run(Block* top) {
    for (Value* in : top->inputs()) fresh(in);
    block(top);
    return std::move(shapes_);
  }

 private:
  int64_t newSymbol() { return --lastSymbol_; }

  // A graph input: its static sizes, a fresh symbol for each unknown one.
  void fresh(const Value* v) {
    auto t = tensorTypeOf(v);
    if (!t || !t->dim()) return;
    Shape s;
    for (const auto& d : *t->sizes()) s.push_back(d ? *d : newSymbol());
    shapes_[v] = s;
  }

  const Shape* shapeOf(const Value* v) const {
    auto it = shapes_.find(v);
    return it == shapes_.end() ? nullptr : &it->second;
  }

  void block(Block* b) {
    for (Node* n : b->nodes()) node(n);
  }

  void node(Node* n) {
    if (n->kind() == prim::If) return visitIf(n);
    for (Block* b : n->blocks()) {
      for (Value* in : b->inputs()) fresh(in);
      block(b);
    }
    if (!n->blocks().empty() || n->outputs().empty() || !tensorTypeOf(n->outputs()[0])) return;
    if (!n->kind().is_aten()) return;
    std::optional<Shape> out;
    try {
      out = rule(n);
    } catch (const std::exception&) {
      out = std::nullopt;  // an argument of an unexpected form: no rule
    }
    if (out) shapes_[n->outputs()[0]] = *out;
  }

  void visitIf(Node* n) {
    for (Block* b : n->blocks()) block(b);
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      const Shape* a = shapeOf(n->blocks()[0]->outputs()[i]);
      const Shape* b = shapeOf(n->blocks()[1]->outputs()[i]);
      if (!a || !b || a->size() != b->size()) continue;
      Shape merged;
      for (size_t d = 0; d < a->size(); ++d) merged.push_back((*a)[d] == (*b)[d] ? (*a)[d] : newSymbol());
      shapes_[n->outputs()[i]] = merged;
    }
  }

  // Two sizes broadcast: equal stay, a static 1 gives the other, a static size other than 1 wins
  // over a symbol, two different symbols give a fresh one.
  int64_t broadcastDim(int64_t a, int64_t b) {
    if (a == b || b == 1) return a;
    if (a == 1) return b;
    if (a >= 0) return a;
    if (b >= 0) return b;
    return newSymbol();
  }

  std::optional<Shape> broadcast(const std::vector<const Shape*>& shapes) {
    size_t rank = 0;
    for (const Shape* s : shapes) rank = std::max(rank, s->size());
    Shape out(rank, 1);
    for (const Shape* s : shapes)
      for (size_t i = 0; i < s->size(); ++i) {
        size_t d = rank - s->size() + i;
        out[d] = broadcastDim(out[d], (*s)[i]);
      }
    return out;
  }

  std::optional<Shape> pointwise(const Node* n) {
    std::vector<const Shape*> shapes;
    const FunctionSchema* schema = n->maybeSchema();
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      if (schema && i < schema->arguments().size() && schema->arguments()[i].name() == "out") continue;
      const Value* in = n->inputs()[i];
      if (!tensorTypeOf(in)) continue;
      const Shape* s = shapeOf(in);
      if (!s) return std::nullopt;
      shapes.push_back(s);
    }
    if (shapes.empty()) return std::nullopt;
    return broadcast(shapes);
  }

  std::optional<Shape> reduction(const Node* n) {
    const Shape* self = shapeOf(n->inputs()[0]);
    if (!self) return std::nullopt;
    const Value* dimArg = inputNamed(n, "dim");
    if (isNone(dimArg)) return Shape{};
    auto dims = knownInts(dimArg);
    if (!dims) return std::nullopt;
    const Value* keepArg = inputNamed(n, "keepdim");
    auto keep = keepArg ? knownValue(keepArg) : std::optional<IValue>(IValue(false));
    if (!keep || !keep->isBool()) return std::nullopt;
    std::vector<bool> reduced(self->size(), dims->empty());
    for (int64_t d : *dims) {
      auto w = wrap(d, self->size());
      if (!w) return std::nullopt;
      if (*w < reduced.size()) reduced[*w] = true;
    }
    Shape out;
    for (size_t i = 0; i < self->size(); ++i) {
      if (!reduced[i])
        out.push_back((*self)[i]);
      else if (keep->toBool())
        out.push_back(1);
    }
    return out;
  }

  std::optional<Shape> matmul(const Node* n, const std::string& name) {
    const Value* av = name == "addmm" ? inputNamed(n, "mat1") : n->inputs()[0];
    const Value* bv = name == "addmm" ? inputNamed(n, "mat2") : n->inputs()[1];
    const Shape* a = shapeOf(av);
    const Shape* b = shapeOf(bv);
    if (!a || !b) return std::nullopt;
    if (name == "mm" || name == "addmm") {
      if (a->size() != 2 || b->size() != 2) return std::nullopt;
      return Shape{(*a)[0], (*b)[1]};
    }
    if (name == "bmm") {
      if (a->size() != 3 || b->size() != 3) return std::nullopt;
      return Shape{(*a)[0], (*a)[1], (*b)[2]};
    }
    if (name == "linear") {
      if (a->empty() || b->empty() || b->size() > 2) return std::nullopt;
      Shape out(a->begin(), a->end() - 1);
      if (b->size() == 2) out.push_back((*b)[0]);
      return out;
    }
    // matmul
    if (a->empty() || b->empty()) return std::nullopt;
    if (a->size() == 1 && b->size() == 1) return Shape{};
    if (a->size() == 2 && b->size() == 1) return Shape{(*a)[0]};
    if (a->size() == 1 && b->size() == 2) return Shape{(*b)[1]};
    if (a->size() == 2 && b->size() == 2) return Shape{(*a)[0], (*b)[1]};
    // batched: broadcast the batch dims
    Shape ab(a->begin(), a->end() - (a->size() >= 2 ? 2 : 1));
    Shape bb(b->begin(), b->end() - (b->size() >= 2 ? 2 : 1));
    Shape out = *broadcast({&ab, &bb});
    if (a->size() >= 2) out.push_back((*a)[a->size() - 2]);
    if (b->size() >= 2) out.push_back(b->back());
    return out;
  }

  std::optional<Shape> convolution(const Node* n) {
    const Shape* x = shapeOf(n->inputs()[0]);
    const Shape* w = shapeOf(inputNamed(n, "weight"));
    if (!x || !w || x->size() < 3 || w->size() != x->size()) return std::nullopt;
    Shape out{(*x)[0], (*w)[0]};
    size_t spatial = x->size() - 2;
    auto param = [&](const char* name, int64_t fallback) -> std::optional<std::vector<int64_t>> {
      const Value* v = inputNamed(n, name);
      if (!v) return std::vector<int64_t>(spatial, fallback);
      auto ints = knownInts(v);
      if (!ints || ints->empty()) return std::nullopt;
      if (ints->size() == 1) ints->resize(spatial, (*ints)[0]);
      return ints;
    };
    auto stride = param("stride", 1), padding = param("padding", 0), dilation = param("dilation", 1);
    for (size_t i = 0; i < spatial; ++i) {
      int64_t in = (*x)[i + 2], k = (*w)[i + 2];
      if (in < 0 || k < 0 || !stride || !padding || !dilation || stride->size() != spatial ||
          padding->size() != spatial || dilation->size() != spatial) {
        out.push_back(newSymbol());
        continue;
      }
      out.push_back(((in + 2 * (*padding)[i] - (*dilation)[i] * (k - 1) - 1) / (*stride)[i]) + 1);
    }
    return out;
  }

  std::optional<Shape> viewLike(const Node* n) {
    const Shape* self = shapeOf(n->inputs()[0]);
    const Value* sizeArg = n->inputs()[1];
    std::vector<std::optional<int64_t>> sizes;
    if (auto ints = knownInts(sizeArg)) {
      sizes.assign(ints->begin(), ints->end());
    } else if (sizeArg->node()->kind() == prim::ListConstruct) {
      for (const Value* e : sizeArg->node()->inputs()) sizes.push_back(knownInt(e));
    } else {
      return std::nullopt;
    }
    Shape out;
    std::optional<size_t> inferred;
    int64_t known = 1;
    bool allStatic = true;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] && *sizes[i] == -1) {
        inferred = i;
        out.push_back(0);
        continue;
      }
      if (sizes[i]) {
        known *= *sizes[i];
        out.push_back(*sizes[i]);
      } else {
        allStatic = false;
        out.push_back(newSymbol());
      }
    }
    if (inferred) {
      int64_t total = 1;
      bool selfStatic = self != nullptr;
      if (self)
        for (int64_t d : *self) {
          if (d < 0) selfStatic = false;
          total *= d;
        }
      out[*inferred] = selfStatic && allStatic && known > 0 ? total / known : newSymbol();
    }
    return out;
  }

  std::optional<Shape> shapeOp(const Node* n, const std::string& name) {
    const Shape* selfPtr = shapeOf(n->inputs()[0]);
    if (!selfPtr) return std::nullopt;
    Shape self = *selfPtr;
    if (name == "t") {
      if (self.size() == 2) std::swap(self[0], self[1]);
      return self;
    }
    if (name == "transpose") {
      auto a = knownInt(n->inputs()[1]), b = knownInt(n->inputs()[2]);
      if (!a || !b) return std::nullopt;
      auto wa = wrap(*a, self.size()), wb = wrap(*b, self.size());
      if (!wa || !wb) return std::nullopt;
      if (!self.empty()) std::swap(self[*wa], self[*wb]);
      return self;
    }
    if (name == "permute") {
      auto dims = knownInts(n->inputs()[1]);
      if (!dims || dims->size() != self.size()) return std::nullopt;
      Shape out;
      for (int64_t d : *dims) {
        auto w = wrap(d, self.size());
        if (!w) return std::nullopt;
        out.push_back(self[*w]);
      }
      return out;
    }
    if (name == "unsqueeze") {
      auto d = knownInt(n->inputs()[1]);
      if (!d) return std::nullopt;
      auto w = wrap(*d, self.size() + 1);
      if (!w) return std::nullopt;
      self.insert(self.begin() + int64_t(*w), 1);
      return self;
    }
    if (name == "squeeze") {
      if (n->inputs().size() == 1) {
        Shape out;
        for (int64_t d : self) {
          if (d < 0) return std::nullopt;  // a symbol might be 1
          if (d != 1) out.push_back(d);
        }
        return out;
      }
      auto d = knownInt(n->inputs()[1]);
      if (!d) return std::nullopt;
      auto w = wrap(*d, self.size());
      if (!w) return std::nullopt;
      if (self.empty()) return self;
      if (self[*w] < 0) return std::nullopt;
      if (self[*w] == 1) self.erase(self.begin() + int64_t(*w));
      return self;
    }
    if (name == "select") {
      auto d = knownInt(n->inputs()[1]);
      if (!d) return std::nullopt;
      auto w = wrap(*d, self.size());
      if (!w || self.empty()) return std::nullopt;
      self.erase(self.begin() + int64_t(*w));
      return self;
    }
    if (name == "slice" || name == "narrow") {
      auto d = knownInt(n->inputs()[1]);
      if (!d) return std::nullopt;
      auto w = wrap(*d, self.size());
      if (!w || self.empty()) return std::nullopt;
      self[*w] = newSymbol();
      if (name == "narrow") {
        if (auto len = knownInt(n->inputs()[3])) self[*w] = *len;
      }
      return self;
    }
    if (name == "flatten") {
      auto s = knownInt(n->inputs()[1]), e = knownInt(n->inputs()[2]);
      if (!s || !e) return std::nullopt;
      if (self.empty()) return Shape{1};
      auto ws = wrap(*s, self.size()), we = wrap(*e, self.size());
      if (!ws || !we || *ws > *we) return std::nullopt;
      int64_t product = 1;
      for (size_t i = *ws; i <= *we; ++i) product = (product >= 0 && self[i] >= 0) ? product * self[i] : -1;
      Shape out(self.begin(), self.begin() + int64_t(*ws));
      out.push_back(*ws == *we ? self[*ws] : (product >= 0 ? product : newSymbol()));
      out.insert(out.end(), self.begin() + int64_t(*we) + 1, self.end());
      return out;
    }
    if (name == "expand") {
      auto sizes = knownInts(n->inputs()[1]);
      if (!sizes || sizes->size() < self.size()) return std::nullopt;
      Shape out;
      size_t lead = sizes->size() - self.size();
      for (size_t i = 0; i < sizes->size(); ++i) {
        int64_t s = (*sizes)[i];
        out.push_back(s == -1 && i >= lead ? self[i - lead] : (s >= 0 ? s : newSymbol()));
      }
      return out;
    }
    return std::nullopt;
  }

  std::optional<Shape> cat(const Node* n) {
    const Value* list = n->inputs()[0];
    if (list->node()->kind() != prim::ListConstruct || list->node()->inputs().empty()) return std::nullopt;
    auto dim = knownInt(inputNamed(n, "dim"));
    if (!dim) return std::nullopt;
    std::vector<const Shape*> shapes;
    for (const Value* e : list->node()->inputs()) {
      const Shape* s = shapeOf(e);
      if (!s || s->empty()) return std::nullopt;
      shapes.push_back(s);
    }
    Shape out = *shapes[0];
    auto w = wrap(*dim, out.size());
    if (!w) return std::nullopt;
    int64_t total = 0;
    for (const Shape* s : shapes) {
      if (s->size() != out.size()) return std::nullopt;
      total = (total >= 0 && (*s)[*w] >= 0) ? total + (*s)[*w] : -1;
    }
    out[*w] = total >= 0 ? total : newSymbol();
    return out;
  }

  std::optional<Shape> rule(const Node* n) {
    static const std::unordered_set<std::string> kUnary = {
        "relu",        "neg",        "abs",       "clone",     "dropout",   "hardtanh",   "leaky_relu", "clamp",
        "floor",       "ceil",       "round",     "sign",      "sigmoid",   "tanh",       "exp",        "log",
        "sqrt",        "rsqrt",      "sin",       "cos",       "gelu",      "silu",       "elu",        "softmax",
        "log_softmax", "contiguous", "detach",    "hardswish", "relu6",     "batch_norm", "layer_norm", "to",
        "type_as",     "zeros_like", "ones_like", "erf",       "reciprocal"};
    static const std::unordered_set<std::string> kPointwise = {
        "add",  "sub",   "mul",  "div",  "pow",     "where",  "maximum",     "minimum",
        "eq",   "ne",    "lt",   "le",   "gt",      "ge",     "masked_fill", "remainder",
        "fmod", "atan2", "lerp", "rsub", "__and__", "__or__", "logical_and", "logical_or"};
    static const std::unordered_set<std::string> kReductions = {"sum", "mean", "amax", "amin",   "prod",   "std",
                                                                "var", "any",  "all",  "argmax", "argmin", "logsumexp"};
    std::string name(n->kind().toUnqualString());
    if (name.size() > 1 && name.back() == '_' && name[name.size() - 2] != '_') name.pop_back();
    if (kUnary.count(name)) {
      const Shape* s = shapeOf(n->inputs()[0]);
      return s ? std::optional<Shape>(*s) : std::nullopt;
    }
    if (kPointwise.count(name)) return pointwise(n);
    if (kReductions.count(name) && n->outputs().size() == 1) return reduction(n);
    if (name == "mm" || name == "bmm" || name == "matmul" || name == "linear" || name == "addmm")
      return matmul(n, name);
    if (name == "conv1d" || name == "conv2d" || name == "conv3d") return convolution(n);
    if (name == "view" || name == "reshape") return viewLike(n);
    if (name == "cat") return cat(n);
    return shapeOp(n, name);
  }

  Shapes shapes_;
  int64_t lastSymbol_ = 0;
};

void writeTypes(Block* b, const Shapes& shapes, bool& changed) {
  auto write = [&](Value* v) {
    auto it = shapes.find(v);
    auto t = tensorTypeOf(v);
    if (it == shapes.end() || !t) return;
    std::vector<std::optional<int64_t>> sizes;
    for (int64_t d : it->second) sizes.push_back(d >= 0 ? std::optional<int64_t>(d) : std::nullopt);
    TypePtr written = t->withSizesStrides(sizes, std::vector<std::optional<int64_t>>(sizes.size()));
    if (written->equals(*v->type())) return;
    v->setType(written);
    changed = true;
  };
  for (Node* n : b->nodes()) {
    for (Value* out : n->outputs()) write(out);
    for (Block* sub : n->blocks()) writeTypes(sub, shapes, changed);
  }
}

}  // namespace

std::unordered_map<const Value*, SymbolicShape> symbolicShapes(const std::shared_ptr<Graph>& graph) {
  return SymbolicPropagator().run(graph->block());
}

bool propagateSymbolicShapes(const std::shared_ptr<Graph>& graph) {
  Shapes shapes = symbolicShapes(graph);
  bool changed = false;
  writeTypes(graph->block(), shapes, changed);
  GRAPH_DUMP("After symbolic shape propagation: ", graph);
  return changed;
}

std::string symbolicShapeString(const SymbolicShape& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) out += ", ";
    out += shape[i] >= 0 ? std::to_string(shape[i]) : "SS(" + std::to_string(shape[i]) + ")";
  }
  return out + ")";
}

}  // namespace ember::jit
