// Adapters for the factory family's differential cases (cases_factory.py).
#include <stdexcept>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/random.h"
#include "harness.h"

namespace ember::compat {
namespace {

TensorOptions optionsArg(const nlohmann::json& args) {
  TensorOptions o;
  if (auto dt = dtypeArg(args, "dtype")) o = o.dtype(*dt);
  return o;
}

std::optional<MemoryFormat> memoryFormatArg(const nlohmann::json& args) {
  if (boolArg(args, "contiguous", false)) return MemoryFormat::Contiguous;
  return std::nullopt;
}

// Flattens a nested JSON list into values, recording its sizes and element kind.
void flattenData(const nlohmann::json& j, int64_t depth, std::vector<int64_t>& sizes, std::vector<double>& values,
                 std::vector<int64_t>& ints, bool& anyFloat, bool& allBool) {
  if (j.is_array()) {
    if (static_cast<int64_t>(sizes.size()) == depth) sizes.push_back(static_cast<int64_t>(j.size()));
    for (const auto& e : j) flattenData(e, depth + 1, sizes, values, ints, anyFloat, allBool);
    return;
  }
  anyFloat = anyFloat || j.is_number_float();
  allBool = allBool && j.is_boolean();
  values.push_back(j.is_boolean() ? (j.get<bool>() ? 1.0 : 0.0) : j.get<double>());
  ints.push_back(j.is_boolean() ? (j.get<bool>() ? 1 : 0) : j.is_number_float() ? 0 : j.get<int64_t>());
}

}  // namespace

EMBER_COMPAT_ADAPTER("fill_") {
  Tensor x = in[0];
  fill_(x, scalarArg(args, "value"));
  return {x};
}
EMBER_COMPAT_ADAPTER("fill_tensor") {
  Tensor x = in[0];
  fill_(x, in[1]);
  return {x};
}
EMBER_COMPAT_ADAPTER("zero_") {
  Tensor x = in[0];
  return {zero_(x)};
}
EMBER_COMPAT_ADAPTER("zeros") { return {zeros(intListArg(args, "sizes"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("ones") { return {ones(intListArg(args, "sizes"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("full") {
  return {full(intListArg(args, "sizes"), scalarArg(args, "value"), optionsArg(args))};
}
EMBER_COMPAT_ADAPTER("scalar_tensor") { return {scalar_tensor(scalarArg(args, "value"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("zeros_like") { return {zeros_like(in[0], optionsArg(args), memoryFormatArg(args))}; }
EMBER_COMPAT_ADAPTER("ones_like") { return {ones_like(in[0], optionsArg(args), memoryFormatArg(args))}; }
EMBER_COMPAT_ADAPTER("full_like") {
  return {full_like(in[0], scalarArg(args, "value"), optionsArg(args), memoryFormatArg(args))};
}
EMBER_COMPAT_ADAPTER("new_zeros") { return {in[0].new_zeros(intListArg(args, "sizes"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("new_ones") { return {in[0].new_ones(intListArg(args, "sizes"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("new_full") {
  return {in[0].new_full(intListArg(args, "sizes"), scalarArg(args, "value"), optionsArg(args))};
}
EMBER_COMPAT_ADAPTER("arange") {
  return {arange(scalarArg(args, "start"), scalarArg(args, "end"), scalarArg(args, "step"), optionsArg(args))};
}
EMBER_COMPAT_ADAPTER("linspace") {
  return {linspace(scalarArg(args, "start"), scalarArg(args, "end"), intArg(args, "steps"), optionsArg(args))};
}
EMBER_COMPAT_ADAPTER("logspace") {
  return {logspace(scalarArg(args, "start"), scalarArg(args, "end"), intArg(args, "steps"),
                   doubleArg(args, "base", 10.0), optionsArg(args))};
}
EMBER_COMPAT_ADAPTER("eye") { return {eye(intArg(args, "n"), intArg(args, "m"), optionsArg(args))}; }
EMBER_COMPAT_ADAPTER("tensor") {
  std::vector<int64_t> sizes, ints;
  std::vector<double> values;
  bool anyFloat = false, allBool = true;
  flattenData(args.at("data"), 0, sizes, values, ints, anyFloat, allBool);
  if (values.empty()) return {tensorFromData(nullptr, 0, kDouble, sizes, optionsArg(args))};
  if (anyFloat) return {tensorFromData(values.data(), static_cast<int64_t>(values.size()), kDouble, sizes, optionsArg(args))};
  if (allBool) {
    std::vector<uint8_t> b(ints.begin(), ints.end());
    return {tensorFromData(b.data(), static_cast<int64_t>(b.size()), kBool, sizes, optionsArg(args))};
  }
  return {tensorFromData(ints.data(), static_cast<int64_t>(ints.size()), kLong, sizes, optionsArg(args))};
}

}  // namespace ember::compat

namespace ember::compat {

EMBER_COMPAT_ADAPTER("random") {
  const std::string op = stringArg(args, "op");
  manual_seed(static_cast<uint64_t>(intArg(args, "seed")));
  TensorOptions o;
  if (auto dt = dtypeArg(args, "dtype")) o = o.dtype(*dt);
  if (op == "rand") return {rand(intListArg(args, "sizes"), o)};
  if (op == "randn") return {randn(intListArg(args, "sizes"), o)};
  if (op == "randint") return {randint(intArg(args, "low"), intArg(args, "high"), intListArg(args, "sizes"), o)};
  if (op == "randperm") return {randperm(intArg(args, "n"), o)};
  if (op == "normal") {
    return {normal(doubleArg(args, "mean"), doubleArg(args, "std"), intListArg(args, "sizes"), nullptr, o)};
  }
  if (op == "randn_sequence") {
    std::vector<Tensor> outs;
    for (const auto& s : args.at("sizes")) outs.push_back(randn(s.get<std::vector<int64_t>>()));
    return outs;
  }
  throw std::runtime_error("unknown random op " + op);
}

EMBER_COMPAT_ADAPTER("inplace_random") {
  const std::string op = stringArg(args, "op");
  manual_seed(static_cast<uint64_t>(intArg(args, "seed")));
  Tensor x = in[0];
  if (op == "uniform_") uniform_(x, doubleArg(args, "from"), doubleArg(args, "to"));
  else if (op == "normal_") normal_(x, doubleArg(args, "mean"), doubleArg(args, "std"));
  else if (op == "exponential_") exponential_(x, doubleArg(args, "lambd"));
  else if (op == "bernoulli_") bernoulli_(x, doubleArg(args, "p"));
  else if (op == "random_") random_(x);
  else if (op == "random_to") random_(x, intArg(args, "to"));
  else throw std::runtime_error("unknown in-place random op " + op);
  return {x};
}

EMBER_COMPAT_ADAPTER("bernoulli_p") {
  manual_seed(static_cast<uint64_t>(intArg(args, "seed")));
  return {bernoulli(in[0])};
}

EMBER_COMPAT_ADAPTER("normal_tensor") {
  manual_seed(static_cast<uint64_t>(intArg(args, "seed")));
  const bool hasMean = boolArg(args, "has_mean"), hasStd = boolArg(args, "has_std");
  if (hasMean && hasStd) return {normal(in[0], in[1])};
  if (hasMean) return {normal(in[0], doubleArg(args, "std"))};
  return {normal(doubleArg(args, "mean"), in[0])};
}

}  // namespace ember::compat
