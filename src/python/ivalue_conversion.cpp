// Python <-> IValue conversion (see ivalue_conversion.h).
#include "python/ivalue_conversion.h"

#include <pybind11/complex.h>
#include <pybind11/stl.h>

#include "ember/api/module.h"
#include "ember/api/object.h"
#include "ember/error.h"
#include "python/dlpack.h"
#include "python/numpy_interop.h"

namespace ember::python {
namespace {

thread_local bool tReturnTorch = false;

std::string pyTypeName(py::handle obj) { return py::str(py::type::of(obj).attr("__name__")); }

[[noreturn]] void typeMismatch(py::handle obj, const TypePtr& hint) {
  throw Error("expected a value of type '" + hint->repr_str() + "' but got a value of Python type '" +
                  pyTypeName(obj) + "'",
              ErrorKind::Type);
}

bool isNumpyArray(py::handle obj) {
  py::handle type = py::type::of(obj);
  return py::hasattr(type, "__module__") && py::str(type.attr("__module__")).cast<std::string>() == "numpy" &&
         pyTypeName(obj) == "ndarray";
}

IValue listToIValue(py::handle obj, const TypePtr& elemHint);

// ember.Tensor arguments are the common case: recognised by their exact Python type and read
// from the instance without pybind11's type lookups.
PyTypeObject* tensorPyType() {
  static PyTypeObject* type = reinterpret_cast<PyTypeObject*>(py::type::of<Tensor>().ptr());
  return type;
}
const Tensor* exactTensor(py::handle obj) {
  if (Py_TYPE(obj.ptr()) != tensorPyType()) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  return static_cast<const Tensor*>(inst->get_value_and_holder().value_ptr());
}

IValue inferredToIValue(py::handle obj) {
  if (const Tensor* t = exactTensor(obj)) return IValue(*t);
  if (obj.is_none()) return IValue();
  if (py::isinstance<py::bool_>(obj)) return IValue(obj.cast<bool>());
  if (py::isinstance<py::int_>(obj)) return IValue(obj.cast<int64_t>());
  if (py::isinstance<py::float_>(obj)) return IValue(obj.cast<double>());
  if (PyComplex_Check(obj.ptr())) return IValue(obj.cast<std::complex<double>>());
  if (py::isinstance<py::str>(obj)) return IValue(obj.cast<std::string>());
  if (py::isinstance<Tensor>(obj)) return IValue(obj.cast<Tensor>());
  if (py::isinstance<DType>(obj)) return IValue(obj.cast<DType>().type);
  if (py::isinstance<jit::Module>(obj)) return obj.cast<jit::Module>().ivalue();
  if (py::isinstance<jit::Object>(obj)) return obj.cast<jit::Object>().ivalue();
  if (auto t = tryToTensor(obj)) return IValue(*t);
  if (auto st = tryToScalarType(obj)) return IValue(*st);
  if (py::isinstance<py::list>(obj)) return listToIValue(obj, nullptr);
  if (py::isinstance<py::tuple>(obj)) {
    std::vector<IValue> elems;
    for (py::handle e : obj) elems.push_back(inferredToIValue(e));
    return jit::makeTuple(std::move(elems));
  }
  if (py::isinstance<py::dict>(obj)) {
    std::vector<std::pair<IValue, IValue>> items;
    TypePtr keyType, valueType;
    for (auto kv : obj.cast<py::dict>()) {
      items.emplace_back(inferredToIValue(kv.first), inferredToIValue(kv.second));
      TypePtr k = inferredType(items.back().first), v = inferredType(items.back().second);
      keyType = keyType ? jit::unifyTypes(keyType, k, true).value_or(jit::AnyType::get()) : k;
      valueType = valueType ? jit::unifyTypes(valueType, v, true).value_or(jit::AnyType::get()) : v;
    }
    auto dict = jit::DictImpl::create(keyType ? keyType : jit::StringType::get(),
                                      valueType ? valueType : jit::TensorType::get());
    for (auto& [k, v] : items) dict->insertOrAssign(std::move(k), std::move(v));
    return IValue(dict);
  }
  throw Error("cannot convert a value of Python type '" + pyTypeName(obj) + "' to a TorchScript value",
              ErrorKind::Type);
}

// A list without a hint: the element type is the join of the elements' types (int and float
// mixed give float, as torch.tensor would).
IValue listToIValue(py::handle obj, const TypePtr& elemHint) {
  std::vector<IValue> elems;
  for (py::handle e : obj) elems.push_back(elemHint ? toIValue(e, elemHint) : inferredToIValue(e));
  TypePtr elemType = elemHint;
  if (!elemType) {
    bool sawFloat = false, sawInt = false;
    for (const IValue& e : elems) {
      sawFloat |= e.isDouble();
      sawInt |= e.isInt();
    }
    if (sawFloat && sawInt)
      for (IValue& e : elems)
        if (e.isInt()) e = IValue(static_cast<double>(e.toInt()));
    for (const IValue& e : elems) {
      TypePtr t = inferredType(e);
      elemType = elemType ? jit::unifyTypes(elemType, t, true).value_or(jit::AnyType::get()) : t;
    }
    if (!elemType) elemType = jit::TensorType::get();  // an empty list: List[Tensor], as PyTorch
  }
  return jit::makeList(elemType, std::move(elems));
}

IValue hintedToIValue(py::handle obj, const TypePtr& hint) {
  using jit::TypeKind;
  switch (hint->kind()) {
    case TypeKind::AnyType:
      return inferredToIValue(obj);
    case TypeKind::OptionalType:
      if (obj.is_none()) return IValue();
      return toIValue(obj, hint->expect<jit::OptionalType>()->getElementType());
    case TypeKind::UnionType: {
      if (obj.is_none()) return IValue();
      for (const TypePtr& t : hint->containedTypes()) {
        try {
          return toIValue(obj, t);
        } catch (const Error&) {
        }
      }
      typeMismatch(obj, hint);
    }
    case TypeKind::FloatType:
      if (py::isinstance<py::float_>(obj) || (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj)))
        return IValue(obj.cast<double>());
      break;
    case TypeKind::IntType:
    case TypeKind::SymIntType:
      if (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj)) return IValue(obj.cast<int64_t>());
      break;
    case TypeKind::ScalarTypeType:
      if (auto st = tryToScalarType(obj)) return IValue(*st);
      if (py::isinstance<py::int_>(obj)) return IValue(obj.cast<int64_t>());
      break;
    case TypeKind::LayoutType:
    case TypeKind::MemoryFormatType:
      if (py::isinstance<py::int_>(obj)) return IValue(obj.cast<int64_t>());
      break;
    case TypeKind::BoolType:
      if (py::isinstance<py::bool_>(obj)) return IValue(obj.cast<bool>());
      break;
    case TypeKind::ComplexType:
      if (PyComplex_Check(obj.ptr()) || py::isinstance<py::float_>(obj) || py::isinstance<py::int_>(obj))
        return IValue(obj.cast<std::complex<double>>());
      break;
    case TypeKind::NumberType:
      if (py::isinstance<py::bool_>(obj) || py::isinstance<py::int_>(obj) || py::isinstance<py::float_>(obj) ||
          PyComplex_Check(obj.ptr()))
        return inferredToIValue(obj);
      break;
    case TypeKind::StringType:
      if (py::isinstance<py::str>(obj)) return IValue(obj.cast<std::string>());
      break;
    case TypeKind::DeviceObjType:
      if (py::isinstance<py::str>(obj)) return IValue(Device::parse(obj.cast<std::string>()));
      if (py::hasattr(obj, "type") && py::hasattr(obj, "index"))  // torch.device
        return IValue(Device::parse(py::str(obj).cast<std::string>()));
      break;
    case TypeKind::TensorType:
      if (auto t = tryToTensor(obj)) return IValue(*t);
      break;
    case TypeKind::ListType:
      if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj))
        return listToIValue(obj, hint->expect<jit::ListType>()->getElementType());
      break;
    case TypeKind::TupleType:
      if (py::isinstance<py::tuple>(obj) || py::isinstance<py::list>(obj)) {
        auto types = hint->containedTypes();
        EMBER_CHECK_KIND(Type, py::len(obj) == types.size(), "expected a tuple of ", types.size(),
                         " elements but got ", py::len(obj));
        std::vector<IValue> elems;
        size_t i = 0;
        for (py::handle e : obj) elems.push_back(toIValue(e, types[i++]));
        auto tupleType = std::static_pointer_cast<jit::TupleType>(hint);
        if (tupleType->schema()) return IValue(jit::TupleImpl::createNamed(std::move(elems), tupleType));
        return jit::makeTuple(std::move(elems));
      }
      break;
    case TypeKind::DictType:
      if (py::isinstance<py::dict>(obj)) {
        auto dict = jit::DictImpl::create(hint->containedType(0), hint->containedType(1));
        for (auto kv : obj.cast<py::dict>())
          dict->insertOrAssign(toIValue(kv.first, hint->containedType(0)), toIValue(kv.second, hint->containedType(1)));
        return IValue(dict);
      }
      break;
    default: {
      IValue v = inferredToIValue(obj);
      if (v.type()->isSubtypeOf(hint)) return v;
      break;
    }
  }
  typeMismatch(obj, hint);
}

// torch's objects the interop needs, looked up once torch has been imported (ember never
// imports torch itself to answer "is this a torch.Tensor?"). Leaked on purpose: they live as
// long as the interpreter.
struct TorchRefs {
  py::handle tensorType, boolDtype, uint8Dtype, toDLPack, fromDLPack;
};
const TorchRefs* torchRefs() {
  static TorchRefs* refs = nullptr;
  if (refs) return refs;
  PyObject* torch = PyImport_GetModule(py::str("torch").ptr());
  if (!torch) {
    PyErr_Clear();
    return nullptr;
  }
  py::object mod = py::reinterpret_steal<py::object>(torch);
  if (!py::hasattr(mod, "Tensor") || !py::hasattr(mod, "_C")) return nullptr;  // still importing
  py::object c = mod.attr("_C");
  auto keep = [](py::object o) { return o.release(); };
  refs = new TorchRefs{keep(mod.attr("Tensor")), keep(mod.attr("bool")), keep(mod.attr("uint8")),
                       keep(c.attr("_to_dlpack")), keep(c.attr("_from_dlpack"))};
  return refs;
}

}  // namespace

InteropScope::InteropScope() : previous_(tReturnTorch) { tReturnTorch = false; }
InteropScope::~InteropScope() { tReturnTorch = previous_; }
bool InteropScope::returnTorch() { return tReturnTorch; }
void InteropScope::noteTorchInput() { tReturnTorch = true; }

bool isTorchTensor(py::handle obj) {
  const TorchRefs* refs = torchRefs();
  return refs && PyObject_IsInstance(obj.ptr(), refs->tensorType.ptr()) == 1;
}

Tensor tensorFromTorch(py::handle obj) {
  const TorchRefs* refs = torchRefs();
  EMBER_CHECK(refs, "torch is not imported");
  py::object t = py::reinterpret_borrow<py::object>(obj);
  if (t.attr("requires_grad").cast<bool>()) t = t.attr("detach")();
  bool isBool = t.attr("dtype").ptr() == refs->boolDtype.ptr();
  if (isBool) t = t.attr("view")(refs->uint8Dtype);  // DLPack 0.6 has no bool
  Tensor result = fromDLPack(refs->toDLPack(t).cast<py::capsule>());
  if (isBool) result.impl()->setDtype(ScalarType::Bool);
  return result;
}

py::object tensorToTorch(const Tensor& t) {
  const TorchRefs* refs = torchRefs();
  if (!refs) {
    py::module_::import("torch");
    refs = torchRefs();
  }
  EMBER_CHECK(refs, "torch could not be imported");
  py::object result = refs->fromDLPack(toDLPack(t));
  if (t.dtype() == ScalarType::Bool) result = result.attr("view")(refs->boolDtype);
  return result;
}

std::optional<Tensor> tryToTensor(py::handle obj) {
  if (const Tensor* t = exactTensor(obj)) return *t;
  if (py::isinstance<Tensor>(obj)) return obj.cast<Tensor>();
  if (isTorchTensor(obj)) {
    InteropScope::noteTorchInput();
    return tensorFromTorch(obj);
  }
  if (isNumpyArray(obj)) return tensorFromNumpy(obj);
  return std::nullopt;
}

std::optional<ScalarType> tryToScalarType(py::handle obj) {
  if (py::isinstance<DType>(obj)) return obj.cast<DType>().type;
  py::handle type = py::type::of(obj);
  if (pyTypeName(obj) == "dtype" && py::str(type.attr("__module__")).cast<std::string>() == "torch")
    return parseScalarType(py::str(obj).cast<std::string>());
  return std::nullopt;
}

IValue toIValue(py::handle obj, const TypePtr& hint) {
  return hint ? hintedToIValue(obj, hint) : inferredToIValue(obj);
}

TypePtr inferredType(const IValue& v) {
  if (v.isTensor()) return jit::TensorType::get();
  return v.type();
}

py::object toPython(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None: return py::none();
    case IValue::Tag::Bool: return py::bool_(v.toBool());
    case IValue::Tag::Int: return py::int_(v.toInt());
    case IValue::Tag::Double: return py::float_(v.toDouble());
    case IValue::Tag::ComplexDouble: return py::cast(v.toComplexDouble());
    case IValue::Tag::String: return py::str(v.toStringRef());
    case IValue::Tag::Device: return py::str(v.toDevice().str());
    case IValue::Tag::Tensor: {
      Tensor t = v.toTensor();
      if (!t.defined()) return py::none();
      if (InteropScope::returnTorch()) return tensorToTorch(t);
      return py::cast(std::move(t));
    }
    case IValue::Tag::Tuple: {
      const auto& tup = v.toTupleRef();
      py::tuple out(tup.elements.size());
      for (size_t i = 0; i < tup.elements.size(); ++i) out[i] = toPython(tup.elements[i]);
      return out;
    }
    case IValue::Tag::GenericList: {
      py::list out;
      for (const IValue& e : v.toListRef().elements) out.append(toPython(e));
      return out;
    }
    case IValue::Tag::GenericDict: {
      py::dict out;
      v.toDictRef().forEach([&](const IValue& k, const IValue& val) { out[toPython(k)] = toPython(val); });
      return out;
    }
    case IValue::Tag::Object: {
      auto obj = v.toObject();
      if (obj->type->isModule()) return py::cast(jit::Module(jit::Object(obj)));
      return py::cast(jit::Object(obj));
    }
    default:
      throw Error(std::string("cannot convert a TorchScript value of kind ") + v.tagKind() + " to Python",
                  ErrorKind::Type);
  }
}

}  // namespace ember::python
