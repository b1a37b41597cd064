// aten:: operators of torch.special (the special_* names and their older aliases: lgamma,
// digamma, polygamma, mvlgamma, igamma, igammac, i0) with PyTorch 1.13's schemas, bound to the
// special family (ember/tensor/ops/special.h). The special_* aliases of functions other families
// compute (special_erf, special_expit, special_logit, special_xlogy, ...) are registered with
// those families' composites in aten_composite_ops.cpp.
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/special.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (int n, Tensor self) -> Tensor and its out= form; polygamma_ is (Tensor(a!) self, int n).
void polygammaOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = polygamma(intArg(a[0]), tensorArg(a[1]));
  ret(s, 2, std::move(r));
}
void polygammaOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  polygamma_out(out, intArg(a[0]), tensorArg(a[1]));
  ret(s, 3, std::move(out));
}
void polygammaInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  polygamma_(self, intArg(a[1]));
  ret(s, 2, std::move(self));
}

// (Tensor self, int p) in three forms.
template <int kForm>  // 0: functional, 1: in place, 2: out=
void mvlgammaOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  const int64_t p = intArg(a[1]);
  if constexpr (kForm == 0) {
    ret(s, n, mvlgamma(self, p));
  } else if constexpr (kForm == 1) {
    mvlgamma_(self, p);
    ret(s, n, std::move(self));
  } else {
    Tensor out = tensorArg(a[2]);
    mvlgamma_out(out, self, p);
    ret(s, n, std::move(out));
  }
}

template <Polynomial K>
Tensor polynomialFn(const Tensor& x, const Tensor& n) {
  return polynomial(K, x, n);
}
template <Polynomial K>
Tensor& polynomialOutFn(Tensor& out, const Tensor& x, const Tensor& n) {
  return polynomial_out(out, K, x, n);
}

// The six overloads of a binary special function: Tensor/Tensor, x_scalar, n_scalar and their
// out= forms (a Scalar operand reaches the kernel as a wrapped number, see tensorArg).
void addBinaryOverloads(std::vector<Operator>& ops, const std::string& name, const char* a, const char* b,
                        const char* aScalar, const char* bScalar, Operation fn, Operation out) {
  const std::string q = "aten::" + name;
  const std::string sa = std::string("(Tensor ") + a, sb = std::string(", Tensor ") + b;
  const std::string ret = ") -> Tensor", outRet = ", *, Tensor(a!) out) -> Tensor(a!)";
  ops.emplace_back(q + sa + sb + ret, fn);
  ops.emplace_back(q + ".out" + sa + sb + outRet, out);
  ops.emplace_back(q + "." + aScalar + "(Scalar " + a + sb + ret, fn);
  ops.emplace_back(q + "." + aScalar + "_out(Scalar " + a + sb + outRet, out);
  ops.emplace_back(q + "." + bScalar + sa + ", Scalar " + b + ret, fn);
  ops.emplace_back(q + "." + bScalar + "_out" + sa + ", Scalar " + b + outRet, out);
}

template <Polynomial K>
void addPolynomial(std::vector<Operator>& ops) {
  addBinaryOverloads(ops, std::string("special_") + polynomialName(K), "x", "n", "x_scalar", "n_scalar",
                     binaryOp<polynomialFn<K>>, binaryOutOp<polynomialOutFn<K>>);
}

#define EMBER_SPECIAL_UNARY(name, arg, fn)                                                          \
  ops.emplace_back("aten::special_" #name "(Tensor " #arg ") -> Tensor", unaryOp<fn>);              \
  ops.emplace_back("aten::special_" #name ".out(Tensor " #arg ", *, Tensor(a!) out) -> Tensor(a!)", \
                   unaryOutOp<fn##_out>);

// The three forms of an op that PyTorch also has without the prefix.
#define EMBER_ALIAS_UNARY(name)                                                                 \
  ops.emplace_back("aten::" #name "(Tensor self) -> Tensor", unaryOp<name>);                    \
  ops.emplace_back("aten::" #name "_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<name##_>); \
  ops.emplace_back("aten::" #name ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<name##_out>);

std::vector<Operator> specialOperators() {
  std::vector<Operator> ops;
  // gamma family
  EMBER_ALIAS_UNARY(lgamma)
  EMBER_ALIAS_UNARY(digamma)
  EMBER_ALIAS_UNARY(i0)
  EMBER_SPECIAL_UNARY(gammaln, self, lgamma)
  EMBER_SPECIAL_UNARY(digamma, self, digamma)
  EMBER_SPECIAL_UNARY(psi, self, digamma)
  ops.emplace_back("aten::polygamma(int n, Tensor self) -> Tensor", polygammaOp);
  ops.emplace_back("aten::polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)", polygammaOut);
  ops.emplace_back("aten::polygamma_(Tensor(a!) self, int n) -> Tensor(a!)", polygammaInplace);
  ops.emplace_back("aten::special_polygamma(int n, Tensor self) -> Tensor", polygammaOp);
  ops.emplace_back("aten::special_polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)", polygammaOut);
  ops.emplace_back("aten::mvlgamma(Tensor self, int p) -> Tensor", mvlgammaOp<0>);
  ops.emplace_back("aten::mvlgamma_(Tensor(a!) self, int p) -> Tensor(a!)", mvlgammaOp<1>);
  ops.emplace_back("aten::mvlgamma.out(Tensor self, int p, *, Tensor(a!) out) -> Tensor(a!)", mvlgammaOp<2>);
  ops.emplace_back("aten::special_multigammaln(Tensor self, int p) -> Tensor", mvlgammaOp<0>);
  ops.emplace_back("aten::special_multigammaln.out(Tensor self, int p, *, Tensor(a!) out) -> Tensor(a!)",
                   mvlgammaOp<2>);
  for (const char* name : {"igamma", "igammac"}) {
    const bool upper = name[6] == 'c';
    const std::string q = std::string("aten::") + name;
    ops.emplace_back(q + "(Tensor self, Tensor other) -> Tensor", upper ? binaryOp<igammac> : binaryOp<igamma>);
    ops.emplace_back(q + "_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
                     upper ? binaryInplaceOp<igammac_> : binaryInplaceOp<igamma_>);
    ops.emplace_back(q + ".out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
                     upper ? binaryOutOp<igammac_out> : binaryOutOp<igamma_out>);
    const std::string sq = std::string("aten::special_gammainc") + (upper ? "c" : "");
    ops.emplace_back(sq + "(Tensor self, Tensor other) -> Tensor", upper ? binaryOp<igammac> : binaryOp<igamma>);
    ops.emplace_back(sq + ".out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
                     upper ? binaryOutOp<igammac_out> : binaryOutOp<igamma_out>);
  }
  addBinaryOverloads(ops, "special_zeta", "self", "other", "self_scalar", "other_scalar", binaryOp<zeta>,
                     binaryOutOp<zeta_out>);
  // error function and normal distribution, entropy
  EMBER_SPECIAL_UNARY(erfcx, self, erfcx)
  EMBER_SPECIAL_UNARY(ndtr, self, ndtr)
  EMBER_SPECIAL_UNARY(ndtri, self, ndtri)
  EMBER_SPECIAL_UNARY(log_ndtr, self, log_ndtr)
  EMBER_SPECIAL_UNARY(entr, self, entr)
  addBinaryOverloads(ops, "special_xlog1py", "self", "other", "self_scalar", "other_scalar", binaryOp<xlog1py>,
                     binaryOutOp<xlog1py_out>);
  // Bessel functions
  EMBER_SPECIAL_UNARY(bessel_j0, self, bessel_j0)
  EMBER_SPECIAL_UNARY(bessel_j1, self, bessel_j1)
  EMBER_SPECIAL_UNARY(bessel_y0, self, bessel_y0)
  EMBER_SPECIAL_UNARY(bessel_y1, self, bessel_y1)
  EMBER_SPECIAL_UNARY(modified_bessel_i0, self, modified_bessel_i0)
  EMBER_SPECIAL_UNARY(modified_bessel_i1, self, modified_bessel_i1)
  EMBER_SPECIAL_UNARY(modified_bessel_k0, self, modified_bessel_k0)
  EMBER_SPECIAL_UNARY(modified_bessel_k1, self, modified_bessel_k1)
  EMBER_SPECIAL_UNARY(scaled_modified_bessel_k0, x, scaled_modified_bessel_k0)
  EMBER_SPECIAL_UNARY(scaled_modified_bessel_k1, x, scaled_modified_bessel_k1)
  EMBER_SPECIAL_UNARY(spherical_bessel_j0, x, spherical_bessel_j0)
  EMBER_SPECIAL_UNARY(airy_ai, x, airy_ai)
  EMBER_SPECIAL_UNARY(i0, self, i0)
  EMBER_SPECIAL_UNARY(i0e, self, i0e)
  EMBER_SPECIAL_UNARY(i1, self, i1)
  EMBER_SPECIAL_UNARY(i1e, self, i1e)
  // orthogonal polynomials
  addPolynomial<Polynomial::ChebyshevT>(ops);
  addPolynomial<Polynomial::ChebyshevU>(ops);
  addPolynomial<Polynomial::ChebyshevV>(ops);
  addPolynomial<Polynomial::ChebyshevW>(ops);
  addPolynomial<Polynomial::ShiftedChebyshevT>(ops);
  addPolynomial<Polynomial::ShiftedChebyshevU>(ops);
  addPolynomial<Polynomial::ShiftedChebyshevV>(ops);
  addPolynomial<Polynomial::ShiftedChebyshevW>(ops);
  addPolynomial<Polynomial::HermiteH>(ops);
  addPolynomial<Polynomial::HermiteHe>(ops);
  addPolynomial<Polynomial::LaguerreL>(ops);
  addPolynomial<Polynomial::LegendreP>(ops);
  return ops;
}

#undef EMBER_SPECIAL_UNARY
#undef EMBER_ALIAS_UNARY

RegisterOperators reg(specialOperators());

}  // namespace
}  // namespace ember::jit::aten
