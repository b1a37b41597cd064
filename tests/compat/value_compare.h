// Comparing values ember computed with the values PyTorch saved (torch.save), for the
// differential suites that run whole programs: tensors within tolerances (dtype and shape exact,
// NaN matches NaN, integers and bools exact), sequences, dicts and numbers recursively.
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/tensor.h"

namespace ember::testing_support {

using jit::IValue;

struct Tolerance {
  double rtol, atol;
};

inline std::string compareTensors(const Tensor& a, const Tensor& e, Tolerance tol) {
  std::ostringstream why;
  if (a.scalar_type() != e.scalar_type()) {
    why << "dtype " << a.scalar_type() << " != " << e.scalar_type();
    return why.str();
  }
  if (a.sizes() != e.sizes()) {
    why << "shape " << a.sizes() << " != " << e.sizes();
    return why.str();
  }
  Tensor ad = a.to(kDouble).contiguous(), ed = e.to(kDouble).contiguous();
  const double* x = ad.data_ptr<double>();
  const double* y = ed.data_ptr<double>();
  bool exact = !isFloatingType(e.scalar_type());
  int64_t bad = 0, first = -1;
  double worst = 0;
  for (int64_t i = 0; i < ad.numel(); ++i) {
    bool ok = exact ? x[i] == y[i]
                    : (std::isnan(x[i]) && std::isnan(y[i])) || x[i] == y[i] ||
                          std::fabs(x[i] - y[i]) <= tol.atol + tol.rtol * std::fabs(y[i]);
    if (!ok) {
      if (first < 0) first = i;
      ++bad;
      worst = std::max(worst, std::fabs(x[i] - y[i]));
    }
  }
  if (bad == 0) return "";
  why << bad << " of " << ad.numel() << " elements differ (max |diff| " << worst << "); first at " << first
      << ": ember " << x[first] << ", PyTorch " << y[first];
  return why.str();
}

// "" when equal; otherwise where and how they differ.
inline std::string compareValues(const IValue& a, const IValue& e, Tolerance tol, const std::string& path) {
  auto fail = [&](const std::string& what) { return path + ": " + what; };
  if (e.isTensor()) {
    if (!a.isTensor()) return fail("expected a Tensor, got " + std::string(a.tagKind()));
    std::string why = compareTensors(a.toTensor(), e.toTensor(), tol);
    return why.empty() ? "" : fail(why);
  }
  if (e.isTuple() || e.isList()) {
    if (!(a.isTuple() || a.isList())) return fail("expected a sequence, got " + std::string(a.tagKind()));
    const auto& ae = a.isTuple() ? a.toTupleRef().elements : a.toListRef().elements;
    const auto& ee = e.isTuple() ? e.toTupleRef().elements : e.toListRef().elements;
    if (ae.size() != ee.size()) return fail("length " + std::to_string(ae.size()) + " != " + std::to_string(ee.size()));
    for (size_t i = 0; i < ee.size(); ++i)
      if (auto why = compareValues(ae[i], ee[i], tol, path + "[" + std::to_string(i) + "]"); !why.empty()) return why;
    return "";
  }
  if (e.isGenericDict()) {
    if (!a.isGenericDict()) return fail("expected a dict, got " + std::string(a.tagKind()));
    const auto& ad = a.toDictRef();
    const auto& ed = e.toDictRef();
    if (ad.size() != ed.size()) return fail("dict sizes differ");
    std::string why;
    ed.forEach([&](const IValue& k, const IValue& v) {
      if (!why.empty()) return;
      const IValue* av = ad.find(k);
      if (!av) why = fail("missing key " + k.repr());
      else why = compareValues(*av, v, tol, path + "[" + k.repr() + "]");
    });
    return why;
  }
  if (e.isDouble()) {
    if (!(a.isDouble() || a.isInt())) return fail("expected a float, got " + std::string(a.tagKind()));
    double x = a.isDouble() ? a.toDouble() : static_cast<double>(a.toInt()), y = e.toDouble();
    return std::fabs(x - y) <= tol.atol + tol.rtol * std::fabs(y) ? "" : fail(a.repr() + " != " + e.repr());
  }
  return a.repr() == e.repr() ? "" : fail(a.repr() + " != " + e.repr());
}

}  // namespace ember::testing_support
