// The unpickler's allow-list of GLOBALs (FORMATS.md §3.4) and what calling each one builds.
// A name not listed here is refused when the GLOBAL opcode is read, before anything uses it.
#include <array>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/runtime/autograd.h"
#include "serialization/unpickler_impl.h"

namespace ember::jit {

namespace {

struct StorageName {
  const char* name;
  ScalarType type;
};
constexpr std::array<StorageName, 15> kStorageNames = {{
    {"ByteStorage", ScalarType::Byte},
    {"CharStorage", ScalarType::Char},
    {"ShortStorage", ScalarType::Short},
    {"IntStorage", ScalarType::Int},
    {"LongStorage", ScalarType::Long},
    {"HalfStorage", ScalarType::Half},
    {"FloatStorage", ScalarType::Float},
    {"DoubleStorage", ScalarType::Double},
    {"ComplexFloatStorage", ScalarType::ComplexFloat},
    {"ComplexDoubleStorage", ScalarType::ComplexDouble},
    {"BoolStorage", ScalarType::Bool},
    {"BFloat16Storage", ScalarType::BFloat16},
    {"QInt8Storage", ScalarType::QInt8},
    {"QUInt8Storage", ScalarType::QUInt8},
    {"QInt32Storage", ScalarType::QInt32},
}};

// dtype objects are pickled by attribute name (`torch float16`); TorchScript represents a dtype
// as its ScalarType code.
struct DtypeName {
  const char* name;
  ScalarType type;
};
constexpr std::array<DtypeName, 25> kDtypeNames = {{
    {"uint8", ScalarType::Byte},        {"int8", ScalarType::Char},          {"int16", ScalarType::Short},
    {"short", ScalarType::Short},       {"int32", ScalarType::Int},          {"int", ScalarType::Int},
    {"int64", ScalarType::Long},        {"long", ScalarType::Long},          {"float16", ScalarType::Half},
    {"half", ScalarType::Half},         {"float32", ScalarType::Float},      {"float", ScalarType::Float},
    {"float64", ScalarType::Double},    {"double", ScalarType::Double},      {"complex32", ScalarType::ComplexHalf},
    {"complex64", ScalarType::ComplexFloat}, {"cfloat", ScalarType::ComplexFloat},
    {"complex128", ScalarType::ComplexDouble}, {"cdouble", ScalarType::ComplexDouble},
    {"bool", ScalarType::Bool},         {"bfloat16", ScalarType::BFloat16},  {"qint8", ScalarType::QInt8},
    {"quint8", ScalarType::QUInt8},     {"qint32", ScalarType::QInt32},      {"chalf", ScalarType::ComplexHalf},
}};

// Decodes UTF-8 text whose code points are all below 256 into those bytes (Python's
// `bytes` at protocol 2 is `_codecs.encode(text, 'latin1')`).
std::string latin1FromUtf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<uint8_t>(text[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      continue;
    }
    EMBER_CHECK((c == 0xC2 || c == 0xC3) && i + 1 < text.size() && (static_cast<uint8_t>(text[i + 1]) & 0xC0) == 0x80,
                "unsupported pickle: _codecs.encode of text that is not latin-1");
    out.push_back(static_cast<char>(((c & 0x03) << 6) | (static_cast<uint8_t>(text[++i]) & 0x3F)));
  }
  return out;
}

const std::vector<IValue>& tupleArgs(const IValue& args, const std::string& name, size_t minSize, size_t maxSize) {
  EMBER_CHECK(args.isTuple(), "unsupported pickle: ", name, " called with a ", args.tagKind(), " argument");
  const auto& e = args.toTupleRef().elements;
  EMBER_CHECK(e.size() >= minSize && e.size() <= maxSize, "unsupported pickle: ", name, " called with ", e.size(),
              " arguments");
  return e;
}

std::vector<int64_t> intTuple(const IValue& v, const char* what) {
  EMBER_CHECK(v.isTuple(), "unsupported pickle: tensor ", what, " is a ", v.tagKind(), ", expected a tuple of ints");
  std::vector<int64_t> out;
  for (const IValue& e : v.toTupleRef().elements) {
    EMBER_CHECK(e.isInt(), "unsupported pickle: tensor ", what, " holds a ", e.tagKind());
    out.push_back(e.toInt());
  }
  return out;
}

}  // namespace

ScalarType scalarTypeFromStorageName(std::string_view name) {
  for (const auto& s : kStorageNames)
    if (name == s.name) return s.type;
  EMBER_ERROR("unsupported storage type torch.", name);
}

std::string storageNameFromScalarType(ScalarType type) {
  for (const auto& s : kStorageNames)
    if (s.type == type) return s.name;
  EMBER_ERROR("tensors of dtype ", type, " cannot be saved");
}

namespace detail {

IValue Unpickler::resolveGlobal(const std::string& module, const std::string& name) {
  std::string full = module + "." + name;
  auto global = [&](GlobalKind kind) { return IValue(makeIntrusive<GlobalValue>(kind, full)); };
  if (module == "torch._utils") {
    if (name == "_rebuild_tensor_v2") return global(GlobalKind::RebuildTensorV2);
    if (name == "_rebuild_parameter") return global(GlobalKind::RebuildParameter);
    if (name == "_rebuild_qtensor")
      EMBER_ERROR("unsupported global ", full, ": quantized tensors are not supported");
    if (name == "_rebuild_sparse_tensor" || name == "_rebuild_sparse_csr_tensor")
      EMBER_ERROR("unsupported global ", full, ": sparse tensors are not supported");
  } else if (module == "collections" && name == "OrderedDict") {
    return global(GlobalKind::OrderedDict);
  } else if (module == "torch") {
    if (name == "Size") return global(GlobalKind::TorchSize);
    if (name == "device") return global(GlobalKind::TorchDevice);
    for (const auto& s : kStorageNames) {
      if (name == s.name) {
        IValue g = global(GlobalKind::StorageType);
        static_cast<GlobalValue*>(g.toCapsule().get())->dtype = s.type;
        return g;
      }
    }
    for (const auto& d : kDtypeNames)
      if (name == d.name) return IValue(static_cast<int64_t>(d.type));
  } else if ((module == "_codecs" && name == "encode")) {
    return global(GlobalKind::CodecsEncode);
  } else if (module == "__builtin__" || module == "builtins") {
    if (name == "complex") return global(GlobalKind::Complex);
    if (name == "set" || name == "frozenset") return global(GlobalKind::Set);
  } else if (module == "torch.jit._pickle") {
    if (name == "build_intlist") return global(GlobalKind::BuildIntList);
    if (name == "build_doublelist") return global(GlobalKind::BuildDoubleList);
    if (name == "build_boollist") return global(GlobalKind::BuildBoolList);
    if (name == "build_tensorlist") return global(GlobalKind::BuildTensorList);
    if (name == "restore_type_tag") return global(GlobalKind::RestoreTypeTag);
    if (name == "build_tensor_from_id") return global(GlobalKind::BuildTensorFromId);
  } else if (module == "__torch__" || module.rfind("__torch__.", 0) == 0) {
    EMBER_CHECK(module.rfind("__torch__.torch.classes", 0) != 0, "unsupported global ", full,
                ": custom C++ classes are not supported");
    EMBER_CHECK(options_.classResolver, "unsupported global ", full,
                ": TorchScript classes need a class resolver (load the archive as a module)");
    TypePtr type = options_.classResolver(full);
    EMBER_CHECK(type, "unknown TorchScript class ", full, " in pickle");
    EMBER_CHECK(type->kind() == TypeKind::ClassType || type->kind() == TypeKind::EnumType, "pickle global ", full,
                " resolved to ", type->repr_str(), ", which is neither a class nor an enum");
    IValue g = global(GlobalKind::Class);
    static_cast<GlobalValue*>(g.toCapsule().get())->type = std::move(type);
    return g;
  }
  EMBER_ERROR("unsupported global ", full, " in pickle (only tensors, containers and TorchScript classes can be loaded)");
}

IValue Unpickler::callGlobal(const GlobalValue& g, IValue args) {
  switch (g.kind) {
    case GlobalKind::RebuildTensorV2:
      return rebuildTensor(tupleArgs(args, g.name, 6, 7));
    case GlobalKind::RebuildParameter: {
      const auto& a = tupleArgs(args, g.name, 3, 3);
      EMBER_CHECK(a[0].isTensor() && a[1].isBool(), "unsupported pickle: bad arguments to ", g.name);
      Tensor t = a[0].toTensor();
      t.set_requires_grad(a[1].toBool());
      if (a[1].toBool()) autograd::markActive();  // as in PyTorch, ops on it are then recorded
      return t;
    }
    case GlobalKind::OrderedDict: {
      tupleArgs(args, g.name, 0, 0);
      return newDict();
    }
    case GlobalKind::TorchSize: {
      const auto& a = tupleArgs(args, g.name, 1, 1);
      intTuple(a[0], "size");
      return a[0];
    }
    case GlobalKind::TorchDevice: {
      const auto& a = tupleArgs(args, g.name, 1, 2);
      EMBER_CHECK(a[0].isString(), "unsupported pickle: torch.device of a ", a[0].tagKind());
      Device d = Device::parse(a[0].toStringRef());
      if (a.size() == 2) {
        EMBER_CHECK(a[1].isInt() && d.index == -1 && a[1].toInt() >= 0 && a[1].toInt() < 32768,
                    "unsupported pickle: bad torch.device index");
        d.index = static_cast<int16_t>(a[1].toInt());
      }
      return d;
    }
    case GlobalKind::CodecsEncode: {
      const auto& a = tupleArgs(args, g.name, 2, 2);
      EMBER_CHECK(a[0].isString() && a[1].isString() && a[1].toStringRef() == "latin1",
                  "unsupported pickle: _codecs.encode other than (str, 'latin1')");
      return latin1FromUtf8(a[0].toStringRef());
    }
    case GlobalKind::Complex: {
      const auto& a = tupleArgs(args, g.name, 0, 2);
      double parts[2] = {0, 0};
      for (size_t i = 0; i < a.size(); ++i) {
        EMBER_CHECK(a[i].isDouble() || a[i].isInt(), "unsupported pickle: complex() of a ", a[i].tagKind());
        parts[i] = a[i].isDouble() ? a[i].toDouble() : static_cast<double>(a[i].toInt());
      }
      return std::complex<double>(parts[0], parts[1]);
    }
    case GlobalKind::Set: {
      const auto& a = tupleArgs(args, g.name, 0, 1);
      if (a.empty()) return newList();
      EMBER_CHECK(a[0].isList(), "unsupported pickle: ", g.name, " of a ", a[0].tagKind());
      return newList(a[0].toListRef().elements);
    }
    case GlobalKind::BuildIntList:
    case GlobalKind::BuildDoubleList:
    case GlobalKind::BuildBoolList:
    case GlobalKind::BuildTensorList:
      return buildTypedList(g.kind, std::move(args));
    case GlobalKind::RestoreTypeTag:
      return restoreTypeTag(std::move(args));
    case GlobalKind::BuildTensorFromId: {
      const auto& a = tupleArgs(args, g.name, 1, 1);
      EMBER_CHECK(options_.tensorTable, "pickle refers to an external tensor table, which was not given");
      EMBER_CHECK(a[0].isInt() && a[0].toInt() >= 0 &&
                      static_cast<uint64_t>(a[0].toInt()) < options_.tensorTable->size(),
                  "pickle refers to tensor ", a[0].isInt() ? a[0].toInt() : -1, " of a table of ",
                  options_.tensorTable->size());
      return (*options_.tensorTable)[static_cast<size_t>(a[0].toInt())];
    }
    case GlobalKind::Class:
      return makeEnum(g, std::move(args));
    case GlobalKind::StorageType:
      break;
  }
  EMBER_ERROR("unsupported pickle: ", g.name, " cannot be called");
}

IValue Unpickler::rebuildTensor(const std::vector<IValue>& a) {
  auto* ts = a[0].isCapsule() ? dynamic_cast<TypedStorage*>(a[0].toCapsule().get()) : nullptr;
  EMBER_CHECK(ts, "unsupported pickle: _rebuild_tensor_v2 without a storage");
  EMBER_CHECK(a[1].isInt() && a[4].isBool(), "unsupported pickle: bad arguments to _rebuild_tensor_v2");
  std::vector<int64_t> sizes = intTuple(a[2], "size");
  std::vector<int64_t> strides = intTuple(a[3], "stride");
  EMBER_CHECK(sizes.size() == strides.size(), "unsupported pickle: tensor with ", sizes.size(), " sizes and ",
              strides.size(), " strides");
  for (int64_t s : sizes) EMBER_CHECK(s >= 0, "unsupported pickle: tensor with negative size ", s);
  EMBER_CHECK(ts->dtype != ScalarType::QInt8 && ts->dtype != ScalarType::QUInt8 && ts->dtype != ScalarType::QInt32,
              "unsupported pickle: quantized storage outside a quantized tensor");
  Tensor t = Tensor::make(ts->storage, ts->dtype, sizes, strides, a[1].toInt());
  t.set_requires_grad(a[4].toBool());
  if (a[4].toBool()) autograd::markActive();
  return t;
}

IValue Unpickler::buildTypedList(GlobalKind kind, IValue args) {
  const auto& a = tupleArgs(args, "torch.jit._pickle.build_*list", 1, 1);
  EMBER_CHECK(a[0].isList(), "unsupported pickle: build_*list of a ", a[0].tagKind());
  IValue list = a[0];
  ListImpl& l = list.toListRef();
  bool (IValue::*isKind)() const = nullptr;
  switch (kind) {
    case GlobalKind::BuildIntList:
      l.elementType = IntType::get();
      isKind = &IValue::isInt;
      break;
    case GlobalKind::BuildDoubleList:
      l.elementType = FloatType::get();
      isKind = &IValue::isDouble;
      break;
    case GlobalKind::BuildBoolList:
      l.elementType = BoolType::get();
      isKind = &IValue::isBool;
      break;
    default:
      l.elementType = TensorType::get();
      isKind = &IValue::isTensor;
      break;
  }
  for (const IValue& e : l.elements)
    EMBER_CHECK((e.*isKind)(), "unsupported pickle: a ", e.tagKind(), " in a list tagged ", l.elementType->repr_str());
  fixType(&l);
  return list;
}

IValue Unpickler::restoreTypeTag(IValue args) {
  const auto& a = tupleArgs(args, "torch.jit._pickle.restore_type_tag", 2, 2);
  EMBER_CHECK(a[1].isString(), "unsupported pickle: restore_type_tag with a ", a[1].tagKind(), " tag");
  TypeResolver resolver;
  if (options_.classResolver) resolver = [this](const std::string& n) { return options_.classResolver(n); };
  TypePtr type = parseTypeAnnotation(a[1].toStringRef(), resolver);
  IValue container = a[0];
  if (auto lt = type->cast<ListType>()) {
    EMBER_CHECK(container.isList(), "unsupported pickle: type tag ", a[1].toStringRef(), " on a ",
                container.tagKind());
    container.toListRef().elementType = lt->getElementType();
    fixType(&container.toListRef());
  } else if (auto dt = type->cast<DictType>()) {
    EMBER_CHECK(container.isGenericDict(), "unsupported pickle: type tag ", a[1].toStringRef(), " on a ",
                container.tagKind());
    container.toDictRef().keyType = dt->getKeyType();
    container.toDictRef().valueType = dt->getValueType();
    fixType(&container.toDictRef());
  }
  return container;
}

IValue Unpickler::makeEnum(const GlobalValue& g, IValue arg) {
  auto enumType = g.type->cast<EnumType>();
  EMBER_CHECK(enumType, "unsupported pickle: REDUCE on class ", g.name);
  // The C++ pickler passes the member's value itself, not an argument tuple.
  if (arg.isTuple() && arg.toTupleRef().size() == 1) arg = arg.toTupleRef().elements[0];
  for (const auto& [name, value] : enumType->enumNamesValues())
    if (value.tag() == arg.tag() && value == arg) return IValue(makeIntrusive<EnumHolder>(enumType, name, value));
  EMBER_ERROR("pickle: enum ", g.name, " has no member with value ", arg.repr());
}

void Unpickler::buildObject(const IntrusivePtr<ObjectImpl>& obj, IValue state) {
  if (options_.objectBuilder) {
    escaped_.push_back(state);
    if (options_.objectBuilder(obj, state)) return;
  }
  EMBER_CHECK(state.isGenericDict(), "pickle: object of class ", obj->name(), " has a ", state.tagKind(),
              " state, which needs its __setstate__ method (load the archive as a module)");
  ClassType& cls = *obj->type;
  state.toDictRef().forEach([&](const IValue& key, const IValue& value) {
    EMBER_CHECK(key.isString(), "pickle: object of class ", obj->name(), " has a non-string attribute name");
    const std::string& name = key.toStringRef();
    auto slot = cls.findAttributeSlot(name);
    if (!slot) slot = cls.addAttribute(name, shallowType(value));
    obj->setSlot(*slot, value);
  });
}

}  // namespace detail
}  // namespace ember::jit
