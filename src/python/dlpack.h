// DLPack (https://dmlc.github.io/dlpack/): the C ABI that frameworks exchange tensors through
// without copying. torch.from_dlpack(x) calls x.__dlpack__() and x.__dlpack_device__(); ember
// both produces and consumes the "dltensor" capsules. The structs below follow the DLPack 0.6
// ABI (the version PyTorch 1.13 speaks); they are declared here rather than taken from a header
// because only these few definitions are needed.
#pragma once

#include <cstdint>

#include <pybind11/pybind11.h>

#include "ember/tensor/tensor.h"

namespace ember::python {

namespace py = pybind11;

struct DLDevice {
  int32_t device_type;  // 1: CPU
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;  // 0 int, 1 uint, 2 float, 4 bfloat, 5 complex, 6 bool (DLPack 0.8)
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;  // in elements; null means compact row-major
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

constexpr int32_t kDLCPU = 1;

// A "dltensor" capsule viewing `t` (kept alive until the consumer calls the deleter, or the
// capsule dies unconsumed).
py::capsule toDLPack(const Tensor& t);
// Takes over a "dltensor" capsule (renaming it "used_dltensor", as the protocol requires); the
// result views the producer's memory. Only CPU tensors are accepted.
Tensor fromDLPack(const py::capsule& capsule);
// Any object with __dlpack__ (torch.Tensor, numpy arrays, ember.Tensor) or a capsule.
Tensor fromDLPackObject(const py::handle& obj);

}  // namespace ember::python
