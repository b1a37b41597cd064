// The compile-time-only sugared values: builtin modules (`torch`, `math`, `torch.jit`, ...),
// range() and the zip/enumerate iterable trees.
#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_map>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/functional_library.h"
#include "frontend/ir_emitter.h"
#include "frontend/sugared_value.h"

namespace ember::jit {
namespace {

const std::unordered_map<std::string, ScalarType>& torchDtypes() {
  static const std::unordered_map<std::string, ScalarType> kDtypes = {
      {"uint8", ScalarType::Byte},     {"int8", ScalarType::Char},        {"int16", ScalarType::Short},
      {"short", ScalarType::Short},    {"int32", ScalarType::Int},        {"int", ScalarType::Int},
      {"int64", ScalarType::Long},     {"long", ScalarType::Long},        {"float16", ScalarType::Half},
      {"half", ScalarType::Half},      {"float32", ScalarType::Float},    {"float", ScalarType::Float},
      {"float64", ScalarType::Double}, {"double", ScalarType::Double},    {"complex64", ScalarType::ComplexFloat},
      {"cfloat", ScalarType::ComplexFloat}, {"complex128", ScalarType::ComplexDouble},
      {"cdouble", ScalarType::ComplexDouble}, {"bool", ScalarType::Bool}, {"bfloat16", ScalarType::BFloat16},
  };
  return kDtypes;
}

// Layouts and memory formats are ints at run time, as in PyTorch.
std::optional<int64_t> torchEnumConstant(const std::string& field) {
  static const std::unordered_map<std::string, int64_t> kConstants = {
      {"strided", 0},         {"sparse_coo", 1},          {"contiguous_format", 0},
      {"preserve_format", 1}, {"channels_last", 2},       {"channels_last_3d", 3},
  };
  auto it = kConstants.find(field);
  if (it == kConstants.end()) return std::nullopt;
  return it->second;
}

SugaredValuePtr builtin(Symbol s) { return std::make_shared<BuiltinFunction>(s, std::nullopt); }

SugaredValuePtr constant(Emitter& m, const SourceRange& loc, IValue v) {
  return makeSimple(m.graph().insertConstant(std::move(v), loc));
}

// torch.no_grad / torch.enable_grad: TorchScript classes whose __enter__ and __exit__ switch
// grad mode, defined into the unit being compiled on first use (as PyTorch scripts them).
const char* kGradModeClasses = R"SRC(
class no_grad:
  prev: bool
  def __init__(self):
    self.prev = False
  def __enter__(self):
    self.prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
  def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
    torch.set_grad_enabled(self.prev)
class enable_grad:
  prev: bool
  def __init__(self):
    self.prev = False
  def __enter__(self):
    self.prev = torch.is_grad_enabled()
    torch.set_grad_enabled(True)
  def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
    torch.set_grad_enabled(self.prev)
)SRC";

SugaredValuePtr gradModeClass(Emitter& m, const std::string& name) {
  const std::string prefix = "__torch__.torch.autograd.grad_mode.";
  if (!m.cu().findClass(prefix + name)) {
    DefineOptions options;
    options.typePrefix = prefix;
    options.functionPrefix = prefix;
    options.dialect = SourceDialect::TorchScript;
    defineInto(m.cu(), kGradModeClasses, nullptr, options);
  }
  return std::make_shared<ClassValue>(m.cu().findClass(prefix + name));
}

SugaredValuePtr torchAttr(const SourceRange& loc, Emitter& m, const std::string& field, bool scripted) {
  if (field == "no_grad" || field == "enable_grad") return gradModeClass(m, field);
  if (auto it = torchDtypes().find(field); it != torchDtypes().end())
    return constant(m, loc, IValue(static_cast<int64_t>(it->second)));
  if (auto c = torchEnumConstant(field)) return constant(m, loc, IValue(*c));
  static const std::unordered_map<std::string, std::string> kSubmodules = {
      {"jit", "torch.jit"},           {"nn", "torch.nn"},       {"functional", "torch.functional"},
      {"linalg", "torch.linalg"},     {"special", "torch.special"}, {"fft", "torch.fft"},
      {"autograd", "torch.autograd"}, {"testing", "torch.testing"}, {"cuda", "torch.cuda"},
      {"ops", "torch.ops"},           {"_C", "torch._C"},
  };
  if (auto it = kSubmodules.find(field); it != kSubmodules.end()) return std::make_shared<BuiltinModule>(it->second);
  if (field == "device") return std::make_shared<CastValue>(DeviceObjType::get(), Symbol::aten("device"));
  if (field == "Tensor") return std::make_shared<CastValue>(TensorType::get(), aten::tensor);
  if (field == "Size") return std::make_shared<CastValue>(ListType::ofInts(), aten::list);
  if (field == "is_scripting") return builtin(Symbol::aten("is_scripting"));
  // torch.norm, torch.stft, torch.unique, ...: Python functions of torch.functional, compiled
  // from the functional library; archive code means the operators (BuiltinModule::operatorsOnly).
  if (scripted)
    if (SugaredValuePtr f = functionalLibraryValue("torch.functional", field)) return f;
  return builtin(Symbol::aten(field));
}

// F.X that TorchScript maps to an operator of another name (torch/jit/_builtins.py).
SugaredValuePtr nnFunctionalOperator(const std::string& field) {
  if (field == "logsigmoid") return builtin(Symbol::aten("log_sigmoid"));
  return builtin(Symbol::aten(field));
}

SugaredValuePtr jitAttr(const SourceRange& loc, const std::string& field) {
  if (field == "annotate") return SpecialFormValue::create(Symbol::prim("annotate"));
  if (field == "unchecked_cast") return SpecialFormValue::create(prim::unchecked_cast);
  if (field == "isinstance") return SpecialFormValue::create(prim::isinstance);
  if (field == "_fork" || field == "fork") return SpecialFormValue::create(prim::fork);
  if (field == "_wait" || field == "wait") return builtin(aten::wait);
  if (field == "is_scripting") return builtin(Symbol::aten("is_scripting"));
  if (field == "is_tracing") return builtin(Symbol::aten("is_tracing"));
  if (field == "Error") return std::make_shared<ExceptionValue>("Error", "torch.jit.Error");
  if (field == "_unwrap_optional") return builtin(Symbol::aten("_unwrap_optional"));
  throwErrorAt(loc, "Python builtin <torch.jit.", field, "> is currently not supported in Torchscript");
}

SugaredValuePtr mathAttr(const SourceRange& loc, Emitter& m, const std::string& field) {
  static const std::unordered_map<std::string, double> kConstants = {
      {"pi", std::numbers::pi},
      {"e", std::numbers::e},
      {"tau", 2 * std::numbers::pi},
      {"inf", std::numeric_limits<double>::infinity()},
      {"nan", std::numeric_limits<double>::quiet_NaN()},
  };
  if (auto it = kConstants.find(field); it != kConstants.end()) return constant(m, loc, IValue(it->second));
  // The math functions TorchScript maps to operators (torch/jit/_builtins.py); math.remainder is
  // IEEE's, not Python's modulo.
  static const std::unordered_map<std::string, std::string> kFunctions = [] {
    std::unordered_map<std::string, std::string> out;
    for (const char* f : {"acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "copysign", "cos",
                          "cosh", "degrees", "erf", "erfc", "exp", "expm1", "fabs", "factorial", "floor", "fmod",
                          "frexp", "gamma", "gcd", "isfinite", "isinf", "isnan", "ldexp", "lgamma", "log", "log10",
                          "log1p", "modf", "pow", "radians", "sin", "sinh", "sqrt", "tan", "tanh"})
      out[f] = f;
    out["remainder"] = "mathremainder";
    return out;
  }();
  if (auto it = kFunctions.find(field); it != kFunctions.end()) return builtin(Symbol::aten(it->second));
  throwErrorAt(loc, "Python builtin <built-in function ", field, "> is currently not supported in Torchscript");
}

}  // namespace

SugaredValuePtr BuiltinModule::attr(const SourceRange& loc, Emitter& m, const std::string& field) {
  if (name_ == "torch") return torchAttr(loc, m, field, !operatorsOnly_);
  if (name_ == "math") return mathAttr(loc, m, field);
  if (name_ == "torch.jit") return jitAttr(loc, field);
  if (name_ == "torch.nn") {
    if (field == "functional") return std::make_shared<BuiltinModule>("torch.nn.functional");
    throwErrorAt(loc, "Python builtin <torch.nn.", field, "> is currently not supported in Torchscript");
  }
  if (name_ == "torch.autograd" && (field == "no_grad" || field == "enable_grad")) return gradModeClass(m, field);
  if (name_ == "torch.linalg") return builtin(Symbol::aten("linalg_" + field));
  if (name_ == "torch.special") return builtin(Symbol::aten("special_" + field));
  if (name_ == "torch.fft") return builtin(Symbol::aten("fft_" + field));
  if (name_ == "torch.ops") return std::make_shared<BuiltinModule>("ops." + field);
  if (name_.rfind("ops.", 0) == 0) return builtin(Symbol::fromNamespaceAndName(name_.substr(4), field));
  // torch._C._nn.upsample_bilinear2d, torch._C._fft.fft_fft, torch._C._linalg.linalg_inv,
  // torch._C._special.special_erf: the bindings' modules, whose functions are the aten operators
  // of the same name (as torch/jit/_builtins.py registers them).
  if (name_ == "torch._C" && (field == "_nn" || field == "_fft" || field == "_linalg" || field == "_special"))
    return std::make_shared<BuiltinModule>("torch._C." + field);
  // torch.nn.functional and torch.functional: the functional library's TorchScript function
  // when it has one (as PyTorch compiles the Python function), else the operator (F.conv2d).
  if (name_ == "torch.nn.functional" || name_ == "torch.functional") {
    if (SugaredValuePtr f = functionalLibraryValue(name_, field)) return f;
    if (name_ == "torch.nn.functional") return nnFunctionalOperator(field);
  }
  // The rest: the aten operator of the same name.
  return builtin(Symbol::aten(field));
}

// ---- range ---------------------------------------------------------------------------------

RangeValue::RangeValue(const SourceRange& loc, Emitter& m, std::vector<Value*> inputs, std::optional<int64_t> staticLen)
    : staticLen_(staticLen) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i]->type()->kind() != TypeKind::IntType)
      throwErrorAt(loc, "all inputs of range must be ints, found ", inputs[i]->type()->repr_str(), " in argument ", i);
  }
  Graph& g = m.graph();
  if (inputs.size() == 1) {
    end_ = inputs[0];
    start_ = g.insertConstant(IValue(int64_t(0)), loc);
    step_ = g.insertConstant(IValue(int64_t(1)), loc);
    hasOnlyEnd_ = true;
  } else if (inputs.size() == 2 || inputs.size() == 3) {
    start_ = inputs[0];
    end_ = inputs[1];
    step_ = inputs.size() == 3 ? inputs[2] : g.insertConstant(IValue(int64_t(1)), loc);
  } else if (inputs.empty()) {
    throwErrorAt(loc, "range expected at least 1 arguments, got 0");
  } else {
    throwErrorAt(loc, "range expected at most 3 arguments, got ", inputs.size());
  }
}

Value* RangeValue::len(const SourceRange& loc, Emitter& m) {
  if (staticLen_) return m.graph().insertConstant(IValue(*staticLen_), loc);
  if (hasOnlyEnd_) return end_;
  return emitBuiltinCall(loc, m.graph(), Symbol::aten("__range_length"),
                         {NamedValue(start_), NamedValue(end_), NamedValue(step_)}, {});
}

SugaredValuePtr RangeValue::getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr&) {
  if (hasOnlyEnd_) return makeSimple(idx);
  return makeSimple(emitBuiltinCall(loc, m.graph(), Symbol::aten("__derive_index"),
                                    {NamedValue(idx), NamedValue(start_), NamedValue(step_)}, {}));
}

// ---- zip / enumerate ------------------------------------------------------------------------

void IterableTree::addChild(const SourceRange& loc, Emitter&, const SugaredValuePtr& iterValue) {
  std::optional<int64_t> childLen = iterValue->staticLen();
  if (first_) {
    unrollLength_ = childLen;
    first_ = false;
  } else {
    if (unrollLength_.has_value() != childLen.has_value())
      throwErrorAt(loc, "Can not iterate over a module list or tuple with a value that does not have a statically "
                        "determinable length\n");
    if (unrollLength_ && childLen) unrollLength_ = std::min(*unrollLength_, *childLen);
  }
  children_.push_back(iterValue);
}

namespace {
void collectBaseIterables(const IterableTree& tree, std::vector<SugaredValuePtr>& out) {
  for (const auto& c : tree.children()) {
    if (auto sub = std::dynamic_pointer_cast<IterableTree>(c)) collectBaseIterables(*sub, out);
    else out.push_back(c);
  }
}
}  // namespace

Value* IterableTree::len(const SourceRange& loc, Emitter& m) {
  Graph& g = m.graph();
  std::vector<SugaredValuePtr> bases;
  collectBaseIterables(*this, bases);
  std::vector<Value*> lengths;
  for (const auto& b : bases) lengths.push_back(b->len(loc, m));
  Node* list = g.insertNode(g.createList(IntType::get(), lengths));
  Node* min = g.insertNode(g.create(prim::min, {list->output()}, 1));
  min->setSourceRange(loc);
  min->output()->setType(IntType::get());
  return min->output();
}

SugaredValuePtr IterableTree::getitem(const SourceRange& loc, Emitter& m, Value* idx, const TypePtr&) {
  std::vector<SugaredValuePtr> items;
  for (const auto& c : children_) items.push_back(c->getitem(loc, m, idx));
  return std::make_shared<SugaredTupleValue>(std::move(items));
}

}  // namespace ember::jit
