// DLPack export and import of ember tensors (see dlpack.h).
#include "python/dlpack.h"

#include <vector>

#include "ember/error.h"

namespace ember::python {
namespace {

const char* kCapsuleName = "dltensor";
const char* kUsedCapsuleName = "used_dltensor";

// What an exported DLManagedTensor owns: a reference to the tensor and its geometry arrays.
struct ExportContext {
  Tensor tensor;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  DLManagedTensor managed{};
};

DLDataType toDLDataType(ScalarType t) {
  uint8_t bits = static_cast<uint8_t>(elementSize(t) * 8);
  switch (t) {
    case ScalarType::Byte: return {1, bits, 1};
    case ScalarType::Bool: return {1, bits, 1};  // DLPack 0.6 has no bool; PyTorch 1.13 sends uint8 too
    case ScalarType::Char:
    case ScalarType::Short:
    case ScalarType::Int:
    case ScalarType::Long: return {0, bits, 1};
    case ScalarType::Half:
    case ScalarType::Float:
    case ScalarType::Double: return {2, bits, 1};
    case ScalarType::BFloat16: return {4, bits, 1};
    case ScalarType::ComplexFloat:
    case ScalarType::ComplexDouble: return {5, bits, 1};
    default: EMBER_ERROR("DLPack cannot carry tensors of dtype ", scalarTypeTorchName(t));
  }
}

ScalarType fromDLDataType(DLDataType d) {
  EMBER_CHECK(d.lanes == 1, "DLPack tensors with vector lanes (", d.lanes, ") are not supported");
  switch (d.code) {
    case 0:
      if (d.bits == 8) return ScalarType::Char;
      if (d.bits == 16) return ScalarType::Short;
      if (d.bits == 32) return ScalarType::Int;
      if (d.bits == 64) return ScalarType::Long;
      break;
    case 1:
      if (d.bits == 8) return ScalarType::Byte;
      break;
    case 2:
      if (d.bits == 16) return ScalarType::Half;
      if (d.bits == 32) return ScalarType::Float;
      if (d.bits == 64) return ScalarType::Double;
      break;
    case 4:
      if (d.bits == 16) return ScalarType::BFloat16;
      break;
    case 5:
      if (d.bits == 64) return ScalarType::ComplexFloat;
      if (d.bits == 128) return ScalarType::ComplexDouble;
      break;
    case 6:
      if (d.bits == 8) return ScalarType::Bool;
      break;
  }
  EMBER_ERROR("unsupported DLPack data type (code ", int(d.code), ", bits ", int(d.bits), ")");
}

void deleteExport(DLManagedTensor* self) { delete static_cast<ExportContext*>(self->manager_ctx); }

}  // namespace

py::capsule toDLPack(const Tensor& t) {
  EMBER_CHECK(t.defined(), "cannot export an undefined tensor through DLPack");
  EMBER_CHECK(t.is_cpu(), "only CPU tensors can be exported through DLPack");
  auto* ctx = new ExportContext;
  ctx->tensor = t;
  ctx->shape.assign(t.sizes().begin(), t.sizes().end());
  ctx->strides.assign(t.strides().begin(), t.strides().end());
  DLTensor& dl = ctx->managed.dl_tensor;
  try {
    dl.dtype = toDLDataType(t.dtype());
  } catch (...) {
    delete ctx;
    throw;
  }
  dl.data = t.data_ptr();
  dl.device = {kDLCPU, 0};
  dl.ndim = static_cast<int32_t>(t.dim());
  dl.shape = ctx->shape.data();
  dl.strides = ctx->strides.data();
  dl.byte_offset = 0;
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = deleteExport;
  // An unconsumed capsule still owns the tensor; a consumed one was renamed and is the
  // consumer's to free.
  return py::capsule(&ctx->managed, kCapsuleName, [](PyObject* capsule) {
    if (PyCapsule_IsValid(capsule, kCapsuleName)) {
      auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
      if (m && m->deleter) m->deleter(m);
    }
  });
}

Tensor fromDLPack(const py::capsule& capsule) {
  EMBER_CHECK(PyCapsule_IsValid(capsule.ptr(), kCapsuleName),
              "from_dlpack expects a DLTensor capsule named 'dltensor' that was not consumed yet");
  auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), kCapsuleName));
  const DLTensor& dl = m->dl_tensor;
  EMBER_CHECK(dl.device.device_type == kDLCPU, "ember only imports CPU tensors through DLPack (device type ",
              dl.device.device_type, ")");
  EMBER_CHECK(dl.ndim >= 0, "DLPack tensor with negative ndim");
  ScalarType dtype = fromDLDataType(dl.dtype);
  std::vector<int64_t> sizes(dl.shape, dl.shape + dl.ndim);
  std::vector<int64_t> strides = dl.strides ? std::vector<int64_t>(dl.strides, dl.strides + dl.ndim)
                                            : std::vector<int64_t>(contiguousStrides(sizes).begin(),
                                                                   contiguousStrides(sizes).end());
  int64_t extent = 1;  // elements from the first one to one past the last one
  bool empty = false;
  for (int32_t i = 0; i < dl.ndim; ++i) {
    EMBER_CHECK(sizes[i] >= 0 && strides[i] >= 0, "DLPack tensors with negative sizes or strides are not supported");
    if (sizes[i] == 0) empty = true;
    extent += (sizes[i] - 1) * strides[i];
  }
  size_t nbytes = empty ? 0 : static_cast<size_t>(extent) * elementSize(dtype);
  void* data = static_cast<char*>(dl.data) + dl.byte_offset;
  PyCapsule_SetName(capsule.ptr(), kUsedCapsuleName);
  Storage storage = Storage::wrap(data, nbytes, [m] {
    if (m->deleter) {
      py::gil_scoped_acquire gil;  // the producer's deleter may release Python objects
      m->deleter(m);
    }
  });
  return Tensor::make(storage, dtype, sizes, strides, 0);
}

Tensor fromDLPackObject(const py::handle& obj) {
  if (py::isinstance<py::capsule>(obj)) return fromDLPack(py::reinterpret_borrow<py::capsule>(obj));
  EMBER_CHECK(py::hasattr(obj, "__dlpack__"), "expected an object with __dlpack__ or a DLPack capsule, got ",
              std::string(py::str(py::type::of(obj).attr("__name__"))));
  return fromDLPack(obj.attr("__dlpack__")().cast<py::capsule>());
}

}  // namespace ember::python
