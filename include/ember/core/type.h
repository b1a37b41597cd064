// The TorchScript type hierarchy: Tensor (optionally refined), int, float, List[T], Optional[T],
// classes, interfaces, ... with PyTorch's subtyping (`isSubtypeOf`), unification at control-flow
// joins (`unifyTypes`) and PyTorch's three spellings:
//  - str():            the schema form: `int[]`, `Tensor?`, `Dict(str, Tensor)`, `(int, float)`,
//                      `Future(int)`; a Tensor is `Tensor` whatever its refinements;
//  - irStr() / <<:     the IR form (what `graph.str()` and Python's `Type.str()` show): like str()
//                      but tensors show their refinements, `Float(2, 3, strides=[3, 1],
//                      requires_grad=0, device=cpu)`, futures `Future[int]`, named tuples
//                      `NamedTuple(x : int, y : float[])`;
//  - annotation_str(): the Python annotation form: `List[int]`, `Optional[Tensor]`, `Tuple[int, float]`.
//
// Types are shared, immutable objects (ClassType excepted: the compiler adds attributes and
// methods while it compiles a class). Primitive types are singletons: `IntType::get()`.
#pragma once

#include <cstdint>
#include <functional>
#include <cstdlib>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/array_ref.h"
#include "ember/error.h"
#include "ember/tensor/device.h"
#include "ember/tensor/scalar_type.h"

namespace ember {
class Tensor;
}

namespace ember::jit {

class Type;
class Function;
class IValue;
struct FunctionSchema;
using TypePtr = std::shared_ptr<Type>;

// PyTorch's TypeKind order; UnionType sorts its members by it, so it is observable in printing.
#define EMBER_FORALL_TYPE_KINDS(_)                                                                   \
  _(AnyType) _(EnumType) _(AnyEnumType) _(TensorType) _(StorageType) _(TupleType) _(ListType)         \
  _(DictType) _(NumberType) _(FloatType) _(ComplexType) _(FutureType) _(RRefType) _(IntType)          \
  _(NoneType) _(StringType) _(GeneratorType) _(QuantizerType) _(BoolType) _(OptionalType) _(VarType) \
  _(DeviceObjType) _(StreamObjType) _(FunctionType) _(ClassType) _(PyObjectType) _(CapsuleType)      \
  _(InterfaceType) _(QSchemeType) _(ScalarTypeType) _(LayoutType) _(MemoryFormatType) _(AnyListType) \
  _(AnyTupleType) _(AnyClassType) _(SymIntType) _(UnionType)

enum class TypeKind : uint8_t {
#define EMBER_TYPE_KIND_ENUM(k) k,
  EMBER_FORALL_TYPE_KINDS(EMBER_TYPE_KIND_ENUM)
#undef EMBER_TYPE_KIND_ENUM
};
const char* typeKindToString(TypeKind kind);

// Lets a caller print class names its own way (e.g. the Python printer's name mangling).
// Returning nullopt falls back to the default spelling.
using TypePrinter = std::function<std::optional<std::string>(const Type&)>;

class Type : public std::enable_shared_from_this<Type> {
 public:
  virtual ~Type() = default;
  Type(const Type&) = delete;
  Type& operator=(const Type&) = delete;

  TypeKind kind() const { return kind_; }

  // Structural equality (for classes, identity of the qualified name).
  virtual bool equals(const Type& rhs) const;
  // S <: T: a value of type S may be used where T is expected. When `whyNot` is given and the
  // answer is no, a reason may be written to it.
  virtual bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const;
  bool isSubtypeOf(const Type& rhs) const { return isSubtypeOfExt(rhs, nullptr); }
  bool isSubtypeOf(const TypePtr& rhs) const { return isSubtypeOfExt(*rhs, nullptr); }

  virtual std::string str() const = 0;
  std::string irStr() const;
  std::string annotation_str(const TypePrinter& printer = nullptr) const;
  // What error messages show: str() for tensors (to show refinements), annotation_str() otherwise.
  virtual std::string repr_str() const { return annotation_str(); }

  virtual ArrayRef<TypePtr> containedTypes() const { return {}; }
  TypePtr containedType(size_t i) const { return containedTypes().at(i); }
  // A copy of this type with its contained types replaced (same count as containedTypes()).
  virtual TypePtr createWithContained(std::vector<TypePtr> contained) const;
  // True if a type variable (`t`) occurs inside.
  bool hasFreeVariables() const;
  // Whether values of this type may share memory with other values (containers, tensors, objects).
  bool isMutable() const;

  template <typename T>
  std::shared_ptr<T> cast() {
    return T::kKind == kind_ ? std::static_pointer_cast<T>(shared_from_this()) : nullptr;
  }
  template <typename T>
  std::shared_ptr<const T> cast() const {
    return T::kKind == kind_ ? std::static_pointer_cast<const T>(shared_from_this()) : nullptr;
  }
  template <typename T>
  const T* castRaw() const {
    return T::kKind == kind_ ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T>
  std::shared_ptr<T> expect() {
    auto r = cast<T>();
    EMBER_ASSERT(r, "expected a ", typeKindToString(T::kKind), " but got ", str());
    return r;
  }
  template <typename T>
  const T& expectRef() const {
    auto r = castRaw<T>();
    EMBER_ASSERT(r, "expected a ", typeKindToString(T::kKind), " but got ", str());
    return *r;
  }
  TypePtr ptr() const { return std::const_pointer_cast<Type>(shared_from_this()); }

 protected:
  explicit Type(TypeKind kind) : kind_(kind) {}
  virtual std::string annotationStrImpl(const TypePrinter& printer) const { (void)printer; return str(); }
  friend class UnionType;

 private:
  TypeKind kind_;
};

// How much of a type the IR printer shows (PyTorch's TypeVerbosity), from the environment
// variable EMBER_JIT_TYPE_VERBOSITY or PYTORCH_JIT_TYPE_VERBOSITY, read once:
// 0: no types at all, 1: dtype and sizes, 2: also strides, 3 (default): also requires_grad and
// device.
inline int typeVerbosity() {
  static const int level = [] {
    for (const char* var : {"EMBER_JIT_TYPE_VERBOSITY", "PYTORCH_JIT_TYPE_VERBOSITY"}) {
      const char* v = std::getenv(var);
      if (v && v[0] >= '0' && v[0] <= '3' && v[1] == '\0') return v[0] - '0';
    }
    return 3;
  }();
  return level;
}

bool operator==(const Type& a, const Type& b);
inline bool operator!=(const Type& a, const Type& b) { return !(a == b); }
// Prints irStr().
std::ostream& operator<<(std::ostream& os, const Type& t);
std::ostream& operator<<(std::ostream& os, const TypePtr& t);

// ---------------------------------------------------------------------------------------------
// Singleton types without parameters.

#define EMBER_DECLARE_SINGLETON_TYPE(Name)                   \
  class Name;                                                \
  using Name##Ptr = std::shared_ptr<Name>;                    \
  class Name : public Type {                                  \
   public:                                                    \
    static constexpr TypeKind kKind = TypeKind::Name;         \
    static const Name##Ptr& get();                            \
    std::string str() const override;                         \
    bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override; \
    Name() : Type(kKind) {}                                   \
   protected:                                                 \
    std::string annotationStrImpl(const TypePrinter& printer) const override; \
  };

EMBER_DECLARE_SINGLETON_TYPE(AnyType)
EMBER_DECLARE_SINGLETON_TYPE(NumberType)      // "Scalar" in schemas, "number" in annotations
EMBER_DECLARE_SINGLETON_TYPE(IntType)
EMBER_DECLARE_SINGLETON_TYPE(FloatType)
EMBER_DECLARE_SINGLETON_TYPE(ComplexType)
EMBER_DECLARE_SINGLETON_TYPE(BoolType)
EMBER_DECLARE_SINGLETON_TYPE(StringType)
EMBER_DECLARE_SINGLETON_TYPE(NoneType)
EMBER_DECLARE_SINGLETON_TYPE(DeviceObjType)
EMBER_DECLARE_SINGLETON_TYPE(StreamObjType)
EMBER_DECLARE_SINGLETON_TYPE(GeneratorType)
EMBER_DECLARE_SINGLETON_TYPE(StorageType)
EMBER_DECLARE_SINGLETON_TYPE(CapsuleType)
EMBER_DECLARE_SINGLETON_TYPE(QuantizerType)
EMBER_DECLARE_SINGLETON_TYPE(QSchemeType)
EMBER_DECLARE_SINGLETON_TYPE(PyObjectType)
EMBER_DECLARE_SINGLETON_TYPE(ScalarTypeType)  // `ScalarType` in schemas; an int at run time
EMBER_DECLARE_SINGLETON_TYPE(LayoutType)
EMBER_DECLARE_SINGLETON_TYPE(MemoryFormatType)
EMBER_DECLARE_SINGLETON_TYPE(SymIntType)
EMBER_DECLARE_SINGLETON_TYPE(AnyListType)     // any List[T]: `list`
EMBER_DECLARE_SINGLETON_TYPE(AnyTupleType)    // any tuple: `tuple`
EMBER_DECLARE_SINGLETON_TYPE(AnyClassType)
EMBER_DECLARE_SINGLETON_TYPE(AnyEnumType)
#undef EMBER_DECLARE_SINGLETON_TYPE

// ---------------------------------------------------------------------------------------------
// Tensor, optionally refined. Unknown fields are nullopt; a known rank may still have unknown
// sizes and strides per dimension.

class TensorType;
using TensorTypePtr = std::shared_ptr<TensorType>;
using OptionalDims = std::optional<std::vector<std::optional<int64_t>>>;

class TensorType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::TensorType;
  // The unrefined `Tensor`.
  static const TensorTypePtr& get();
  static TensorTypePtr create(std::optional<ScalarType> dtype, std::optional<Device> device, OptionalDims sizes,
                              OptionalDims strides, std::optional<bool> requiresGrad,
                              std::optional<bool> undefined = std::nullopt);
  // Complete sizes with row-major contiguous strides.
  static TensorTypePtr createContiguous(ScalarType dtype, Device device, IntArrayRef sizes);
  // Everything known about a concrete tensor (an undefined tensor gives undefined=true).
  static TensorTypePtr fromTensor(const Tensor& t);
  // Rank known, sizes unknown: `Float(*, *)`.
  static TensorTypePtr fromDtypeAndRank(std::optional<ScalarType> dtype, size_t rank);

  const std::optional<ScalarType>& scalarType() const { return dtype_; }
  const std::optional<Device>& device() const { return device_; }
  const OptionalDims& sizes() const { return sizes_; }
  const OptionalDims& strides() const { return strides_; }
  const std::optional<bool>& requiresGrad() const { return requiresGrad_; }
  const std::optional<bool>& undefined() const { return undefined_; }
  std::optional<size_t> dim() const { return sizes_ ? std::optional<size_t>(sizes_->size()) : std::nullopt; }
  // All sizes known.
  std::optional<std::vector<int64_t>> concreteSizes() const;
  bool isComplete() const;  // dtype, device and all sizes and strides known
  bool isUnrefined() const;

  TensorTypePtr withScalarType(std::optional<ScalarType> t) const;
  TensorTypePtr withDevice(std::optional<Device> d) const;
  TensorTypePtr withRequiresGrad(std::optional<bool> r) const;
  TensorTypePtr withSizes(IntArrayRef sizes) const;  // contiguous strides
  TensorTypePtr withSizesStrides(OptionalDims sizes, OptionalDims strides) const;
  TensorTypePtr withDim(std::optional<size_t> rank) const;
  TensorTypePtr withUndefined() const;
  // Keeps dtype, device and rank only (what the legacy executor specialises on).
  TensorTypePtr dimensionedOnly() const;
  // The most specific type both `this` and `other` are subtypes of.
  TensorTypePtr merge(const TensorType& other, bool mergeSizes = true) const;

  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override { return "Tensor"; }
  // `Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)`, `Float(*, *)`, `Tensor`.
  std::string refinedStr() const;

 protected:
  std::string annotationStrImpl(const TypePrinter&) const override { return "Tensor"; }

 public:
  TensorType(std::optional<ScalarType> dtype, std::optional<Device> device, OptionalDims sizes, OptionalDims strides,
             std::optional<bool> requiresGrad, std::optional<bool> undefined);

 private:
  std::optional<ScalarType> dtype_;
  std::optional<Device> device_;
  OptionalDims sizes_;
  OptionalDims strides_;
  std::optional<bool> requiresGrad_;
  std::optional<bool> undefined_;
};

// ---------------------------------------------------------------------------------------------
// Containers.

// A type with a single contained type (List, Future, RRef).
class SingleElementType : public Type {
 public:
  const TypePtr& getElementType() const { return elem_; }
  ArrayRef<TypePtr> containedTypes() const override { return ArrayRef<TypePtr>(&elem_, 1); }
  bool equals(const Type& rhs) const override;

 protected:
  SingleElementType(TypeKind kind, TypePtr elem);
  TypePtr elem_;
};

class ListType;
using ListTypePtr = std::shared_ptr<ListType>;
class ListType : public SingleElementType {
 public:
  static constexpr TypeKind kKind = TypeKind::ListType;
  static ListTypePtr create(TypePtr elem);
  static const ListTypePtr& ofTensors();
  static const ListTypePtr& ofOptionalTensors();
  static const ListTypePtr& ofInts();
  static const ListTypePtr& ofFloats();
  static const ListTypePtr& ofComplexDoubles();
  static const ListTypePtr& ofBools();
  static const ListTypePtr& ofStrings();
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  explicit ListType(TypePtr elem) : SingleElementType(kKind, std::move(elem)) {}

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;
};

class FutureType;
using FutureTypePtr = std::shared_ptr<FutureType>;
class FutureType : public SingleElementType {
 public:
  static constexpr TypeKind kKind = TypeKind::FutureType;
  static FutureTypePtr create(TypePtr elem);
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  explicit FutureType(TypePtr elem) : SingleElementType(kKind, std::move(elem)) {}

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;
};

class RRefType;
using RRefTypePtr = std::shared_ptr<RRefType>;
class RRefType : public SingleElementType {
 public:
  static constexpr TypeKind kKind = TypeKind::RRefType;
  static RRefTypePtr create(TypePtr elem);
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  explicit RRefType(TypePtr elem) : SingleElementType(kKind, std::move(elem)) {}

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;
};

class DictType;
using DictTypePtr = std::shared_ptr<DictType>;
class DictType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::DictType;
  // Keys must be str, int, float, complex, bool, Tensor (or a type variable); throws otherwise.
  static DictTypePtr create(TypePtr key, TypePtr value);
  const TypePtr& getKeyType() const { return types_[0]; }
  const TypePtr& getValueType() const { return types_[1]; }
  ArrayRef<TypePtr> containedTypes() const override { return types_; }
  bool equals(const Type& rhs) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  DictType(TypePtr key, TypePtr value);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  std::vector<TypePtr> types_;
};

// Field names and qualified name of a NamedTuple.
struct NamedTupleSchema {
  std::string qualifiedName;  // "__torch__.MyTuple"; empty for typing-only names
  std::vector<std::string> fieldNames;
};

class TupleType;
using TupleTypePtr = std::shared_ptr<TupleType>;
class TupleType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::TupleType;
  static TupleTypePtr create(std::vector<TypePtr> elements);
  static TupleTypePtr createNamed(std::string qualifiedName, std::vector<std::string> fieldNames,
                                  std::vector<TypePtr> elements);
  const std::vector<TypePtr>& elements() const { return elements_; }
  ArrayRef<TypePtr> containedTypes() const override { return elements_; }
  // Null for plain tuples.
  const std::shared_ptr<const NamedTupleSchema>& schema() const { return schema_; }
  bool isNamed() const { return schema_ != nullptr; }
  std::optional<size_t> fieldIndex(const std::string& name) const;

  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  TupleType(std::vector<TypePtr> elements, std::shared_ptr<const NamedTupleSchema> schema);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  std::vector<TypePtr> elements_;
  std::shared_ptr<const NamedTupleSchema> schema_;
};

// Union[T1, T2, ...]: normalised on creation (flattened, subtypes absorbed, sorted by kind),
// so equal unions compare equal whatever order they were written in. OptionalType is the
// two-member union Union[T, None].
class UnionType;
using UnionTypePtr = std::shared_ptr<UnionType>;
class UnionType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::UnionType;
  // Returns a UnionType, or an OptionalType when the normalised members are {T, None}.
  // Throws if the members normalise to a single type (PyTorch asserts there too).
  static TypePtr create(std::vector<TypePtr> types);
  ArrayRef<TypePtr> containedTypes() const override { return types_; }
  bool canHoldType(const Type& t) const;
  // The union without NoneType (nullopt when only None remains).
  std::optional<TypePtr> subtractTypeSet(const std::vector<TypePtr>& toRemove) const;
  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  explicit UnionType(std::vector<TypePtr> types, TypeKind kind = kKind);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;
  std::string unionStr(const TypePrinter* printer, bool annotation) const;
  std::vector<TypePtr> types_;
};

class OptionalType;
using OptionalTypePtr = std::shared_ptr<OptionalType>;
class OptionalType : public UnionType {
 public:
  static constexpr TypeKind kKind = TypeKind::OptionalType;
  // Optional[Optional[T]] is Optional[T].
  static OptionalTypePtr create(TypePtr elem);
  static const OptionalTypePtr& ofTensor();
  const TypePtr& getElementType() const { return elem_; }
  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override;
  TypePtr createWithContained(std::vector<TypePtr> contained) const override;
  explicit OptionalType(TypePtr elem);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  TypePtr elem_;
};

// A type variable of a polymorphic schema (`t`, `tVal`), bound during schema matching.
class VarType;
using VarTypePtr = std::shared_ptr<VarType>;
class VarType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::VarType;
  static VarTypePtr create(std::string name);
  const std::string& name() const { return name_; }
  bool equals(const Type& rhs) const override;
  std::string str() const override { return name_; }
  explicit VarType(std::string name) : Type(kKind), name_(std::move(name)) {}

 private:
  std::string name_;
};

// ---------------------------------------------------------------------------------------------
// Nominal types: classes (TorchScript classes and modules), interfaces, functions. Enums are
// in enum_type.h (they hold IValues).

class ClassType;
using ClassTypePtr = std::shared_ptr<ClassType>;

struct ClassAttribute {
  enum class Kind : uint8_t { Regular, Parameter, Buffer };
  std::string name;
  TypePtr type;
  Kind kind = Kind::Regular;
};

class ClassType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::ClassType;
  static ClassTypePtr create(std::string qualifiedName, bool isModule = false);

  const std::string& qualifiedName() const { return qualifiedName_; }
  // Last component of the qualified name.
  std::string name() const;
  bool isModule() const { return isModule_; }

  // Attributes in slot order.
  const std::vector<ClassAttribute>& attributes() const { return attributes_; }
  size_t numAttributes() const { return attributes_.size(); }
  // Returns the new slot. Throws if an attribute of that name exists.
  size_t addAttribute(std::string name, TypePtr type, ClassAttribute::Kind kind = ClassAttribute::Kind::Regular);
  // Adds or replaces (same slot) an attribute.
  size_t addOrCheckAttribute(std::string name, TypePtr type, ClassAttribute::Kind kind = ClassAttribute::Kind::Regular);
  std::optional<size_t> findAttributeSlot(std::string_view name) const;
  size_t getAttributeSlot(std::string_view name) const;  // throws with the class name
  bool hasAttribute(std::string_view name) const { return findAttributeSlot(name).has_value(); }
  const TypePtr& getAttribute(std::string_view name) const { return attributes_[getAttributeSlot(name)].type; }
  const TypePtr& getAttribute(size_t slot) const { return attributes_.at(slot).type; }
  const std::string& getAttributeName(size_t slot) const { return attributes_.at(slot).name; }
  bool isParameter(size_t slot) const { return attributes_.at(slot).kind == ClassAttribute::Kind::Parameter; }
  bool isBuffer(size_t slot) const { return attributes_.at(slot).kind == ClassAttribute::Kind::Buffer; }

  // Constants (`__constants__` / `Final` attributes of a module), in definition order. IValue is
  // only declared here (ivalue.h includes this header); defined in src/core/class_constants.cpp.
  void addConstant(std::string name, const IValue& value);
  size_t numConstants() const { return constantNames_.size(); }
  const std::string& getConstantName(size_t i) const { return constantNames_.at(i); }
  const IValue& getConstant(size_t i) const;
  std::optional<size_t> findConstantSlot(std::string_view name) const;

  // Methods are owned elsewhere (CompilationUnit); the class keeps non-owning pointers.
  const std::vector<Function*>& methods() const { return methods_; }
  void addMethod(Function* method);
  Function* findMethod(std::string_view name) const;
  void unsafeRemoveMethod(std::string_view name);

  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override { return qualifiedName_; }
  ClassType(std::string qualifiedName, bool isModule);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  std::string qualifiedName_;
  bool isModule_;
  std::vector<ClassAttribute> attributes_;
  std::vector<Function*> methods_;
  std::vector<std::string> constantNames_;
  std::vector<std::shared_ptr<IValue>> constantValues_;
};

class InterfaceType;
using InterfaceTypePtr = std::shared_ptr<InterfaceType>;
class InterfaceType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::InterfaceType;
  static InterfaceTypePtr create(std::string qualifiedName, bool isModule = false);
  const std::string& qualifiedName() const { return qualifiedName_; }
  bool isModule() const { return isModule_; }
  // Method schemas; the first argument of each is `self`.
  const std::vector<std::shared_ptr<const FunctionSchema>>& methods() const { return methods_; }
  void addMethod(std::shared_ptr<const FunctionSchema> schema);
  const FunctionSchema* getMethod(std::string_view name) const;

  bool equals(const Type& rhs) const override;
  bool isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const override;
  std::string str() const override { return std::string("InterfaceType<") + name() + ">"; }
  std::string name() const;
  InterfaceType(std::string qualifiedName, bool isModule);

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  std::string qualifiedName_;
  bool isModule_;
  std::vector<std::shared_ptr<const FunctionSchema>> methods_;
};

// Whether `cls` (a ClassType or InterfaceType) implements every method of `iface`.
bool implementsInterface(const Type& cls, const InterfaceType& iface, std::ostream* whyNot);

class FunctionType;
using FunctionTypePtr = std::shared_ptr<FunctionType>;
class FunctionType : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::FunctionType;
  static FunctionTypePtr create(Function* function);
  Function* function() const { return function_; }
  bool equals(const Type& rhs) const override;
  std::string str() const override;
  explicit FunctionType(Function* function) : Type(kKind), function_(function) {}

 protected:
  std::string annotationStrImpl(const TypePrinter& printer) const override;

 private:
  Function* function_;
};

// ---------------------------------------------------------------------------------------------
// Type algebra.

// The most specific common supertype used when control-flow paths meet (PyTorch's rules: Tensor
// refinements merge, None with T gives Optional[T], tuples unify elementwise, lists and dicts
// only when their element types unify as unrefined types). With defaultToUnion, types that do
// not unify give Union[t1, t2] instead of nullopt.
std::optional<TypePtr> unifyTypes(const TypePtr& t1, const TypePtr& t2, bool defaultToUnion = false,
                                  const TypePtr& typeHint = nullptr);
// Unifies a list of types (empty list -> nullopt). On failure, `why` names the mismatch.
std::optional<TypePtr> unifyTypeList(ArrayRef<TypePtr> types, std::ostream& why, bool defaultToUnion = false,
                                     const TypePtr& typeHint = nullptr);
// The type with every Tensor refinement dropped (recursively).
TypePtr unshapedType(const TypePtr& type);

// Type variables bound while matching a polymorphic schema: `t` -> int.
using TypeEnv = std::unordered_map<std::string, TypePtr>;
struct MatchTypeReturn {
  std::optional<std::string> reason;  // set on failure
  bool success() const { return !reason; }
};
// Matches `formal` (which may contain type variables) against `actual`, binding variables in env.
MatchTypeReturn matchTypeVariables(const TypePtr& formal, const TypePtr& actual, TypeEnv& env);
// `type` with variables replaced from env; nullptr if some variable is unbound.
TypePtr tryEvalTypeVariables(const TypePtr& type, const TypeEnv& env);

// ---------------------------------------------------------------------------------------------
// Parsing Python annotation strings: `Dict[str, List[Optional[Tensor]]]`, `Tuple[int, ...]` is
// rejected like TorchScript does, `number`, class names through `resolver`.

// Maps a (possibly dotted) name that is not a builtin type to a type, or nullptr if unknown.
using TypeResolver = std::function<TypePtr(const std::string& name)>;
TypePtr parseTypeAnnotation(std::string_view text, const TypeResolver& resolver = nullptr);

}  // namespace ember::jit
