// torch.einsum. The equation is parsed into labels; every operand is brought to one canonical
// dim order ([ellipsis dims, output labels, summed labels], size 1 where it lacks a dim); then
// the operands are contracted left to right, each pair as one bmm (or a broadcast mul when
// nothing is summed), and dims no later operand needs are summed as early as possible.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

constexpr int kNumLabels = 52;
constexpr int kEllipsis = -1;

// Upper case sorts before lower case, as in PyTorch's implicit output order.
int labelIndex(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : c - 'a' + 26; }
char labelChar(int i) { return static_cast<char>(i < 26 ? 'A' + i : 'a' + i - 26); }
bool isLabel(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

struct Equation {
  std::vector<std::vector<int>> inputs;  // labels per operand, kEllipsis for "..."
  std::vector<int> output;
  bool explicitOutput = false;
};

// One comma-free term ("ij...k"); `offset` is the term's position in the equation for messages.
std::vector<int> parseTerm(std::string_view eq, size_t begin, size_t end, int operand, bool isOutput) {
  std::vector<int> labels;
  bool ellipsis = false;
  for (size_t i = begin; i < end; ++i) {
    char c = eq[i];
    if (c == ' ') continue;
    if (c == '.') {
      EMBER_CHECK(!ellipsis, "einsum(): found '.' for ", isOutput ? "output" : "operand " + std::to_string(operand),
                  " for which an ellipsis was already found");
      EMBER_CHECK(i + 2 < end && eq[i + 1] == '.' && eq[i + 2] == '.', "einsum(): found '.' for ",
                  isOutput ? "output" : "operand " + std::to_string(operand), " that is not part of any ellipsis");
      ellipsis = true;
      labels.push_back(kEllipsis);
      i += 2;
      continue;
    }
    EMBER_CHECK(isLabel(c), "einsum(): invalid subscript given at index ", i,
                " in the equation string, subscripts must be in [a-zA-Z]");
    labels.push_back(labelIndex(c));
  }
  return labels;
}

Equation parseEquation(std::string_view eq) {
  Equation e;
  size_t arrow = eq.find("->");
  size_t lhsEnd = arrow == std::string_view::npos ? eq.size() : arrow;
  size_t start = 0;
  for (size_t i = 0; i <= lhsEnd; ++i) {
    if (i == lhsEnd || eq[i] == ',') {
      e.inputs.push_back(parseTerm(eq, start, i, static_cast<int>(e.inputs.size()), false));
      start = i + 1;
    }
  }
  if (arrow != std::string_view::npos) {
    e.explicitOutput = true;
    e.output = parseTerm(eq, arrow + 2, eq.size(), 0, true);
  }
  return e;
}

int64_t countLabels(const std::vector<int>& term) {
  return std::count_if(term.begin(), term.end(), [](int l) { return l != kEllipsis; });
}

// The canonical dim of each of the operand's dims (ellipsis dims aligned to the right).
std::vector<int> canonicalDims(const std::vector<int>& term, int64_t ndim, int64_t numEll,
                               const std::vector<int>& slot) {
  std::vector<int> dims;
  int64_t ne = ndim - countLabels(term);
  for (int l : term) {
    if (l == kEllipsis) {
      for (int64_t j = 0; j < ne; ++j) dims.push_back(static_cast<int>(numEll - ne + j));
    } else {
      dims.push_back(slot[l]);
    }
  }
  return dims;
}

// Takes diagonals for repeated labels, then permutes/unsqueezes to the canonical `total` dims.
Tensor alignOperand(Tensor x, std::vector<int> dims, int64_t total, int operand, const std::vector<int>& slot) {
  for (size_t d = 0; d < dims.size(); ++d) {
    for (size_t j = 0; j < d; ++j) {
      if (dims[j] != dims[d]) continue;
      char label0 = labelChar(static_cast<int>(std::find(slot.begin(), slot.end(), dims[d]) - slot.begin()));
      EMBER_CHECK(x.size(static_cast<int64_t>(j)) == x.size(static_cast<int64_t>(d)), "einsum(): subscript ", label0,
                  " is repeated for operand ", operand, " but the sizes don't match, ", x.size(static_cast<int64_t>(d)),
                  " != ", x.size(static_cast<int64_t>(j)));
      int label = dims[d];
      x = x.diagonal(0, static_cast<int64_t>(j), static_cast<int64_t>(d));
      dims.erase(dims.begin() + static_cast<int64_t>(d));
      dims.erase(dims.begin() + static_cast<int64_t>(j));
      dims.push_back(label);
      return alignOperand(x, dims, total, operand, slot);
    }
  }
  std::vector<int64_t> perm(dims.size());
  std::iota(perm.begin(), perm.end(), 0);
  std::sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return dims[a] < dims[b]; });
  x = x.permute(perm);
  std::vector<bool> present(static_cast<size_t>(total), false);
  for (int d : dims) present[static_cast<size_t>(d)] = true;
  for (int64_t c = 0; c < total; ++c)
    if (!present[static_cast<size_t>(c)]) x = x.unsqueeze(c);
  return x;
}

// Sums dims of one operand keeping them as size 1 (integral dtypes widen to int64, as
// PyTorch's einsum does through sum).
Tensor sumKeep(const Tensor& x, const std::vector<int64_t>& dims) {
  if (dims.empty()) return x;
  return sum(x, dims, true);
}

// left and right share the canonical rank; dims in `summed` are contracted (kept as size 1).
Tensor sumProductPair(Tensor left, Tensor right, const std::vector<bool>& summed) {
  const int64_t nd = left.dim();
  std::vector<int64_t> lro, lo, ro, sumDims, leftOnlySum, rightOnlySum;
  for (int64_t d = 0; d < nd; ++d) {
    int64_t ls = left.size(d), rs = right.size(d);
    if (summed[static_cast<size_t>(d)]) {
      if (ls != 1 && rs != 1)
        sumDims.push_back(d);
      else if (ls != 1)
        leftOnlySum.push_back(d);
      else if (rs != 1)
        rightOnlySum.push_back(d);
      else
        sumDims.push_back(d);
    } else if (ls != 1 && rs != 1) {
      lro.push_back(d);
    } else if (ls != 1) {
      lo.push_back(d);
    } else if (rs != 1) {
      ro.push_back(d);
    } else {
      lro.push_back(d);
    }
  }
  left = sumKeep(left, leftOnlySum);
  right = sumKeep(right, rightOnlySum);
  // Now of size 1 on both sides, they travel with the contracted dims.
  sumDims.insert(sumDims.end(), leftOnlySum.begin(), leftOnlySum.end());
  sumDims.insert(sumDims.end(), rightOnlySum.begin(), rightOnlySum.end());
  bool contracts = std::any_of(sumDims.begin(), sumDims.end(), [&](int64_t d) { return left.size(d) != 1; });
  if (!contracts) return mul(left, right);
  auto prod = [&](const std::vector<int64_t>& ds, const Tensor& t) {
    int64_t p = 1;
    for (int64_t d : ds) p *= t.size(d);
    return p;
  };
  const int64_t b = prod(lro, left), l = prod(lo, left), s = prod(sumDims, left), r = prod(ro, right);
  std::vector<int64_t> lperm(lro), rperm(lro);
  lperm.insert(lperm.end(), lo.begin(), lo.end());
  lperm.insert(lperm.end(), sumDims.begin(), sumDims.end());
  lperm.insert(lperm.end(), ro.begin(), ro.end());
  rperm.insert(rperm.end(), sumDims.begin(), sumDims.end());
  rperm.insert(rperm.end(), ro.begin(), ro.end());
  rperm.insert(rperm.end(), lo.begin(), lo.end());
  Tensor out = bmm(left.permute(lperm).reshape({b, l, s}), right.permute(rperm).reshape({b, s, r}));
  // Back to canonical order: [lro, lo, ro, sum(size 1)].
  std::vector<int64_t> order(lro), shape;
  order.insert(order.end(), lo.begin(), lo.end());
  order.insert(order.end(), ro.begin(), ro.end());
  order.insert(order.end(), sumDims.begin(), sumDims.end());
  for (int64_t d : order) {
    bool isSum = std::find(sumDims.begin(), sumDims.end(), d) != sumDims.end();
    shape.push_back(isSum ? 1 : std::max(left.size(d), right.size(d)));
  }
  std::vector<int64_t> inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  return out.reshape(shape).permute(inverse);
}

// What the equation says once checked against the operands.
struct Plan {
  std::vector<int> count = std::vector<int>(kNumLabels, 0);  // occurrences of each label
  int64_t numEll = 0;                                        // ellipsis dims (broadcast)
  bool anyEllipsis = false;
  std::vector<int> out;  // output labels, kEllipsis where the ellipsis dims go
  bool outEllipsis = false;
  std::vector<int> slot = std::vector<int>(kNumLabels, -1);  // canonical dim of each label
  int64_t total = 0;                                         // canonical rank
  std::vector<bool> summed;                                  // per canonical dim
};

void countLabelsAndEllipsis(const Equation& eq, ArrayRef<Tensor> tensors, Plan& plan) {
  for (size_t i = 0; i < tensors.size(); ++i) {
    const auto& term = eq.inputs[i];
    int64_t nl = countLabels(term), nd = tensors[i].dim();
    if (static_cast<int64_t>(term.size()) != nl) {
      EMBER_CHECK(nd >= nl, "einsum(): the number of subscripts in the equation (", nl,
                  ") is more than the number of dimensions (", nd, ") for operand ", i);
      plan.numEll = std::max(plan.numEll, nd - nl);
      plan.anyEllipsis = true;
    } else {
      EMBER_CHECK(nd == nl, "einsum(): the number of subscripts in the equation (", nl,
                  ") does not match the number of dimensions (", nd, ") for operand ", i, " and no ellipsis was given");
    }
    for (int l : term)
      if (l != kEllipsis) ++plan.count[static_cast<size_t>(l)];
  }
}

// The explicit output (checked), or the implicit one: the ellipsis, then the labels seen once in
// alphabetical order.
void outputLabels(const Equation& eq, Plan& plan) {
  if (!eq.explicitOutput) {
    if (plan.anyEllipsis) plan.out.push_back(kEllipsis);
    plan.outEllipsis = plan.anyEllipsis;
    for (int l = 0; l < kNumLabels; ++l)
      if (plan.count[static_cast<size_t>(l)] == 1) plan.out.push_back(l);
    return;
  }
  std::vector<bool> seen(kNumLabels, false);
  for (int l : eq.output) {
    if (l == kEllipsis) {
      plan.outEllipsis = true;
    } else {
      EMBER_CHECK(plan.count[static_cast<size_t>(l)] > 0, "einsum(): output subscript ", labelChar(l),
                  " does not appear in the equation for any input operand");
      EMBER_CHECK(!seen[static_cast<size_t>(l)], "einsum(): output subscript ", labelChar(l),
                  " appears more than once in the output");
      seen[static_cast<size_t>(l)] = true;
    }
    plan.out.push_back(l);
  }
}

// Canonical dims: ellipsis dims, output labels, then summed labels (and the ellipsis dims too
// when the output has no ellipsis).
void assignSlots(Plan& plan) {
  plan.total = plan.numEll;
  for (int l : plan.out)
    if (l != kEllipsis) plan.slot[static_cast<size_t>(l)] = static_cast<int>(plan.total++);
  const int64_t numOut = plan.total;
  for (int l = 0; l < kNumLabels; ++l)
    if (plan.count[static_cast<size_t>(l)] > 0 && plan.slot[static_cast<size_t>(l)] < 0)
      plan.slot[static_cast<size_t>(l)] = static_cast<int>(plan.total++);
  plan.summed.assign(static_cast<size_t>(plan.total), false);
  for (int64_t d = numOut; d < plan.total; ++d) plan.summed[static_cast<size_t>(d)] = true;
  if (!plan.outEllipsis)
    for (int64_t d = 0; d < plan.numEll; ++d) plan.summed[static_cast<size_t>(d)] = true;
}

// Aligned operands; checks that label sizes broadcast; lastUse[d] is the last operand with dim d.
std::vector<Tensor> alignAll(const Equation& eq, ArrayRef<Tensor> tensors, const Plan& plan,
                             std::vector<int>& lastUse) {
  std::vector<Tensor> ops;
  lastUse.assign(static_cast<size_t>(plan.total), -1);
  std::vector<int64_t> sizeOf(static_cast<size_t>(plan.total), 1);
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    std::vector<int> dims = canonicalDims(eq.inputs[i], t.dim(), plan.numEll, plan.slot);
    Tensor a = alignOperand(t, dims, plan.total, static_cast<int>(i), plan.slot);
    for (int64_t d = 0; d < plan.total; ++d) {
      const size_t du = static_cast<size_t>(d);
      if (std::find(dims.begin(), dims.end(), static_cast<int>(d)) != dims.end()) lastUse[du] = static_cast<int>(i);
      int64_t s = a.size(d);
      if (s == 1) continue;
      if (d >= plan.numEll && sizeOf[du] != 1) {
        int label =
            static_cast<int>(std::find(plan.slot.begin(), plan.slot.end(), static_cast<int>(d)) - plan.slot.begin());
        EMBER_CHECK(sizeOf[du] == s, "einsum(): subscript ", labelChar(label), " has size ", s, " for operand ", i,
                    " which does not broadcast with previously seen size ", sizeOf[du]);
      }
      sizeOf[du] = s;
    }
    ops.push_back(a);
  }
  return ops;
}

// Drops the summed dims (size 1 by now) and moves the ellipsis dims where the output has them.
Tensor finish(Tensor result, const Plan& plan) {
  DimVector shape;
  for (int64_t d = 0; d < plan.total; ++d)
    if (!plan.summed[static_cast<size_t>(d)]) shape.push_back(result.size(d));
  if (static_cast<int64_t>(shape.size()) != result.dim()) result = result.reshape(shape);
  if (!plan.outEllipsis || plan.numEll == 0) return result;
  int64_t before = std::find(plan.out.begin(), plan.out.end(), kEllipsis) - plan.out.begin();
  std::vector<int64_t> perm;
  for (int64_t j = 0; j < before; ++j) perm.push_back(plan.numEll + j);
  for (int64_t j = 0; j < plan.numEll; ++j) perm.push_back(j);
  for (int64_t j = plan.numEll + before; j < result.dim(); ++j) perm.push_back(j);
  return result.permute(perm);
}

}  // namespace

Tensor einsum(std::string_view equation, ArrayRef<Tensor> tensors) {
  EMBER_CHECK(!tensors.empty(), "einsum(): must provide at least one operand");
  Equation eq = parseEquation(equation);
  EMBER_CHECK(eq.inputs.size() <= tensors.size(),
              "einsum(): fewer operands were provided than specified in the equation");
  EMBER_CHECK(eq.inputs.size() >= tensors.size(),
              "einsum(): more operands were provided than specified in the equation");
  Plan plan;
  countLabelsAndEllipsis(eq, tensors, plan);
  outputLabels(eq, plan);
  assignSlots(plan);
  std::vector<int> lastUse;
  std::vector<Tensor> ops = alignAll(eq, tensors, plan, lastUse);

  Tensor result = ops[0];
  if (ops.size() == 1) {
    // Summed dims of size 1 too: the sum is what widens an int32 operand to int64 ('iji->j').
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < plan.total; ++d)
      if (plan.summed[static_cast<size_t>(d)]) dims.push_back(d);
    result = sumKeep(result, dims);
  }
  for (size_t i = 1; i < ops.size(); ++i) {
    // Sum each dim as soon as no later operand has it.
    std::vector<bool> sumNow(static_cast<size_t>(plan.total), false);
    for (int64_t d = 0; d < plan.total; ++d)
      sumNow[static_cast<size_t>(d)] =
          plan.summed[static_cast<size_t>(d)] && lastUse[static_cast<size_t>(d)] <= static_cast<int>(i);
    result = sumProductPair(result, ops[i], sumNow);
  }
  return finish(result, plan);
}

}  // namespace ember
