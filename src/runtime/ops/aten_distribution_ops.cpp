// aten:: random distributions with PyTorch 1.13's schemas: the cauchy / log_normal / geometric
// fills with their functional and out= forms, normal_functional, poisson, binomial,
// _standard_gamma (+_grad), _sample_dirichlet and _dirichlet_grad (ember/tensor/ops/distributions.h).
// Functional forms fill a copy of self, as PyTorch's generated ones do, so that after the same
// seed `cauchy(x)` and `x.clone().cauchy_()` give the same numbers.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/distributions.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using FillFn = Tensor& (*)(Tensor&, double, double, Generator*);

Tensor& cauchyFill(Tensor& t, double a, double b, Generator* g) { return cauchy_(t, a, b, g); }
Tensor& logNormalFill(Tensor& t, double a, double b, Generator* g) { return log_normal_(t, a, b, g); }
Tensor& normalFill(Tensor& t, double a, double b, Generator* g) { return normal_(t, a, b, g); }
Tensor& geometricFill(Tensor& t, double p, double, Generator* g) { return geometric_(t, p, g); }

enum class Form { kInplace, kFunctional, kOut };

// (Tensor self, float a[, float b], *, Generator? generator[, Tensor(a!) out]).
template <FillFn F, int kParams, Form M>
void fillOp(Stack& s) {
  constexpr size_t n = 2 + kParams + (M == Form::kOut ? 1 : 0);
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  double p0 = doubleArg(a[1]);
  double p1 = kParams == 2 ? doubleArg(a[2]) : 0.0;
  Generator* g = generatorArg(a[1 + kParams]);
  if constexpr (M == Form::kInplace) {
    F(self, p0, p1, g);
    ret(s, n, std::move(self));
  } else {
    Tensor r = clone(self);
    F(r, p0, p1, g);
    if constexpr (M == Form::kOut) {
      Tensor out = tensorArg(a[n - 1]);
      writeOut(out, r);
      r = out;
    }
    ret(s, n, std::move(r));
  }
}

using SampleFn = Tensor (*)(const Tensor&, Generator*);
Tensor poissonFn(const Tensor& t, Generator* g) { return poisson(t, g); }
Tensor gammaFn(const Tensor& t, Generator* g) { return standard_gamma(t, g); }
Tensor dirichletFn(const Tensor& t, Generator* g) { return sample_dirichlet(t, g); }

// (Tensor self, Generator? generator=None[, *, Tensor(a!) out]).
template <SampleFn F, bool kOut>
void sampleOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = F(tensorArg(a[0]), generatorArg(a[1]));
  finishOut<2, kOut>(s, std::move(r));
}

template <bool kOut>
void binomialOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = binomial(tensorArg(a[0]), tensorArg(a[1]), generatorArg(a[2]));
  finishOut<3, kOut>(s, std::move(r));
}

template <bool kOut>
void gammaGradOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = standard_gamma_grad(tensorArg(a[0]), tensorArg(a[1]));
  finishOut<2, kOut>(s, std::move(r));
}

template <bool kOut>
void dirichletGradOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = dirichlet_grad(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]));
  finishOut<3, kOut>(s, std::move(r));
}

#define EMBER_GEN "*, Generator? generator=None"

RegisterOperators reg({
    {"aten::cauchy_(Tensor(a!) self, float median=0., float sigma=1., " EMBER_GEN ") -> Tensor(a!)",
     fillOp<cauchyFill, 2, Form::kInplace>},
    {"aten::cauchy(Tensor self, float median=0., float sigma=1., " EMBER_GEN ") -> Tensor",
     fillOp<cauchyFill, 2, Form::kFunctional>},
    {"aten::cauchy.out(Tensor self, float median=0., float sigma=1., " EMBER_GEN ", Tensor(a!) out) -> Tensor(a!)",
     fillOp<cauchyFill, 2, Form::kOut>},
    {"aten::log_normal_(Tensor(a!) self, float mean=1., float std=2., " EMBER_GEN ") -> Tensor(a!)",
     fillOp<logNormalFill, 2, Form::kInplace>},
    {"aten::log_normal(Tensor self, float mean=1., float std=2., " EMBER_GEN ") -> Tensor",
     fillOp<logNormalFill, 2, Form::kFunctional>},
    {"aten::log_normal.out(Tensor self, float mean=1., float std=2., " EMBER_GEN ", Tensor(a!) out) -> Tensor(a!)",
     fillOp<logNormalFill, 2, Form::kOut>},
    {"aten::geometric_(Tensor(a!) self, float p, " EMBER_GEN ") -> Tensor(a!)",
     fillOp<geometricFill, 1, Form::kInplace>},
    {"aten::geometric(Tensor self, float p, " EMBER_GEN ") -> Tensor", fillOp<geometricFill, 1, Form::kFunctional>},
    {"aten::geometric.out(Tensor self, float p, " EMBER_GEN ", Tensor(a!) out) -> Tensor(a!)",
     fillOp<geometricFill, 1, Form::kOut>},
    {"aten::normal_functional(Tensor self, float mean=0., float std=1., " EMBER_GEN ") -> Tensor",
     fillOp<normalFill, 2, Form::kFunctional>},
    {"aten::poisson(Tensor self, Generator? generator=None) -> Tensor", sampleOp<poissonFn, false>},
    {"aten::poisson.out(Tensor self, Generator? generator=None, *, Tensor(a!) out) -> Tensor(a!)",
     sampleOp<poissonFn, true>},
    {"aten::binomial(Tensor count, Tensor prob, Generator? generator=None) -> Tensor", binomialOp<false>},
    {"aten::binomial.out(Tensor count, Tensor prob, Generator? generator=None, *, Tensor(a!) out) -> Tensor(a!)",
     binomialOp<true>},
    {"aten::_standard_gamma(Tensor self, Generator? generator=None) -> Tensor", sampleOp<gammaFn, false>},
    {"aten::_standard_gamma.out(Tensor self, Generator? generator=None, *, Tensor(a!) out) -> Tensor(a!)",
     sampleOp<gammaFn, true>},
    {"aten::_standard_gamma_grad(Tensor self, Tensor output) -> Tensor", gammaGradOp<false>},
    {"aten::_standard_gamma_grad.out(Tensor self, Tensor output, *, Tensor(a!) out) -> Tensor(a!)", gammaGradOp<true>},
    {"aten::_sample_dirichlet(Tensor self, Generator? generator=None) -> Tensor", sampleOp<dirichletFn, false>},
    {"aten::_sample_dirichlet.out(Tensor self, Generator? generator=None, *, Tensor(a!) out) -> Tensor(a!)",
     sampleOp<dirichletFn, true>},
    {"aten::_dirichlet_grad(Tensor x, Tensor alpha, Tensor total) -> Tensor", dirichletGradOp<false>},
    {"aten::_dirichlet_grad.out(Tensor x, Tensor alpha, Tensor total, *, Tensor(a!) out) -> Tensor(a!)",
     dirichletGradOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
