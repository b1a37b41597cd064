// Symbolic shape rules, grouped by operator family; each takes the arguments' symbolic views and
// returns the output sizes. Sizes are SymInt expressions, so a static program gives constants.
#include "shape_rules.h"

#include <cmath>
#include <set>
#include <unordered_map>

#include "ember/error.h"

namespace ember::exporter {

namespace {

using Sizes = std::vector<SymInt>;
using Outputs = std::vector<Sizes>;

const std::set<std::string>& sameShapeOps() {
  static const std::set<std::string> ops = {
      "abs", "neg", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "sin", "cos", "tan",
      "tanh", "sigmoid", "relu", "relu6", "gelu", "silu", "mish", "hardtanh", "hardswish", "hardsigmoid",
      "leaky_relu", "elu", "selu", "celu", "softplus", "softsign", "clamp", "clamp_min", "clamp_max", "dropout",
      "feature_dropout", "alpha_dropout", "softmax", "log_softmax", "_softmax", "_log_softmax", "clone",
      "contiguous", "detach", "to", "type_as", "zeros_like", "ones_like", "full_like", "empty_like", "rand_like",
      "randn_like", "fill", "zero", "batch_norm", "instance_norm", "group_norm", "layer_norm", "floor", "ceil",
      "round", "trunc", "sign", "reciprocal", "logical_not", "bitwise_not", "erf", "square", "cumsum", "cumprod",
      "flip", "roll", "tril", "triu", "nan_to_num", "frac", "logit", "threshold", "_to_copy", "lift_fresh_copy",
      "alias", "hardshrink", "softshrink", "normal", "bernoulli", "dropout_", "copy", "sgn", "angle", "asin",
      "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "erfc", "digamma", "lgamma", "isnan", "isinf",
      "isfinite", "signbit", "positive", "_native_batch_norm_legit_no_training", "_transformer_encoder_layer_fwd",
      "prelu", "rrelu", "log_sigmoid", "softmin", "hardshrink", "tanhshrink", "threshold_backward", "dropout1d",
      "dropout2d", "dropout3d", "feature_alpha_dropout"};
  return ops;
}

const std::set<std::string>& broadcastOps() {
  static const std::set<std::string> ops = {
      "add", "sub", "mul", "div", "rsub", "pow", "remainder", "fmod", "maximum", "minimum", "eq", "ne", "lt", "le",
      "gt", "ge", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "where",
      "masked_fill", "atan2", "floor_divide", "true_divide", "hypot", "copysign", "lerp", "addcmul", "addcdiv",
      "__and__", "__or__", "__xor__", "bitwise_left_shift", "bitwise_right_shift", "fmax", "fmin", "xlogy",
      "_s_where"};
  return ops;
}

class Rules {
 public:
  Rules(const jit::FunctionSchema& schema, const std::vector<MetaArg>& args, const Decider& decide)
      : schema_(schema), args_(args), decide_(decide) {}

  std::optional<Outputs> run() {
    std::string full = schema_.name();
    std::string name = full.substr(full.find("::") + 2);
    if (!name.empty() && name.back() == '_' && name != "__and__") name.pop_back();
    if (broadcastOps().count(name)) return Outputs{broadcastAll()};
    if (sameShapeOps().count(name)) return Outputs{sizes(0)};
    static const std::unordered_map<std::string, std::optional<Outputs> (Rules::*)()> table = {
        {"mm", &Rules::mm}, {"bmm", &Rules::bmm}, {"addmm", &Rules::addmm}, {"matmul", &Rules::matmul},
        {"linear", &Rules::linear}, {"t", &Rules::t}, {"numpy_T", &Rules::t}, {"transpose", &Rules::transpose},
        {"permute", &Rules::permute}, {"view", &Rules::view}, {"reshape", &Rules::view},
        {"_unsafe_view", &Rules::view}, {"flatten", &Rules::flatten}, {"unsqueeze", &Rules::unsqueeze},
        {"squeeze", &Rules::squeeze}, {"expand", &Rules::expand}, {"expand_as", &Rules::expandAs},
        {"view_as", &Rules::expandAs}, {"reshape_as", &Rules::expandAs}, {"select", &Rules::select},
        {"slice", &Rules::slice}, {"index_select", &Rules::indexSelect}, {"embedding", &Rules::embedding},
        {"cat", &Rules::cat}, {"concat", &Rules::cat}, {"stack", &Rules::stack}, {"sum", &Rules::reduce},
        {"mean", &Rules::reduce}, {"amax", &Rules::reduce}, {"amin", &Rules::reduce}, {"prod", &Rules::reduce},
        {"var", &Rules::reduce}, {"std", &Rules::reduce}, {"max", &Rules::reduceWithIndices},
        {"min", &Rules::reduceWithIndices}, {"argmax", &Rules::reduce}, {"argmin", &Rules::reduce},
        {"zeros", &Rules::factory}, {"ones", &Rules::factory}, {"empty", &Rules::factory},
        {"full", &Rules::factory}, {"rand", &Rules::factory}, {"randn", &Rules::factory},
        {"new_zeros", &Rules::newFactory}, {"new_ones", &Rules::newFactory}, {"new_empty", &Rules::newFactory},
        {"new_full", &Rules::newFactory}, {"convolution", &Rules::convolution}, {"_convolution", &Rules::convolution},
        {"conv1d", &Rules::conv},
        {"conv2d", &Rules::conv}, {"conv3d", &Rules::conv}, {"max_pool1d", &Rules::pool},
        {"max_pool2d", &Rules::pool}, {"max_pool3d", &Rules::pool}, {"avg_pool1d", &Rules::pool},
        {"avg_pool2d", &Rules::pool}, {"avg_pool3d", &Rules::pool}, {"max_pool2d_with_indices", &Rules::pool},
        {"adaptive_avg_pool1d", &Rules::adaptivePool}, {"adaptive_avg_pool2d", &Rules::adaptivePool},
        {"_adaptive_avg_pool2d", &Rules::adaptivePool}, {"adaptive_avg_pool3d", &Rules::adaptivePool},
        {"adaptive_max_pool2d", &Rules::adaptivePool}, {"native_layer_norm", &Rules::nativeLayerNorm},
        {"constant_pad_nd", &Rules::pad}, {"pad", &Rules::pad}, {"repeat", &Rules::repeat},
        {"unbind", &Rules::unbind}, {"chunk", &Rules::chunkOrSplit}, {"lstm", &Rules::recurrent},
        {"_native_multi_head_attention", &Rules::nativeMultiHeadAttention},
        {"gru", &Rules::recurrent}, {"rnn_tanh", &Rules::recurrent}, {"rnn_relu", &Rules::recurrent}, {"split", &Rules::chunkOrSplit}, {"select_scatter", &Rules::first}, {"slice_scatter", &Rules::first},
        {"index_put", &Rules::first}, {"scatter", &Rules::first}, {"scatter_add", &Rules::first},
        {"gather", &Rules::gatherLike}, {"masked_scatter", &Rules::first}, {"native_dropout", &Rules::twoSame},
        {"ctc_loss", &Rules::ctcLoss}, {"upsample_nearest1d", &Rules::upsample},
        {"upsample_nearest2d", &Rules::upsample}, {"upsample_nearest3d", &Rules::upsample},
        {"_upsample_nearest_exact1d", &Rules::upsample}, {"_upsample_nearest_exact2d", &Rules::upsample},
        {"_upsample_nearest_exact3d", &Rules::upsample}, {"upsample_linear1d", &Rules::upsample},
        {"upsample_bilinear2d", &Rules::upsample}, {"upsample_bicubic2d", &Rules::upsample},
        {"upsample_trilinear3d", &Rules::upsample}, {"_upsample_bilinear2d_aa", &Rules::upsample},
        {"_upsample_bicubic2d_aa", &Rules::upsample}};
    auto it = table.find(name);
    if (it == table.end()) return std::nullopt;
    return (this->*(it->second))();
  }

 private:
  // ---- argument access ----
  size_t argIndex(const char* name) const {
    auto i = schema_.argumentIndexWithName(name);
    EMBER_ASSERT(i.has_value(), "shape rule: no argument named ", name, " in ", schema_.str());
    return *i;
  }
  bool has(const char* name) const { return schema_.argumentIndexWithName(name).has_value(); }
  const Sizes& sizes(size_t i) const {
    EMBER_CHECK(i < args_.size() && args_[i].tensor, "shape rule for ", schema_.name(), ": argument ", i,
                " is not a tensor");
    return args_[i].tensor->sizes;
  }
  SymInt intArg(size_t i) const {
    EMBER_CHECK(i < args_.size() && args_[i].sym, "shape rule for ", schema_.name(), ": argument ", i,
                " is not an int");
    return *args_[i].sym;
  }
  const std::vector<SymInt>& intsArg(size_t i) const { return args_.at(i).ints; }
  bool isNone(size_t i) const { return i >= args_.size() || args_[i].value.isNone(); }
  bool isTensor(size_t i) const { return i < args_.size() && args_[i].tensor.has_value(); }
  int64_t wrap(int64_t dim, size_t rank) const {
    int64_t r = static_cast<int64_t>(rank);
    int64_t d = dim < 0 ? dim + r : dim;
    EMBER_CHECK(d >= 0 && d < std::max<int64_t>(r, 1), "Dimension out of range (expected to be in range of [", -r,
                ", ", r - 1, "], but got ", dim, ")");
    return d;
  }
  int64_t constInt(size_t i) const { return args_.at(i).value.toInt(); }
  bool eq(const SymInt& a, const SymInt& b) const { return decide_(SymExpr::eq(a, b)); }

  // ---- families ----
  Sizes broadcastAll() const {
    Sizes out;
    bool any = false;
    for (size_t i = 0; i < args_.size(); ++i) {
      if (!args_[i].tensor) continue;
      out = any ? broadcastSizes(out, args_[i].tensor->sizes, decide_) : args_[i].tensor->sizes;
      any = true;
    }
    return out;
  }
  std::optional<Outputs> first() { return Outputs{sizes(0)}; }
  std::optional<Outputs> twoSame() { return Outputs{sizes(0), sizes(0)}; }
  // log_probs is (T, N, C), or (T, C) unbatched: one loss per batch element with reduction
  // 'none', a scalar otherwise.
  std::optional<Outputs> ctcLoss() {
    const Sizes& logProbs = sizes(0);
    if (constInt(argIndex("reduction")) != 0 || logProbs.size() < 3) return Outputs{Sizes{}};
    return Outputs{Sizes{logProbs[1]}};
  }
  std::optional<Outputs> mm() { return Outputs{{sizes(0).at(0), sizes(1).at(1)}}; }
  std::optional<Outputs> bmm() { return Outputs{{sizes(0).at(0), sizes(0).at(1), sizes(1).at(2)}}; }
  std::optional<Outputs> addmm() { return Outputs{{sizes(1).at(0), sizes(2).at(1)}}; }
  std::optional<Outputs> linear() {
    Sizes out = sizes(0);
    EMBER_CHECK(!out.empty(), "linear: input must have at least one dimension");
    out.back() = sizes(1).size() == 2 ? sizes(1)[0] : SymInt(1);
    if (sizes(1).size() == 1) out.pop_back();
    return Outputs{out};
  }
  std::optional<Outputs> matmul() {
    Sizes a = sizes(0), b = sizes(1);
    if (a.size() == 1 && b.size() == 1) return Outputs{{}};
    if (a.size() == 2 && b.size() == 1) return Outputs{{a[0]}};
    if (a.size() == 1 && b.size() == 2) return Outputs{{b[1]}};
    if (a.size() == 2 && b.size() == 2) return Outputs{{a[0], b[1]}};
    Sizes batchA(a.begin(), a.end() - std::min<size_t>(a.size(), 2));
    Sizes batchB(b.begin(), b.end() - std::min<size_t>(b.size(), 2));
    Sizes out = broadcastSizes(batchA, batchB, decide_);
    if (a.size() >= 2) out.push_back(a[a.size() - 2]);
    if (b.size() >= 2) out.push_back(b.back());
    return Outputs{out};
  }
  std::optional<Outputs> t() {
    Sizes s = sizes(0);
    if (s.size() == 2) std::swap(s[0], s[1]);
    else std::reverse(s.begin(), s.end());
    return Outputs{s};
  }
  std::optional<Outputs> transpose() {
    Sizes s = sizes(0);
    if (s.empty()) return Outputs{s};
    std::swap(s[wrap(constInt(1), s.size())], s[wrap(constInt(2), s.size())]);
    return Outputs{s};
  }
  std::optional<Outputs> permute() {
    const Sizes& s = sizes(0);
    std::vector<int64_t> dims = args_.at(1).value.toIntVector();
    EMBER_CHECK(dims.size() == s.size(), "permute: number of dims don't match in permute");
    Sizes out;
    for (int64_t d : dims) out.push_back(s.at(wrap(d, s.size())));
    return Outputs{out};
  }
  static SymInt numel(const Sizes& s) {
    SymInt n(1);
    for (const SymInt& d : s) n = n * d;
    return n;
  }
  std::optional<Outputs> view() {
    const Sizes& in = sizes(0);
    Sizes out = intsArg(1);
    SymInt known(1);
    int inferred = -1;
    for (size_t i = 0; i < out.size(); ++i) {
      if (out[i].isConst() && out[i].constValue() == -1) {
        EMBER_CHECK(inferred < 0, "only one dimension can be inferred");
        inferred = static_cast<int>(i);
      } else {
        known = known * out[i];
      }
    }
    SymInt total = numel(in);
    if (inferred >= 0) {
      out[inferred] = SymExpr::floorDiv(total, known);
      decide_(SymExpr::eq(SymExpr::mod(total, known), 0));
    } else {
      decide_(SymExpr::eq(total, known));
    }
    return Outputs{out};
  }
  std::optional<Outputs> flatten() {
    const Sizes& s = sizes(0);
    if (s.empty()) return Outputs{{1}};
    int64_t start = wrap(constInt(1), s.size()), end = wrap(constInt(2), s.size());
    Sizes out(s.begin(), s.begin() + start);
    SymInt n(1);
    for (int64_t i = start; i <= end; ++i) n = n * s[i];
    out.push_back(n);
    out.insert(out.end(), s.begin() + end + 1, s.end());
    return Outputs{out};
  }
  std::optional<Outputs> unsqueeze() {
    Sizes s = sizes(0);
    int64_t d = wrap(constInt(1), s.size() + 1);
    s.insert(s.begin() + d, SymInt(1));
    return Outputs{s};
  }
  std::optional<Outputs> squeeze() {
    const Sizes& s = sizes(0);
    Sizes out;
    if (args_.size() == 1) {
      for (const SymInt& d : s)
        if (!eq(d, 1)) out.push_back(d);
      return Outputs{out};
    }
    if (s.empty()) return Outputs{s};
    int64_t d = wrap(constInt(1), s.size());
    out = s;
    if (eq(s[d], 1)) out.erase(out.begin() + d);
    return Outputs{out};
  }
  std::optional<Outputs> expand() {
    const Sizes& in = sizes(0);
    Sizes target = intsArg(1);
    EMBER_CHECK(target.size() >= in.size(), "expand: the number of sizes provided (", target.size(),
                ") must be greater or equal to the number of dimensions in the tensor (", in.size(), ")");
    size_t lead = target.size() - in.size();
    for (size_t i = 0; i < in.size(); ++i) {
      SymInt& t = target[lead + i];
      if (t.isConst() && t.constValue() == -1) t = in[i];
      else if (!eq(in[i], 1)) {
        eq(in[i], t);
        t = in[i].isConst() ? t : in[i];
      }
    }
    return Outputs{target};
  }
  std::optional<Outputs> expandAs() { return Outputs{sizes(1)}; }
  std::optional<Outputs> select() {
    Sizes s = sizes(0);
    s.erase(s.begin() + wrap(constInt(1), s.size()));
    return Outputs{s};
  }
  // Python slicing clamped to [0, size].
  SymInt clampIndex(std::optional<SymInt> v, const SymInt& size, int64_t dflt) const {
    if (!v) return dflt == 0 ? SymInt(0) : size;
    SymInt x = *v;
    if (x.isConst() && x.constValue() < 0) x = size + x;
    if (decide_(SymExpr::lt(x, 0))) return 0;
    if (decide_(SymExpr::compare(SymOp::Gt, x, size))) return size;
    return x;
  }
  std::optional<Outputs> slice() {
    Sizes s = sizes(0);
    if (s.empty()) return Outputs{s};
    int64_t d = wrap(constInt(1), s.size());
    auto opt = [&](size_t i) -> std::optional<SymInt> {
      if (isNone(i)) return std::nullopt;
      return args_[i].sym;
    };
    SymInt start = clampIndex(opt(2), s[d], 0), end = clampIndex(opt(3), s[d], 1);
    int64_t step = isNone(4) ? 1 : constInt(4);
    EMBER_CHECK(step > 0, "slice step must be positive");
    if (decide_(SymExpr::lt(end, start))) s[d] = 0;
    else s[d] = SymExpr::floorDiv(end - start + SymInt(step - 1), step);
    return Outputs{s};
  }
  std::optional<Outputs> indexSelect() {
    Sizes s = sizes(0);
    const Sizes& idx = sizes(2);
    s[wrap(constInt(1), s.size())] = idx.empty() ? SymInt(1) : idx[0];
    return Outputs{s};
  }
  std::optional<Outputs> embedding() {
    Sizes s = sizes(1);
    s.push_back(sizes(0).at(1));
    return Outputs{s};
  }
  std::optional<Outputs> gatherLike() { return Outputs{sizes(2)}; }
  std::optional<Outputs> cat() {
    const std::vector<FakeTensor>& ts = args_.at(0).tensors;
    EMBER_CHECK(!ts.empty(), "torch.cat(): expected a non-empty list of Tensors");
    Sizes out;
    SymInt total(0);
    int64_t d = 0;
    bool first = true;
    for (const FakeTensor& t : ts) {
      if (t.sizes.size() == 1 && t.sizes[0].isConst() && t.sizes[0].constValue() == 0) continue;  // legacy empty
      if (first) {
        out = t.sizes;
        d = wrap(constInt(1), out.size());
        first = false;
      }
      total = total + t.sizes.at(d);
    }
    if (first) return Outputs{ts[0].sizes};
    out[d] = total;
    return Outputs{out};
  }
  std::optional<Outputs> stack() {
    const std::vector<FakeTensor>& ts = args_.at(0).tensors;
    EMBER_CHECK(!ts.empty(), "stack expects a non-empty TensorList");
    Sizes out = ts[0].sizes;
    out.insert(out.begin() + wrap(constInt(1), out.size() + 1), SymInt(static_cast<int64_t>(ts.size())));
    return Outputs{out};
  }
  Sizes reduced(bool& ok) const {
    const Sizes& s = sizes(0);
    ok = true;
    std::vector<int64_t> dims;
    bool all = args_.size() < 2 || args_[1].value.isNone() || args_[1].value.isTensor() ||
               (!args_[1].value.isInt() && !args_[1].value.isList());
    if (!all) {
      if (args_[1].value.isInt()) dims = {args_[1].value.toInt()};
      else dims = args_[1].value.toIntVector();
      all = dims.empty();
    }
    bool keepdim = false;
    if (has("keepdim")) {
      size_t k = argIndex("keepdim");
      if (k < args_.size() && args_[k].value.isBool()) keepdim = args_[k].value.toBool();
    }
    std::set<int64_t> reduce;
    for (int64_t d : dims) reduce.insert(wrap(d, s.size()));
    Sizes out;
    for (size_t i = 0; i < s.size(); ++i) {
      bool r = all || reduce.count(static_cast<int64_t>(i));
      if (!r) out.push_back(s[i]);
      else if (keepdim) out.push_back(1);
    }
    return out;
  }
  std::optional<Outputs> reduce() {
    bool ok;
    return Outputs{reduced(ok)};
  }
  std::optional<Outputs> reduceWithIndices() {
    bool ok;
    if (args_.size() >= 2 && args_[1].tensor) return Outputs{broadcastAll()};  // max(a, b)
    Sizes out = reduced(ok);
    if (args_.size() == 1) return Outputs{out};
    return Outputs{out, out};
  }
  std::optional<Outputs> factory() { return Outputs{intsArg(0)}; }
  std::optional<Outputs> newFactory() { return Outputs{intsArg(1)}; }
  static SymInt convOut(const SymInt& in, int64_t k, int64_t s, int64_t p, int64_t d) {
    return SymExpr::floorDiv(in + SymInt(2 * p - d * (k - 1) - 1), s) + SymInt(1);
  }
  static int64_t at(const std::vector<int64_t>& v, size_t i, int64_t dflt) {
    if (v.empty()) return dflt;
    return v.size() == 1 ? v[0] : v.at(i);
  }
  Outputs convShape(const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                    const std::vector<int64_t>& dilation, bool transposed, const std::vector<int64_t>& outPad,
                    int64_t groups, bool same) const {
    const Sizes& in = sizes(0);
    const Sizes& w = sizes(1);
    bool batched = in.size() == w.size();
    size_t first = batched ? 2 : 1;
    Sizes out;
    if (batched) out.push_back(in[0]);
    out.push_back(transposed ? w.at(1) * SymInt(groups) : w.at(0));
    for (size_t i = first; i < in.size(); ++i) {
      size_t j = i - first;
      int64_t k = w.at(2 + j).constValue();
      if (same) out.push_back(in[i]);
      else if (transposed)
        out.push_back((in[i] - SymInt(1)) * SymInt(at(stride, j, 1)) +
                      SymInt(-2 * at(padding, j, 0) + at(dilation, j, 1) * (k - 1) + at(outPad, j, 0) + 1));
      else out.push_back(convOut(in[i], k, at(stride, j, 1), at(padding, j, 0), at(dilation, j, 1)));
    }
    return {out};
  }
  std::optional<Outputs> convolution() {
    return convShape(args_.at(3).value.toIntVector(), args_.at(4).value.toIntVector(),
                     args_.at(5).value.toIntVector(), args_.at(6).value.toBool(), args_.at(7).value.toIntVector(),
                     constInt(8), false);
  }
  std::optional<Outputs> conv() {
    bool same = false;
    std::vector<int64_t> padding;
    if (args_.at(4).value.isString()) same = args_[4].value.toStringRef() == "same";
    else padding = args_.at(4).value.toIntVector();
    return convShape(args_.at(3).value.toIntVector(), padding, args_.at(5).value.toIntVector(), false, {},
                     constInt(6), same);
  }
  std::optional<Outputs> pool() {
    const Sizes& in = sizes(0);
    std::vector<int64_t> kernel = args_.at(1).value.toIntVector();
    std::vector<int64_t> stride = args_.at(2).value.toIntVector();
    std::vector<int64_t> padding = args_.at(3).value.toIntVector();
    bool isMax = schema_.name().find("max") != std::string::npos;
    std::vector<int64_t> dilation = isMax ? args_.at(4).value.toIntVector() : std::vector<int64_t>{};
    bool ceil = args_.at(isMax ? 5 : 4).value.toBool();
    const std::string& nm = schema_.name();
    size_t nSpatial = nm.find("1d") != std::string::npos ? 1 : nm.find("3d") != std::string::npos ? 3 : 2;
    EMBER_CHECK(in.size() >= nSpatial, nm, ": input has too few dimensions");
    size_t spatial = in.size() - nSpatial;
    Sizes out(in.begin(), in.begin() + spatial);
    for (size_t i = spatial; i < in.size(); ++i) {
      size_t j = i - spatial;
      int64_t k = at(kernel, j, 1), s = at(stride, j, k), p = at(padding, j, 0), d = at(dilation, j, 1);
      if (!ceil) {
        out.push_back(convOut(in[i], k, s, p, d));
        continue;
      }
      EMBER_CHECK(in[i].isConst(), "export: pooling with ceil_mode=True on a dynamic size is not supported");
      int64_t n = in[i].constValue(), o = (n + 2 * p - d * (k - 1) - 1 + (s - 1)) / s + 1;
      if ((o - 1) * s >= n + p) --o;
      out.push_back(o);
    }
    if (isMax && schema_.returns().size() == 2) return Outputs{out, out};
    return Outputs{out};
  }
  std::optional<Outputs> adaptivePool() {
    const Sizes& in = sizes(0);
    std::vector<int64_t> size = args_.at(1).value.toIntVector();
    Sizes out(in.begin(), in.end() - static_cast<std::ptrdiff_t>(size.size()));
    for (int64_t s : size) out.push_back(s);
    if (schema_.returns().size() == 2) return Outputs{out, out};
    return Outputs{out};
  }
  // The upsampling families: batch and channels, then output_size when given; from the scale
  // factors (floor(size * scale), as PyTorch) only when the spatial sizes are constants.
  std::optional<Outputs> upsample() {
    const Sizes& in = sizes(0);
    const size_t o = argIndex("output_size");
    Sizes out(in.begin(), in.begin() + std::min<size_t>(2, in.size()));
    if (!isNone(o)) {
      for (const SymInt& d : intsArg(o)) out.push_back(d);
      return Outputs{out};
    }
    if (!has("scale_factors") || isNone(argIndex("scale_factors"))) return std::nullopt;
    const std::vector<double> scales = args_.at(argIndex("scale_factors")).value.toDoubleVector();
    if (scales.size() + 2 != in.size()) return std::nullopt;
    for (size_t i = 0; i < scales.size(); ++i) {
      if (!in[i + 2].isConst()) return std::nullopt;
      out.emplace_back(static_cast<int64_t>(std::floor(static_cast<double>(in[i + 2].constValue()) * scales[i])));
    }
    return Outputs{out};
  }
  std::optional<Outputs> nativeLayerNorm() {
    const Sizes& in = sizes(0);
    size_t k = args_.at(1).value.toIntVector().size();
    Sizes stat(in.begin(), in.end() - static_cast<std::ptrdiff_t>(k));
    for (size_t i = 0; i < k; ++i) stat.push_back(1);
    return Outputs{in, stat, stat};
  }
  std::optional<Outputs> pad() {
    if (!args_.at(1).value.isList()) return std::nullopt;
    Sizes s = sizes(0);
    std::vector<int64_t> p = args_.at(1).value.toIntVector();
    for (size_t i = 0; i + 1 < p.size() + 1 && i / 2 < s.size(); i += 2) {
      size_t d = s.size() - 1 - i / 2;
      s[d] = s[d] + SymInt(p[i] + p[i + 1]);
    }
    return Outputs{s};
  }
  std::optional<Outputs> repeat() {
    const Sizes& s = sizes(0);
    std::vector<int64_t> r = args_.at(1).value.toIntVector();
    Sizes out;
    size_t lead = r.size() - s.size();
    for (size_t i = 0; i < r.size(); ++i) out.push_back(i < lead ? SymInt(r[i]) : s[i - lead] * SymInt(r[i]));
    return Outputs{out};
  }
  std::optional<Outputs> unbind() {
    const Sizes& s = sizes(0);
    int64_t d = wrap(constInt(1), s.size());
    EMBER_CHECK(s[d].isConst(), "export: unbind along the dynamic dimension ", s[d].str(), " is not supported");
    Sizes one = s;
    one.erase(one.begin() + d);
    return Outputs(static_cast<size_t>(s[d].constValue()), one);
  }
  // lstm.input(input, hx[], params[], ...) -> (output, h, c); gru.input / rnn_*.input(input, hx,
  // params[], ...) -> (output, h): the output's last dimension is h's times the directions.
  std::optional<Outputs> recurrent() {
    if (schema_.overloadName() != "input" || args_.size() < 9 || !isTensor(0)) return std::nullopt;
    std::vector<FakeTensor> hidden = args_[1].tensors;
    if (args_[1].tensor) hidden = {*args_[1].tensor};
    if (hidden.empty() || !args_[7].value.isBool()) return std::nullopt;
    Sizes out = sizes(0);
    const Sizes& h = hidden[0].sizes;
    if (out.empty() || h.empty()) return std::nullopt;
    out.back() = h.back() * SymInt(args_[7].value.toBool() ? 2 : 1);
    Outputs result{out};
    for (const FakeTensor& t : hidden) result.push_back(t.sizes);
    return result;
  }
  // _native_multi_head_attention(query, key, value, embed_dim, num_head, ..., need_weights,
  // average_attn_weights, ...) on batched (B, L, E) inputs -> (output like query, weights).
  std::optional<Outputs> nativeMultiHeadAttention() {
    if (args_.size() < 12 || !isTensor(0) || !isTensor(1)) return std::nullopt;
    const Sizes& q = sizes(0);
    const Sizes& k = sizes(1);
    if (q.size() != 3 || k.size() != 3) return std::nullopt;
    Sizes weights;
    if (args_[10].value.isBool() && args_[10].value.toBool()) {
      bool average = args_[11].value.isBool() && args_[11].value.toBool();
      weights = average ? Sizes{q[0], q[1], k[1]} : Sizes{q[0], SymInt(constInt(4)), q[1], k[1]};
    }
    return Outputs{q, weights};
  }
  // chunk(self, chunks, dim) and split.Tensor(self, split_size, dim) along a static dimension.
  std::optional<Outputs> chunkOrSplit() {
    const Sizes& s = sizes(0);
    if (!args_.at(1).value.isInt()) return std::nullopt;  // split.sizes: no rule
    int64_t d = wrap(constInt(2), s.size());
    EMBER_CHECK(s[d].isConst(), "export: ", schema_.name(), " along the dynamic dimension ", s[d].str(),
                " is not supported");
    int64_t n = s[d].constValue(), k = constInt(1);
    if (k <= 0) return std::nullopt;
    int64_t piece = schema_.name() == "aten::chunk" ? (n + k - 1) / k : k;
    Outputs out;
    for (int64_t start = 0; piece > 0 && start < n; start += piece) {
      Sizes one = s;
      one[d] = SymInt(std::min(piece, n - start));
      out.push_back(one);
    }
    if (out.empty()) out.push_back(s);
    return out;
  }

  const jit::FunctionSchema& schema_;
  const std::vector<MetaArg>& args_;
  const Decider& decide_;
};

}  // namespace

std::vector<SymInt> broadcastSizes(const std::vector<SymInt>& a, const std::vector<SymInt>& b, const Decider& decide) {
  size_t n = std::max(a.size(), b.size());
  std::vector<SymInt> out(n);
  for (size_t i = 0; i < n; ++i) {
    bool hasA = i < a.size(), hasB = i < b.size();
    const SymInt* x = hasA ? &a[a.size() - 1 - i] : nullptr;
    const SymInt* y = hasB ? &b[b.size() - 1 - i] : nullptr;
    SymInt& o = out[n - 1 - i];
    if (!x) o = *y;
    else if (!y) o = *x;
    else if (x->sameAs(*y)) o = *x;
    else if (decide(SymExpr::eq(*x, 1))) o = *y;
    else if (decide(SymExpr::eq(*y, 1))) o = *x;
    else {
      EMBER_CHECK(decide(SymExpr::eq(*x, *y)), "The size of tensor a (", x->str(), ") must match the size of tensor b (",
                  y->str(), ") at non-singleton dimension ", n - 1 - i);
      o = x->isConst() ? *y : *x;
    }
  }
  return out;
}

std::optional<std::vector<std::vector<SymInt>>> inferSymbolicSizes(const jit::FunctionSchema& schema,
                                                                    const std::vector<MetaArg>& args,
                                                                    const Decider& decide) {
  return Rules(schema, args, decide).run();
}

}  // namespace ember::exporter
