// Which operators run as a TorchScript decomposition when an input requires grad
// (decompositions.h), and running one.
#include "runtime/autograd/decompositions.h"

#include <mutex>
#include <unordered_map>

#include "runtime/autograd/formulas.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::autograd {

namespace {

// Operator (name.overload, or name for the default overload) -> def in kDecompositionsSource.
// The def takes the schema's arguments in order (Scalar ones as float) and returns its result,
// a tuple for several.
const std::pair<const char*, const char*> kDecompositionOps[] = {
    {"aten::sort", "c_sort"},
};

struct DecompositionTable {
  std::unordered_map<std::string, std::string> byOp;
  std::once_flag compiled;
  std::unordered_map<std::string, std::shared_ptr<jit::Function>> functions;

  DecompositionTable() {
    for (const auto& [op, def] : kDecompositionOps) byOp.emplace(op, def);
  }
};

DecompositionTable& table() {
  static DecompositionTable t;
  return t;
}

jit::Function* findDecomposition(const jit::FunctionSchema& schema) {
  DecompositionTable& t = table();
  const std::string key =
      schema.overloadName().empty() ? schema.name() : schema.name() + "." + schema.overloadName();
  auto it = t.byOp.find(key);
  if (it == t.byOp.end()) return nullptr;
  std::call_once(t.compiled, [&] {
    for (std::shared_ptr<jit::Function>& fn : compileAutogradSource(kDecompositionsSource))
      t.functions.emplace(fn->name(), fn);
  });
  auto fn = t.functions.find(it->second);
  EMBER_ASSERT(fn != t.functions.end(), "decomposition ", it->second, " did not compile");
  return fn->second.get();
}

bool isNumberType(const jit::TypePtr& type) {
  const jit::Type* t = type.get();
  if (t->kind() == jit::TypeKind::OptionalType) t = t->castRaw<jit::OptionalType>()->getElementType().get();
  return t->kind() == jit::TypeKind::NumberType;
}

}  // namespace

bool runDecomposition(const jit::FunctionSchema& schema, jit::Stack& stack, size_t nIn) {
  if (schema.isMutable()) return false;
  jit::Function* fn = findDecomposition(schema);
  if (!fn) return false;
  const size_t base = stack.size() - nIn;
  const auto& sargs = schema.arguments();
  for (size_t i = 0; i < nIn; ++i) {
    jit::IValue& v = stack[base + i];
    if (isNumberType(sargs[i].type()) && (v.isInt() || v.isBool())) v = jit::IValue(v.toScalar().toDouble());
  }
  jit::Stack args(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
  stack.resize(base);
  fn->run(args);
  jit::IValue result = std::move(args.back());
  if (schema.returns().size() == 1) {
    stack.push_back(std::move(result));
  } else {
    for (jit::IValue& e : result.toTupleRef().elements) stack.push_back(e);
  }
  return true;
}

}  // namespace ember::autograd
