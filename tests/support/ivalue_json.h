// The JSON encoding of values the differential suites share (tests/compat/programs/README.md,
// "Value encoding"): decoding PyTorch's recorded inputs into IValues and comparing ember's
// results with PyTorch's, tensors with dtype-dependent tolerances.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"
#include "ember/runtime/autograd.h"
#include "ember/tensor.h"

namespace ember::testing_support {

using namespace ember::jit;  // NOLINT: test support over the JIT's value types
using json = nlohmann::json;

// ---- decoding inputs ----

inline IValue decode(const json& j, const TypePtr& hint);

inline TypePtr elementHint(const TypePtr& hint, size_t i = 0) {
  if (!hint) return nullptr;
  if (auto opt = hint->cast<OptionalType>()) return elementHint(opt->containedTypes()[0], i);
  auto contained = hint->containedTypes();
  if (hint->kind() == TypeKind::TupleType) return i < contained.size() ? contained[i] : nullptr;
  return contained.empty() ? nullptr : contained[0];
}

// The element type of a list literal from its hint, or from its first element.
inline TypePtr listElementType(const json& arr, const TypePtr& hint) {
  TypePtr t = hint;
  if (t && t->kind() == TypeKind::OptionalType) t = t->containedTypes()[0];
  if (t && t->kind() == TypeKind::ListType) return t->containedTypes()[0];
  if (arr.empty()) return TensorType::get();
  const json& e = arr[0];
  if (e.is_boolean()) return BoolType::get();
  if (e.is_number_integer()) return IntType::get();
  if (e.is_number_float() || (e.is_object() && e.contains("float"))) return FloatType::get();
  if (e.is_string()) return StringType::get();
  if (e.is_object() && e.contains("tensor")) return TensorType::get();
  return AnyType::get();
}

inline Tensor decodeTensor(const json& t) {
  ScalarType dtype = parseScalarType(t.at("dtype").get<std::string>());
  std::vector<int64_t> sizes = t.at("sizes").get<std::vector<int64_t>>();
  const json& data = t.at("data");
  Tensor flat;
  if (isFloatingType(dtype)) {
    std::vector<double> v;
    for (const json& x : data) {
      if (x.is_object()) {
        std::string s = x.at("float");
        v.push_back(s == "nan" ? NAN : (s == "inf" ? INFINITY : -INFINITY));
      } else {
        v.push_back(x.get<double>());
      }
    }
    flat = tensor(v, kDouble);
  } else {
    std::vector<int64_t> v;
    for (const json& x : data) v.push_back(x.is_boolean() ? int64_t(x.get<bool>()) : x.get<int64_t>());
    flat = tensor(v, kLong);
  }
  Tensor result = flat.reshape(sizes).to(dtype);
  // `"requires_grad": true` (tests/compat/autodiff): a leaf that requires grad, with recording on.
  if (t.value("requires_grad", false)) {
    result.set_requires_grad(true);
    autograd::markActive();
  }
  return result;
}

inline IValue decode(const json& j, const TypePtr& hint) {
  if (j.is_null()) return IValue();
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) {
    if (hint && hint->kind() == TypeKind::FloatType) return IValue(double(j.get<int64_t>()));
    return IValue(j.get<int64_t>());
  }
  if (j.is_number_float()) return IValue(j.get<double>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.is_array()) {
    TypePtr elem = listElementType(j, hint);
    std::vector<IValue> items;
    for (const json& e : j) items.push_back(decode(e, elem));
    return makeList(elem, std::move(items));
  }
  if (j.contains("float")) {
    std::string s = j.at("float");
    return IValue(s == "nan" ? double(NAN) : (s == "inf" ? double(INFINITY) : double(-INFINITY)));
  }
  if (j.contains("tensor")) return IValue(decodeTensor(j.at("tensor")));
  if (j.contains("dtype")) return IValue(parseScalarType(j.at("dtype").get<std::string>()));
  if (j.contains("device")) return IValue(Device::parse(j.at("device").get<std::string>()));
  if (j.contains("tuple")) {
    std::vector<IValue> items;
    size_t i = 0;
    for (const json& e : j.at("tuple")) items.push_back(decode(e, elementHint(hint, i++)));
    return makeTuple(std::move(items));
  }
  if (j.contains("dict")) {
    TypePtr t = hint;
    if (t && t->kind() == TypeKind::OptionalType) t = t->containedTypes()[0];
    TypePtr keyType = StringType::get(), valueType = AnyType::get();
    if (t && t->kind() == TypeKind::DictType) {
      keyType = t->containedTypes()[0];
      valueType = t->containedTypes()[1];
    }
    auto d = DictImpl::create(keyType, valueType);
    for (const json& kv : j.at("dict")) d->insertOrAssign(decode(kv.at(0), keyType), decode(kv.at(1), valueType));
    return IValue(d);
  }
  throw std::runtime_error("cannot decode input " + j.dump());
}

// PyTorch converts a Python list or dict argument into a new TorchScript one, so the caller
// never sees the program mutate it; tensors are passed as they are. The call gets such copies.
inline IValue copyContainers(const IValue& v) {
  if (v.isList()) {
    const ListImpl& l = v.toListRef();
    std::vector<IValue> items;
    for (const IValue& e : l.elements) items.push_back(copyContainers(e));
    return makeList(l.elementType, std::move(items));
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const IValue& e : v.toTupleRef().elements) items.push_back(copyContainers(e));
    return makeTuple(std::move(items));
  }
  if (v.isGenericDict()) {
    const DictImpl& d = v.toDictRef();
    auto copy = DictImpl::create(d.keyType, d.valueType);
    for (const auto& [k, val] : d.items()) copy->insertOrAssign(copyContainers(k), copyContainers(val));
    return IValue(copy);
  }
  return v;
}

// ---- comparing results ----

inline bool closeDouble(double a, double b, double rtol, double atol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}

inline double jsonDouble(const json& j) {
  if (j.is_object()) {
    std::string s = j.at("float");
    return s == "nan" ? NAN : (s == "inf" ? INFINITY : -INFINITY);
  }
  if (j.is_boolean()) return j.get<bool>();
  return j.get<double>();
}

inline std::string show(const IValue& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

inline bool matchTensor(const Tensor& t, const json& e, std::string& why) {
  ScalarType want = parseScalarType(e.at("dtype").get<std::string>());
  if (t.scalar_type() != want) {
    why = "dtype " + scalarTypeTorchName(t.scalar_type()) + " != " + scalarTypeTorchName(want);
    return false;
  }
  std::vector<int64_t> sizes = e.at("sizes").get<std::vector<int64_t>>();
  if (std::vector<int64_t>(t.sizes().begin(), t.sizes().end()) != sizes) {
    why = "sizes differ";
    return false;
  }
  Tensor d = t.to(kDouble).contiguous();
  const double* p = d.data_ptr<double>();
  const json& data = e.at("data");
  bool exact = !isFloatingType(want);
  double rtol = want == ScalarType::Double ? 1e-7 : 1e-4, atol = want == ScalarType::Double ? 1e-9 : 1e-5;
  for (int64_t i = 0; i < d.numel(); ++i) {
    double w = jsonDouble(data.at(i));
    if (exact ? p[i] != w : !closeDouble(p[i], w, rtol, atol)) {
      why = "element " + std::to_string(i) + ": " + std::to_string(p[i]) + " != " + std::to_string(w);
      return false;
    }
  }
  return true;
}

inline bool match(const IValue& v, const json& e, std::string& why);

inline bool matchSequence(const std::vector<IValue>& items, const json& arr, std::string& why) {
  if (items.size() != arr.size()) {
    why = "length " + std::to_string(items.size()) + " != " + std::to_string(arr.size());
    return false;
  }
  for (size_t i = 0; i < items.size(); ++i) {
    if (!match(items[i], arr[i], why)) {
      why = "[" + std::to_string(i) + "] " + why;
      return false;
    }
  }
  return true;
}

inline bool match(const IValue& v, const json& e, std::string& why) {
  auto fail = [&](const std::string& what) {
    why = what + ": got " + show(v) + ", expected " + e.dump();
    return false;
  };
  if (e.is_null()) return v.isNone() || fail("not None");
  if (e.is_boolean()) return (v.isBool() && v.toBool() == e.get<bool>()) || fail("bool");
  if (e.is_number_integer()) return (v.isInt() && v.toInt() == e.get<int64_t>()) || fail("int");
  if (e.is_number_float() || (e.is_object() && e.contains("float")))
    return (v.isDouble() && closeDouble(v.toDouble(), jsonDouble(e), 1e-9, 1e-12)) || fail("float");
  if (e.is_string()) return (v.isString() && v.toStringRef() == e.get<std::string>()) || fail("str");
  if (e.is_array()) {
    if (!v.isList()) return fail("not a list");
    return matchSequence(v.toListRef().elements, e, why);
  }
  if (e.contains("tuple")) {
    if (!v.isTuple()) return fail("not a tuple");
    return matchSequence(v.toTupleRef().elements, e.at("tuple"), why);
  }
  if (e.contains("dict")) {
    if (!v.isGenericDict()) return fail("not a dict");
    auto items = v.toDictRef().items();
    const json& kvs = e.at("dict");
    if (items.size() != kvs.size()) return fail("dict size");
    for (size_t i = 0; i < items.size(); ++i) {
      if (!match(items[i].first, kvs[i].at(0), why) || !match(items[i].second, kvs[i].at(1), why)) {
        why = "dict item " + std::to_string(i) + ": " + why;
        return false;
      }
    }
    return true;
  }
  if (e.contains("tensor")) {
    if (!v.isTensor()) return fail("not a tensor");
    return matchTensor(v.toTensor(), e.at("tensor"), why);
  }
  if (e.contains("dtype")) {
    bool ok = v.isInt() && v.toInt() == static_cast<int64_t>(parseScalarType(e.at("dtype").get<std::string>()));
    return ok || fail("dtype");
  }
  if (e.contains("device")) return (v.isDevice() && v.toDevice().str() == e.at("device").get<std::string>()) || fail("device");
  return fail("unknown expected encoding");
}

}  // namespace ember::testing_support
