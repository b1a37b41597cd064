#include "frontend/builtin_functions.h"

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "ember/api/compilation_unit.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

// Templates instantiated once per `$T`. Each instantiation gets its own unit, as the function
// names repeat. The sources start with a newline so that their nodes' line numbers are those
// PyTorch's builtins show in graphs (`neg(b) + a` on line 11).
struct Template {
  const char* source;
  std::vector<const char*> types;  // a single "" for a source without `$T`
  const char* ns = "aten";
};

// A Python number on the left of a tensor operator: computed with the tensor on the left.
const char* kScalarLhsOps = R"SRC(
def mul(a: $T, b: Tensor) -> Tensor:
  return b * a
def add(a: $T, b: Tensor) -> Tensor:
  return b + a
def ne(a: $T, b: Tensor) -> Tensor:
  return b != a
def eq(a: $T, b: Tensor) -> Tensor:
  return b == a
def sub(a: $T, b: Tensor) -> Tensor:
  return torch.neg(b) + a
def div(a: $T, b: Tensor) -> Tensor:
  return torch.reciprocal(b) * a
)SRC";

const char* kScalarLhsComparisons = R"SRC(
def lt(a: $T, b: Tensor) -> Tensor:
  return b > a
def le(a: $T, b: Tensor) -> Tensor:
  return b >= a
def gt(a: $T, b: Tensor) -> Tensor:
  return b < a
def ge(a: $T, b: Tensor) -> Tensor:
  return b <= a
)SRC";

// `x // y` on a tensor is floor_divide (there is no floordiv operator for tensors).
const char* kTensorFloordiv = R"SRC(
def floordiv(self: Tensor, other: $T) -> Tensor:
  return torch.floor_divide(self, other)
)SRC";

// Tensor properties that TorchScript reads through functions of the prim namespace (the
// property table in sugared_value.cpp): `x.T` is prim::T(x), inlined to aten::numpy_T. Each
// return sits on the line PyTorch's graphs name for it (3, 5, 7).
const char* kTensorProperties = R"SRC(
def ndim(a : Tensor) -> int:
  return a.dim()
def T(a : Tensor) -> Tensor:
  return a.numpy_T()
def H(a : Tensor) -> Tensor:
  return a.matrix_H()
)SRC";

const std::vector<Template>& templates() {
  static const std::vector<Template> kTemplates = {
      {kScalarLhsOps, {"float", "int", "complex"}},
      {kScalarLhsComparisons, {"float", "int"}},
      {kTensorFloordiv, {"number", "Tensor"}},
      {kTensorProperties, {""}, "prim"},
  };
  return kTemplates;
}

std::string instantiate(std::string source, const std::string& type) {
  for (size_t at = source.find("$T"); at != std::string::npos; at = source.find("$T", at + type.size()))
    source.replace(at, 2, type);
  return source;
}

class Registry {
 public:
  const std::vector<Function*>& lookup(Symbol name) {
    std::lock_guard<std::recursive_mutex> guard(mutex_);
    if (state_ == State::Loading) return empty_;  // a builtin's own body: operators only
    if (state_ == State::Empty) load();
    auto it = functions_.find(name);
    return it == functions_.end() ? empty_ : it->second;
  }

 private:
  enum class State { Empty, Loading, Loaded };

  void load() {
    state_ = State::Loading;
    for (const Template& t : templates()) {
      for (const char* type : t.types) {
        auto cu = std::make_shared<CompilationUnit>();
        DefineOptions options;
        options.dialect = SourceDialect::TorchScript;
        options.allowClasses = false;
        try {
          defineInto(*cu, instantiate(t.source, type), nullptr, options);
        } catch (const std::exception&) {
          continue;  // an instantiation the runtime has no operators for (complex): not offered
        }
        for (Function* f : cu->getFunctions()) functions_[Symbol::fromNamespaceAndName(t.ns, f->name())].push_back(f);
        units_.push_back(std::move(cu));
      }
    }
    state_ = State::Loaded;
  }

  std::recursive_mutex mutex_;
  State state_ = State::Empty;
  std::vector<std::shared_ptr<CompilationUnit>> units_;
  std::unordered_map<Symbol, std::vector<Function*>> functions_;
  const std::vector<Function*> empty_{};
};

}  // namespace

const std::vector<Function*>& builtinFunctionsFor(Symbol name) {
  static Registry registry;
  return registry.lookup(name);
}

}  // namespace ember::jit
