// The `*_copy` forms of the view operators (permute_copy, select_copy.int, split_copy.Tensor,
// view_copy.dtype, ...), which functionalised graphs call in place of views: the view, then a copy
// that shares no memory with the input (PyTorch clones with the view's layout preserved where it is
// dense, contiguous otherwise, as the tensor library's clone does).
//
// (`_to_copy` is bound with the utility operators, aten_utility_missing_ops.cpp.) One generic table: each entry names the view
// operator whose arguments (in the same order) it takes; the wrapper calls that operator from the
// registry, clones each result, and for the out= overloads copies the view into the out tensor (or
// the out list, for the ops returning Tensor[]). As PyTorch 1.13's copy kernels, out is not
// resized: copy_ broadcasts the result into it, so an empty out is an error. The few views ember
// does not register as operators (neg and conj bits, which ember does not have, lift_fresh,
// _reshape_alias) name the op that computes the same values.
#include <mutex>
#include <string_view>
#include <utility>
#include <vector>

#include "ember/core/operator.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

struct CopyBinding {
  const char* schema;
  const char* view;          // the operator computing the view, called with the same leading arguments
  int extraNone;             // trailing None arguments the view operator takes beyond ours (defaults)
  bool complexOnly = false;  // _conj_copy: PyTorch has no conjugate view of a real tensor
  bool resizesOut = false;   // lift_fresh_copy.out is a clone's out= form, which resizes out
};

constexpr CopyBinding kBindings[] = {
    {"aten::alias_copy(Tensor self) -> Tensor", "aten::alias", 0},
    {"aten::alias_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::alias", 0},
    {"aten::as_strided_copy(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor",
     "aten::as_strided", 0},
    {"aten::as_strided_copy.out(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None, *, "
     "Tensor(a!) out) -> Tensor(a!)",
     "aten::as_strided", 0},
    {"aten::_reshape_alias_copy(Tensor self, SymInt[] size, SymInt[] stride) -> Tensor", "aten::as_strided", 1},
    {"aten::_reshape_alias_copy.out(Tensor self, SymInt[] size, SymInt[] stride, *, Tensor(a!) out) -> Tensor(a!)",
     "aten::as_strided", 1},
    {"aten::diagonal_copy(Tensor self, int offset=0, int dim1=0, int dim2=1) -> Tensor", "aten::diagonal", 0},
    {"aten::diagonal_copy.out(Tensor self, int offset=0, int dim1=0, int dim2=1, *, Tensor(a!) out) -> Tensor(a!)",
     "aten::diagonal", 0},
    {"aten::expand_copy(Tensor self, SymInt[] size, *, bool implicit=False) -> Tensor", "aten::expand", 0},
    {"aten::expand_copy.out(Tensor self, SymInt[] size, *, bool implicit=False, Tensor(a!) out) -> Tensor(a!)",
     "aten::expand", 0},
    {"aten::permute_copy(Tensor self, int[] dims) -> Tensor", "aten::permute", 0},
    {"aten::permute_copy.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)", "aten::permute", 0},
    {"aten::select_copy.int(Tensor self, int dim, int index) -> Tensor", "aten::select.int", 0},
    {"aten::select_copy.int_out(Tensor self, int dim, int index, *, Tensor(a!) out) -> Tensor(a!)", "aten::select.int",
     0},
    {"aten::slice_copy.Tensor(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor",
     "aten::slice.Tensor", 0},
    {"aten::slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, "
     "Tensor(a!) out) -> Tensor(a!)",
     "aten::slice.Tensor", 0},
    {"aten::split_copy.Tensor(Tensor self, int split_size, int dim=0) -> Tensor[]", "aten::split.Tensor", 0},
    {"aten::split_copy.Tensor_out(Tensor self, int split_size, int dim=0, *, Tensor(a!)[] out) -> ()",
     "aten::split.Tensor", 0},
    {"aten::split_with_sizes_copy(Tensor self, int[] split_sizes, int dim=0) -> Tensor[]", "aten::split_with_sizes", 0},
    {"aten::split_with_sizes_copy.out(Tensor self, int[] split_sizes, int dim=0, *, Tensor(a!)[] out) -> ()",
     "aten::split_with_sizes", 0},
    {"aten::squeeze_copy(Tensor self) -> Tensor", "aten::squeeze", 0},
    {"aten::squeeze_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::squeeze", 0},
    {"aten::squeeze_copy.dim(Tensor self, int dim) -> Tensor", "aten::squeeze.dim", 0},
    {"aten::squeeze_copy.dim_out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)", "aten::squeeze.dim", 0},
    {"aten::t_copy(Tensor self) -> Tensor", "aten::t", 0},
    {"aten::t_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::t", 0},
    {"aten::transpose_copy.int(Tensor self, int dim0, int dim1) -> Tensor", "aten::transpose.int", 0},
    {"aten::transpose_copy.int_out(Tensor self, int dim0, int dim1, *, Tensor(a!) out) -> Tensor(a!)",
     "aten::transpose.int", 0},
    {"aten::unbind_copy.int(Tensor self, int dim=0) -> Tensor[]", "aten::unbind.int", 0},
    {"aten::unbind_copy.int_out(Tensor self, int dim=0, *, Tensor(a!)[] out) -> ()", "aten::unbind.int", 0},
    {"aten::unfold_copy(Tensor self, int dimension, int size, int step) -> Tensor", "aten::unfold", 0},
    {"aten::unfold_copy.out(Tensor self, int dimension, int size, int step, *, Tensor(a!) out) -> Tensor(a!)",
     "aten::unfold", 0},
    {"aten::unsqueeze_copy(Tensor self, int dim) -> Tensor", "aten::unsqueeze", 0},
    {"aten::unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)", "aten::unsqueeze", 0},
    {"aten::view_copy(Tensor self, SymInt[] size) -> Tensor", "aten::view", 0},
    {"aten::view_copy.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", "aten::view", 0},
    {"aten::view_copy.dtype(Tensor self, ScalarType dtype) -> Tensor", "aten::view.dtype", 0},
    {"aten::view_copy.dtype_out(Tensor self, ScalarType dtype, *, Tensor(a!) out) -> Tensor(a!)", "aten::view.dtype",
     0},
    {"aten::view_as_real_copy(Tensor self) -> Tensor", "aten::view_as_real", 0},
    {"aten::view_as_real_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::view_as_real", 0},
    {"aten::view_as_complex_copy(Tensor self) -> Tensor", "aten::view_as_complex", 0},
    {"aten::view_as_complex_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::view_as_complex", 0},
    {"aten::detach_copy(Tensor self) -> Tensor", "aten::detach", 0},
    {"aten::detach_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::detach", 0},
    {"aten::lift_fresh_copy(Tensor self) -> Tensor", "aten::alias", 0},
    {"aten::lift_fresh_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::alias", 0, false, true},
    // ember has no negative or conjugate bit: the materialised values are neg(x) and conj(x).
    {"aten::_neg_view_copy(Tensor self) -> Tensor", "aten::neg", 0},
    {"aten::_neg_view_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::neg", 0},
    {"aten::_conj_copy(Tensor self) -> Tensor", "aten::conj_physical", 0, true},
    {"aten::_conj_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten::conj_physical", 0, true},
};
constexpr size_t kCount = std::size(kBindings);

struct CopyShape {
  size_t nArgs = 0;
  bool hasOut = false;  // the last argument is the out tensor (or the out list, and the op returns ())
};
CopyShape gShapes[kCount];

// The view operators, looked up on first use (they register from other files' static
// initialisers): the operation and its argument count.
struct ViewOp {
  Operation op = nullptr;
  size_t nArgs = 0;
};
const ViewOp& viewOf(size_t index) {
  static ViewOp views[kCount];
  static std::once_flag once;
  std::call_once(once, [] {
    for (size_t i = 0; i < kCount; ++i) {
      OperatorPtr op = OperatorRegistry::global().findOperator(std::string_view(kBindings[i].view));
      EMBER_ASSERT(op && op->hasOperation(), "view operator ", kBindings[i].view, " is not registered");
      views[i] = {op->operation(), op->schema().arguments().size()};
    }
  });
  return views[index];
}

// A copy of `t` sharing no memory with it: clone keeps a dense layout and makes others contiguous.
Tensor materialise(const Tensor& t) { return clone(t); }

void runCopy(size_t index, Stack& s) {
  const CopyShape& shape = gShapes[index];
  const ViewOp& view = viewOf(index);
  IValue out;
  if (shape.hasOut) {
    out = std::move(s.back());
    s.pop_back();
  }
  const size_t nIn = shape.nArgs - (shape.hasOut ? 1 : 0);
  if (kBindings[index].complexOnly) {
    const IValue& self = s[s.size() - nIn];
    const bool tensor = self.isTensor() && self.toTensor().defined();
    EMBER_CHECK(tensor && isComplexType(self.toTensor().dtype()), "_conj_copy: expected a complex tensor, got ",
                tensor ? scalarTypeName(self.toTensor().dtype()) : self.tagKind());
  }
  for (int i = 0; i < kBindings[index].extraNone; ++i) s.emplace_back();
  EMBER_ASSERT(nIn + kBindings[index].extraNone == view.nArgs, "view operator ", kBindings[index].view, " takes ",
               view.nArgs, " arguments");
  view.op(s);
  IValue result = std::move(s.back());
  s.pop_back();
  if (result.isTensor()) {
    Tensor copy = materialise(result.toTensor());
    if (!shape.hasOut) {
      s.emplace_back(std::move(copy));
      return;
    }
    Tensor o = tensorArg(out);
    if (kBindings[index].resizesOut) {
      writeOut(o, copy);
    } else {
      copy_(o, copy);
    }
    s.emplace_back(std::move(o));
    return;
  }
  std::vector<Tensor> parts = tensorListArg(result);
  for (Tensor& t : parts) t = materialise(t);
  if (!shape.hasOut) {
    retTensorList(s, 0, parts);
    return;
  }
  std::vector<Tensor> outs = tensorListArg(out);
  EMBER_CHECK(outs.size() == parts.size(), "Expected a list of ", parts.size(), " out tensors, got ", outs.size());
  for (size_t i = 0; i < outs.size(); ++i) copy_(outs[i], parts[i]);
}

template <size_t I>
void copyOp(Stack& s) {
  runCopy(I, s);
}

template <size_t... I>
std::vector<Operator> copyOperators(std::index_sequence<I...>) {
  std::vector<Operator> ops;
  ops.reserve(sizeof...(I));
  constexpr Operation kOps[] = {&copyOp<I>...};
  for (size_t i = 0; i < sizeof...(I); ++i) {
    FunctionSchema schema = parseSchema(kBindings[i].schema);
    const auto& arguments = schema.arguments();
    gShapes[i].nArgs = arguments.size();
    gShapes[i].hasOut = !arguments.empty() && arguments.back().kwargOnly() && arguments.back().name() == "out";
    ops.emplace_back(std::move(schema), kOps[i]);
  }
  return ops;
}

RegisterOperators reg(copyOperators(std::make_index_sequence<kCount>()));

}  // namespace
}  // namespace ember::jit::aten
