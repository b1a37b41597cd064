// The pickler (see pickler.h). It writes what both Python's pickle module and ember's unpickler
// read; the opcode choices follow PyTorch's picklers (minimal integer opcodes, BINUNICODE for
// every string, MARK ... TUPLE for tensor argument tuples).
#include "ember/serialization/pickler.h"

#include <bit>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/serialization/unpickler.h"
#include "serialization/byte_io.h"
#include "serialization/pickle_opcodes.h"

namespace ember::jit {

using detail::appendLE;
using Op = detail::PickleOpCode;

size_t PickledStorage::nbytes() const {
  size_t elem = elementSize(dtype);
  return storage.nbytes() / elem * elem;
}

namespace {

constexpr size_t kBatchSize = 1000;  // Python's pickler batches APPENDS/SETITEMS by 1000

class Pickler {
 public:
  Pickler(std::vector<PickledStorage>& storages, const PicklerOptions& options)
      : storages_(storages), options_(options) {
    for (size_t i = 0; i < storages_.size(); ++i) storageIndex_.emplace(storages_[i].storage.impl(), i);
  }

  std::string run(const IValue& value) {
    op(Op::PROTO);
    out_.push_back(2);
    write(value);
    op(Op::STOP);
    return std::move(out_);
  }

 private:
  void op(Op o) { out_.push_back(static_cast<char>(o)); }

  void memoize() {
    if (nextMemo_ < 256) {
      op(Op::BINPUT);
      out_.push_back(static_cast<char>(nextMemo_));
    } else {
      op(Op::LONG_BINPUT);
      appendLE<uint32_t>(out_, nextMemo_);
    }
    ++nextMemo_;
  }
  void memoGet(uint32_t index) {
    if (index < 256) {
      op(Op::BINGET);
      out_.push_back(static_cast<char>(index));
    } else {
      op(Op::LONG_BINGET);
      appendLE<uint32_t>(out_, index);
    }
  }
  // Emits BINGET if `key` was memoized; returns whether it did.
  bool reuse(const void* key) {
    auto it = memoByPtr_.find(key);
    if (it == memoByPtr_.end()) return false;
    memoGet(it->second);
    return true;
  }
  void remember(const void* key) {
    memoByPtr_[key] = nextMemo_;
    memoize();
  }

  void writeInt(int64_t v) {
    if (v >= 0 && v < 256) {
      op(Op::BININT1);
      out_.push_back(static_cast<char>(v));
    } else if (v >= 0 && v < 65536) {
      op(Op::BININT2);
      appendLE<uint16_t>(out_, static_cast<uint16_t>(v));
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
      op(Op::BININT);
      appendLE<int32_t>(out_, static_cast<int32_t>(v));
    } else {
      // Shortest two's complement, as Python writes it.
      op(Op::LONG1);
      auto u = static_cast<uint64_t>(v);
      size_t n = 8;
      while (n > 1) {
        auto topByte = static_cast<uint8_t>(u >> (8 * (n - 1)));
        auto nextSign = (u >> (8 * (n - 1) - 1)) & 1;
        if ((topByte == 0 && !nextSign) || (topByte == 0xFF && nextSign)) --n;
        else break;
      }
      out_.push_back(static_cast<char>(n));
      for (size_t i = 0; i < n; ++i) out_.push_back(static_cast<char>(u >> (8 * i)));
    }
  }
  void writeDouble(double d) {
    op(Op::BINFLOAT);
    appendLE<uint64_t>(out_, __builtin_bswap64(std::bit_cast<uint64_t>(d)));
  }
  void writeString(const std::string& s) {
    auto it = memoByString_.find(s);
    if (it != memoByString_.end()) {
      memoGet(it->second);
      return;
    }
    EMBER_CHECK(s.size() <= UINT32_MAX, "cannot pickle a string of ", s.size(), " bytes");
    op(Op::BINUNICODE);
    appendLE<uint32_t>(out_, static_cast<uint32_t>(s.size()));
    out_ += s;
    memoByString_.emplace(s, nextMemo_);
    memoize();
  }
  void writeGlobal(const std::string& module, const std::string& name) {
    std::string key = module + "\n" + name + "\n";
    auto it = memoByGlobal_.find(key);
    if (it != memoByGlobal_.end()) {
      memoGet(it->second);
      return;
    }
    op(Op::GLOBAL);
    out_ += key;
    memoByGlobal_.emplace(key, nextMemo_);
    memoize();
  }
  void writeIntTuple(IntArrayRef values) {
    op(Op::MARK);
    for (int64_t v : values) writeInt(v);
    op(Op::TUPLE);
  }

  void write(const IValue& v) {
    switch (v.tag()) {
      case IValue::Tag::None:
        op(Op::NONE);
        return;
      case IValue::Tag::Bool:
        op(v.toBool() ? Op::NEWTRUE : Op::NEWFALSE);
        return;
      case IValue::Tag::Int:
        writeInt(v.toInt());
        return;
      case IValue::Tag::Double:
        writeDouble(v.toDouble());
        return;
      case IValue::Tag::String:
        writeString(v.toStringRef());
        return;
      case IValue::Tag::ComplexDouble: {
        auto c = v.toComplexDouble();
        writeGlobal("builtins", "complex");
        writeDouble(c.real());
        writeDouble(c.imag());
        op(Op::TUPLE2);
        op(Op::REDUCE);
        return;
      }
      case IValue::Tag::Device:
        writeGlobal("torch", "device");
        writeString(v.toDevice().str());
        op(Op::TUPLE1);
        op(Op::REDUCE);
        return;
      case IValue::Tag::Tensor:
        writeTensor(v.toTensor());
        return;
      default:
        break;
    }
    EMBER_CHECK(depth_ < PicklerOptions::kMaxDepth, "cannot pickle values nested more than ",
                PicklerOptions::kMaxDepth, " levels deep");
    const void* id = nullptr;
    switch (v.tag()) {
      case IValue::Tag::Tuple:
        id = &v.toTupleRef();
        break;
      case IValue::Tag::GenericList:
        id = &v.toListRef();
        break;
      case IValue::Tag::GenericDict:
        id = &v.toDictRef();
        break;
      case IValue::Tag::Object:
        id = &v.toObjectRef();
        break;
      case IValue::Tag::Enum:
        writeEnum(*v.toEnumHolder());
        return;
      default:
        EMBER_ERROR("cannot pickle a value of kind ", v.tagKind());
    }
    if (reuse(id)) return;
    EMBER_CHECK(inProgress_.insert(id).second, "cannot pickle a value that contains itself (a reference cycle)");
    ++depth_;
    if (v.isTuple()) writeTuple(v.toTupleRef());
    else if (v.isList()) writeList(v.toListRef());
    else if (v.isGenericDict()) writeDict(v.toDictRef());
    else writeObject(v.toObject());
    --depth_;
    inProgress_.erase(id);
    remember(id);
  }

  void writeTuple(const TupleImpl& t) {
    size_t n = t.size();
    if (n == 0) {
      op(Op::EMPTY_TUPLE);
      return;
    }
    if (n > 3) op(Op::MARK);
    for (const IValue& e : t.elements) write(e);
    static constexpr Op kSmall[] = {Op::TUPLE1, Op::TUPLE2, Op::TUPLE3};
    op(n > 3 ? Op::TUPLE : kSmall[n - 1]);
  }

  void writeItems(const std::vector<IValue>& items, size_t stride, Op many) {
    for (size_t i = 0; i < items.size(); i += kBatchSize * stride) {
      op(Op::MARK);
      for (size_t j = i; j < std::min(items.size(), i + kBatchSize * stride); ++j) write(items[j]);
      op(many);
    }
  }

  void writeList(const ListImpl& l) {
    const TypePtr& et = l.elementType;
    const char* builder = nullptr;
    if (options_.typeTags) {
      if (et->kind() == TypeKind::IntType) builder = "build_intlist";
      else if (et->kind() == TypeKind::FloatType) builder = "build_doublelist";
      else if (et->kind() == TypeKind::BoolType) builder = "build_boollist";
      else if (et->kind() == TypeKind::TensorType) builder = "build_tensorlist";
      writeGlobal("torch.jit._pickle", builder ? builder : "restore_type_tag");
      if (builder) op(Op::MARK);
    }
    op(Op::EMPTY_LIST);
    if (options_.typeTags) {
      // PyTorch's C++ pickler writes MARK ... APPENDS even for an empty list.
      op(Op::MARK);
      for (const IValue& e : l.elements) write(e);
      op(Op::APPENDS);
    } else {
      writeItems(l.elements, 1, Op::APPENDS);
    }
    if (builder) {
      op(Op::TUPLE);
      op(Op::REDUCE);
    } else if (options_.typeTags) {
      writeString(ListType::create(et)->annotation_str());
      op(Op::TUPLE2);
      op(Op::REDUCE);
    }
  }

  void writeDict(const DictImpl& d) {
    if (options_.typeTags) writeGlobal("torch.jit._pickle", "restore_type_tag");
    op(Op::EMPTY_DICT);
    std::vector<IValue> flat;
    flat.reserve(d.size() * 2);
    d.forEach([&](const IValue& k, const IValue& v) {
      flat.push_back(k);
      flat.push_back(v);
    });
    if (options_.typeTags) {
      op(Op::MARK);
      for (const IValue& e : flat) write(e);
      op(Op::SETITEMS);
      writeString(DictType::create(d.keyType, d.valueType)->annotation_str());
      op(Op::TUPLE2);
      op(Op::REDUCE);
    } else {
      writeItems(flat, 2, Op::SETITEMS);
    }
  }

  void writeQualifiedGlobal(const std::string& qualifiedName) {
    size_t dot = qualifiedName.rfind('.');
    EMBER_CHECK(dot != std::string::npos, "cannot pickle class '", qualifiedName, "' without a module");
    writeGlobal(qualifiedName.substr(0, dot), qualifiedName.substr(dot + 1));
  }

  void writeObject(const IntrusivePtr<ObjectImpl>& obj) {
    EMBER_CHECK(options_.typeTags, "cannot pickle an object of TorchScript class ", obj->name(),
                " in torch.save format (save modules with ember::jit::save)");
    writeQualifiedGlobal(obj->name());
    op(Op::EMPTY_TUPLE);
    op(Op::NEWOBJ);
    std::optional<IValue> state = options_.getState ? options_.getState(obj) : std::nullopt;
    if (state) {
      write(*state);
    } else {
      op(Op::EMPTY_DICT);
      op(Op::MARK);
      const ClassType& cls = *obj->type;
      for (size_t i = 0; i < cls.numAttributes(); ++i) {
        writeString(cls.getAttributeName(i));
        write(i < obj->slots.size() ? obj->slots[i] : IValue());
      }
      op(Op::SETITEMS);
    }
    op(Op::BUILD);
  }

  void writeEnum(const EnumHolder& e) {
    EMBER_CHECK(options_.typeTags, "cannot pickle enum ", e.qualifiedClassName(), " in torch.save format");
    writeQualifiedGlobal(e.type->qualifiedName());
    write(e.value);
    op(Op::REDUCE);
  }

  void writeTensor(const Tensor& t) {
    if (!t.defined()) {
      op(Op::NONE);
      return;
    }
    if (reuse(t.impl())) return;
    EMBER_CHECK(t.is_cpu(), "cannot pickle a tensor on ", t.device().str());
    writeGlobal("torch._utils", "_rebuild_tensor_v2");
    op(Op::MARK);
    writeStorage(t.storage(), t.dtype());
    writeInt(t.storage_offset());
    writeIntTuple(t.sizes());
    writeIntTuple(t.strides());
    op(t.requires_grad() ? Op::NEWTRUE : Op::NEWFALSE);
    writeGlobal("collections", "OrderedDict");
    op(Op::EMPTY_TUPLE);
    op(Op::REDUCE);
    op(Op::TUPLE);
    op(Op::REDUCE);
    remember(t.impl());
  }

  void writeStorage(const Storage& s, ScalarType dtype) {
    std::string storageName = storageNameFromScalarType(dtype);
    auto found = storageIndex_.find(s.impl());
    if (found != storageIndex_.end()) {
      EMBER_CHECK(storages_[found->second].dtype == dtype,
                  "Cannot save multiple tensors or storages that view the same data as different types");
      auto memo = memoByPtr_.find(s.impl());
      if (memo != memoByPtr_.end()) {
        memoGet(memo->second);
        return;
      }
    } else {
      found = storageIndex_.emplace(s.impl(), storages_.size()).first;
      storages_.push_back(PickledStorage{std::to_string(storages_.size()), s, dtype});
    }
    const PickledStorage& ps = storages_[found->second];
    op(Op::MARK);
    writeString("storage");
    writeGlobal("torch", storageName);
    writeString(ps.key);
    writeString(s.device().str());
    writeInt(static_cast<int64_t>(ps.nbytes() / elementSize(dtype)));
    op(Op::TUPLE);
    op(Op::BINPERSID);
    remember(s.impl());
  }

  std::string out_;
  std::vector<PickledStorage>& storages_;
  const PicklerOptions& options_;
  uint32_t nextMemo_ = 0;
  size_t depth_ = 0;
  std::unordered_map<const void*, uint32_t> memoByPtr_;
  std::unordered_map<std::string, uint32_t> memoByString_;
  std::unordered_map<std::string, uint32_t> memoByGlobal_;
  std::unordered_map<const void*, size_t> storageIndex_;
  std::unordered_set<const void*> inProgress_;
};

}  // namespace

std::string pickle(const IValue& value, std::vector<PickledStorage>& storages, const PicklerOptions& options) {
  return Pickler(storages, options).run(value);
}

}  // namespace ember::jit
