// Adapters for the indexing family's differential cases (cases_indexing.py).
#include "ember/tensor/ops/indexing.h"
#include "harness.h"

namespace ember::compat {
namespace {

std::optional<int64_t> optInt(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<int64_t>();
}

// The Python index list encoded by cases_indexing.py (see its docstring).
std::vector<TensorIndex> pythonIndex(const nlohmann::json& spec, const std::vector<Tensor>& in) {
  std::vector<TensorIndex> out;
  for (const auto& e : spec) {
    if (e.contains("int")) {
      out.emplace_back(e["int"].get<int64_t>());
    } else if (e.contains("slice")) {
      const auto& s = e["slice"];
      indexing::Slice slice;
      if (s.size() > 0) slice.start = optInt(s[0]);
      if (s.size() > 1) slice.stop = optInt(s[1]);
      if (s.size() > 2) slice.step = optInt(s[2]);
      out.emplace_back(slice);
    } else if (e.contains("none")) {
      out.emplace_back(indexing::None);
    } else if (e.contains("ellipsis")) {
      out.emplace_back(indexing::Ellipsis);
    } else if (e.contains("bool")) {
      out.emplace_back(e["bool"].get<bool>());
    } else {
      out.emplace_back(in.at(e["tensor"].get<size_t>()));
    }
  }
  return out;
}

// An aten Tensor?[] list: input positions or null.
std::vector<std::optional<Tensor>> optionalTensors(const nlohmann::json& list, const std::vector<Tensor>& in) {
  std::vector<std::optional<Tensor>> out;
  for (const auto& e : list) {
    if (e.is_null()) out.emplace_back(std::nullopt);
    else out.emplace_back(in.at(e.get<size_t>()));
  }
  return out;
}

}  // namespace

EMBER_COMPAT_ADAPTER("getitem") { return {in[0].index(pythonIndex(args.at("index"), in))}; }

EMBER_COMPAT_ADAPTER("setitem") {
  auto idx = pythonIndex(args.at("index"), in);
  if (hasArg(args, "value_input")) in[0].index_put_(idx, in.at(intArg(args, "value_input")));
  else in[0].index_put_(idx, scalarArg(args, "value"));
  return {in[0]};
}

EMBER_COMPAT_ADAPTER("index") { return {index(in[0], optionalTensors(args.at("indices"), in))}; }

EMBER_COMPAT_ADAPTER("index_put_") {
  index_put_(in[0], optionalTensors(args.at("indices"), in), in.at(intArg(args, "values")),
             boolArg(args, "accumulate", false));
  return {in[0]};
}

EMBER_COMPAT_ADAPTER("index_put") {
  return {index_put(in[0], optionalTensors(args.at("indices"), in), in.at(intArg(args, "values")),
                    boolArg(args, "accumulate", false))};
}

EMBER_COMPAT_ADAPTER("index_select") { return {index_select(in[0], intArg(args, "dim"), in[1])}; }

EMBER_COMPAT_ADAPTER("index_select_out") {
  Tensor out = in[2];
  index_select_out(out, in[0], intArg(args, "dim"), in[1]);
  return {out};
}

EMBER_COMPAT_ADAPTER("gather") { return {gather(in[0], intArg(args, "dim"), in[1])}; }
EMBER_COMPAT_ADAPTER("take") { return {take(in[0], in[1])}; }

EMBER_COMPAT_ADAPTER("scatter") {
  const int64_t dim = intArg(args, "dim");
  auto reduce = optionalStringArg(args, "reduce");
  if (hasArg(args, "value")) {
    Scalar v = scalarArg(args, "value");
    return {reduce ? scatter(in[0], dim, in[1], v, *reduce) : scatter(in[0], dim, in[1], v)};
  }
  return {reduce ? scatter(in[0], dim, in[1], in[2], *reduce) : scatter(in[0], dim, in[1], in[2])};
}

EMBER_COMPAT_ADAPTER("scatter_") {
  scatter_(in[0], intArg(args, "dim"), in[1], in[2]);
  return {in[0]};
}

EMBER_COMPAT_ADAPTER("scatter_add") { return {scatter_add(in[0], intArg(args, "dim"), in[1], in[2])}; }

EMBER_COMPAT_ADAPTER("index_add") {
  return {index_add(in[0], intArg(args, "dim"), in[1], in[2], scalarArg(args, "alpha", 1))};
}

EMBER_COMPAT_ADAPTER("index_fill") {
  if (in.size() > 2) return {index_fill(in[0], intArg(args, "dim"), in[1], in[2])};
  return {index_fill(in[0], intArg(args, "dim"), in[1], scalarArg(args, "value"))};
}

EMBER_COMPAT_ADAPTER("masked_fill") {
  if (in.size() > 2) return {masked_fill(in[0], in[1], in[2])};
  return {masked_fill(in[0], in[1], scalarArg(args, "value"))};
}

EMBER_COMPAT_ADAPTER("masked_fill_") {
  masked_fill_(in[0], in[1], scalarArg(args, "value"));
  return {in[0]};
}

EMBER_COMPAT_ADAPTER("masked_select") { return {masked_select(in[0], in[1])}; }
EMBER_COMPAT_ADAPTER("nonzero") { return {nonzero(in[0])}; }
EMBER_COMPAT_ADAPTER("nonzero_numpy") { return nonzero_numpy(in[0]); }

}  // namespace ember::compat
