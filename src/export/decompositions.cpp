// The core-ATen decomposition table and the rewriter that applies it (a new graph is built node
// by node; replaced nodes map to the value their rule returns).
#include "ember/export/decompositions.h"

#include "ember/error.h"
#include "sym_nodes.h"

namespace ember::exporter {

namespace {

const FakeTensor* fakeOf(const std::optional<FxArg>& a) {
  if (!a || a->kind != FxArg::Kind::Node || a->node->val.kind != MetaVal::Kind::Tensor) return nullptr;
  return &a->node->val.tensor;
}

bool isLiteralFalse(const std::optional<FxArg>& a) { return a && a->kind == FxArg::Kind::Bool && a->i == 0; }

FxArg ints(const std::vector<int64_t>& v) {
  std::vector<FxArg> out;
  for (int64_t x : v) out.push_back(FxArg::integer(x));
  return FxArg::sequence(out);
}

MetaVal tensorVal(std::vector<SymInt> sizes, const FakeTensor& like) {
  FakeTensor f = like;
  f.strides = FakeTensor::contiguousStrides(sizes);
  f.sizes = std::move(sizes);
  return MetaVal::ofTensor(std::move(f));
}

FxArg sizesArg(DecompositionContext& ctx, const std::vector<SymInt>& sizes) {
  std::vector<FxArg> out;
  for (const SymInt& s : sizes) out.push_back(ctx.sym(s));
  return FxArg::sequence(out);
}

FxArg getitem(DecompositionContext& ctx, FxNode* multi, int64_t i, const MetaVal& val) {
  return FxArg::ref(ctx.emit("operator.getitem", {FxArg::ref(multi), FxArg::integer(i)}, {}, val));
}

bool contiguous(const FakeTensor& t) {
  std::vector<SymInt> c = FakeTensor::contiguousStrides(t.sizes);
  if (c.size() != t.strides.size()) return false;
  for (size_t i = 0; i < c.size(); ++i)
    if (!c[i].sameAs(t.strides[i])) return false;
  return true;
}

std::optional<FxArg> linear(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "input"), w = ctx.arg(n, 1, "weight"), b = ctx.arg(n, 2, "bias");
  const FakeTensor* xv = fakeOf(x);
  const FakeTensor* wv = fakeOf(w);
  if (!xv || !wv || wv->sizes.size() != 2) return std::nullopt;
  bool hasBias = b && b->kind == FxArg::Kind::Node;
  size_t rank = xv->sizes.size();
  if (rank != 2 && !(rank == 3 && hasBias)) return std::nullopt;
  FxNode* t = ctx.emit("aten.t.default", {*w}, {}, tensorVal({wv->sizes[1], wv->sizes[0]}, *wv));
  if (rank == 2) {
    if (hasBias) return FxArg::ref(ctx.emit("aten.addmm.default", {*b, *x, FxArg::ref(t)}, {}, n.val));
    return FxArg::ref(ctx.emit("aten.mm.default", {*x, FxArg::ref(t)}, {}, n.val));
  }
  SymInt rows = xv->sizes[0] * xv->sizes[1];
  FxArg input = *x;
  if (!contiguous(*xv)) {
    // matmul's folding reshapes a non-contiguous input through a contiguous copy, as PyTorch's does.
    FxArg format = FxArg::integer(0);
    format.kind = FxArg::Kind::MemoryFormat;  // torch.contiguous_format
    FakeTensor copy = *xv;
    copy.strides = FakeTensor::contiguousStrides(copy.sizes);
    input = FxArg::ref(ctx.emit("aten.clone.default", {*x}, {{"memory_format", format}}, MetaVal::ofTensor(copy)));
  }
  FxNode* flat = ctx.emit("aten.view.default", {input, sizesArg(ctx, {rows, xv->sizes[2]})}, {},
                          tensorVal({rows, xv->sizes[2]}, *xv));
  FxNode* mm = ctx.emit("aten.addmm.default", {*b, FxArg::ref(flat), FxArg::ref(t)}, {},
                        tensorVal({rows, wv->sizes[0]}, *xv));
  return FxArg::ref(ctx.emit("aten.view.default", {FxArg::ref(mm), sizesArg(ctx, n.val.tensor.sizes)}, {}, n.val));
}

std::optional<FxArg> conv(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "input"), w = ctx.arg(n, 1, "weight");
  const FakeTensor* wv = fakeOf(w);
  if (!wv || wv->sizes.size() < 3) return std::nullopt;
  size_t spatial = wv->sizes.size() - 2;
  auto pad = ctx.arg(n, 4, "padding");
  if (pad && pad->kind == FxArg::Kind::String) return std::nullopt;
  auto orDefault = [&](size_t i, const char* name, int64_t v) {
    auto a = ctx.arg(n, i, name);
    return a ? *a : ints(std::vector<int64_t>(spatial, v));
  };
  auto bias = ctx.arg(n, 2, "bias");
  auto groups = ctx.arg(n, 6, "groups");
  return FxArg::ref(ctx.emit("aten.convolution.default",
                             {*x, *w, bias ? *bias : FxArg::none(), orDefault(3, "stride", 1),
                              orDefault(4, "padding", 0), orDefault(5, "dilation", 1), FxArg::boolean(false),
                              ints(std::vector<int64_t>(spatial, 0)), groups ? *groups : FxArg::integer(1)},
                             {}, n.val));
}

std::optional<FxArg> layerNorm(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "input"), shape = ctx.arg(n, 1, "normalized_shape");
  const FakeTensor* xv = fakeOf(x);
  if (!xv || !shape || shape->kind != FxArg::Kind::List) return std::nullopt;
  auto w = ctx.arg(n, 2, "weight"), b = ctx.arg(n, 3, "bias"), eps = ctx.arg(n, 4, "eps");
  std::vector<SymInt> stat(xv->sizes.begin(), xv->sizes.end() - static_cast<std::ptrdiff_t>(shape->list.size()));
  for (size_t i = 0; i < shape->list.size(); ++i) stat.emplace_back(1);
  FakeTensor sf = *xv;
  sf.sizes = stat;
  sf.strides = FakeTensor::contiguousStrides(stat);
  MetaVal statVal = MetaVal::ofTensor(sf);
  FxNode* ln = ctx.emit("aten.native_layer_norm.default",
                        {*x, *shape, w ? *w : FxArg::none(), b ? *b : FxArg::none(), eps ? *eps : FxArg::floating(1e-5)},
                        {}, MetaVal::ofList({n.val, statVal, statVal}));
  return getitem(ctx, ln, 0, n.val);
}

std::optional<FxArg> softmaxLike(DecompositionContext& ctx, const FxNode& n, const char* target) {
  auto x = ctx.arg(n, 0, "self"), dim = ctx.arg(n, 1, "dim"), dtype = ctx.arg(n, 2, "dtype");
  if (!x || !dim || (dtype && dtype->kind != FxArg::Kind::None)) return std::nullopt;
  return FxArg::ref(ctx.emit(target, {*x, *dim, FxArg::boolean(false)}, {}, n.val));
}

std::optional<FxArg> maxPool2d(DecompositionContext& ctx, const FxNode& n) {
  std::vector<FxArg> args;
  static const char* names[] = {"self", "kernel_size", "stride", "padding", "dilation", "ceil_mode"};
  for (size_t i = 0; i < 6; ++i) {
    auto a = ctx.arg(n, i, names[i]);
    if (!a) break;
    args.push_back(*a);
  }
  if (args.size() < 2) return std::nullopt;
  MetaVal indices = n.val;
  indices.tensor.dtype = ScalarType::Long;
  FxNode* mp = ctx.emit("aten.max_pool2d_with_indices.default", args, {}, MetaVal::ofList({n.val, indices}));
  return getitem(ctx, mp, 0, n.val);
}

std::optional<FxArg> adaptiveAvgPool2d(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "self"), size = ctx.arg(n, 1, "output_size");
  if (!x || !size || size->kind != FxArg::Kind::List) return std::nullopt;
  bool ones = size->list.size() == 2;
  for (const FxArg& s : size->list) ones &= s.kind == FxArg::Kind::Int && s.i == 1;
  if (ones)
    return FxArg::ref(ctx.emit("aten.mean.dim", {*x, ints({-1, -2}), FxArg::boolean(true)}, {}, n.val));
  return FxArg::ref(ctx.emit("aten._adaptive_avg_pool2d.default", {*x, *size}, {}, n.val));
}


std::optional<FxArg> asView(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "self");
  const FakeTensor* xv = fakeOf(x);
  if (!xv || n.val.kind != MetaVal::Kind::Tensor) return std::nullopt;
  bool sameSizes = xv->sizes.size() == n.val.tensor.sizes.size();
  for (size_t i = 0; sameSizes && i < xv->sizes.size(); ++i) sameSizes = xv->sizes[i].sameAs(n.val.tensor.sizes[i]);
  if (!contiguous(*xv) && !sameSizes) return std::nullopt;  // reshape copies then
  return FxArg::ref(ctx.emit("aten.view.default", {*x, sizesArg(ctx, n.val.tensor.sizes)}, {}, n.val));
}

std::optional<FxArg> matmul(DecompositionContext& ctx, const FxNode& n) {
  auto a = ctx.arg(n, 0, "self"), b = ctx.arg(n, 1, "other");
  const FakeTensor *av = fakeOf(a), *bv = fakeOf(b);
  if (!av || !bv || av->sizes.size() != 2 || bv->sizes.size() != 2) return std::nullopt;
  return FxArg::ref(ctx.emit("aten.mm.default", {*a, *b}, {}, n.val));
}

std::optional<FxArg> dropout(DecompositionContext& ctx, const FxNode& n) {
  if (!isLiteralFalse(ctx.arg(n, 2, "train"))) return std::nullopt;
  return ctx.arg(n, 0, "input");
}

std::optional<FxArg> contiguousOp(DecompositionContext& ctx, const FxNode& n) {
  auto x = ctx.arg(n, 0, "self");
  const FakeTensor* xv = fakeOf(x);
  if (!xv || !contiguous(*xv)) return std::nullopt;
  return x;
}

class Rewriter : public DecompositionContext {
 public:
  Rewriter(const ExportedProgram& ep, const DecompositionTable& table) : ep_(ep), table_(table) {}

  ExportedProgram run() {
    ExportedProgram out = ep_.clone();
    out.graph = FxGraph();
    rewrite(ep_.graph, out.graph);
    const auto& list = out.graph.outputNode()->args.at(0).list;
    for (size_t i = 0; i < out.signature.outputSpecs.size() && i < list.size(); ++i)
      out.signature.outputSpecs[i].name = list[i].kind == FxArg::Kind::Node ? list[i].node->name : "";
    return out;
  }

  // Rewrites `in` into `out`, the graphs of its conds and while loops (its submodules) first.
  void rewrite(const FxGraph& in, FxGraph& out) {
    for (const auto& [name, sub] : in.submodules) {
      auto g = std::make_unique<FxGraph>();
      rewrite(*sub, *g);
      out.submodules[name] = std::move(g);
    }
    g_ = &out;
    symCache_.clear();  // SymInt nodes are per graph
    for (const auto& n : in.nodes()) {
      current_ = n.get();
      if (n->op == FxOp::Placeholder) {
        FxNode* p = g_->placeholder(n->name, n->val);
        copyMeta(*n, p);
        mapped_[n.get()] = FxArg::ref(p);
        continue;
      }
      if (n->op == FxOp::Output) {
        std::vector<FxArg> results;
        for (const FxArg& a : n->args.at(0).list) results.push_back(remap(a));
        g_->output(results);
        continue;
      }
      auto rule = table_.find(n->target);
      if (n->op == FxOp::CallFunction && rule != table_.end()) {
        if (std::optional<FxArg> r = rule->second(*this, *n)) {
          mapped_[n.get()] = *r;
          continue;
        }
      }
      std::vector<FxArg> args;
      for (const FxArg& a : n->args) args.push_back(remap(a));
      std::vector<std::pair<std::string, FxArg>> kwargs;
      for (const auto& [k, v] : n->kwargs) kwargs.emplace_back(k, remap(v));
      FxNode* copy = n->op == FxOp::GetAttr ? g_->getAttr(n->target) : g_->callFunction(n->target, args, kwargs, n->name);
      copyMeta(*n, copy);
      copy->val = n->val;
      mapped_[n.get()] = FxArg::ref(copy);
    }
    g_->eliminateDeadCode();
    g_->lint();
  }

  std::optional<FxArg> arg(const FxNode& node, size_t i, const char* name) override {
    for (const auto& [k, v] : node.kwargs)
      if (k == name) return remap(v);
    if (i < node.args.size()) return remap(node.args[i]);
    return std::nullopt;
  }

  FxNode* emit(const std::string& target, std::vector<FxArg> args, std::vector<std::pair<std::string, FxArg>> kwargs,
               MetaVal val) override {
    FxNode* n = g_->callFunction(target, std::move(args), std::move(kwargs));
    copyMeta(*current_, n);
    n->val = std::move(val);
    return n;
  }

  FxArg sym(const SymInt& e) override {
    SymbolSource source = [this](const std::string& name) -> std::pair<FxNode*, int64_t> {
      for (FxNode* p : g_->placeholders()) {
        if (p->val.kind != MetaVal::Kind::Tensor) continue;
        const auto& sizes = p->val.tensor.sizes;
        for (size_t d = 0; d < sizes.size(); ++d)
          if (sizes[d].isSymbol() && sizes[d].symbolName() == name) return {p, static_cast<int64_t>(d)};
      }
      throw Error("run_decompositions: no input has the size " + name);
    };
    return materializeSym(*g_, e, source, symCache_, current_->stackTrace);
  }

 private:
  FxArg remap(const FxArg& a) {
    if (a.kind == FxArg::Kind::Node) {
      auto it = mapped_.find(a.node);
      EMBER_ASSERT(it != mapped_.end(), "decompositions: ", a.node->name, " used before it is defined");
      return it->second;
    }
    FxArg out = a;
    for (FxArg& e : out.list) e = remap(e);
    return out;
  }

  static void copyMeta(const FxNode& from, FxNode* to) {
    to->stackTrace = from.stackTrace;
    to->nnModuleStack = from.nnModuleStack;
    to->sourceFnStack = from.sourceFnStack;
  }

  const ExportedProgram& ep_;
  const DecompositionTable& table_;
  FxGraph* g_ = nullptr;
  const FxNode* current_ = nullptr;
  std::map<const FxNode*, FxArg> mapped_;
  std::map<std::string, FxArg> symCache_;
};

}  // namespace

const DecompositionTable& coreAtenDecompositions() {
  static const DecompositionTable table = [] {
    DecompositionTable t;
    t["aten.linear.default"] = linear;
    for (const char* c : {"aten.conv1d.default", "aten.conv2d.default", "aten.conv3d.default"}) t[c] = conv;
    t["aten.layer_norm.default"] = layerNorm;
    t["aten.softmax.int"] = [](DecompositionContext& c, const FxNode& n) { return softmaxLike(c, n, "aten._softmax.default"); };
    t["aten.log_softmax.int"] = [](DecompositionContext& c, const FxNode& n) {
      return softmaxLike(c, n, "aten._log_softmax.default");
    };
    t["aten.max_pool2d.default"] = maxPool2d;
    t["aten.adaptive_avg_pool2d.default"] = adaptiveAvgPool2d;
    t["aten.flatten.using_ints"] = asView;
    t["aten.reshape.default"] = asView;
    t["aten.matmul.default"] = matmul;
    t["aten.dropout.default"] = dropout;
    t["aten.contiguous.default"] = contiguousOp;
    return t;
  }();
  return table;
}

ExportedProgram runDecompositions(const ExportedProgram& ep, const DecompositionTable& table) {
  return Rewriter(ep, table).run();
}

ExportedProgram ExportedProgram::run_decompositions() const { return runDecompositions(*this, coreAtenDecompositions()); }

}  // namespace ember::exporter
