// The C++ half of the tensor-op differential tests (see README.md here).
//
// An adapter runs one op in ember for a case written by gen.py:
//
//   EMBER_COMPAT_ADAPTER("add") {
//     return {ember::add(in[0], in[1], scalarArg(args, "alpha", 1))};
//   }
//
// `in` holds the case's inputs (fresh copies per case, with PyTorch's sizes, strides, storage
// offsets and storage sharing); `args` is the case's JSON arguments. Return the outputs in
// PyTorch's order; Python scalars compare against 0-dim tensors (see scalarTensor).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ember/tensor.h"

namespace ember::compat {

using Adapter = std::vector<Tensor> (*)(const std::vector<Tensor>& in, const nlohmann::json& args);

// Registers `fn` under `op`; returns true so it can initialise a static.
bool registerAdapter(const std::string& op, Adapter fn);
const Adapter* findAdapter(const std::string& op);

// ---- argument helpers: a missing key gives the default; a wrong JSON type throws ----
Scalar scalarArg(const nlohmann::json& args, const std::string& key, Scalar fallback = 0);
Scalar toScalar(const nlohmann::json& value);  // int stays int, float stays float, bool stays bool
int64_t intArg(const nlohmann::json& args, const std::string& key, int64_t fallback = 0);
double doubleArg(const nlohmann::json& args, const std::string& key, double fallback = 0.0);
bool boolArg(const nlohmann::json& args, const std::string& key, bool fallback = false);
std::string stringArg(const nlohmann::json& args, const std::string& key, const std::string& fallback = "");
std::vector<int64_t> intListArg(const nlohmann::json& args, const std::string& key,
                                std::vector<int64_t> fallback = {});
std::optional<int64_t> optionalIntArg(const nlohmann::json& args, const std::string& key);
std::optional<double> optionalDoubleArg(const nlohmann::json& args, const std::string& key);
std::optional<Scalar> optionalScalarArg(const nlohmann::json& args, const std::string& key);
std::optional<std::string> optionalStringArg(const nlohmann::json& args, const std::string& key);
// "float32" / "torch.float32" -> ScalarType; absent or null -> nullopt.
std::optional<ScalarType> dtypeArg(const nlohmann::json& args, const std::string& key);
bool hasArg(const nlohmann::json& args, const std::string& key);

// A 0-dim tensor holding a Python scalar result: bool -> Bool, int -> Long, float -> Double.
Tensor scalarTensor(const Scalar& value);

}  // namespace ember::compat

#define EMBER_COMPAT_CONCAT_(a, b) a##b
#define EMBER_COMPAT_CONCAT(a, b) EMBER_COMPAT_CONCAT_(a, b)
#define EMBER_COMPAT_ADAPTER(op)                                                                   \
  static std::vector<::ember::Tensor> EMBER_COMPAT_CONCAT(compatAdapter_, __LINE__)(              \
      const std::vector<::ember::Tensor>& in, const nlohmann::json& args);                        \
  [[maybe_unused]] static const bool EMBER_COMPAT_CONCAT(compatRegistered_, __LINE__) =           \
      ::ember::compat::registerAdapter(op, &EMBER_COMPAT_CONCAT(compatAdapter_, __LINE__));       \
  static std::vector<::ember::Tensor> EMBER_COMPAT_CONCAT(compatAdapter_, __LINE__)(              \
      [[maybe_unused]] const std::vector<::ember::Tensor>& in, [[maybe_unused]] const nlohmann::json& args)
