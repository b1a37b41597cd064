// The unpickler's machine, shared by unpickler.cpp (opcodes, memo, stack, final checks) and
// unpickler_globals.cpp (the allow-list of GLOBALs and what calling each one does).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/serialization/unpickler.h"

namespace ember::jit::detail {

// What a GLOBAL opcode resolved to. Held on the stack as a capsule until it is called (REDUCE,
// NEWOBJ) or used as a persistent id's storage class; it never reaches the result.
enum class GlobalKind : uint8_t {
  RebuildTensorV2,
  RebuildParameter,
  OrderedDict,
  TorchSize,
  TorchDevice,
  CodecsEncode,
  Complex,
  Set,
  StorageType,
  BuildIntList,
  BuildDoubleList,
  BuildBoolList,
  BuildTensorList,
  RestoreTypeTag,
  BuildTensorFromId,
  Class,  // a TorchScript class or enum from the resolver
};

struct GlobalValue : CustomClassHolder {
  GlobalValue(GlobalKind kind, std::string name) : kind(kind), name(std::move(name)) {}
  GlobalKind kind;
  std::string name;  // "module.name", for errors
  ScalarType dtype = ScalarType::Undefined;  // StorageType
  TypePtr type;                              // Class
};

// The result of a persistent load: a storage and the element type its class named.
struct TypedStorage : CustomClassHolder {
  TypedStorage(Storage s, ScalarType t) : storage(std::move(s)), dtype(t) {}
  Storage storage;
  ScalarType dtype;
};

class Unpickler {
 public:
  Unpickler(std::string_view data, const UnpicklerOptions& options) : data_(data), options_(options) {}
  ~Unpickler();
  Unpickler(const Unpickler&) = delete;
  Unpickler& operator=(const Unpickler&) = delete;
  IValue run();

 private:
  // ---- input ----
  uint8_t readByte();
  template <typename T>
  T readLE();
  std::string_view readBytes(uint64_t n);
  std::string_view readLine();
  int64_t readLong(uint64_t nbytes);

  // ---- stack and marks ----
  IValue pop();
  IValue& top();
  size_t popMark();
  std::vector<IValue> popToMark();
  void push(IValue v) { stack_.push_back(std::move(v)); }

  // ---- opcodes ----
  bool step();  // false at STOP
  void opMemoGet(uint64_t key);
  void opMemoPut(uint64_t key);
  void opAppends(std::vector<IValue> items);
  void opSetItems(std::vector<IValue> items);
  void opReduce();
  void opNewObj();
  void opBuild();
  void opPersistentId();

  // ---- containers with inferred types ----
  IValue newList(std::vector<IValue> items = {});
  IValue newDict();
  IValue newTuple(std::vector<IValue> items);
  void appendToList(ListImpl& list, IValue item);
  void insertIntoDict(DictImpl& dict, IValue key, IValue value);
  // Ends inference for a container whose type was set from a tag.
  void fixType(const void* container) { inferring_.erase(container); }
  void rejectNonValue(const IValue& v, const char* where) const;

  // ---- globals (unpickler_globals.cpp) ----
  IValue resolveGlobal(const std::string& module, const std::string& name);
  IValue callGlobal(const GlobalValue& g, IValue args);
  IValue rebuildTensor(const std::vector<IValue>& args);
  IValue buildTypedList(GlobalKind kind, IValue args);
  IValue restoreTypeTag(IValue args);
  IValue makeEnum(const GlobalValue& g, IValue arg);
  void buildObject(const IntrusivePtr<ObjectImpl>& obj, IValue state);

  // ---- final checks and teardown ----
  void checkResult(const IValue& result);

  std::string_view data_;
  const UnpicklerOptions& options_;
  uint64_t pos_ = 0;
  uint64_t opStart_ = 0;  // offset of the current opcode, for errors
  std::vector<IValue> stack_;
  std::vector<size_t> marks_;
  std::unordered_map<uint64_t, IValue> memo_;
  // Every container this unpickler made: at the end, those not reachable from the result are
  // emptied so that cyclic or deeply nested garbage is freed without recursion.
  std::vector<IValue> created_;
  std::unordered_set<const void*> reachable_;
  // States handed to the object builder, which may keep them: never emptied.
  std::vector<IValue> escaped_;
  // Lists and dicts whose element types still follow their contents; the bool says whether an
  // element has been seen.
  std::unordered_map<const void*, bool> inferring_;
};

// The most specific type of `v` without walking into lists and dicts (their element types are
// already known) and with tuples followed only a few levels.
TypePtr shallowType(const IValue& v, int depth = 0);
// The type both a and b fit in: their unification, or Any.
TypePtr joinTypes(const TypePtr& a, const TypePtr& b);

}  // namespace ember::jit::detail
