// The unpickler's opcode machine (see unpickler.h). Globals live in unpickler_globals.cpp.
#include <algorithm>
#include <bit>
#include <cstring>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "serialization/bool_bytes.h"
#include "serialization/byte_io.h"
#include "serialization/pickle_opcodes.h"
#include "serialization/unpickler_impl.h"

namespace ember::jit {

namespace detail {

using Op = PickleOpCode;

TypePtr shallowType(const IValue& v, int depth) {
  switch (v.tag()) {
    case IValue::Tag::None:
      return NoneType::get();
    case IValue::Tag::Tensor:
      return TensorType::get();
    case IValue::Tag::Double:
      return FloatType::get();
    case IValue::Tag::ComplexDouble:
      return ComplexType::get();
    case IValue::Tag::Int:
      return IntType::get();
    case IValue::Tag::Bool:
      return BoolType::get();
    case IValue::Tag::String:
      return StringType::get();
    case IValue::Tag::Device:
      return DeviceObjType::get();
    case IValue::Tag::GenericList:
      return ListType::create(v.toListRef().elementType);
    case IValue::Tag::GenericDict: {
      const DictImpl& d = v.toDictRef();
      return DictType::create(d.keyType, d.valueType);
    }
    case IValue::Tag::Tuple: {
      if (depth >= 4) return AnyTupleType::get();
      std::vector<TypePtr> elems;
      for (const IValue& e : v.toTupleRef().elements) elems.push_back(shallowType(e, depth + 1));
      return TupleType::create(std::move(elems));
    }
    case IValue::Tag::Object:
      return v.toObjectRef().type;
    case IValue::Tag::Enum:
      return v.toEnumHolder()->type;
    default:
      return AnyType::get();
  }
}

TypePtr joinTypes(const TypePtr& a, const TypePtr& b) {
  if (a->equals(*b)) return a;
  if (auto u = unifyTypes(a, b)) return *u;
  return AnyType::get();
}

namespace {

// Identity of a container value (nullptr for everything else).
const void* containerId(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::Tuple:
      return &v.toTupleRef();
    case IValue::Tag::GenericList:
      return &v.toListRef();
    case IValue::Tag::GenericDict:
      return &v.toDictRef();
    case IValue::Tag::Object:
      return &v.toObjectRef();
    default:
      return nullptr;
  }
}

// Copies of a container's elements (dict keys and values alternate).
std::vector<IValue> childrenOf(const IValue& v) {
  std::vector<IValue> out;
  switch (v.tag()) {
    case IValue::Tag::Tuple:
      out = v.toTupleRef().elements;
      break;
    case IValue::Tag::GenericList:
      out = v.toListRef().elements;
      break;
    case IValue::Tag::GenericDict:
      v.toDictRef().forEach([&](const IValue& k, const IValue& val) {
        out.push_back(k);
        out.push_back(val);
      });
      break;
    case IValue::Tag::Object:
      out = v.toObjectRef().slots;
      break;
    default:
      break;
  }
  return out;
}

// Moves a container's contents to `out`.
void emptyInto(IValue& v, std::vector<IValue>& out) {
  auto take = [&](std::vector<IValue>& elems) {
    std::move(elems.begin(), elems.end(), std::back_inserter(out));
    elems.clear();
  };
  switch (v.tag()) {
    case IValue::Tag::Tuple:
      take(v.toTupleRef().elements);
      break;
    case IValue::Tag::GenericList:
      take(v.toListRef().elements);
      break;
    case IValue::Tag::GenericDict:
      v.toDictRef().forEach([&](const IValue& k, const IValue& val) {
        out.push_back(k);
        out.push_back(val);
      });
      v.toDictRef().clear();
      break;
    case IValue::Tag::Object:
      take(v.toObjectRef().slots);
      break;
    default:
      break;
  }
}

}  // namespace

Unpickler::~Unpickler() {
  // Empty every container the result does not hold. Their contents go to a flat list first, so
  // nothing is destroyed recursively and cycles among them are broken.
  std::vector<IValue> trash;
  // Keep whatever the object builder was given (and everything inside it).
  std::vector<IValue> work = std::move(escaped_);
  while (!work.empty()) {
    IValue v = std::move(work.back());
    work.pop_back();
    const void* id = containerId(v);
    if (!id || !reachable_.insert(id).second) continue;
    for (IValue& k : childrenOf(v)) work.push_back(std::move(k));
  }
  for (IValue& v : created_)
    if (!reachable_.count(containerId(v))) emptyInto(v, trash);
  stack_.clear();
  memo_.clear();
  created_.clear();
}

// ---------------------------------------------------------------------------------------------
// Input.

uint8_t Unpickler::readByte() {
  EMBER_CHECK(pos_ < data_.size(), "invalid pickle: unexpected end of data at byte ", pos_);
  return static_cast<uint8_t>(data_[pos_++]);
}

template <typename T>
T Unpickler::readLE() {
  EMBER_CHECK(sizeof(T) <= data_.size() - pos_, "invalid pickle: unexpected end of data at byte ", pos_);
  T v = loadLE<T>(reinterpret_cast<const uint8_t*>(data_.data()) + pos_);
  pos_ += sizeof(T);
  return v;
}

std::string_view Unpickler::readBytes(uint64_t n) {
  EMBER_CHECK(n <= data_.size() - pos_, "invalid pickle: a length of ", n, " at byte ", opStart_,
              " runs past the end of the data");
  std::string_view s = data_.substr(pos_, n);
  pos_ += n;
  return s;
}

std::string_view Unpickler::readLine() {
  size_t nl = data_.find('\n', pos_);
  EMBER_CHECK(nl != std::string_view::npos, "invalid pickle: unterminated line at byte ", pos_);
  std::string_view s = data_.substr(pos_, nl - pos_);
  pos_ = nl + 1;
  return s;
}

// A little-endian two's-complement integer of any length (LONG1, LONG4); it must fit in int64.
int64_t Unpickler::readLong(uint64_t nbytes) {
  std::string_view b = readBytes(nbytes);
  if (nbytes == 0) return 0;
  auto byte = [&](size_t i) { return static_cast<uint8_t>(b[i]); };
  bool negative = byte(nbytes - 1) & 0x80;
  uint64_t v = 0;
  for (size_t i = 0; i < std::min<uint64_t>(nbytes, 8); ++i) v |= uint64_t{byte(i)} << (8 * i);
  if (nbytes < 8 && negative) v |= ~uint64_t{0} << (8 * nbytes);
  bool fits = nbytes <= 8 || ((byte(7) & 0x80) != 0) == negative;
  for (size_t i = 8; i < nbytes && fits; ++i) fits = byte(i) == (negative ? 0xFF : 0x00);
  EMBER_CHECK(fits, "pickle holds an integer at byte ", opStart_, " that does not fit in 64 bits");
  return static_cast<int64_t>(v);
}

// ---------------------------------------------------------------------------------------------
// Stack.

IValue Unpickler::pop() {
  EMBER_CHECK(!stack_.empty() && (marks_.empty() || marks_.back() < stack_.size()),
              "invalid pickle: stack underflow at byte ", opStart_);
  IValue v = std::move(stack_.back());
  stack_.pop_back();
  return v;
}

IValue& Unpickler::top() {
  EMBER_CHECK(!stack_.empty() && (marks_.empty() || marks_.back() < stack_.size()),
              "invalid pickle: stack underflow at byte ", opStart_);
  return stack_.back();
}

size_t Unpickler::popMark() {
  EMBER_CHECK(!marks_.empty(), "invalid pickle: no MARK for the opcode at byte ", opStart_);
  size_t m = marks_.back();
  marks_.pop_back();
  return m;
}

std::vector<IValue> Unpickler::popToMark() {
  size_t m = popMark();
  std::vector<IValue> items(std::make_move_iterator(stack_.begin() + static_cast<ptrdiff_t>(m)),
                            std::make_move_iterator(stack_.end()));
  stack_.resize(m);
  return items;
}

// ---------------------------------------------------------------------------------------------
// Containers.

IValue Unpickler::newList(std::vector<IValue> items) {
  IValue v = IValue(ListImpl::create(AnyType::get()));
  inferring_[&v.toListRef()] = false;
  created_.push_back(v);
  for (auto& item : items) appendToList(v.toListRef(), std::move(item));
  return v;
}

IValue Unpickler::newDict() {
  IValue v = IValue(DictImpl::create(StringType::get(), AnyType::get()));
  inferring_[&v.toDictRef()] = false;
  created_.push_back(v);
  return v;
}

IValue Unpickler::newTuple(std::vector<IValue> items) {
  IValue v = IValue(TupleImpl::create(std::move(items)));
  created_.push_back(v);
  return v;
}

void Unpickler::rejectNonValue(const IValue& v, const char* where) const {
  if (!v.isCapsule()) return;
  auto* cap = v.toCapsule().get();
  if (auto* g = dynamic_cast<const GlobalValue*>(cap))
    EMBER_ERROR("unsupported use of global '", g->name, "' as a value in ", where, " (pickle byte ", opStart_, ")");
  EMBER_ERROR("unsupported pickle: a bare storage used as a value in ", where,
              " (only tensors that view storages are supported)");
}

void Unpickler::appendToList(ListImpl& list, IValue item) {
  rejectNonValue(item, "a list");
  auto it = inferring_.find(&list);
  if (it != inferring_.end()) {
    TypePtr t = shallowType(item);
    list.elementType = it->second ? joinTypes(list.elementType, t) : t;
    it->second = true;
  }
  list.elements.push_back(std::move(item));
}

void Unpickler::insertIntoDict(DictImpl& dict, IValue key, IValue value) {
  rejectNonValue(key, "a dict");
  rejectNonValue(value, "a dict");
  auto it = inferring_.find(&dict);
  if (it != inferring_.end()) {
    TypePtr kt = shallowType(key);
    EMBER_CHECK(key.isString() || key.isInt() || key.isDouble() || key.isBool() || key.isTensor() ||
                    key.isComplexDouble(),
                "unsupported pickle: dict key of type ", kt->repr_str(), " (keys must be str, int, float, bool, "
                "complex or Tensor)");
    TypePtr vt = shallowType(value);
    if (!it->second) {
      dict.keyType = kt;
      dict.valueType = vt;
    } else {
      EMBER_CHECK(dict.keyType->equals(*kt), "unsupported pickle: a dict with keys of types ",
                  dict.keyType->repr_str(), " and ", kt->repr_str());
      dict.valueType = joinTypes(dict.valueType, vt);
    }
    it->second = true;
  }
  dict.insertOrAssign(std::move(key), std::move(value));
}

void Unpickler::opAppends(std::vector<IValue> items) {
  IValue& target = top();
  EMBER_CHECK(target.isList(), "unsupported pickle: APPEND to a ", target.tagKind(), " at byte ", opStart_);
  ListImpl& list = target.toListRef();
  for (auto& item : items) appendToList(list, std::move(item));
}

void Unpickler::opSetItems(std::vector<IValue> items) {
  EMBER_CHECK(items.size() % 2 == 0, "invalid pickle: SETITEMS with an odd number of values at byte ", opStart_);
  IValue& target = top();
  EMBER_CHECK(target.isGenericDict(), "unsupported pickle: SETITEM on a ", target.tagKind(), " at byte ", opStart_);
  DictImpl& dict = target.toDictRef();
  for (size_t i = 0; i < items.size(); i += 2) insertIntoDict(dict, std::move(items[i]), std::move(items[i + 1]));
}

// ---------------------------------------------------------------------------------------------
// Opcodes.

void Unpickler::opMemoGet(uint64_t key) {
  auto it = memo_.find(key);
  EMBER_CHECK(it != memo_.end(), "invalid pickle: memo key ", key, " not found at byte ", opStart_);
  push(it->second);
}

void Unpickler::opMemoPut(uint64_t key) { memo_[key] = top(); }

void Unpickler::opReduce() {
  IValue args = pop();
  IValue callable = pop();
  auto* g = callable.isCapsule() ? dynamic_cast<GlobalValue*>(callable.toCapsule().get()) : nullptr;
  EMBER_CHECK(g, "unsupported pickle: REDUCE on a ", callable.tagKind(), " at byte ", opStart_);
  push(callGlobal(*g, std::move(args)));
}

void Unpickler::opNewObj() {
  IValue args = pop();
  IValue cls = pop();
  auto* g = cls.isCapsule() ? dynamic_cast<GlobalValue*>(cls.toCapsule().get()) : nullptr;
  EMBER_CHECK(g && g->kind == GlobalKind::Class && g->type->kind() == TypeKind::ClassType,
              "unsupported pickle: NEWOBJ on ", g ? "'" + g->name + "'" : std::string("a value"), " at byte ",
              opStart_);
  EMBER_CHECK(args.isTuple() && args.toTupleRef().size() == 0, "unsupported pickle: NEWOBJ of '", g->name,
              "' with constructor arguments");
  IValue obj(ObjectImpl::create(std::static_pointer_cast<ClassType>(g->type)));
  created_.push_back(obj);
  push(std::move(obj));
}

void Unpickler::opBuild() {
  IValue state = pop();
  IValue& target = top();
  if (target.isObject()) {
    buildObject(target.toObject(), std::move(state));
  } else if (target.isGenericDict()) {
    // torch.save of a state_dict sets `_metadata` on the OrderedDict; the mapping itself is
    // what matters, so the attribute is dropped.
    EMBER_CHECK(state.isGenericDict(), "unsupported pickle: BUILD on a dict with a ", state.tagKind(), " state");
  } else {
    EMBER_ERROR("unsupported pickle: BUILD on a ", target.tagKind(), " at byte ", opStart_);
  }
}

void Unpickler::opPersistentId() {
  IValue pid = pop();
  EMBER_CHECK(pid.isTuple(), "unsupported pickle: persistent id is a ", pid.tagKind(), ", expected a tuple");
  const auto& e = pid.toTupleRef().elements;
  EMBER_CHECK((e.size() == 5 || e.size() == 6) && e[0].isString() && e[0].toStringRef() == "storage",
              "unsupported pickle: persistent id is not ('storage', type, key, location, numel)");
  auto* g = e[1].isCapsule() ? dynamic_cast<GlobalValue*>(e[1].toCapsule().get()) : nullptr;
  EMBER_CHECK(g && g->kind == GlobalKind::StorageType, "unsupported pickle: persistent id names no storage class");
  EMBER_CHECK(e[2].isString() && e[3].isString() && e[4].isInt(),
              "unsupported pickle: persistent id has a bad key, location or size");
  EMBER_CHECK(options_.storageLoader, "pickle holds tensor data but no storage loader was given");
  Storage s = options_.storageLoader(e[2].toStringRef(), g->dtype, e[3].toStringRef());
  if (g->dtype == ScalarType::Bool && s.defined()) detail::normalizeBoolBytes(s.data(), s.nbytes());
  push(IValue(makeIntrusive<TypedStorage>(std::move(s), g->dtype)));
}

bool Unpickler::step() {
  opStart_ = pos_;
  auto op = static_cast<Op>(readByte());
  switch (op) {
    case Op::PROTO: {
      uint8_t v = readByte();
      EMBER_CHECK(v <= 5, "unsupported pickle protocol ", static_cast<int>(v));
      break;
    }
    case Op::FRAME:
      readLE<uint64_t>();  // framing is only a buffering hint
      break;
    case Op::STOP:
      return false;
    case Op::MARK:
      marks_.push_back(stack_.size());
      break;
    case Op::POP:
      pop();
      break;
    case Op::POP_MARK:
      popToMark();
      break;
    case Op::DUP:
      push(top());
      break;
    case Op::NONE:
      push(IValue());
      break;
    case Op::NEWTRUE:
      push(true);
      break;
    case Op::NEWFALSE:
      push(false);
      break;
    case Op::BININT1:
      push(static_cast<int64_t>(readByte()));
      break;
    case Op::BININT2:
      push(static_cast<int64_t>(readLE<uint16_t>()));
      break;
    case Op::BININT:
      push(static_cast<int64_t>(readLE<int32_t>()));
      break;
    case Op::LONG1:
      push(readLong(readByte()));
      break;
    case Op::LONG4:
      push(readLong(readLE<uint32_t>()));
      break;
    case Op::BINFLOAT:
      push(std::bit_cast<double>(__builtin_bswap64(readLE<uint64_t>())));
      break;
    case Op::BINUNICODE:
    case Op::BINSTRING:
    case Op::BINBYTES:
      push(std::string(readBytes(readLE<uint32_t>())));
      break;
    case Op::SHORT_BINUNICODE:
    case Op::SHORT_BINSTRING:
    case Op::SHORT_BINBYTES:
      push(std::string(readBytes(readByte())));
      break;
    case Op::BINUNICODE8:
    case Op::BINBYTES8:
      push(std::string(readBytes(readLE<uint64_t>())));
      break;
    case Op::EMPTY_TUPLE:
      push(newTuple({}));
      break;
    case Op::TUPLE1:
    case Op::TUPLE2:
    case Op::TUPLE3: {
      size_t n = static_cast<size_t>(op) - static_cast<size_t>(Op::TUPLE1) + 1;
      std::vector<IValue> items(n);
      for (size_t i = n; i-- > 0;) items[i] = pop();
      push(newTuple(std::move(items)));
      break;
    }
    case Op::TUPLE:
      push(newTuple(popToMark()));
      break;
    case Op::EMPTY_LIST:
    case Op::EMPTY_SET:
      push(newList());
      break;
    case Op::LIST:
    case Op::FROZENSET:
      push(newList(popToMark()));
      break;
    case Op::APPEND: {
      IValue item = pop();
      opAppends({std::move(item)});
      break;
    }
    case Op::APPENDS:
    case Op::ADDITEMS:
      opAppends(popToMark());
      break;
    case Op::EMPTY_DICT:
      push(newDict());
      break;
    case Op::DICT: {
      auto items = popToMark();
      push(newDict());
      opSetItems(std::move(items));
      break;
    }
    case Op::SETITEM: {
      IValue value = pop();
      IValue key = pop();
      opSetItems({std::move(key), std::move(value)});
      break;
    }
    case Op::SETITEMS:
      opSetItems(popToMark());
      break;
    case Op::BINGET:
      opMemoGet(readByte());
      break;
    case Op::LONG_BINGET:
      opMemoGet(readLE<uint32_t>());
      break;
    case Op::BINPUT:
      opMemoPut(readByte());
      break;
    case Op::LONG_BINPUT:
      opMemoPut(readLE<uint32_t>());
      break;
    case Op::MEMOIZE:
      opMemoPut(memo_.size());
      break;
    case Op::GLOBAL: {
      std::string module(readLine());
      std::string name(readLine());
      push(resolveGlobal(module, name));
      break;
    }
    case Op::STACK_GLOBAL: {
      IValue name = pop();
      IValue module = pop();
      EMBER_CHECK(module.isString() && name.isString(), "invalid pickle: STACK_GLOBAL needs two strings");
      push(resolveGlobal(module.toStringRef(), name.toStringRef()));
      break;
    }
    case Op::REDUCE:
      opReduce();
      break;
    case Op::NEWOBJ:
      opNewObj();
      break;
    case Op::BUILD:
      opBuild();
      break;
    case Op::BINPERSID:
      opPersistentId();
      break;
    default:
      EMBER_ERROR("unsupported pickle opcode 0x", "0123456789abcdef"[static_cast<uint8_t>(op) >> 4],
                  "0123456789abcdef"[static_cast<uint8_t>(op) & 15], " at byte ", opStart_);
  }
  return true;
}

IValue Unpickler::run() {
  while (step()) {
  }
  IValue result = pop();
  rejectNonValue(result, "the result");
  checkResult(result);
  return result;
}

// Walks the result without recursion: rejects cycles, globals or storages hidden inside
// tuples, and chains of containers longer than maxDepth (which would overflow the C++ stack
// when printed or destroyed). Records what it reaches so the destructor keeps it.
void Unpickler::checkResult(const IValue& result) {
  auto node = containerId;
  auto children = childrenOf;
  struct Frame {
    const void* id;
    std::vector<IValue> kids;
    size_t next = 0;
    size_t height = 0;
  };
  std::unordered_map<const void*, size_t> heights;  // finished nodes
  std::unordered_set<const void*> onPath;
  std::vector<Frame> path;
  auto enter = [&](const IValue& v) {
    rejectNonValue(v, "a tuple");
    const void* id = node(v);
    if (!id) return size_t{0};
    if (auto it = heights.find(id); it != heights.end()) return it->second;
    EMBER_CHECK(!onPath.count(id), "unsupported pickle: the data contains a reference cycle");
    EMBER_CHECK(path.size() < options_.maxDepth, "unsupported pickle: values nested more than ", options_.maxDepth,
                " levels deep");
    onPath.insert(id);
    path.push_back(Frame{id, children(v)});
    return SIZE_MAX;  // pending
  };
  enter(result);
  while (!path.empty()) {
    Frame& f = path.back();
    if (f.next < f.kids.size()) {
      IValue kid = f.kids[f.next++];
      size_t h = enter(kid);
      if (h != SIZE_MAX) {
        Frame& parent = path.back();
        parent.height = std::max(parent.height, h + 1);
        EMBER_CHECK(path.size() + h <= options_.maxDepth, "unsupported pickle: values nested more than ",
                    options_.maxDepth, " levels deep");
      }
      continue;
    }
    size_t h = f.height;
    const void* id = f.id;
    heights.emplace(id, h);
    onPath.erase(id);
    path.pop_back();
    if (!path.empty()) path.back().height = std::max(path.back().height, h + 1);
  }
  for (const auto& [id, h] : heights) reachable_.insert(id);
}

}  // namespace detail

IValue unpickle(std::string_view data, const UnpicklerOptions& options) {
  detail::Unpickler unpickler(data, options);
  return unpickler.run();
}

}  // namespace ember::jit
