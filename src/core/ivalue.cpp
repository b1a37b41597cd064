#include "ember/core/ivalue.h"

#include <cmath>
#include <functional>

#include "ember/core/enum_type.h"

namespace ember::jit {

const char* IValue::tagName(Tag t) {
  switch (t) {
#define EMBER_IVALUE_TAG_NAME(x) \
  case Tag::x:                   \
    return #x;
    EMBER_FORALL_IVALUE_TAGS(EMBER_IVALUE_TAG_NAME)
#undef EMBER_IVALUE_TAG_NAME
  }
  return "InvalidTag";
}

void IValue::throwWrongTag(Tag expected) const {
  EMBER_ERROR("Expected ", tagName(expected), " but got ", tagName(tag_));
}

template <typename T>
IntrusivePtr<T> IValue::copyPtr(Tag t) const {
  checkTag(t);
  return IntrusivePtr<T>(static_cast<T*>(payload_.p));
}

template <typename T>
IntrusivePtr<T> IValue::movePtr(Tag t) {
  checkTag(t);
  auto p = IntrusivePtr<T>::reclaim(static_cast<T*>(payload_.p));
  tag_ = Tag::None;
  payload_.i = 0;
  return p;
}

// ---- constructors ----

IValue::IValue(std::complex<double> c) { setPtr(Tag::ComplexDouble, makeIntrusive<ComplexHolder>(c).release()); }
IValue::IValue(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Int:
      tag_ = Tag::Int;
      payload_.i = s.toLong();
      break;
    case Scalar::Kind::Double:
      tag_ = Tag::Double;
      payload_.d = s.toDouble();
      break;
    case Scalar::Kind::Bool:
      tag_ = Tag::Bool;
      payload_.i = s.toBool();
      break;
    case Scalar::Kind::ComplexDouble:
      setPtr(Tag::ComplexDouble, makeIntrusive<ComplexHolder>(s.toComplexDouble()).release());
      break;
  }
}
IValue::IValue(Storage s) {
  setPtr(Tag::Storage, s.impl() ? IntrusivePtr<StorageImpl>(s.impl()).release() : nullptr);
}
IValue::IValue(std::string s) { setPtr(Tag::String, makeIntrusive<StringImpl>(std::move(s)).release()); }
IValue::IValue(std::string_view s) : IValue(std::string(s)) {}
IValue::IValue(IntrusivePtr<StringImpl> s) { setPtr(Tag::String, s.release()); }
IValue::IValue(IntrusivePtr<TupleImpl> t) { setPtr(Tag::Tuple, t.release()); }
IValue::IValue(IntrusivePtr<ListImpl> l) { setPtr(Tag::GenericList, l.release()); }
IValue::IValue(IntrusivePtr<DictImpl> d) { setPtr(Tag::GenericDict, d.release()); }
IValue::IValue(IntrusivePtr<ObjectImpl> o) { setPtr(Tag::Object, o.release()); }
IValue::IValue(IntrusivePtr<FutureImpl> f) { setPtr(Tag::Future, f.release()); }
IValue::IValue(IntrusivePtr<EnumHolder> e) { setPtr(Tag::Enum, e.release()); }
IValue::IValue(IntrusivePtr<CustomClassHolder> c) { setPtr(Tag::Capsule, c.release()); }

// ---- accessors ----

std::complex<double> IValue::toComplexDouble() const {
  checkTag(Tag::ComplexDouble);
  return static_cast<ComplexHolder*>(payload_.p)->value;
}

Scalar IValue::toScalar() const {
  if (isInt()) return Scalar(payload_.i);
  if (isDouble()) return Scalar(payload_.d);
  if (isBool()) return Scalar(payload_.i != 0);
  if (isComplexDouble()) return Scalar(toComplexDouble());
  EMBER_ERROR("Expected a Scalar (int, float, complex or bool) but got ", tagName(tag_));
}

Storage IValue::toStorage() const { return Storage(copyPtr<StorageImpl>(Tag::Storage)); }

const std::string& IValue::toStringRef() const {
  checkTag(Tag::String);
  return static_cast<StringImpl*>(payload_.p)->str;
}
IntrusivePtr<StringImpl> IValue::toString() const { return copyPtr<StringImpl>(Tag::String); }

IntrusivePtr<TupleImpl> IValue::toTuple() const& { return copyPtr<TupleImpl>(Tag::Tuple); }
IntrusivePtr<TupleImpl> IValue::toTuple() && { return movePtr<TupleImpl>(Tag::Tuple); }
TupleImpl& IValue::toTupleRef() const {
  checkTag(Tag::Tuple);
  return *static_cast<TupleImpl*>(payload_.p);
}
IntrusivePtr<ListImpl> IValue::toList() const& { return copyPtr<ListImpl>(Tag::GenericList); }
IntrusivePtr<ListImpl> IValue::toList() && { return movePtr<ListImpl>(Tag::GenericList); }
ListImpl& IValue::toListRef() const {
  checkTag(Tag::GenericList);
  return *static_cast<ListImpl*>(payload_.p);
}
IntrusivePtr<DictImpl> IValue::toGenericDict() const& { return copyPtr<DictImpl>(Tag::GenericDict); }
IntrusivePtr<DictImpl> IValue::toGenericDict() && { return movePtr<DictImpl>(Tag::GenericDict); }
DictImpl& IValue::toDictRef() const {
  checkTag(Tag::GenericDict);
  return *static_cast<DictImpl*>(payload_.p);
}
IntrusivePtr<ObjectImpl> IValue::toObject() const& { return copyPtr<ObjectImpl>(Tag::Object); }
IntrusivePtr<ObjectImpl> IValue::toObject() && { return movePtr<ObjectImpl>(Tag::Object); }
ObjectImpl& IValue::toObjectRef() const {
  checkTag(Tag::Object);
  return *static_cast<ObjectImpl*>(payload_.p);
}
IntrusivePtr<FutureImpl> IValue::toFuture() const { return copyPtr<FutureImpl>(Tag::Future); }
IntrusivePtr<EnumHolder> IValue::toEnumHolder() const { return copyPtr<EnumHolder>(Tag::Enum); }
IntrusivePtr<CustomClassHolder> IValue::toCapsule() const { return copyPtr<CustomClassHolder>(Tag::Capsule); }

namespace {
template <typename Pred>
bool allElements(const IValue& v, Pred pred) {
  if (!v.isList()) return false;
  for (const auto& e : v.toListRef().elements)
    if (!pred(e)) return false;
  return true;
}
}  // namespace

bool IValue::isIntList() const {
  return isList() && (toListRef().elementType->kind() == TypeKind::IntType ||
                      allElements(*this, [](const IValue& e) { return e.isInt(); }));
}
bool IValue::isDoubleList() const {
  return isList() && (toListRef().elementType->kind() == TypeKind::FloatType ||
                      allElements(*this, [](const IValue& e) { return e.isDouble(); }));
}
bool IValue::isBoolList() const {
  return isList() && (toListRef().elementType->kind() == TypeKind::BoolType ||
                      allElements(*this, [](const IValue& e) { return e.isBool(); }));
}
bool IValue::isTensorList() const {
  return isList() && (toListRef().elementType->kind() == TypeKind::TensorType ||
                      allElements(*this, [](const IValue& e) { return e.isTensor(); }));
}

std::vector<int64_t> IValue::toIntVector() const {
  std::vector<int64_t> out;
  for (const auto& e : toListRef().elements) out.push_back(e.toInt());
  return out;
}
std::vector<double> IValue::toDoubleVector() const {
  std::vector<double> out;
  for (const auto& e : toListRef().elements) out.push_back(e.toDouble());
  return out;
}
std::vector<bool> IValue::toBoolVector() const {
  std::vector<bool> out;
  for (const auto& e : toListRef().elements) out.push_back(e.toBool());
  return out;
}
std::vector<Tensor> IValue::toTensorVector() const {
  std::vector<Tensor> out;
  for (const auto& e : toListRef().elements) out.push_back(e.toTensor());
  return out;
}

// ---- identity, equality, hashing ----

bool IValue::is(const IValue& rhs) const {
  if (tag_ != rhs.tag_) return false;
  if (isHeap()) return payload_.p == rhs.payload_.p;
  return *this == rhs;
}

namespace {

bool isNumeric(const IValue& v) { return v.isInt() || v.isDouble() || v.isBool() || v.isComplexDouble(); }

// An exact comparison of an integer with a double, as Python does (no rounding of the int).
bool intEqualsDouble(int64_t i, double d) {
  if (!std::isfinite(d) || d != std::trunc(d)) return false;
  if (d < -9223372036854775808.0 || d >= 9223372036854775808.0) return false;
  return static_cast<int64_t>(d) == i;
}

bool numericEquals(const IValue& a, const IValue& b) {
  if (a.isComplexDouble() || b.isComplexDouble()) {
    auto toC = [](const IValue& v) -> std::complex<double> {
      if (v.isComplexDouble()) return v.toComplexDouble();
      if (v.isDouble()) return v.toDouble();
      return static_cast<double>(v.isBool() ? v.toBool() : v.toInt());
    };
    return toC(a) == toC(b);
  }
  auto asInt = [](const IValue& v) { return v.isBool() ? int64_t(v.toBool()) : v.toInt(); };
  if (a.isDouble() && b.isDouble()) return a.toDouble() == b.toDouble();
  if (a.isDouble()) return intEqualsDouble(asInt(b), a.toDouble());
  if (b.isDouble()) return intEqualsDouble(asInt(a), b.toDouble());
  return asInt(a) == asInt(b);
}

// Python truth-tests the result of `tensor == tensor`, which only works for one element.
bool tensorsEqual(const Tensor& a, const Tensor& b) {
  EMBER_CHECK(a.defined() && b.defined(), "cannot compare undefined tensors");
  int64_t n = std::max(a.numel(), b.numel());
  if (a.numel() == 0 || b.numel() == 0) n = 0;
  EMBER_CHECK(n != 0, "Boolean value of Tensor with no values is ambiguous");
  EMBER_CHECK(n == 1, "Boolean value of Tensor with more than one value is ambiguous");
  Scalar x = a.item(), y = b.item();
  return numericEquals(IValue(x), IValue(y));
}

// Containers compare elements by identity first, as Python's list equality does.
bool fastEquals(const IValue& a, const IValue& b) { return a.is(b) || a == b; }

}  // namespace

bool operator==(const IValue& a, const IValue& b) {
  if (isNumeric(a) && isNumeric(b)) return numericEquals(a, b);
  if (a.tag() != b.tag()) return false;
  using Tag = IValue::Tag;
  switch (a.tag()) {
    case Tag::None:
      return true;
    case Tag::Tensor:
      return tensorsEqual(a.toTensor(), b.toTensor());
    case Tag::Storage:
      return a.toStorage().isAlias(b.toStorage());
    case Tag::String:
      return a.toStringRef() == b.toStringRef();
    case Tag::Device:
      return a.toDevice() == b.toDevice();
    case Tag::Tuple:
    case Tag::GenericList: {
      const auto& x = a.isTuple() ? a.toTupleRef().elements : a.toListRef().elements;
      const auto& y = b.isTuple() ? b.toTupleRef().elements : b.toListRef().elements;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!fastEquals(x[i], y[i])) return false;
      return true;
    }
    case Tag::GenericDict: {
      const auto& x = a.toDictRef();
      const auto& y = b.toDictRef();
      if (x.size() != y.size()) return false;
      bool equal = true;
      x.forEach([&](const IValue& k, const IValue& v) {
        if (!equal) return;
        const IValue* other = y.find(k);
        equal = other && fastEquals(v, *other);
      });
      return equal;
    }
    case Tag::Enum: {
      auto x = a.toEnumHolder();
      auto y = b.toEnumHolder();
      return *x->type == *y->type && x->name == y->name;
    }
    case Tag::Uninitialized:
      return false;
    default:
      return a.is(b);  // futures, objects, capsules
  }
}

namespace {
size_t hashCombine(size_t seed, size_t h) { return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)); }
}  // namespace

// Equal keys must hash equally under Python's mixed numeric equality: 1, 1.0 and True collide.
size_t DictImpl::Hash::operator()(const IValue& v) const {
  using Tag = IValue::Tag;
  switch (v.tag()) {
    case Tag::None:
      return 0;
    case Tag::Int:
      return std::hash<int64_t>()(v.toInt());
    case Tag::Bool:
      return std::hash<int64_t>()(v.toBool());
    case Tag::Double: {
      double d = v.toDouble();
      if (std::isfinite(d) && d == std::trunc(d) && std::abs(d) < 9.2e18)
        return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    case Tag::ComplexDouble: {
      auto c = v.toComplexDouble();
      if (c.imag() == 0) return (*this)(IValue(c.real()));
      return hashCombine(std::hash<double>()(c.real()), std::hash<double>()(c.imag()));
    }
    case Tag::String:
      return std::hash<std::string>()(v.toStringRef());
    case Tag::Tensor:
      return std::hash<const void*>()(v.unsafeToTensorImpl());
    case Tag::Device:
      return std::hash<int>()(static_cast<int>(v.toDevice().type) * 65536 + v.toDevice().index);
    case Tag::Tuple: {
      size_t h = 0x345678;
      for (const auto& e : v.toTupleRef().elements) h = hashCombine(h, (*this)(e));
      return h;
    }
    case Tag::Enum:
      return std::hash<std::string>()(v.toEnumHolder()->name);
    default:
      EMBER_CHECK_KIND(Type, false, "unhashable type: '", v.type()->annotation_str(), "'");
      return 0;
  }
}

bool DictImpl::KeyEqual::operator()(const IValue& a, const IValue& b) const {
  if (a.isTensor() && b.isTensor()) return a.is(b);
  return fastEquals(a, b);
}

// ---- type ----

TypePtr IValue::type() const {
  switch (tag_) {
    case Tag::None:
      return NoneType::get();
    case Tag::Tensor:
      return TensorType::fromTensor(toTensor());
    case Tag::Storage:
      return StorageType::get();
    case Tag::Double:
      return FloatType::get();
    case Tag::ComplexDouble:
      return ComplexType::get();
    case Tag::Int:
      return IntType::get();
    case Tag::Bool:
      return BoolType::get();
    case Tag::String:
      return StringType::get();
    case Tag::Device:
      return DeviceObjType::get();
    case Tag::Tuple: {
      const auto& t = toTupleRef();
      if (t.type) return t.type;
      std::vector<TypePtr> elems;
      for (const auto& e : t.elements) elems.push_back(e.type());
      return TupleType::create(std::move(elems));
    }
    case Tag::GenericList:
      return ListType::create(toListRef().elementType);
    case Tag::GenericDict:
      return DictType::create(toDictRef().keyType, toDictRef().valueType);
    case Tag::Future:
      return FutureType::create(toFuture()->elementType);
    case Tag::Object:
      return toObjectRef().type;
    case Tag::Enum:
      return toEnumHolder()->type;
    case Tag::Capsule:
      return CapsuleType::get();
    case Tag::Uninitialized:
      return AnyType::get();
  }
  return AnyType::get();
}

// ---- payload methods ----

IntrusivePtr<TupleImpl> TupleImpl::createNamed(std::vector<IValue> elems, TupleTypePtr type) {
  EMBER_CHECK(type && type->elements().size() == elems.size(), "NamedTuple value has ", elems.size(),
              " fields but its type has ", type ? type->elements().size() : 0);
  return makeIntrusive<TupleImpl>(std::move(elems), std::move(type));
}

const IValue& TupleImpl::at(size_t i) const {
  EMBER_CHECK_KIND(Index, i < elements.size(), "tuple index out of range");
  return elements[i];
}

IValue& ListImpl::at(int64_t i) {
  int64_t n = static_cast<int64_t>(elements.size());
  if (i < 0) i += n;
  EMBER_CHECK_KIND(Index, i >= 0 && i < n, "list index out of range");
  return elements[static_cast<size_t>(i)];
}
const IValue& ListImpl::at(int64_t i) const { return const_cast<ListImpl*>(this)->at(i); }

void DictImpl::insertOrAssign(IValue key, IValue value) {
  auto it = index_.find(key);
  if (it != index_.end()) {
    entries_[it->second]->second = std::move(value);
    return;
  }
  index_.emplace(key, entries_.size());
  entries_.emplace_back(std::make_pair(std::move(key), std::move(value)));
}

bool DictImpl::insert(IValue key, IValue value) {
  if (index_.count(key)) return false;
  index_.emplace(key, entries_.size());
  entries_.emplace_back(std::make_pair(std::move(key), std::move(value)));
  return true;
}

const IValue* DictImpl::find(const IValue& key) const {
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second]->second;
}

const IValue& DictImpl::at(const IValue& key) const {
  const IValue* v = find(key);
  if (!v) {
    std::ostringstream os;
    os << key;
    EMBER_CHECK_KIND(Key, false, os.str());
  }
  return *v;
}

bool DictImpl::erase(const IValue& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  entries_[it->second].reset();
  index_.erase(it);
  if (entries_.size() > 16 && index_.size() < entries_.size() / 2) compact();
  return true;
}

void DictImpl::clear() {
  entries_.clear();
  index_.clear();
}

void DictImpl::compact() {
  std::vector<std::optional<std::pair<IValue, IValue>>> kept;
  kept.reserve(index_.size());
  for (auto& e : entries_)
    if (e) kept.push_back(std::move(e));
  entries_ = std::move(kept);
  for (size_t i = 0; i < entries_.size(); ++i) index_[entries_[i]->first] = i;
}

std::vector<std::pair<IValue, IValue>> DictImpl::items() const {
  std::vector<std::pair<IValue, IValue>> out;
  out.reserve(index_.size());
  forEach([&](const IValue& k, const IValue& v) { out.emplace_back(k, v); });
  return out;
}

void ObjectImpl::setSlot(size_t i, IValue v) {
  if (i >= slots.size()) {
    EMBER_CHECK(i < type->numAttributes(), "slot ", i, " out of range for object of class ", type->qualifiedName());
    slots.resize(i + 1);
  }
  slots[i] = std::move(v);
}

IValue ObjectImpl::getAttr(std::string_view name) const {
  size_t slot = type->getAttributeSlot(name);
  return slot < slots.size() ? slots[slot] : IValue();
}

void ObjectImpl::setAttr(std::string_view name, IValue v) { setSlot(type->getAttributeSlot(name), std::move(v)); }

void FutureImpl::markCompleted(IValue value) {
  std::unique_lock lock(mutex_);
  EMBER_CHECK(!completed_, "Attempting to mark a completed Future as complete again.");
  value_ = std::move(value);
  finish(lock);
}

void FutureImpl::setError(std::exception_ptr error) {
  std::unique_lock lock(mutex_);
  EMBER_CHECK(!completed_, "Attempting to set an error on a completed Future.");
  error_ = std::move(error);
  finish(lock);
}

void FutureImpl::finish(std::unique_lock<std::mutex>& lock) {
  completed_ = true;
  auto callbacks = std::move(callbacks_);
  callbacks_.clear();
  lock.unlock();
  done_.notify_all();
  for (auto& cb : callbacks) cb(*this);
}

bool FutureImpl::completed() const {
  std::lock_guard lock(mutex_);
  return completed_;
}

bool FutureImpl::hasError() const {
  std::lock_guard lock(mutex_);
  return error_ != nullptr;
}

IValue FutureImpl::wait() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return completed_; });
  if (error_) std::rethrow_exception(error_);
  return value_;
}

void FutureImpl::addCallback(std::function<void(FutureImpl&)> callback) {
  std::unique_lock lock(mutex_);
  if (!completed_) {
    callbacks_.push_back(std::move(callback));
    return;
  }
  lock.unlock();
  callback(*this);
}

IValue FutureImpl::value() const {
  std::lock_guard lock(mutex_);
  EMBER_CHECK(completed_, "Future is not completed yet");
  if (error_) std::rethrow_exception(error_);
  return value_;
}

// ---- builders ----

IValue makeTuple(std::vector<IValue> elems) { return IValue(TupleImpl::create(std::move(elems))); }
IValue makeList(TypePtr elemType, std::vector<IValue> elems) {
  return IValue(ListImpl::create(std::move(elemType), std::move(elems)));
}
IValue makeIntList(ArrayRef<int64_t> v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return makeList(IntType::get(), std::move(elems));
}
IValue makeDoubleList(ArrayRef<double> v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return makeList(FloatType::get(), std::move(elems));
}
IValue makeBoolList(const std::vector<bool>& v) {
  std::vector<IValue> elems;
  for (bool b : v) elems.emplace_back(b);
  return makeList(BoolType::get(), std::move(elems));
}
IValue makeTensorList(ArrayRef<Tensor> v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return makeList(TensorType::get(), std::move(elems));
}
IValue makeStringList(const std::vector<std::string>& v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return makeList(StringType::get(), std::move(elems));
}

}  // namespace ember::jit
