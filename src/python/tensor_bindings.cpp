// ember.Tensor and ember's dtypes in Python: geometry, printing as PyTorch prints, conversion to
// Python numbers and lists, construction from nested lists (ember.tensor), and the zero-copy
// exchanges: DLPack (__dlpack__, ember.from_dlpack), the buffer protocol and
// __array_interface__ (numpy), ember.from_numpy. The operators themselves (methods and
// functions) are generated from the operator registry by python/ember/_ops.py.
#include <pybind11/complex.h>
#include <pybind11/stl.h>

#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/random.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/ops/print.h"
#include "python/dlpack.h"
#include "python/ivalue_conversion.h"
#include "python/numpy_interop.h"
#include "python/python_bindings.h"

namespace ember::python {
namespace {

py::object scalarToPython(const Scalar& s) {
  if (s.isBoolean()) return py::bool_(s.toBool());
  if (s.isIntegral(false)) return py::int_(s.toLong());
  return py::float_(s.toDouble());
}

py::object nestedList(const std::vector<Scalar>& values, IntArrayRef sizes, size_t dim, size_t& pos) {
  if (dim == sizes.size()) return scalarToPython(values[pos++]);
  py::list out;
  for (int64_t i = 0; i < sizes[dim]; ++i) out.append(nestedList(values, sizes, dim + 1, pos));
  return out;
}

// The leaves of nested Python sequences, with the shape they form.
struct NestedData {
  std::vector<int64_t> sizes;
  std::vector<double> doubles;
  std::vector<int64_t> ints;
  bool sawFloat = false, sawBool = false, sawInt = false;
};

void collect(py::handle obj, size_t dim, NestedData& d) {
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    int64_t n = static_cast<int64_t>(py::len(obj));
    if (dim == d.sizes.size()) {
      EMBER_CHECK_KIND(Value, d.doubles.empty(), "expected sequence of length ", 0, " at dim ", dim, " (got ", n, ")");
      d.sizes.push_back(n);
    } else {
      EMBER_CHECK_KIND(Value, d.sizes[dim] == n, "expected sequence of length ", d.sizes[dim], " at dim ", dim,
                       " (got ", n, ")");
    }
    for (py::handle e : obj) collect(e, dim + 1, d);
    return;
  }
  EMBER_CHECK_KIND(Value, dim == d.sizes.size(), "expected a sequence at dim ", dim, " but got a number");
  if (auto t = tryToTensor(obj)) {
    EMBER_CHECK_KIND(Value, t->numel() == 1, "only one element tensors can be converted to Python scalars");
    Scalar s = t->item();
    d.sawFloat |= s.isFloatingPoint(), d.sawBool |= s.isBoolean(), d.sawInt |= s.isIntegral(false);
    d.doubles.push_back(s.toDouble()), d.ints.push_back(s.toLong());
  } else if (py::isinstance<py::bool_>(obj)) {
    d.sawBool = true, d.doubles.push_back(obj.cast<bool>()), d.ints.push_back(obj.cast<bool>());
  } else if (py::isinstance<py::int_>(obj)) {
    d.sawInt = true, d.doubles.push_back(obj.cast<double>()), d.ints.push_back(obj.cast<int64_t>());
  } else if (py::isinstance<py::float_>(obj)) {
    d.sawFloat = true, d.doubles.push_back(obj.cast<double>()), d.ints.push_back(0);
  } else {
    throw Error("Could not infer dtype of " + std::string(py::str(py::type::of(obj).attr("__name__"))),
                ErrorKind::Type);
  }
}

Tensor tensorFromPython(py::handle data, std::optional<ScalarType> dtype) {
  if (auto t = tryToTensor(data)) {
    Tensor copy = t->clone();
    return dtype ? copy.to(*dtype) : copy;
  }
  NestedData d;
  collect(data, 0, d);
  TensorOptions options = TensorOptions().dtype(dtype);
  int64_t count = static_cast<int64_t>(d.doubles.size());
  if (d.sawFloat) return tensorFromData(d.doubles.data(), count, ScalarType::Double, d.sizes, options);
  if (d.sawInt || count == 0) {
    if (count == 0 && !dtype) options = options.dtype(defaultDtype());
    return tensorFromData(d.ints.data(), count, ScalarType::Long, d.sizes, options);
  }
  std::vector<uint8_t> bools(d.ints.begin(), d.ints.end());
  return tensorFromData(bools.data(), count, ScalarType::Bool, d.sizes, options);
}

std::optional<ScalarType> dtypeArg(py::handle obj) {
  if (obj.is_none()) return std::nullopt;
  auto t = tryToScalarType(obj);
  if (!t && py::isinstance<py::str>(obj)) t = parseScalarType(obj.cast<std::string>());
  EMBER_CHECK_KIND(Type, t.has_value(), "expected a dtype");
  return t;
}

py::dict arrayInterface(const Tensor& t) {
  py::dict d;
  py::list shape, strides;
  for (int64_t s : t.sizes()) shape.append(s);
  for (int64_t s : t.strides()) strides.append(s * static_cast<int64_t>(t.element_size()));
  d["shape"] = py::tuple(shape);
  d["strides"] = py::tuple(strides);
  d["typestr"] = numpyTypeStr(t.dtype());
  d["data"] = py::make_tuple(reinterpret_cast<uintptr_t>(t.data_ptr()), false);
  d["version"] = 3;
  return d;
}

void bindDTypes(py::module_& m) {
  py::class_<DType>(m, "dtype")
      .def("__repr__", [](const DType& d) { return scalarTypeTorchName(d.type); })
      .def("__eq__", [](const DType& a, py::handle b) {
        auto t = tryToScalarType(b);
        return t && *t == a.type;
      })
      .def("__hash__", [](const DType& d) { return static_cast<int>(d.type); })
      .def_property_readonly("is_floating_point", [](const DType& d) { return isFloatingType(d.type); })
      .def_property_readonly("is_complex", [](const DType& d) { return isComplexType(d.type); })
      .def_property_readonly("itemsize", [](const DType& d) { return elementSize(d.type); });
  const std::pair<const char*, ScalarType> names[] = {
      {"bool", kBool},   {"uint8", kByte},    {"int8", kChar},      {"int16", kShort},  {"short", kShort},
      {"int32", kInt},   {"int", kInt},       {"int64", kLong},     {"long", kLong},    {"float16", kHalf},
      {"half", kHalf},   {"float32", kFloat}, {"float", kFloat},    {"float64", kDouble}, {"double", kDouble},
      {"bfloat16", kBFloat16}, {"complex64", ScalarType::ComplexFloat}, {"complex128", ScalarType::ComplexDouble}};
  for (const auto& [name, type] : names) m.attr(name) = DType{type};
}

}  // namespace

void initTensorBindings(py::module_& m) {
  bindDTypes(m);
  py::class_<Tensor>(m, "Tensor", py::buffer_protocol())
      .def_buffer([](const Tensor& t) { return tensorBufferInfo(t); })
      .def("__repr__", [](const Tensor& t) { return repr(t); })
      .def_property_readonly("dtype", [](const Tensor& t) { return DType{t.dtype()}; })
      .def_property_readonly("shape", [](const Tensor& t) { return py::tuple(py::cast(t.sizes().vec())); })
      .def_property_readonly("ndim", &Tensor::dim)
      .def_property_readonly("device", [](const Tensor& t) { return t.device().str(); })
      .def_property_readonly("is_cpu", &Tensor::is_cpu)
      .def_property_readonly("requires_grad", &Tensor::requires_grad)
      .def_property_readonly("is_nested", &Tensor::is_nested)
      .def("element_size", &Tensor::element_size)
      .def("nbytes", &Tensor::nbytes)
      .def("data_ptr", [](const Tensor& t) { return reinterpret_cast<uintptr_t>(t.data_ptr()); })
      .def("storage_offset", &Tensor::storage_offset)
      .def("is_floating_point", &Tensor::is_floating_point)
      .def("is_complex", &Tensor::is_complex)
      .def("is_alias_of", &Tensor::is_alias_of)
      .def("_is_same", &Tensor::is_same)
      .def("item", [](const Tensor& t) { return scalarToPython(t.item()); })
      .def("tolist", [](const Tensor& t) {
        std::vector<Scalar> values = t.scalars();
        size_t pos = 0;
        return nestedList(values, t.sizes(), 0, pos);
      })
      .def("__len__", [](const Tensor& t) {
        EMBER_CHECK_KIND(Type, t.dim() > 0, "len() of a 0-d tensor");
        return t.size(0);
      })
      .def("__bool__", [](const Tensor& t) {
        EMBER_CHECK(t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
        return t.item().toBool();
      })
      .def("__float__", [](const Tensor& t) { return t.item().toDouble(); })
      .def("__int__", [](const Tensor& t) { return t.item().toLong(); })
      .def("__index__", [](const Tensor& t) {
        EMBER_CHECK_KIND(Type, t.numel() == 1 && isIntegralType(t.dtype(), true),
                         "only integer tensors of a single element can be converted to an index");
        return t.item().toLong();
      })
      .def("__hash__", [](const Tensor& t) { return reinterpret_cast<uintptr_t>(t.impl()); })
      .def("__dlpack__", [](const Tensor& t, py::object stream) {
        (void)stream;  // CPU tensors need no stream synchronisation
        return toDLPack(t);
      }, py::arg("stream") = py::none())
      .def("__dlpack_device__", [](const Tensor&) { return py::make_tuple(kDLCPU, 0); })
      .def_property_readonly("__array_interface__", &arrayInterface)
      .def("numpy", [](const Tensor& t) { return py::module_::import("numpy").attr("asarray")(py::cast(t)); });

  m.def("tensor", [](py::handle data, py::handle dtype) {
    InteropScope scope;
    return tensorFromPython(data, dtypeArg(dtype));
  }, py::arg("data"), py::arg("dtype") = py::none(), "A tensor with a copy of `data` (nested lists, numbers, arrays).");
  m.def("from_numpy", [](py::handle array) { return tensorFromNumpy(array); }, py::arg("array"),
        "A tensor sharing the memory of a NumPy array (or any buffer).");
  m.def("from_dlpack", [](py::handle obj) {
    InteropScope scope;
    if (isTorchTensor(obj)) return tensorFromTorch(obj);
    return fromDLPackObject(obj);
  }, py::arg("ext_tensor"), "A tensor sharing the memory of a DLPack producer (torch.Tensor, numpy array, capsule).");
  m.def("to_torch", [](const Tensor& t) { return tensorToTorch(t); }, py::arg("tensor"),
        "The torch.Tensor sharing this tensor's memory.");
  m.def("_as_tensor", [](py::handle obj) {
    auto t = tryToTensor(obj);
    EMBER_CHECK_KIND(Type, t.has_value(), "expected a tensor");
    return *t;
  });
  m.def("manual_seed", [](int64_t seed) { manual_seed(seed); }, py::arg("seed"));
  m.def("set_num_threads", [](int n) { set_num_threads(n); }, py::arg("n"));
  m.def("get_default_dtype", [] { return DType{defaultDtype()}; });
  m.def("set_default_dtype", [](py::handle d) { setDefaultDtype(*dtypeArg(d)); });
  m.def("set_printoptions", [](std::optional<int> precision, std::optional<int64_t> threshold,
                               std::optional<int64_t> edgeitems, std::optional<int64_t> linewidth,
                               std::optional<bool> sci_mode) {
    PrintOptions o = printOptions();
    if (precision) o.precision = *precision;
    if (threshold) o.threshold = *threshold;
    if (edgeitems) o.edgeitems = *edgeitems;
    if (linewidth) o.linewidth = *linewidth;
    o.sciMode = sci_mode;
    setPrintOptions(o);
  }, py::arg("precision") = py::none(), py::arg("threshold") = py::none(), py::arg("edgeitems") = py::none(),
        py::arg("linewidth") = py::none(), py::arg("sci_mode") = py::none());
}

}  // namespace ember::python
