// rrelu_with_noise (F.rrelu's operator): in evaluation a leaky ReLU of slope (lower + upper) / 2;
// in training each non-positive element is scaled by its own uniform draw from [lower, upper],
// taken in element order from the generator as PyTorch's CPU kernel takes them (one 64-bit
// draw, 53 bits of it, per element), and the factors are written into `noise`.
#include <mutex>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/nn_extra.h"
#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"

namespace ember {

namespace {

void rreluTrain(const Tensor& out, const Tensor& self, const Tensor& noise, const Scalar& lower, const Scalar& upper,
                Generator* generator) {
  EMBER_CHECK(noise.numel() == self.numel() && noise.dtype() == self.dtype() && noise.is_contiguous(),
              "rrelu_with_noise: noise must be a contiguous tensor of the input's dtype and number of elements");
  Generator& gen = generator ? *generator : defaultGenerator();
  const Tensor x = self.contiguous();
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, Half>) {
      EMBER_ERROR("\"rrelu_with_noise_out_cpu\" not implemented for 'Half'");
    } else {
      const double lo = static_cast<double>(static_cast<T>(lower.toDouble()));
      const double hi = static_cast<double>(static_cast<T>(upper.toDouble()));
      const T* in = x.data_ptr<T>();
      T* o = out.data_ptr<T>();
      T* nz = noise.data_ptr<T>();
      std::lock_guard<std::mutex> lock(gen.mutex());
      for (int64_t i = 0; i < x.numel(); ++i) {
        if (in[i] <= T(0)) {
          const double u = static_cast<double>(gen.random64() & ((uint64_t(1) << 53) - 1)) * 0x1p-53;
          const T r = static_cast<T>(u * (hi - lo) + lo);
          o[i] = static_cast<T>(in[i] * r);
          nz[i] = r;
        } else {
          nz[i] = T(1);
          o[i] = in[i];
        }
      }
    }
  });
}

void checkBounds(const Scalar& lower, const Scalar& upper) {
  EMBER_CHECK(lower.toDouble() <= upper.toDouble(), "Lower bound should be less than or equal to the upper bound");
}

}  // namespace

Tensor rrelu_with_noise(const Tensor& self, const Tensor& noise, const Scalar& lower, const Scalar& upper,
                        bool training, Generator* generator) {
  checkBounds(lower, upper);
  if (!training) return leaky_relu(self, Scalar((lower.toDouble() + upper.toDouble()) / 2));
  Tensor out = empty(self.sizes(), self.dtype());
  rreluTrain(out, self, noise, lower, upper, generator);
  return out;
}

Tensor& rrelu_with_noise_(Tensor& self, const Tensor& noise, const Scalar& lower, const Scalar& upper, bool training,
                          Generator* generator) {
  Tensor r = rrelu_with_noise(self, noise, lower, upper, training, generator);
  self.copy_(r);
  return self;
}

}  // namespace ember
