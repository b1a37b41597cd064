// Tensor ops of the less common pointwise functions: gcd, lcm, heaviside, ldexp, nextafter,
// float_power, frexp, angle and conj_physical, with PyTorch 1.13's dtype rules and messages.
// Forms follow pointwise.h: a function, an in-place `op_` and an `op_out` where PyTorch has them.
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// gcd / lcm: integer dtypes only (not bool); results are non-negative.
Tensor gcd(const Tensor& self, const Tensor& other);
Tensor& gcd_(Tensor& self, const Tensor& other);
Tensor& gcd_out(Tensor& out, const Tensor& self, const Tensor& other);
Tensor lcm(const Tensor& self, const Tensor& other);
Tensor& lcm_(Tensor& self, const Tensor& other);
Tensor& lcm_out(Tensor& out, const Tensor& self, const Tensor& other);

// heaviside(x, values): 0 for x < 0, values where x == 0, 1 for x > 0; both of one dtype.
Tensor heaviside(const Tensor& self, const Tensor& values);
Tensor& heaviside_(Tensor& self, const Tensor& values);
Tensor& heaviside_out(Tensor& out, const Tensor& self, const Tensor& values);

// ldexp(x, e) = x * 2**e (integers promote to the default float dtype).
Tensor ldexp(const Tensor& self, const Tensor& other);
Tensor& ldexp_(Tensor& self, const Tensor& other);
Tensor& ldexp_out(Tensor& out, const Tensor& self, const Tensor& other);

// nextafter: the next representable value after self towards other (float, double, bfloat16).
Tensor nextafter(const Tensor& self, const Tensor& other);
Tensor& nextafter_(Tensor& self, const Tensor& other);
Tensor& nextafter_out(Tensor& out, const Tensor& self, const Tensor& other);

// float_power: pow computed and returned in float64.
Tensor float_power(const Tensor& self, const Tensor& exponent);
Tensor float_power(const Tensor& self, const Scalar& exponent);
Tensor float_power(const Scalar& self, const Tensor& exponent);
Tensor& float_power_(Tensor& self, const Tensor& exponent);
Tensor& float_power_(Tensor& self, const Scalar& exponent);
Tensor& float_power_out(Tensor& out, const Tensor& self, const Tensor& exponent);
Tensor& float_power_out(Tensor& out, const Tensor& self, const Scalar& exponent);
Tensor& float_power_out(Tensor& out, const Scalar& self, const Tensor& exponent);

// frexp: (mantissa in self's dtype with |m| in [0.5, 1), int32 exponent); floating dtypes only.
std::tuple<Tensor, Tensor> frexp(const Tensor& self);
std::tuple<Tensor&, Tensor&> frexp_out(Tensor& mantissa, Tensor& exponent, const Tensor& self);

// angle of a real number: 0 for x >= 0, pi for x < 0, NaN for NaN (integers give float).
Tensor angle(const Tensor& self);
Tensor& angle_out(Tensor& out, const Tensor& self);

// conj_physical of a real tensor: a copy (ember has no complex tensors).
Tensor conj_physical(const Tensor& self);
Tensor& conj_physical_(Tensor& self);
Tensor& conj_physical_out(Tensor& out, const Tensor& self);

}  // namespace ember
