// The CPU random generator: PyTorch's mt19937 stream and its seeding rules.
#include <random>

#include "ember/tensor/ops/random.h"

namespace ember {

class GeneratorImpl : public RefCounted {
 public:
  explicit GeneratorImpl(uint64_t seed) { setSeed(seed); }

  void setSeed(uint64_t seed) {
    seed_ = seed;
    // PyTorch seeds mt19937 with the low 32 bits; re-seeding drops the cached normal sample.
    engine_.seed(static_cast<std::mt19937::result_type>(seed & 0xffffffffu));
    nextDoubleNormal_.reset();
  }

  uint64_t seed_ = 0;
  std::mt19937 engine_;
  std::optional<double> nextDoubleNormal_;
  std::mutex mutex_;
};

Generator::Generator(uint64_t seed) : impl_(makeIntrusive<GeneratorImpl>(seed)) {}
Generator::Generator(const Generator& other) = default;
Generator::Generator(Generator&& other) noexcept = default;
Generator& Generator::operator=(const Generator& other) = default;
Generator& Generator::operator=(Generator&& other) noexcept = default;
Generator::~Generator() = default;

Generator& Generator::manual_seed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(impl_->mutex_);
  impl_->setSeed(seed);
  return *this;
}

uint64_t Generator::initial_seed() const { return impl_->seed_; }

uint64_t Generator::seed() {
  std::random_device device;
  uint64_t s = (static_cast<uint64_t>(device()) << 32) | device();
  manual_seed(s);
  return s;
}

uint32_t Generator::random() { return impl_->engine_(); }

uint64_t Generator::random64() {
  // Two 32-bit draws, the first one in the high half.
  uint64_t hi = impl_->engine_();
  uint64_t lo = impl_->engine_();
  return (hi << 32) | lo;
}

std::mutex& Generator::mutex() { return impl_->mutex_; }
std::optional<double>& Generator::nextDoubleNormal() { return impl_->nextDoubleNormal_; }

Generator& defaultGenerator() {
  static Generator* gen = new Generator();  // never destroyed: usable during static teardown
  return *gen;
}

void manual_seed(uint64_t seed) { defaultGenerator().manual_seed(seed); }
uint64_t initial_seed() { return defaultGenerator().initial_seed(); }
uint64_t seed() { return defaultGenerator().seed(); }

}  // namespace ember
