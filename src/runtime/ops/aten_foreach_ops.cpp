// aten::_foreach_* (PyTorch 1.13's 143 schemas): an operator applied to each tensor of a list
// (with a second list, a scalar, a list of scalars, or two more lists), in functional, in-place
// (`_foreach_add_`) and out= forms. As PyTorch's CPU path does, each element is the plain
// operator's result, so dtypes, broadcasting and errors are that operator's.
//
// One generic loop serves all of them: a kernel is a function of one element's arguments
// (tensors a, b, c, a scalar and alpha), an Arity says where the operator's stack arguments go,
// and a Mode whether results are returned, written back into self, or into the out list. The
// registration table at the end spells the schemas through a few macros.
#include <cstddef>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/special.h"
#include "ember/tensor/ops/unary.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// One element's arguments: b and c are the second and third lists' tensors, s the scalar (or
// this element's entry of the scalar list).
struct Item {
  const Tensor& a;
  const Tensor* b;
  const Tensor* c;
  Scalar s;
  Scalar alpha;
};
using Kernel = Tensor (*)(const Item&);

// Where the stack arguments go (the functional schema's order; out= adds the out list).
enum class Arity {
  kUnary,           // (self)
  kList,            // (self, other)
  kListAlpha,       // (self, other, *, alpha)
  kScalar,          // (self, scalar)
  kScalarList,      // (self, scalars)
  kTernary,         // (self, tensor1, tensor2, value)
  kTernaryScalars,  // (self, tensor1, tensor2, scalars)
};
enum class Mode { kFunctional, kInplace, kOut };

constexpr size_t argCount(Arity arity) {
  switch (arity) {
    case Arity::kUnary:
      return 1;
    case Arity::kList:
    case Arity::kScalar:
    case Arity::kScalarList:
      return 2;
    case Arity::kListAlpha:
      return 3;
    case Arity::kTernary:
    case Arity::kTernaryScalars:
      return 4;
  }
  return 0;
}

void checkSameLength(size_t n, size_t other) {
  EMBER_CHECK(n == other, "Tensor lists must have the same number of tensors, got ", n, " and ", other);
}

std::vector<Scalar> scalarListArg(const IValue& v) {
  std::vector<Scalar> r;
  for (const IValue& e : v.toListRef().elements) r.push_back(scalarArg(e));
  return r;
}

// Writes r into dst: in place, dst keeps its shape (no broadcasting into self) and its dtype
// (results that cannot be cast back are errors, as for the plain in-place operators).
void writeInto(Tensor& dst, const Tensor& r, bool inplace) {
  if (inplace) {
    EMBER_CHECK(dst.sizes() == r.sizes(), "output with shape ", dst.sizes(), " doesn't match the broadcast shape ",
                r.sizes());
  }
  writeOut(dst, r);
}

template <Kernel K, Arity A, Mode M>
void foreachOp(Stack& s) {
  constexpr size_t n = argCount(A) + (M == Mode::kOut ? 1 : 0);
  IValue* a = args(s, n);
  std::vector<Tensor> self = tensorListArg(a[0]);
  EMBER_CHECK(!self.empty(), "Tensor list must have at least one tensor.");
  std::vector<Tensor> second, third;
  std::vector<Scalar> scalars;
  Scalar scalar(int64_t{1}), alpha(int64_t{1});
  if constexpr (A == Arity::kList || A == Arity::kListAlpha || A == Arity::kTernary || A == Arity::kTernaryScalars) {
    second = tensorListArg(a[1]);
    checkSameLength(self.size(), second.size());
  }
  if constexpr (A == Arity::kTernary || A == Arity::kTernaryScalars) {
    third = tensorListArg(a[2]);
    checkSameLength(self.size(), third.size());
  }
  if constexpr (A == Arity::kListAlpha) alpha = scalarArg(a[2]);
  if constexpr (A == Arity::kScalar) scalar = scalarArg(a[1]);
  if constexpr (A == Arity::kTernary) scalar = scalarArg(a[3]);
  if constexpr (A == Arity::kScalarList || A == Arity::kTernaryScalars) {
    scalars = scalarListArg(a[A == Arity::kScalarList ? 1 : 3]);
    EMBER_CHECK(scalars.size() == self.size(), "Tensor list must have same number of elements as scalar list.");
  }
  std::vector<Tensor> outs;
  if constexpr (M == Mode::kOut) {
    outs = tensorListArg(a[n - 1]);
    checkSameLength(self.size(), outs.size());
  }
  std::vector<Tensor> results;
  results.reserve(self.size());
  for (size_t i = 0; i < self.size(); ++i) {
    Item item{self[i], second.empty() ? nullptr : &second[i], third.empty() ? nullptr : &third[i],
              scalars.empty() ? scalar : scalars[i], alpha};
    results.push_back(K(item));
  }
  // Writes happen after every result is computed, so that an error leaves all tensors unchanged.
  if constexpr (M == Mode::kFunctional) {
    retTensorList(s, n, results);
  } else {
    std::vector<Tensor>& dst = M == Mode::kInplace ? self : outs;
    for (size_t i = 0; i < dst.size(); ++i) writeInto(dst[i], results[i], M == Mode::kInplace);
    dropArgs(s, n);
  }
}

// ---- kernels ----
template <UnaryFn F>
Tensor unaryKernel(const Item& x) {
  return F(x.a);
}
Tensor zeroKernel(const Item& x) { return zeros_like(x.a); }
Tensor addList(const Item& x) { return add(x.a, *x.b, x.alpha); }
Tensor subList(const Item& x) { return sub(x.a, *x.b, x.alpha); }
Tensor mulList(const Item& x) { return mul(x.a, *x.b); }
Tensor divList(const Item& x) { return div(x.a, *x.b); }
Tensor maximumList(const Item& x) { return maximum(x.a, *x.b); }
Tensor minimumList(const Item& x) { return minimum(x.a, *x.b); }
Tensor addScalar(const Item& x) { return add(x.a, x.s); }
Tensor subScalar(const Item& x) { return sub(x.a, x.s); }
Tensor mulScalar(const Item& x) { return mul(x.a, x.s); }
Tensor divScalar(const Item& x) { return div(x.a, x.s); }
Tensor addcmulKernel(const Item& x) { return addcmul(x.a, *x.b, *x.c, x.s); }
Tensor addcdivKernel(const Item& x) { return addcdiv(x.a, *x.b, *x.c, x.s); }
Tensor normKernel(const Item& x) { return linalg_vector_norm(x.a, x.s); }

#define EMBER_FOREACH_UNARY(op)                                                                                        \
  {"aten::_foreach_" #op "(Tensor[] self) -> Tensor[]", foreachOp<unaryKernel<op>, Arity::kUnary, Mode::kFunctional>}, \
      {"aten::_foreach_" #op "_(Tensor(a!)[] self) -> ()", foreachOp<unaryKernel<op>, Arity::kUnary, Mode::kInplace>}, \
      {"aten::_foreach_" #op ".out(Tensor[] self, *, Tensor(a!)[] out) -> ()",                                         \
       foreachOp<unaryKernel<op>, Arity::kUnary, Mode::kOut>},

// The List forms of add/sub take alpha; mul/div do not.
#define EMBER_FOREACH_LIST(op, kernel, params, arity)                                                         \
  {"aten::_foreach_" #op ".List(Tensor[] self, Tensor[] other" params ") -> Tensor[]",                        \
   foreachOp<kernel, arity, Mode::kFunctional>},                                                              \
      {"aten::_foreach_" #op "_.List(Tensor(a!)[] self, Tensor[] other" params ") -> ()",                     \
       foreachOp<kernel, arity, Mode::kInplace>},                                                             \
      {"aten::_foreach_" #op ".List_out(Tensor[] self, Tensor[] other" params ", *, Tensor(a!)[] out) -> ()", \
       foreachOp<kernel, arity, Mode::kOut>},

#define EMBER_FOREACH_SCALARS(op, kernel)                                                                   \
  {"aten::_foreach_" #op ".Scalar(Tensor[] self, Scalar scalar) -> Tensor[]",                               \
   foreachOp<kernel, Arity::kScalar, Mode::kFunctional>},                                                   \
      {"aten::_foreach_" #op "_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()",                            \
       foreachOp<kernel, Arity::kScalar, Mode::kInplace>},                                                  \
      {"aten::_foreach_" #op ".Scalar_out(Tensor[] self, Scalar scalar, *, Tensor(a!)[] out) -> ()",        \
       foreachOp<kernel, Arity::kScalar, Mode::kOut>},                                                      \
      {"aten::_foreach_" #op ".ScalarList(Tensor[] self, Scalar[] scalars) -> Tensor[]",                    \
       foreachOp<kernel, Arity::kScalarList, Mode::kFunctional>},                                           \
      {"aten::_foreach_" #op "_.ScalarList(Tensor(a!)[] self, Scalar[] scalars) -> ()",                     \
       foreachOp<kernel, Arity::kScalarList, Mode::kInplace>},                                              \
      {"aten::_foreach_" #op ".ScalarList_out(Tensor[] self, Scalar[] scalars, *, Tensor(a!)[] out) -> ()", \
       foreachOp<kernel, Arity::kScalarList, Mode::kOut>},

#define EMBER_FOREACH_TERNARY(op, kernel)                                                                             \
  {"aten::_foreach_" #op ".Scalar(Tensor[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar value=1) -> Tensor[]",    \
   foreachOp<kernel, Arity::kTernary, Mode::kFunctional>},                                                            \
      {"aten::_foreach_" #op "_.Scalar(Tensor(a!)[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar value=1) -> ()", \
       foreachOp<kernel, Arity::kTernary, Mode::kInplace>},                                                           \
      {"aten::_foreach_" #op                                                                                          \
       ".Scalar_out(Tensor[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar value=1, *, Tensor(a!)[] out) -> ()",   \
       foreachOp<kernel, Arity::kTernary, Mode::kOut>},                                                               \
      {"aten::_foreach_" #op                                                                                          \
       ".ScalarList(Tensor[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar[] scalars) -> "                         \
       "Tensor[]",                                                                                                    \
       foreachOp<kernel, Arity::kTernaryScalars, Mode::kFunctional>},                                                 \
      {"aten::_foreach_" #op                                                                                          \
       "_.ScalarList(Tensor(a!)[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar[] scalars) -> ()",                 \
       foreachOp<kernel, Arity::kTernaryScalars, Mode::kInplace>},                                                    \
      {"aten::_foreach_" #op                                                                                          \
       ".ScalarList_out(Tensor[] self, Tensor[] tensor1, Tensor[] tensor2, Scalar[] scalars, *, Tensor(a!)[] out) "   \
       "-> ()",                                                                                                       \
       foreachOp<kernel, Arity::kTernaryScalars, Mode::kOut>},

#define EMBER_ALPHA ", *, Scalar alpha=1"

RegisterOperators reg({
    EMBER_FOREACH_UNARY(abs) EMBER_FOREACH_UNARY(acos) EMBER_FOREACH_UNARY(asin) EMBER_FOREACH_UNARY(atan)
        EMBER_FOREACH_UNARY(ceil) EMBER_FOREACH_UNARY(cos) EMBER_FOREACH_UNARY(cosh) EMBER_FOREACH_UNARY(erf)
            EMBER_FOREACH_UNARY(erfc) EMBER_FOREACH_UNARY(exp) EMBER_FOREACH_UNARY(expm1) EMBER_FOREACH_UNARY(floor)
                EMBER_FOREACH_UNARY(frac) EMBER_FOREACH_UNARY(lgamma) EMBER_FOREACH_UNARY(log)
                    EMBER_FOREACH_UNARY(log10) EMBER_FOREACH_UNARY(log1p) EMBER_FOREACH_UNARY(log2)
                        EMBER_FOREACH_UNARY(neg) EMBER_FOREACH_UNARY(reciprocal) EMBER_FOREACH_UNARY(round)
                            EMBER_FOREACH_UNARY(sigmoid) EMBER_FOREACH_UNARY(sin) EMBER_FOREACH_UNARY(sinh)
                                EMBER_FOREACH_UNARY(sqrt) EMBER_FOREACH_UNARY(tan) EMBER_FOREACH_UNARY(tanh)
                                    EMBER_FOREACH_UNARY(trunc){
                                        "aten::_foreach_zero(Tensor[] self) -> Tensor[] self_out",
                                        foreachOp<zeroKernel, Arity::kUnary, Mode::kFunctional>},
    {"aten::_foreach_zero_(Tensor(a!)[] self) -> ()", foreachOp<zeroKernel, Arity::kUnary, Mode::kInplace>},
    {"aten::_foreach_zero.out(Tensor[] self, *, Tensor(a!)[] out) -> ()",
     foreachOp<zeroKernel, Arity::kUnary, Mode::kOut>},
    EMBER_FOREACH_LIST(add, addList, EMBER_ALPHA, Arity::kListAlpha)
        EMBER_FOREACH_LIST(sub, subList, EMBER_ALPHA, Arity::kListAlpha)
            EMBER_FOREACH_LIST(mul, mulList, "", Arity::kList) EMBER_FOREACH_LIST(div, divList, "", Arity::kList)
                EMBER_FOREACH_LIST(maximum, maximumList, "", Arity::kList)
                    EMBER_FOREACH_LIST(minimum, minimumList, "", Arity::kList) EMBER_FOREACH_SCALARS(add, addScalar)
                        EMBER_FOREACH_SCALARS(sub, subScalar) EMBER_FOREACH_SCALARS(mul, mulScalar)
                            EMBER_FOREACH_SCALARS(div, divScalar) EMBER_FOREACH_TERNARY(addcmul, addcmulKernel)
                                EMBER_FOREACH_TERNARY(addcdiv, addcdivKernel){
                                    "aten::_foreach_norm.Scalar(Tensor[] self, Scalar ord=2) -> Tensor[]",
                                    foreachOp<normKernel, Arity::kScalar, Mode::kFunctional>},
    {"aten::_foreach_norm.Scalar_out(Tensor[] self, Scalar ord=2, *, Tensor(a!)[] out) -> ()",
     foreachOp<normKernel, Arity::kScalar, Mode::kOut>},
});

}  // namespace
}  // namespace ember::jit::aten
