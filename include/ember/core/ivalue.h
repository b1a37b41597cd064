// IValue: the interpreter's value, a 16-byte tagged union over everything TorchScript programs
// compute with. None, int, float, bool and Device live inline (no allocation, no refcount);
// every other payload is an intrusively refcounted heap object (a Tensor's TensorImpl is
// stored directly).
//
// Printing comes in two styles:
//  - operator<< prints like PyTorch's C++ IValue printing, which is what TorchScript's print()
//    and str() show and what IR constants use: `1.`, `0.10000000000000001`, `[1, 2]`,
//    `{a: 1}` (strings unquoted), `1.+2.j`;
//  - repr() prints like Python's repr(): `1.0`, `0.1`, `1e-05`, `'a'`, `{'a': 1}`, `(1,)`.
#pragma once

#include <complex>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ember/core/type.h"
#include "ember/intrusive_ptr.h"
#include "ember/tensor/device.h"
#include "ember/tensor/storage.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {

class IValue;
struct TupleImpl;
struct StringImpl;
struct ListImpl;
struct DictImpl;
struct ObjectImpl;
struct FutureImpl;
struct EnumHolder;
struct ComplexHolder;
class CustomClassHolder;

using Stack = std::vector<IValue>;

#define EMBER_FORALL_IVALUE_TAGS(_) \
  _(None) _(Tensor) _(Storage) _(Double) _(ComplexDouble) _(Int) _(Bool) _(Tuple) _(String) _(GenericList) \
  _(GenericDict) _(Future) _(Device) _(Object) _(Uninitialized) _(Capsule) _(Enum)

class IValue {
 public:
  enum class Tag : uint8_t {
#define EMBER_IVALUE_TAG_ENUM(t) t,
    EMBER_FORALL_IVALUE_TAGS(EMBER_IVALUE_TAG_ENUM)
#undef EMBER_IVALUE_TAG_ENUM
  };

  IValue() : tag_(Tag::None) { payload_.i = 0; }
  IValue(std::nullopt_t) : IValue() {}  // NOLINT
  IValue(const IValue& o) : payload_(o.payload_), tag_(o.tag_) {
    if (isHeap() && payload_.p) payload_.p->incref();
  }
  IValue(IValue&& o) noexcept : payload_(o.payload_), tag_(o.tag_) {
    o.tag_ = Tag::None;
    o.payload_.i = 0;
  }
  IValue& operator=(const IValue& o) {
    IValue(o).swap(*this);
    return *this;
  }
  IValue& operator=(IValue&& o) noexcept {
    IValue(std::move(o)).swap(*this);
    return *this;
  }
  ~IValue() { release(); }
  void swap(IValue& o) noexcept {
    std::swap(payload_, o.payload_);
    std::swap(tag_, o.tag_);
  }

  // ---- scalars (inline) ----
  IValue(double d) : tag_(Tag::Double) { payload_.d = d; }  // NOLINT
  IValue(bool b) : tag_(Tag::Bool) { payload_.i = b; }      // NOLINT
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  IValue(T i) : tag_(Tag::Int) {  // NOLINT
    payload_.i = static_cast<int64_t>(i);
  }
  IValue(Device d) : tag_(Tag::Device) {  // NOLINT
    payload_.i = 0;
    payload_.device.type = d.type;
    payload_.device.index = d.index;
  }
  IValue(std::complex<double> c);  // NOLINT
  // A Scalar keeps its kind: int, float, complex or bool.
  IValue(const Scalar& s);  // NOLINT
  IValue(ScalarType t) : IValue(static_cast<int64_t>(t)) {}  // NOLINT: dtypes are ints at run time

  bool isNone() const { return tag_ == Tag::None; }
  bool isDouble() const { return tag_ == Tag::Double; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isComplexDouble() const { return tag_ == Tag::ComplexDouble; }
  bool isDevice() const { return tag_ == Tag::Device; }
  // int, float, complex (what `number` / `Scalar` accepts); bool too when includeBool.
  bool isScalar() const { return isInt() || isDouble() || isComplexDouble() || isBool(); }
  double toDouble() const {
    checkTag(Tag::Double);
    return payload_.d;
  }
  int64_t toInt() const {
    checkTag(Tag::Int);
    return payload_.i;
  }
  bool toBool() const {
    checkTag(Tag::Bool);
    return payload_.i != 0;
  }
  Device toDevice() const {
    checkTag(Tag::Device);
    return Device(payload_.device.type, payload_.device.index);
  }
  std::complex<double> toComplexDouble() const;
  Scalar toScalar() const;  // int, float, complex or bool
  ScalarType toScalarType() const { return static_cast<ScalarType>(toInt()); }

  // ---- tensors and storages ----
  // Takes over t's reference (t is this constructor's own copy), so storing an operator's result
  // costs no atomic reference-count update.
  IValue(Tensor t) : tag_(Tag::Tensor) {  // NOLINT
    payload_.p = const_cast<IntrusivePtr<TensorImpl>&>(t.implPtr()).release();
  }
  IValue(Storage s);  // NOLINT
  bool isTensor() const { return tag_ == Tag::Tensor; }
  bool isStorage() const { return tag_ == Tag::Storage; }
  // Inline: every tensor operator argument goes through these.
  Tensor toTensor() const& {
    checkTag(Tag::Tensor);
    return Tensor(IntrusivePtr<TensorImpl>(static_cast<TensorImpl*>(payload_.p)));
  }
  Tensor toTensor() && {
    checkTag(Tag::Tensor);
    auto p = IntrusivePtr<TensorImpl>::reclaim(static_cast<TensorImpl*>(payload_.p));
    tag_ = Tag::None;
    payload_.i = 0;
    return Tensor(std::move(p));
  }
  // The TensorImpl without touching the refcount (nullptr for an undefined tensor).
  TensorImpl* unsafeToTensorImpl() const {
    checkTag(Tag::Tensor);
    return static_cast<TensorImpl*>(payload_.p);
  }
  Storage toStorage() const;

  // ---- strings ----
  IValue(std::string s);       // NOLINT
  IValue(std::string_view s);  // NOLINT
  IValue(const char* s) : IValue(std::string(s)) {}  // NOLINT
  IValue(IntrusivePtr<StringImpl> s);  // NOLINT
  bool isString() const { return tag_ == Tag::String; }
  const std::string& toStringRef() const;
  std::string_view toStringView() const { return toStringRef(); }
  IntrusivePtr<StringImpl> toString() const;

  // ---- containers ----
  IValue(IntrusivePtr<TupleImpl> t);  // NOLINT
  IValue(IntrusivePtr<ListImpl> l);   // NOLINT
  IValue(IntrusivePtr<DictImpl> d);   // NOLINT
  bool isTuple() const { return tag_ == Tag::Tuple; }
  bool isList() const { return tag_ == Tag::GenericList; }
  bool isGenericDict() const { return tag_ == Tag::GenericDict; }
  IntrusivePtr<TupleImpl> toTuple() const&;
  IntrusivePtr<TupleImpl> toTuple() &&;
  TupleImpl& toTupleRef() const;
  IntrusivePtr<ListImpl> toList() const&;
  IntrusivePtr<ListImpl> toList() &&;
  ListImpl& toListRef() const;
  IntrusivePtr<DictImpl> toGenericDict() const&;
  IntrusivePtr<DictImpl> toGenericDict() &&;
  DictImpl& toDictRef() const;

  // Typed list views; throw if the list holds other kinds of elements.
  bool isIntList() const;
  bool isDoubleList() const;
  bool isBoolList() const;
  bool isTensorList() const;
  std::vector<int64_t> toIntVector() const;
  std::vector<double> toDoubleVector() const;
  std::vector<bool> toBoolVector() const;
  std::vector<Tensor> toTensorVector() const;

  // ---- objects, futures, enums, capsules ----
  IValue(IntrusivePtr<ObjectImpl> o);         // NOLINT
  IValue(IntrusivePtr<FutureImpl> f);         // NOLINT
  IValue(IntrusivePtr<EnumHolder> e);         // NOLINT
  IValue(IntrusivePtr<CustomClassHolder> c);  // NOLINT
  bool isObject() const { return tag_ == Tag::Object; }
  bool isFuture() const { return tag_ == Tag::Future; }
  bool isEnum() const { return tag_ == Tag::Enum; }
  bool isCapsule() const { return tag_ == Tag::Capsule; }
  IntrusivePtr<ObjectImpl> toObject() const&;
  IntrusivePtr<ObjectImpl> toObject() &&;
  ObjectImpl& toObjectRef() const;
  IntrusivePtr<FutureImpl> toFuture() const;
  IntrusivePtr<EnumHolder> toEnumHolder() const;
  IntrusivePtr<CustomClassHolder> toCapsule() const;

  // Placeholder for values that are never read (prim::Uninitialized).
  static IValue uninitialized() {
    IValue v;
    v.tag_ = Tag::Uninitialized;
    return v;
  }
  bool isUninitialized() const { return tag_ == Tag::Uninitialized; }

  // ---- unchecked numbers ----
  // For the interpreter's typed instructions, which know a value's static type: no tag check on
  // reads; writes release whatever heap value the slot held.
  int64_t unsafeToInt() const { return payload_.i; }
  double unsafeToDouble() const { return payload_.d; }
  void setInt(int64_t v) {
    if (isHeap()) release();
    tag_ = Tag::Int;
    payload_.i = v;
  }
  void setDouble(double v) {
    if (isHeap()) release();
    tag_ = Tag::Double;
    payload_.d = v;
  }
  void setBool(bool v) {
    if (isHeap()) release();
    tag_ = Tag::Bool;
    payload_.i = v;
  }

  // ---- generic ----
  Tag tag() const { return tag_; }
  const char* tagKind() const { return tagName(tag_); }
  static const char* tagName(Tag t);
  // Whether the payload is a refcounted heap object.
  bool isPtrType() const { return isHeap(); }
  // Python's `is`: same object for heap values, same value for inline ones.
  bool is(const IValue& rhs) const;
  // Python's `==`: int/float/bool/complex compare by numeric value; containers elementwise
  // (identity first); tensors elementwise and then truth-tested like Python, so comparing
  // multi-element tensors throws "Boolean value of Tensor with more than one value is ambiguous";
  // futures, objects and capsules by identity.
  friend bool operator==(const IValue& a, const IValue& b);
  friend bool operator!=(const IValue& a, const IValue& b) { return !(a == b); }
  // The most specific type of this value (tensors: their full refinement).
  TypePtr type() const;
  // Python's repr().
  std::string repr() const;

 private:
  bool isHeap() const {
    switch (tag_) {
      case Tag::None:
      case Tag::Double:
      case Tag::Int:
      case Tag::Bool:
      case Tag::Device:
      case Tag::Uninitialized:
        return false;
      default:
        return true;
    }
  }
  void release() {
    if (isHeap() && payload_.p && payload_.p->decref()) delete payload_.p;
  }
  void checkTag(Tag expected) const {
    if (EMBER_UNLIKELY(tag_ != expected)) throwWrongTag(expected);
  }
  [[noreturn]] void throwWrongTag(Tag expected) const;
  template <typename T>
  IntrusivePtr<T> copyPtr(Tag t) const;
  template <typename T>
  IntrusivePtr<T> movePtr(Tag t);
  void setPtr(Tag t, RefCounted* p) {
    tag_ = t;
    payload_.p = p;
  }

  union Payload {
    int64_t i;
    double d;
    RefCounted* p;
    struct {
      DeviceType type;
      int16_t index;
    } device;
  } payload_;
  Tag tag_;
};

static_assert(sizeof(IValue) == 16, "IValue must stay a 16-byte tagged union");

// PyTorch C++ style (see the file comment).
std::ostream& operator<<(std::ostream& os, const IValue& v);
// Formats a double as PyTorch's C++ printing does: `1.`, `0.10000000000000001`, `1e+20`, `-0.`.
std::string formatDoubleTorch(double d);
// Formats a double as Python's repr(float): `1.0`, `0.1`, `1e-05`, `inf`, `nan`.
std::string formatDoublePython(double d);
// How tensors inside values are printed. The default is the tensor library's repr(tensor) (as
// Python prints it); a host may install another printer.
using TensorPrinter = std::function<void(std::ostream&, const Tensor&)>;
void setTensorPrinter(TensorPrinter printer);
// Python's repr(str): single quotes unless the text contains ' and no ", escapes as Python does.
std::string pythonQuote(std::string_view s);

// ---------------------------------------------------------------------------------------------
// Heap payloads.

struct ComplexHolder : RefCounted {
  explicit ComplexHolder(std::complex<double> v) : value(v) {}
  std::complex<double> value;
};

struct StringImpl : RefCounted {
  explicit StringImpl(std::string s) : str(std::move(s)) {}
  std::string str;
};

struct TupleImpl : RefCounted {
  explicit TupleImpl(std::vector<IValue> elems, TupleTypePtr namedType = nullptr)
      : elements(std::move(elems)), type(std::move(namedType)) {}
  static IntrusivePtr<TupleImpl> create(std::vector<IValue> elems) { return makeIntrusive<TupleImpl>(std::move(elems)); }
  static IntrusivePtr<TupleImpl> createNamed(std::vector<IValue> elems, TupleTypePtr type);
  size_t size() const { return elements.size(); }
  const IValue& at(size_t i) const;
  std::vector<IValue> elements;
  TupleTypePtr type;  // set for NamedTuples only; otherwise the type is computed from the elements
};

struct ListImpl : RefCounted {
  ListImpl(std::vector<IValue> elems, TypePtr elemType) : elements(std::move(elems)), elementType(std::move(elemType)) {}
  static IntrusivePtr<ListImpl> create(TypePtr elemType, std::vector<IValue> elems = {}) {
    return makeIntrusive<ListImpl>(std::move(elems), std::move(elemType));
  }
  size_t size() const { return elements.size(); }
  // Python indexing: negative counts from the end; IndexError "list index out of range".
  IValue& at(int64_t i);
  const IValue& at(int64_t i) const;
  std::vector<IValue> elements;
  TypePtr elementType;
};

// A dict that iterates in insertion order, as Python's does. Tensor keys hash and compare by
// identity; other keys by value.
struct DictImpl : RefCounted {
  struct Hash {
    size_t operator()(const IValue& v) const;
  };
  struct KeyEqual {
    bool operator()(const IValue& a, const IValue& b) const;
  };
  DictImpl(TypePtr keyType, TypePtr valueType) : keyType(std::move(keyType)), valueType(std::move(valueType)) {}
  static IntrusivePtr<DictImpl> create(TypePtr keyType, TypePtr valueType) {
    return makeIntrusive<DictImpl>(std::move(keyType), std::move(valueType));
  }

  size_t size() const { return index_.size(); }
  bool empty() const { return index_.empty(); }
  bool contains(const IValue& key) const { return index_.count(key) != 0; }
  // Inserts or overwrites (keeping the original position, as Python does).
  void insertOrAssign(IValue key, IValue value);
  // Inserts only if absent; returns whether it inserted.
  bool insert(IValue key, IValue value);
  const IValue* find(const IValue& key) const;
  // KeyError naming the key when absent.
  const IValue& at(const IValue& key) const;
  bool erase(const IValue& key);
  void clear();
  // Entries in insertion order.
  std::vector<std::pair<IValue, IValue>> items() const;
  template <typename F>
  void forEach(F&& f) const {
    for (const auto& e : entries_)
      if (e) f(e->first, e->second);
  }

  TypePtr keyType;
  TypePtr valueType;

 private:
  void compact();
  std::vector<std::optional<std::pair<IValue, IValue>>> entries_;  // erased entries leave holes
  std::unordered_map<IValue, size_t, Hash, KeyEqual> index_;
};

// An instance of a ClassType: one slot per attribute.
struct ObjectImpl : RefCounted {
  ObjectImpl(ClassTypePtr type, size_t numSlots) : type(std::move(type)), slots(numSlots) {}
  static IntrusivePtr<ObjectImpl> create(ClassTypePtr type) {
    size_t n = type->numAttributes();
    return makeIntrusive<ObjectImpl>(std::move(type), n);
  }
  const IValue& getSlot(size_t i) const { return slots.at(i); }
  void setSlot(size_t i, IValue v);  // grows the slot list if the class gained attributes
  IValue getAttr(std::string_view name) const;
  void setAttr(std::string_view name, IValue v);
  std::string name() const { return type->qualifiedName(); }
  ClassTypePtr type;
  std::vector<IValue> slots;
};

// The result of an asynchronous computation (fork/wait, RPC).
struct FutureImpl : RefCounted {
  explicit FutureImpl(TypePtr elementType) : elementType(std::move(elementType)) {}
  static IntrusivePtr<FutureImpl> create(TypePtr elementType) { return makeIntrusive<FutureImpl>(std::move(elementType)); }
  void markCompleted(IValue value);
  void setError(std::exception_ptr error);
  bool completed() const;
  bool hasError() const;
  // Blocks until completed; rethrows the error if there was one.
  IValue wait();
  // Runs now if already completed, otherwise on completion (on the completing thread).
  void addCallback(std::function<void(FutureImpl&)> callback);
  IValue value() const;  // throws if not completed or failed

  TypePtr elementType;

 private:
  void finish(std::unique_lock<std::mutex>& lock);
  mutable std::mutex mutex_;
  std::condition_variable done_;
  bool completed_ = false;
  IValue value_;
  std::exception_ptr error_;
  std::vector<std::function<void(FutureImpl&)>> callbacks_;
};

// Base for opaque host objects carried through programs (custom classes, packed params).
class CustomClassHolder : public RefCounted {};

// ---------------------------------------------------------------------------------------------
// Helpers for building values.

IValue makeTuple(std::vector<IValue> elems);
IValue makeList(TypePtr elemType, std::vector<IValue> elems);
IValue makeIntList(ArrayRef<int64_t> v);
IValue makeDoubleList(ArrayRef<double> v);
IValue makeBoolList(const std::vector<bool>& v);
IValue makeTensorList(ArrayRef<Tensor> v);
IValue makeStringList(const std::vector<std::string>& v);

}  // namespace ember::jit

template <>
struct std::hash<ember::jit::IValue> {
  size_t operator()(const ember::jit::IValue& v) const { return ember::jit::DictImpl::Hash()(v); }
};
