// Random numbers: generators and the random tensor ops.
//
// The CPU generator is PyTorch's: an mt19937 engine seeded with the low 32 bits of the seed,
// with the same derivations of floats, doubles, integers and normal samples, so that
// `manual_seed(s)` followed by the same calls gives the same numbers as PyTorch 1.13 on x86.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>

#include "ember/intrusive_ptr.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/tensor.h"

namespace ember {

class GeneratorImpl;

// torch.Generator: a handle; copies share one stream.
class Generator {
 public:
  // PyTorch's default seed for a fresh generator.
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;

  explicit Generator(uint64_t seed = kDefaultSeed);
  Generator(const Generator& other);
  Generator(Generator&& other) noexcept;
  Generator& operator=(const Generator& other);
  Generator& operator=(Generator&& other) noexcept;
  ~Generator();

  Generator& manual_seed(uint64_t seed);
  uint64_t initial_seed() const;
  // Re-seeds from a non-deterministic source and returns the new seed (torch.Generator.seed()).
  uint64_t seed();

  // Raw draws. Callers that draw several numbers for one op hold mutex() meanwhile.
  uint32_t random();
  uint64_t random64();
  std::mutex& mutex();
  // The cached second Box-Muller sample of the scalar normal path (PyTorch caches it).
  std::optional<double>& nextDoubleNormal();

  bool is_same(const Generator& other) const { return impl_ == other.impl_; }

 private:
  IntrusivePtr<GeneratorImpl> impl_;
};

// The process-wide default generator (torch.default_generator).
Generator& defaultGenerator();
// torch.manual_seed / torch.initial_seed / torch.seed on the default generator.
void manual_seed(uint64_t seed);
uint64_t initial_seed();
uint64_t seed();

// A null `generator` argument means the default generator.
Tensor rand(IntArrayRef sizes, TensorOptions options = {}, Generator* generator = nullptr);
Tensor randn(IntArrayRef sizes, TensorOptions options = {}, Generator* generator = nullptr);
// Integers uniform in [low, high); the dtype defaults to int64.
Tensor randint(int64_t high, IntArrayRef sizes, TensorOptions options = {}, Generator* generator = nullptr);
Tensor randint(int64_t low, int64_t high, IntArrayRef sizes, TensorOptions options = {},
               Generator* generator = nullptr);
// A random permutation of 0..n-1 (int64 unless options say otherwise).
Tensor randperm(int64_t n, TensorOptions options = {}, Generator* generator = nullptr);

Tensor rand_like(const Tensor& self, TensorOptions options = {},
                 std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor randn_like(const Tensor& self, TensorOptions options = {},
                  std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor randint_like(const Tensor& self, int64_t high, TensorOptions options = {},
                    std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor randint_like(const Tensor& self, int64_t low, int64_t high, TensorOptions options = {},
                    std::optional<MemoryFormat> memory_format = std::nullopt);

// torch.normal overloads (aten::normal.float_float, .Tensor_float, .float_Tensor, .Tensor_Tensor).
Tensor normal(double mean, double std, IntArrayRef sizes, Generator* generator = nullptr,
              TensorOptions options = {});
Tensor normal(const Tensor& mean, double std = 1.0, Generator* generator = nullptr);
Tensor normal(double mean, const Tensor& std, Generator* generator = nullptr);
Tensor normal(const Tensor& mean, const Tensor& std, Generator* generator = nullptr);

// In-place fills (also Tensor methods).
Tensor& uniform_(Tensor& self, double from = 0.0, double to = 1.0, Generator* generator = nullptr);
Tensor& normal_(Tensor& self, double mean = 0.0, double std = 1.0, Generator* generator = nullptr);
Tensor& bernoulli_(Tensor& self, double p = 0.5, Generator* generator = nullptr);
Tensor& bernoulli_(Tensor& self, const Tensor& p, Generator* generator = nullptr);
// random_(): integers over the dtype's range ([0, 2^mantissa] for floats); random_(to): [0, to);
// random_(from, to): [from, to), or [from, max] when `to` is nullopt.
Tensor& random_(Tensor& self, Generator* generator = nullptr);
Tensor& random_(Tensor& self, int64_t to, Generator* generator = nullptr);
Tensor& random_(Tensor& self, int64_t from, std::optional<int64_t> to, Generator* generator = nullptr);
Tensor& exponential_(Tensor& self, double lambd = 1.0, Generator* generator = nullptr);

// torch.bernoulli(input): each element 1 with probability input[i]; and with a fixed p.
Tensor bernoulli(const Tensor& self, Generator* generator = nullptr);
Tensor bernoulli(const Tensor& self, double p, Generator* generator = nullptr);

}  // namespace ember
