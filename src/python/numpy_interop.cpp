// Buffer protocol import/export of ember tensors (see numpy_interop.h).
#include "python/numpy_interop.h"

#include <vector>

#include "ember/error.h"

namespace ember::python {
namespace {

ScalarType scalarTypeForFormat(const std::string& format, ssize_t itemsize) {
  std::string f = format;
  if (!f.empty() && (f[0] == '<' || f[0] == '=' || f[0] == '@' || f[0] == '!' || f[0] == '>')) {
    EMBER_CHECK(f[0] != '>' && f[0] != '!', "big-endian arrays are not supported");
    f = f.substr(1);
  }
  if (f == "?") return ScalarType::Bool;
  if (f == "e") return ScalarType::Half;
  if (f == "f") return ScalarType::Float;
  if (f == "d") return ScalarType::Double;
  if (f == "Zf") return ScalarType::ComplexFloat;
  if (f == "Zd") return ScalarType::ComplexDouble;
  if (f == "B") return ScalarType::Byte;
  if (f == "b") return ScalarType::Char;
  if (f == "h") return ScalarType::Short;
  if (f == "i" || ((f == "l") && itemsize == 4)) return ScalarType::Int;
  if (f == "q" || (f == "l" && itemsize == 8)) return ScalarType::Long;
  EMBER_ERROR("can't convert an array of format '", format,
              "'. The only supported types are: float64, float32, float16, complex64, complex128, int64, "
              "int32, int16, int8, uint8, and bool.");
}

const char* formatFor(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "?";
    case ScalarType::Half: return "e";
    case ScalarType::Float: return "f";
    case ScalarType::Double: return "d";
    case ScalarType::ComplexFloat: return "Zf";
    case ScalarType::ComplexDouble: return "Zd";
    case ScalarType::Byte: return "B";
    case ScalarType::Char: return "b";
    case ScalarType::Short: return "h";
    case ScalarType::Int: return "i";
    case ScalarType::Long: return "q";
    default: EMBER_ERROR("Got unsupported ScalarType ", scalarTypeTorchName(t), " for a NumPy buffer");
  }
}

}  // namespace

Tensor tensorFromNumpy(py::handle obj) {
  py::object source = py::reinterpret_borrow<py::object>(obj);
  py::buffer_info info = py::reinterpret_borrow<py::buffer>(source).request();
  bool negative = false;
  for (ssize_t s : info.strides) negative |= s < 0;
  if (negative) {
    source = py::module_::import("numpy").attr("ascontiguousarray")(source);
    info = py::reinterpret_borrow<py::buffer>(source).request();
  }
  ScalarType dtype = scalarTypeForFormat(info.format, info.itemsize);
  std::vector<int64_t> sizes(info.shape.begin(), info.shape.end());
  std::vector<int64_t> strides;
  int64_t extent = 1;
  bool empty = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    EMBER_CHECK(info.strides[i] % info.itemsize == 0,
                "given numpy array strides not a multiple of the element byte size");
    strides.push_back(info.strides[i] / info.itemsize);
    if (sizes[i] == 0) empty = true;
    extent += (sizes[i] - 1) * strides.back();
  }
  size_t nbytes = empty ? 0 : static_cast<size_t>(extent) * info.itemsize;
  auto* keep = new py::object(source);
  Storage storage = Storage::wrap(info.ptr, nbytes, [keep] {
    py::gil_scoped_acquire gil;
    delete keep;
  });
  return Tensor::make(storage, dtype, sizes, strides, 0);
}

py::buffer_info tensorBufferInfo(const Tensor& t) {
  EMBER_CHECK(t.defined(), "cannot take the buffer of an undefined tensor");
  std::vector<ssize_t> shape(t.sizes().begin(), t.sizes().end());
  std::vector<ssize_t> strides;
  for (int64_t s : t.strides()) strides.push_back(static_cast<ssize_t>(s * t.element_size()));
  return py::buffer_info(t.data_ptr(), static_cast<ssize_t>(t.element_size()), formatFor(t.dtype()),
                         static_cast<ssize_t>(t.dim()), shape, strides);
}

std::string numpyTypeStr(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "|b1";
    case ScalarType::Byte: return "|u1";
    case ScalarType::Char: return "|i1";
    case ScalarType::Short: return "<i2";
    case ScalarType::Int: return "<i4";
    case ScalarType::Long: return "<i8";
    case ScalarType::Half: return "<f2";
    case ScalarType::Float: return "<f4";
    case ScalarType::Double: return "<f8";
    case ScalarType::ComplexFloat: return "<c8";
    case ScalarType::ComplexDouble: return "<c16";
    default: EMBER_ERROR("no NumPy type for ", scalarTypeTorchName(t));
  }
}

}  // namespace ember::python
