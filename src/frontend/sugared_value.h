// SugaredValue: what a name or expression denotes while the IR emitter runs, before it becomes a
// graph Value (the spec's "SugaredValue" section). First-class values are SimpleValues; modules
// (`torch`, `math`), builtin functions, user functions and methods, classes, `range(...)`,
// `enumerate`/`zip` trees and special forms (`isinstance`, `torch.jit.annotate`, ...) only exist at
// compile time and describe how attribute access, calls, iteration and indexing on them are
// emitted.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ember/core/enum_type.h"
#include "ember/core/function.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "frontend/source_range.h"

namespace ember::jit {

class Emitter;
struct SugaredValue;
using SugaredValuePtr = std::shared_ptr<SugaredValue>;

struct SugaredValue : std::enable_shared_from_this<SugaredValue> {
  virtual ~SugaredValue() = default;
  // What the value is, for error messages: "builtin", "function", "module", ...
  virtual std::string kind() const = 0;

  // The value as a first-class graph Value (error for purely compile-time values).
  virtual Value* asValue(const SourceRange& loc, Emitter& m);
  // `value.field`
  virtual SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field);
  virtual bool hasAttr(const SourceRange& loc, Emitter& m, const std::string& field);
  // `value.field = newValue`
  virtual void setAttr(const SourceRange& loc, Emitter& m, const std::string& field, Value* newValue);
  // Unpacking (`a, b = value`); sizeHint is the number of targets when known.
  virtual std::vector<SugaredValuePtr> asTuple(const SourceRange& loc, Emitter& m, std::optional<size_t> sizeHint);
  // `value(args..., name=kwarg...)`
  virtual SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                               const std::vector<NamedValue>& kwargs, size_t nBinders);
  // What a `for` loop iterates over.
  virtual SugaredValuePtr iter(const SourceRange& loc, Emitter& m);
  // Iterables whose length is known at compile time are unrolled (tuples, module lists).
  virtual std::optional<int64_t> staticLen() { return std::nullopt; }
  virtual Value* len(const SourceRange& loc, Emitter& m);
  // value[idx] (the element a loop iteration sees).
  virtual SugaredValuePtr getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint = nullptr);
};

// A first-class Value.
struct SimpleValue : SugaredValue {
  explicit SimpleValue(Value* value) : value_(value) {}
  std::string kind() const override;
  Value* asValue(const SourceRange&, Emitter&) override { return value_; }
  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override;
  bool hasAttr(const SourceRange& loc, Emitter& m, const std::string& field) override;
  void setAttr(const SourceRange& loc, Emitter& m, const std::string& field, Value* newValue) override;
  std::vector<SugaredValuePtr> asTuple(const SourceRange& loc, Emitter& m, std::optional<size_t> sizeHint) override;
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  SugaredValuePtr iter(const SourceRange& loc, Emitter& m) override;
  std::optional<int64_t> staticLen() override;
  Value* len(const SourceRange& loc, Emitter& m) override;
  SugaredValuePtr getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint) override;
  Value* getValue() const { return value_; }

 private:
  Value* value_;
};

// An aten::/prim:: operator, optionally bound to `self` (a method of a builtin type).
struct BuiltinFunction : SugaredValue {
  BuiltinFunction(Symbol symbol, std::optional<NamedValue> self) : symbol_(symbol), self_(std::move(self)) {}
  std::string kind() const override { return "builtin"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  // A builtin method when some overload of `symbol` takes self's type as `self`; else null.
  static std::shared_ptr<BuiltinFunction> tryCreate(Symbol symbol, const NamedValue& self);
  Symbol symbol() const { return symbol_; }

 private:
  Symbol symbol_;
  std::optional<NamedValue> self_;
};

// A namespace of builtins: `torch`, `math`, `torch.jit`, `torch.nn.functional`, ...
struct BuiltinModule : SugaredValue {
  // operatorsOnly: `torch` as archive code means it, where torch.norm is aten::norm (the Python
  // functions PyTorch compiled appear there under their qualified names instead).
  explicit BuiltinModule(std::string name, bool operatorsOnly = false)
      : name_(std::move(name)), operatorsOnly_(operatorsOnly) {}
  std::string kind() const override { return "module"; }
  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override;
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  bool operatorsOnly_;
};

// Free functions of the compilation unit, called with prim::CallFunction.
struct FunctionValue : SugaredValue {
  explicit FunctionValue(Function* callee) : callee_(callee) {}
  std::string kind() const override { return "function"; }
  Value* asValue(const SourceRange& loc, Emitter& m) override;
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  Function* callee() const { return callee_; }

 private:
  Function* callee_;
};

// `obj.method`, where obj is a class instance: prim::CallMethod.
struct MethodValue : SugaredValue {
  MethodValue(Value* self, std::string method) : self_(self), method_(std::move(method)) {}
  std::string kind() const override { return "method"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;

 private:
  Value* self_;
  std::string method_;
};

// A TorchScript class: calling it constructs an object and runs __init__.
struct ClassValue : SugaredValue {
  explicit ClassValue(ClassTypePtr type) : type_(std::move(type)) {}
  std::string kind() const override { return "class"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override;
  const ClassTypePtr& type() const { return type_; }

 private:
  ClassTypePtr type_;
};

// `self.next = node` in `__init__` of the class of `node`: PyTorch rejects classes whose
// attributes (or their element types) are the class itself.
void checkAttributeNotRecursive(const SourceRange& loc, const ClassTypePtr& cls, const std::string& field,
                                const TypePtr& type);

// An Enum class: `Color.RED` is a member (a constant), `for c in Color` iterates the members.
struct EnumClassValue : SugaredValue {
  explicit EnumClassValue(EnumTypePtr type) : type_(std::move(type)) {}
  std::string kind() const override { return "EnumClass"; }
  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override;
  SugaredValuePtr iter(const SourceRange& loc, Emitter& m) override;
  std::optional<int64_t> staticLen() override { return static_cast<int64_t>(type_->enumNamesValues().size()); }

 private:
  EnumTypePtr type_;
};

// A NamedTuple class: calling it builds the tuple (defaults from the class body).
struct NamedTupleConstructor : SugaredValue {
  NamedTupleConstructor(TupleTypePtr type, std::vector<std::optional<IValue>> defaults = {})
      : type_(std::move(type)), defaults_(std::move(defaults)) {}
  std::string kind() const override { return "NamedTuple"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  const TupleTypePtr& type() const { return type_; }

 private:
  TupleTypePtr type_;
  std::vector<std::optional<IValue>> defaults_;
};

// range(end) / range(start, end[, step]) as an iterable.
struct RangeValue : SugaredValue {
  RangeValue(const SourceRange& loc, Emitter& m, std::vector<Value*> inputs,
             std::optional<int64_t> staticLen = std::nullopt);
  std::string kind() const override { return "range"; }
  Value* len(const SourceRange& loc, Emitter& m) override;
  SugaredValuePtr getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint) override;
  SugaredValuePtr iter(const SourceRange&, Emitter&) override { return shared_from_this(); }
  std::optional<int64_t> staticLen() override { return staticLen_; }

 private:
  Value* start_ = nullptr;
  Value* end_ = nullptr;
  Value* step_ = nullptr;
  bool hasOnlyEnd_ = false;
  std::optional<int64_t> staticLen_;
};

// zip(...) / enumerate(...): iterates its children in lock step; an element is a tuple of theirs.
struct IterableTree : SugaredValue {
  IterableTree() = default;
  std::string kind() const override { return "iterabletree"; }
  SugaredValuePtr iter(const SourceRange&, Emitter&) override { return shared_from_this(); }
  void addChild(const SourceRange& loc, Emitter& m, const SugaredValuePtr& iterValue);
  std::optional<int64_t> staticLen() override { return unrollLength_; }
  Value* len(const SourceRange& loc, Emitter& m) override;
  SugaredValuePtr getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint) override;
  const std::vector<SugaredValuePtr>& children() const { return children_; }

 private:
  std::vector<SugaredValuePtr> children_;
  std::optional<int64_t> unrollLength_;
  bool first_ = true;
};

// A tuple of sugared values (what iterating a tuple literal unrolls over, module lists).
struct SugaredTupleValue : SugaredValue {
  explicit SugaredTupleValue(std::vector<SugaredValuePtr> tup) : tup_(std::move(tup)) {}
  std::string kind() const override { return "Tuple"; }
  std::vector<SugaredValuePtr> asTuple(const SourceRange&, Emitter&, std::optional<size_t>) override { return tup_; }
  Value* asValue(const SourceRange& loc, Emitter& m) override;
  SugaredValuePtr getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr& typeHint) override;
  SugaredValuePtr iter(const SourceRange&, Emitter&) override { return shared_from_this(); }
  std::optional<int64_t> staticLen() override { return static_cast<int64_t>(tup_.size()); }

 private:
  std::vector<SugaredValuePtr> tup_;
};

// Forms the emitter handles itself because they look at their argument expressions
// (isinstance, torch.jit.annotate, range, zip, enumerate, list, dict, getattr, ...).
struct SpecialFormValue : SugaredValue {
  explicit SpecialFormValue(Symbol form) : form_(form) {}
  static SugaredValuePtr create(Symbol form) { return std::make_shared<SpecialFormValue>(form); }
  std::string kind() const override { return form_.toUnqualString().data(); }
  Symbol form() const { return form_; }

 private:
  Symbol form_;
};

// int(x), float(x), bool(x), str(x): a no-op when x already has the type, else the cast builtin.
struct CastValue : BuiltinFunction {
  CastValue(TypePtr type, Symbol method) : BuiltinFunction(method, std::nullopt), type_(std::move(type)) {}
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;

 private:
  TypePtr type_;
};

// x.int(), x.float(), ...: aten::to with the dtype.
struct TensorCastValue : SugaredValue {
  TensorCastValue(ScalarType dtype, NamedValue self) : dtype_(dtype), self_(std::move(self)) {}
  std::string kind() const override { return "builtin"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;

 private:
  ScalarType dtype_;
  NamedValue self_;
};

// For builtins like len(x) that dispatch to a class's magic method (`__len__`) when x is an object.
struct MagicMethod : SugaredValue {
  MagicMethod(std::string name, SugaredValuePtr base) : name_(std::move(name)), base_(std::move(base)) {}
  std::string kind() const override { return name_; }  // "__len__ cannot be used as a value", as PyTorch
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;

 private:
  std::string name_;
  SugaredValuePtr base_;
};

struct PrintValue : SugaredValue {
  std::string kind() const override { return "print"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
};

// An exception class (`ValueError`); calling it gives an ExceptionMessageValue for `raise`.
// `qualifiedName` is what prim::RaiseException records ("builtins.ValueError"); empty for
// AssertionError, whose name goes into the message instead.
struct ExceptionValue : SugaredValue {
  ExceptionValue(std::string name, std::string qualifiedName)
      : name_(std::move(name)), qualifiedName_(std::move(qualifiedName)) {}
  std::string kind() const override { return "exception"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
  const std::string& qualifiedName() const { return qualifiedName_; }

 private:
  std::string name_;
  std::string qualifiedName_;
};

struct ExceptionMessageValue : SugaredValue {
  ExceptionMessageValue(Value* message, Value* qualifiedClassName)
      : message_(message), qualifiedClassName_(qualifiedClassName) {}
  std::string kind() const override { return "exception message"; }
  Value* message() const { return message_; }
  Value* qualifiedClassName() const { return qualifiedClassName_; }

 private:
  Value* message_;
  Value* qualifiedClassName_;
};

// A nested `def`. TorchScript turns it into a closure that calls cannot use.
struct ClosureValue : SugaredValue {
  std::string kind() const override { return "closure"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override;
};

// The value of a sugared value, or null when it is not first-class.
Value* asSimple(const SugaredValuePtr& v);
SugaredValuePtr makeSimple(Value* v);

}  // namespace ember::jit
