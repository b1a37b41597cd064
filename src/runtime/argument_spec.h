// ArgumentSpec: what the graph executor specialises a plan on (the spec's "Specialization"): for
// every tensor among the inputs, also inside tuples, whether it is defined, its dtype, rank,
// requires_grad and device type. Optional tensors that are None count as undefined. Other
// inputs contribute nothing (their types are fixed by the graph).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "ember/core/ivalue.h"

namespace ember::jit {

class ArgumentSpec {
 public:
  ArgumentSpec() = default;
  // From the `n` values starting at `inputs`.
  ArgumentSpec(const IValue* inputs, size_t n);

  // Compares without building a spec: the executor's allocation-free fast path.
  bool matches(const IValue* inputs, size_t n) const;

  size_t hash() const { return hash_; }
  const std::vector<uint32_t>& entries() const { return entries_; }
  friend bool operator==(const ArgumentSpec& a, const ArgumentSpec& b) {
    return a.hash_ == b.hash_ && a.entries_ == b.entries_;
  }

  // Decoding one entry (for refining the graph's input types).
  static bool isDefined(uint32_t e) { return e & 1; }
  static bool requiresGrad(uint32_t e) { return (e >> 1) & 1; }
  static ScalarType dtype(uint32_t e) { return static_cast<ScalarType>((e >> 2) & 0xff); }
  static DeviceType deviceType(uint32_t e) { return static_cast<DeviceType>((e >> 10) & 0x3f); }
  static size_t rank(uint32_t e) { return e >> 16; }
  // The entry for one value; kNotTensor for values that are neither tensors nor None.
  static constexpr uint32_t kNotTensor = 0xffffffffu;
  static constexpr uint32_t kTupleMarker = 0xfffffffeu;
  static uint32_t encode(const IValue& v);

 private:
  std::vector<uint32_t> entries_;
  size_t hash_ = 0;
};

struct ArgumentSpecHash {
  size_t operator()(const ArgumentSpec& s) const { return s.hash(); }
};

}  // namespace ember::jit
