// Adapters for the reduce family's differential cases (cases_reduce.py). Common args:
// "dim" (int, list or null), "keepdim", "dtype"; "out": run the _out form into an empty tensor.
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "harness.h"

namespace ember::compat {
namespace {

// A dim list; null or absent means "all dims" (the empty list).
std::vector<int64_t> dimList(const nlohmann::json& args) {
  if (!args.contains("dim") || args["dim"].is_null()) return {};
  if (args["dim"].is_number_integer()) return {args["dim"].get<int64_t>()};
  return args["dim"].get<std::vector<int64_t>>();
}
bool keep(const nlohmann::json& args) { return boolArg(args, "keepdim", false); }
std::vector<Tensor> pair(const std::tuple<Tensor, Tensor>& t) { return {std::get<0>(t), std::get<1>(t)}; }
Tensor outOf(const nlohmann::json& args, ScalarType fallback) {
  return empty({0}, dtypeArg(args, "out_dtype").value_or(fallback));
}

}  // namespace

EMBER_COMPAT_ADAPTER("reduce.sum") {
  auto dtype = dtypeArg(args, "dtype");
  if (boolArg(args, "out")) {
    Tensor out = outOf(args, kFloat);
    sum_out(out, in[0], dimList(args), keep(args), dtype);
    return {out};
  }
  if (!hasArg(args, "dim")) return {sum(in[0], dtype)};
  return {sum(in[0], dimList(args), keep(args), dtype)};
}

EMBER_COMPAT_ADAPTER("reduce.nansum") { return {nansum(in[0], dimList(args), keep(args), dtypeArg(args, "dtype"))}; }

EMBER_COMPAT_ADAPTER("reduce.mean") {
  auto dtype = dtypeArg(args, "dtype");
  if (boolArg(args, "out")) {
    Tensor out = outOf(args, kFloat);
    mean_out(out, in[0], dimList(args), keep(args), dtype);
    return {out};
  }
  if (!hasArg(args, "dim")) return {mean(in[0], dtype)};
  return {mean(in[0], dimList(args), keep(args), dtype)};
}

EMBER_COMPAT_ADAPTER("reduce.prod") {
  auto dim = optionalIntArg(args, "dim");
  if (!dim) return {prod(in[0], dtypeArg(args, "dtype"))};
  return {prod(in[0], *dim, keep(args), dtypeArg(args, "dtype"))};
}

EMBER_COMPAT_ADAPTER("reduce.logsumexp") { return {logsumexp(in[0], dimList(args), keep(args))}; }

EMBER_COMPAT_ADAPTER("reduce.max") {
  auto dim = optionalIntArg(args, "dim");
  if (!dim) return {max(in[0])};
  if (boolArg(args, "out")) {
    Tensor v = empty({0}, in[0].dtype()), i = empty({0}, kLong);
    max_out(v, i, in[0], *dim, keep(args));
    return {v, i};
  }
  return pair(max(in[0], *dim, keep(args)));
}

EMBER_COMPAT_ADAPTER("reduce.min") {
  auto dim = optionalIntArg(args, "dim");
  if (!dim) return {min(in[0])};
  return pair(min(in[0], *dim, keep(args)));
}

EMBER_COMPAT_ADAPTER("reduce.amax") {
  if (boolArg(args, "out")) {
    Tensor out = outOf(args, in[0].dtype());
    amax_out(out, in[0], dimList(args), keep(args));
    return {out};
  }
  return {amax(in[0], dimList(args), keep(args))};
}
EMBER_COMPAT_ADAPTER("reduce.amin") { return {amin(in[0], dimList(args), keep(args))}; }
EMBER_COMPAT_ADAPTER("reduce.aminmax") { return pair(aminmax(in[0], optionalIntArg(args, "dim"), keep(args))); }
EMBER_COMPAT_ADAPTER("reduce.argmax") { return {argmax(in[0], optionalIntArg(args, "dim"), keep(args))}; }
EMBER_COMPAT_ADAPTER("reduce.argmin") { return {argmin(in[0], optionalIntArg(args, "dim"), keep(args))}; }

// "correction" selects the correction overload; otherwise "unbiased" (default true).
EMBER_COMPAT_ADAPTER("reduce.var") {
  if (hasArg(args, "correction"))
    return {var(in[0], dimList(args), optionalIntArg(args, "correction"), keep(args))};
  return {var(in[0], dimList(args), boolArg(args, "unbiased", true), keep(args))};
}
EMBER_COMPAT_ADAPTER("reduce.std") {
  if (hasArg(args, "correction"))
    return {std(in[0], dimList(args), optionalIntArg(args, "correction"), keep(args))};
  return {std(in[0], dimList(args), boolArg(args, "unbiased", true), keep(args))};
}
EMBER_COMPAT_ADAPTER("reduce.var_mean") {
  return pair(var_mean(in[0], dimList(args), boolArg(args, "unbiased", true), keep(args)));
}
EMBER_COMPAT_ADAPTER("reduce.std_mean") {
  return pair(std_mean(in[0], dimList(args), boolArg(args, "unbiased", true), keep(args)));
}

// "p": a number, null (2) or "fro".
EMBER_COMPAT_ADAPTER("reduce.norm") {
  auto dtype = dtypeArg(args, "dtype");
  if (args.contains("p") && args["p"].is_string())
    return {norm(in[0], std::string_view(args["p"].get<std::string>()), dimList(args), keep(args), dtype)};
  return {norm(in[0], optionalScalarArg(args, "p"), dimList(args), keep(args), dtype)};
}

EMBER_COMPAT_ADAPTER("reduce.all") {
  auto dim = optionalIntArg(args, "dim");
  return {dim ? all(in[0], *dim, keep(args)) : all(in[0])};
}
EMBER_COMPAT_ADAPTER("reduce.any") {
  auto dim = optionalIntArg(args, "dim");
  return {dim ? any(in[0], *dim, keep(args)) : any(in[0])};
}

EMBER_COMPAT_ADAPTER("reduce.cumsum") {
  if (boolArg(args, "out")) {
    Tensor out = outOf(args, kFloat);
    cumsum_out(out, in[0], intArg(args, "dim"), dtypeArg(args, "dtype"));
    return {out};
  }
  return {cumsum(in[0], intArg(args, "dim"), dtypeArg(args, "dtype"))};
}
EMBER_COMPAT_ADAPTER("reduce.cumprod") { return {cumprod(in[0], intArg(args, "dim"), dtypeArg(args, "dtype"))}; }
EMBER_COMPAT_ADAPTER("reduce.cummax") { return pair(cummax(in[0], intArg(args, "dim"))); }
EMBER_COMPAT_ADAPTER("reduce.cummin") { return pair(cummin(in[0], intArg(args, "dim"))); }

EMBER_COMPAT_ADAPTER("reduce.softmax") { return {softmax(in[0], intArg(args, "dim"), dtypeArg(args, "dtype"))}; }
EMBER_COMPAT_ADAPTER("reduce.log_softmax") {
  return {log_softmax(in[0], intArg(args, "dim"), dtypeArg(args, "dtype"))};
}

EMBER_COMPAT_ADAPTER("reduce.sort") {
  return pair(sort(in[0], true, intArg(args, "dim", -1), boolArg(args, "descending")));
}
EMBER_COMPAT_ADAPTER("reduce.argsort") {
  return {argsort(in[0], intArg(args, "dim", -1), boolArg(args, "descending"))};
}
EMBER_COMPAT_ADAPTER("reduce.topk") {
  return pair(topk(in[0], intArg(args, "k"), intArg(args, "dim", -1), boolArg(args, "largest", true), true));
}
EMBER_COMPAT_ADAPTER("reduce.kthvalue") {
  return pair(kthvalue(in[0], intArg(args, "k"), intArg(args, "dim", -1), keep(args)));
}
EMBER_COMPAT_ADAPTER("reduce.median") {
  auto dim = optionalIntArg(args, "dim");
  if (!dim) return {median(in[0])};
  return pair(median(in[0], *dim, keep(args)));
}
EMBER_COMPAT_ADAPTER("reduce.nanmedian") {
  auto dim = optionalIntArg(args, "dim");
  if (!dim) return {nanmedian(in[0])};
  return pair(nanmedian(in[0], *dim, keep(args)));
}

}  // namespace ember::compat
