// The language's own primitives: print, raise, attribute access on objects, isinstance,
// optional unwrapping, identity tests, `with` blocks and a few range helpers the frontend emits
// for `for` loops.
#include <optional>
#include <sstream>
#include <string>

#include "ember/core/enum_type.h"
#include "ember/core/function.h"
#include "ember/core/symbols.h"
#include "ember/runtime/jit_exception.h"
#include "ember/runtime/print_sink.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

using ops::nodeInputCount;

NodeOperation createPrint(const Node* node) {
  size_t n = nodeInputCount(node, "prim::Print");
  return [n](Stack& stack) {
    std::ostringstream os;
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) os << ' ';
      os << peek(stack, i, n);
    }
    os << '\n';
    drop(stack, n);
    printToSink(os.str());
  };
}

void raiseException(Stack& stack) {
  IValue cls = pop(stack);
  std::string msg = pop(stack).toStringRef();
  std::optional<std::string> className;
  if (!cls.isNone()) className = cls.toStringRef();
  throw JitException(std::move(msg), std::move(className));
}

// The slot of attribute `name` in the class of `obj`, when the graph knows the class.
std::optional<size_t> staticSlot(const Node* node, const std::string& name) {
  const TypePtr& type = node->input(0)->type();
  if (auto cls = type->cast<ClassType>()) return cls->findAttributeSlot(name);
  return std::nullopt;
}

NodeOperation createGetAttr(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::GetAttr needs its graph node to run");
  std::string name = node->s(attr::name);
  if (std::optional<size_t> slot = staticSlot(node, name)) {
    size_t s = *slot;
    return [s](Stack& stack) {
      IValue& top = stack.back();
      top = top.toObjectRef().getSlot(s);
    };
  }
  return [name](Stack& stack) {
    IValue& top = stack.back();
    top = top.toObjectRef().getAttr(name);
  };
}

NodeOperation createSetAttr(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::SetAttr needs its graph node to run");
  std::string name = node->s(attr::name);
  std::optional<size_t> slot = staticSlot(node, name);
  return [name, slot](Stack& stack) {
    IValue value = pop(stack);
    IValue obj = pop(stack);
    if (slot) obj.toObjectRef().setSlot(*slot, std::move(value));
    else obj.toObjectRef().setAttr(name, std::move(value));
  };
}

NodeOperation createIsInstance(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::isinstance needs its graph node to run");
  std::vector<TypePtr> candidates = node->tys(attr::types);
  return [candidates](Stack& stack) {
    IValue& top = stack.back();
    TypePtr type = top.type();
    bool result = false;
    for (const TypePtr& c : candidates) {
      if (type->isSubtypeOf(c)) {
        result = true;
        break;
      }
    }
    top = IValue(result);
  };
}

void unwrapOptional(Stack& stack) {
  EMBER_CHECK(!stack.back().isNone(), "Unwrapping null optional");
}

void isOp(Stack& stack) {
  IValue b = pop(stack);
  stack.back() = IValue(stack.back().is(b));
}

void isNotOp(Stack& stack) {
  IValue b = pop(stack);
  stack.back() = IValue(!stack.back().is(b));
}

void warnOp(Stack& stack) {
  drop(stack, 1);  // stacklevel only matters to Python's warnings module
  warnToSink(pop(stack).toStringRef());
}

void rangeList(Stack& stack) {
  int64_t n = pop(stack).toInt();
  std::vector<int64_t> v;
  v.reserve(n > 0 ? static_cast<size_t>(n) : 0);
  for (int64_t i = 0; i < n; ++i) v.push_back(i);
  push(stack, makeIntList(v));
}

// Number of iterations of range(lo, hi, step).
void rangeLength(Stack& stack) {
  int64_t step = pop(stack).toInt();
  int64_t hi = pop(stack).toInt();
  int64_t lo = pop(stack).toInt();
  EMBER_CHECK_KIND(Value, step != 0, "range() arg 3 must not be zero");
  // Unsigned differences: hi - lo may exceed int64 range.
  int64_t n = 0;
  if (step > 0 && lo < hi) {
    n = static_cast<int64_t>(1 + (static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - 1) / static_cast<uint64_t>(step));
  } else if (step < 0 && lo > hi) {
    n = static_cast<int64_t>(1 + (static_cast<uint64_t>(lo) - static_cast<uint64_t>(hi) - 1) / (0 - static_cast<uint64_t>(step)));
  }
  push(stack, n);
}

void deriveIndex(Stack& stack) {
  int64_t step = pop(stack).toInt();
  int64_t start = pop(stack).toInt();
  int64_t index = pop(stack).toInt();
  push(stack, static_cast<int64_t>(static_cast<uint64_t>(start) + static_cast<uint64_t>(index) * static_cast<uint64_t>(step)));
}

void strOp(Stack& stack) {
  std::ostringstream os;
  os << stack.back();
  stack.back() = IValue(os.str());
}

void idOp(Stack& stack) {
  IValue& top = stack.back();
  top = top.isNone() ? IValue(int64_t{0}) : IValue(reinterpret_cast<int64_t>(&top.toObjectRef()));
}

void ifThenElse(Stack& stack) {
  IValue y = pop(stack);
  IValue x = pop(stack);
  stack.back() = stack.back().toBool() ? std::move(x) : std::move(y);
}

// `with obj as x:` calls obj.__enter__() and, on leaving, obj.__exit__(None, None, None).
Function& contextMethod(const IValue& obj, const char* name) {
  Function* f = obj.toObjectRef().type->findMethod(name);
  EMBER_CHECK(f != nullptr, "Object of class ", obj.toObjectRef().name(), " has no method ", name);
  return *f;
}

void enterOp(Stack& stack) {
  IValue obj = pop(stack);
  Function& f = contextMethod(obj, "__enter__");
  push(stack, obj);
  f.run(stack);
}

void exitOp(Stack& stack) {
  IValue obj = pop(stack);
  Function& f = contextMethod(obj, "__exit__");
  push(stack, obj, IValue(), IValue(), IValue());
  f.run(stack);
  // __exit__'s result is the node's output (ignored by the program, but the arity must hold).
}

// An object of the node's class with every attribute unset; __init__ runs next.
NodeOperation createCreateObject(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::CreateObject needs its graph node to run");
  ClassTypePtr cls = node->output()->type()->cast<ClassType>();
  EMBER_CHECK(cls != nullptr, "prim::CreateObject makes class objects, not ", node->output()->type()->repr_str());
  return [cls](Stack& stack) { stack.emplace_back(ObjectImpl::create(cls)); };
}

void hashOp(Stack& stack) { stack.back() = IValue(static_cast<int64_t>(DictImpl::Hash()(stack.back()))); }

// A Future's value, blocking until it is complete (the interpreter's own wait suspends instead).
void waitOp(Stack& stack) {
  IntrusivePtr<FutureImpl> fut = stack.back().toFuture();
  stack.back() = fut->wait();
}

void enumName(Stack& stack) { stack.back() = IValue(stack.back().toEnumHolder()->name); }
void enumValue(Stack& stack) { stack.back() = stack.back().toEnumHolder()->value; }

void noOp(Stack&) {}

RegisterOperators reg({
    Operator("prim::Print(...) -> ()", createPrint, AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::RaiseException(str msg, str? cls=None) -> ()", raiseException, AliasAnalysisKind::FROM_SCHEMA),
    Operator("prim::Uninitialized() -> Any", [](Stack& s) { s.push_back(IValue::uninitialized()); },
             AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::unchecked_cast(t x) -> t", noOp, AliasAnalysisKind::PURE_FUNCTION),
    Operator("prim::unchecked_unwrap_optional(t(a)? optional) -> t(a)", noOp),
    Operator("aten::_unwrap_optional(t(a)? optional) -> t(a)", unwrapOptional),
    Operator("prim::GetAttr(...) -> ...", createGetAttr),
    Operator("prim::SetAttr(...) -> ...", createSetAttr),
    Operator("prim::isinstance(...) -> ...", createIsInstance),
    Operator("aten::__is__(t1 self, t2 obj) -> bool", isOp),
    Operator("aten::__isnot__(t1 self, t2 obj) -> bool", isNotOp),
    Operator("aten::__not__(bool self) -> bool", [](Stack& s) { s.back() = IValue(!s.back().toBool()); }),
    Operator("prim::AutogradZero() -> Tensor", [](Stack& s) { s.emplace_back(Tensor()); }),
    Operator("aten::warn(str message, int stacklevel=2) -> ()", warnOp, AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::rangelist(int n) -> int[]", rangeList),
    Operator("aten::__range_length(int lo, int hi, int step) -> int", rangeLength),
    Operator("aten::__derive_index(int index, int start, int step) -> int", deriveIndex),
    Operator("aten::str(t elem) -> str", strOp),
    Operator("prim::id(AnyClassType? x) -> int", idOp),
    Operator("prim::IfThenElse(bool cond, Any(a) x, Any(b) y) -> Any(b|a)", ifThenElse),
    Operator("aten::is_scripting() -> bool", [](Stack& s) { s.emplace_back(true); }),
    Operator("prim::CreateObject(...) -> ...", createCreateObject, AliasAnalysisKind::CONSERVATIVE),
    Operator("aten::hash.generic(t value) -> int", hashOp),
    Operator("aten::wait(Future(t) self) -> t", waitOp, AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::Enter(...) -> ...", enterOp, AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::Exit(...) -> ...", exitOp, AliasAnalysisKind::CONSERVATIVE),
    Operator("prim::EnumName(AnyEnumType enum) -> str", enumName),
    Operator("prim::EnumValue.int(AnyEnumType enum) -> int", enumValue),
    Operator("prim::EnumValue.float(AnyEnumType enum) -> float", enumValue),
    Operator("prim::EnumValue.str(AnyEnumType enum) -> str", enumValue),
});

}  // namespace
}  // namespace ember::jit
