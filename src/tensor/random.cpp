// Random tensor ops: uniform, integers, permutations, bernoulli, exponential (normal is in
// random_normal.cpp). Each op walks its output in memory order drawing from the generator
// exactly as PyTorch 1.13's CPU kernels do.
#include <numeric>

#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/spectral.h"
#include "random_draw.h"
#include "scalar_convert.h"
#include "tensor/storage_watch.h"

namespace ember {

using random_detail::generatorOr;
using random_detail::serialFill;
using random_detail::uniformReal;

namespace {

// Value of `x % range + base`, drawing 64 bits when the range needs them.
template <typename T>
T uniformIntFromTo(Generator& g, uint64_t range, int64_t base) {
  constexpr bool wide = std::is_same_v<T, int64_t> || std::is_same_v<T, double> || std::is_same_v<T, float> ||
                        std::is_same_v<T, BFloat16>;
  const uint64_t bits = (wide && range >= (uint64_t{1} << 32)) ? g.random64() : g.random();
  return static_cast<T>(static_cast<int64_t>(bits % range + static_cast<uint64_t>(base)));
}

// Largest integer random_ may produce for T: 2^digits for floats, max for integers.
template <typename T>
int64_t randomUpperBound() {
  if constexpr (std::is_same_v<T, bool>) return 1;
  else if constexpr (std::is_integral_v<T>) return static_cast<int64_t>(std::numeric_limits<T>::max());
  else return int64_t{1} << random_detail::uniformDigits<T>();
}

template <typename T>
int64_t randomLowerBound() {
  if constexpr (std::is_same_v<T, bool>) return 0;
  else if constexpr (std::is_integral_v<T>) return static_cast<int64_t>(std::numeric_limits<T>::lowest());
  else return -(int64_t{1} << random_detail::uniformDigits<T>());
}

void checkFloatingOutput(const Tensor& self, const char* op) {
  EMBER_CHECK(isFloatingType(self.dtype()), "\"", op, "\" not implemented for '", scalarTypeName(self.dtype()), "'");
}

}  // namespace

Tensor& uniform_(Tensor& self, double from, double to, Generator* generator) {
  detail::noteWrite(self);
  if (self.is_complex()) {  // both parts uniform, as PyTorch fills the real view
    Tensor parts = view_as_real(self);
    uniform_(parts, from, to, generator);
    return self;
  }
  checkFloatingOutput(self, "check_uniform_bounds");
  EMBER_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=", from, " > to=", to);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    using A = opmath_t<T>;
    const T lo = static_cast<T>(from), hi = static_cast<T>(to);
    // The width is taken in T, as PyTorch's distribution holds its bounds as T.
    const A width = static_cast<A>(static_cast<T>(static_cast<A>(hi) - static_cast<A>(lo)));
    // PyTorch's compiled kernel fuses the scale and shift into one multiply-add.
    serialFill<T>(self, [&] { return static_cast<T>(std::fma(uniformReal<T>(g, A(0), A(1)), width, static_cast<A>(lo))); });
  });
  return self;
}

Tensor rand(IntArrayRef sizes, TensorOptions options, Generator* generator) {
  Tensor t = empty(sizes, options);
  return uniform_(t, 0.0, 1.0, generator);
}

Tensor rand_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return uniform_(t, 0.0, 1.0, nullptr);
}

Tensor& random_(Tensor& self, int64_t from, std::optional<int64_t> to, Generator* generator) {
  detail::noteWrite(self);
  Generator& g = generatorOr(generator);
  visitDtype(self.dtype(), [&]<typename T>() {
    int64_t last;  // inclusive upper end
    if (to) {
      EMBER_CHECK(from < *to, "random_ expects 'from' to be less than 'to', but got from=", from, " >= to=", *to);
      last = *to - 1;
    } else {
      last = randomUpperBound<T>();
    }
    EMBER_CHECK(from >= randomLowerBound<T>() && from <= randomUpperBound<T>(), "from is out of bounds for ",
                scalarTypeName(self.dtype()));
    EMBER_CHECK(last >= randomLowerBound<T>() && last <= randomUpperBound<T>(), "to - 1 is out of bounds for ",
                scalarTypeName(self.dtype()));
    const uint64_t range = static_cast<uint64_t>(last) - static_cast<uint64_t>(from) + 1;
    std::lock_guard<std::mutex> lock(g.mutex());
    if (range == 0) {  // the full 64-bit range
      serialFill<T>(self, [&] { return static_cast<T>(static_cast<int64_t>(g.random64())); });
    } else {
      serialFill<T>(self, [&] { return uniformIntFromTo<T>(g, range, from); });
    }
  }, "random_");
  return self;
}

Tensor& random_(Tensor& self, int64_t to, Generator* generator) { return random_(self, 0, to, generator); }

Tensor& random_(Tensor& self, Generator* generator) {
  detail::noteWrite(self);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitDtype(self.dtype(), [&]<typename T>() {
    serialFill<T>(self, [&]() -> T {
      if constexpr (std::is_same_v<T, bool>) {
        return static_cast<bool>(g.random() & 1);
      } else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>) {
        const uint64_t bits = g.random64();
        return static_cast<T>(bits % (static_cast<uint64_t>(randomUpperBound<T>()) + 1));
      } else {
        const uint64_t bits = g.random();
        const uint64_t v = bits % (static_cast<uint64_t>(randomUpperBound<T>()) + 1);
        if constexpr (std::is_integral_v<T>) return static_cast<T>(v);
        else return static_cast<T>(static_cast<float>(v));
      }
    });
  }, "random_");
  return self;
}

Tensor randint(int64_t high, IntArrayRef sizes, TensorOptions options, Generator* generator) {
  return randint(0, high, sizes, options, generator);
}

Tensor randint(int64_t low, int64_t high, IntArrayRef sizes, TensorOptions options, Generator* generator) {
  if (!options.dtype_) options.dtype_ = kLong;
  Tensor t = empty(sizes, options);
  return random_(t, low, high, generator);
}

Tensor randint_like(const Tensor& self, int64_t high, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  return randint_like(self, 0, high, options, memory_format);
}

Tensor randint_like(const Tensor& self, int64_t low, int64_t high, TensorOptions options,
                    std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return random_(t, low, high, nullptr);
}

Tensor randperm(int64_t n, TensorOptions options, Generator* generator) {
  EMBER_CHECK(n >= 0, "n must be non-negative, got", n);
  if (!options.dtype_) options.dtype_ = kLong;
  Tensor t = empty({n}, options);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitNumericDtype(t.dtype(), [&]<typename T>() {
    EMBER_CHECK(std::is_floating_point_v<opmath_t<T>> || n - 1 <= randomUpperBound<T>(),
                "n is too large for result tensor type: '", scalarTypeName(t.dtype()), "'");
    std::vector<int64_t> perm(static_cast<size_t>(n));
    if (n < static_cast<int64_t>(std::numeric_limits<uint32_t>::max() / 20)) {
      // Swap-based Fisher-Yates over an identity fill, 32-bit draws.
      std::iota(perm.begin(), perm.end(), int64_t{0});
      for (int64_t i = 0; i + 1 < n; ++i) {
        const int64_t z = static_cast<int64_t>(g.random() % static_cast<uint64_t>(n - i));
        std::swap(perm[i], perm[z + i]);
      }
    } else {
      // Inside-out Fisher-Yates with 64-bit draws, for ranges where 32 bits would skew.
      for (int64_t i = 0; i < n; ++i) {
        const int64_t z = static_cast<int64_t>(g.random64() % static_cast<uint64_t>(i + 1));
        perm[i] = perm[z];
        perm[z] = i;
      }
    }
    T* out = t.data_ptr<T>();
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<opmath_t<T>>(perm[i]));
  }, "randperm");
  return t;
}

Tensor& bernoulli_(Tensor& self, double p, Generator* generator) {
  detail::noteWrite(self);
  EMBER_CHECK(0 <= p && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  EMBER_CHECK(self.dtype() != kHalf, "\"bernoulli_scalar_cpu_\" not implemented for 'Half'");
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitDtype(self.dtype(), [&]<typename T>() {
    serialFill<T>(self, [&] { return static_cast<T>(uniformReal<double>(g, 0.0, 1.0) < p ? 1.0f : 0.0f); });
  }, "bernoulli_scalar_cpu_");
  return self;
}

Tensor& bernoulli_(Tensor& self, const Tensor& p, Generator* generator) {
  detail::noteWrite(self);
  EMBER_CHECK(isFloatingType(p.dtype()), "expected probabilities tensor to have floating type, got ", p.dtype());
  EMBER_CHECK(self.dtype() != kHalf, "\"bernoulli_tensor_cpu_self_\" not implemented for 'Half'");
  // p broadcasts to self's shape (stride 0 along new or size-1 dims).
  EMBER_CHECK(p.dim() <= self.dim(), "bernoulli_: p of shape ", p.sizes(), " cannot be expanded to ", self.sizes());
  DimVector pStrides(static_cast<size_t>(self.dim()), 0);
  for (int64_t i = 0; i < p.dim(); ++i) {
    const int64_t d = self.dim() - p.dim() + i;
    EMBER_CHECK(p.sizes()[i] == self.sizes()[d] || p.sizes()[i] == 1, "The expanded size of the tensor (",
                self.sizes()[d], ") must match the existing size (", p.sizes()[i], ") at non-singleton dimension ",
                d, ".  Target sizes: ", self.sizes(), ".  Tensor sizes: ", p.sizes());
    pStrides[d] = p.sizes()[i] == 1 ? 0 : p.strides()[i];
  }
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  if (self.numel() == 0) return self;
  visitDtype(self.dtype(), [&]<typename T>() {
    visitFloatingDtype(p.dtype(), [&]<typename P>() {
      StridedLoop<2> loop(self.sizes(), {self.strides(), IntArrayRef(pStrides)},
                          {static_cast<int64_t>(sizeof(T)), static_cast<int64_t>(sizeof(P))});
      loop.run({static_cast<char*>(self.data_ptr()), static_cast<char*>(p.data_ptr())}, 0, loop.numel(),
               [&](char* const* ptrs, const int64_t* strides, int64_t n) {
                 for (int64_t i = 0; i < n; ++i) {
                   const P pv = *reinterpret_cast<const P*>(ptrs[1] + i * strides[1]);
                   bool hit;
                   if constexpr (std::is_same_v<P, double>) hit = uniformReal<double>(g, 0.0, 1.0) < pv;
                   else hit = uniformReal<float>(g, 0.0f, 1.0f) < static_cast<float>(pv);
                   *reinterpret_cast<T*>(ptrs[0] + i * strides[0]) = static_cast<T>(hit ? 1.0f : 0.0f);
                 }
               });
    });
  }, "bernoulli_tensor_cpu_self_");
  return self;
}

Tensor bernoulli(const Tensor& self, Generator* generator) {
  Tensor out = empty_like(self, {}, MemoryFormat::Contiguous);
  return bernoulli_(out, self, generator);
}

Tensor bernoulli(const Tensor& self, double p, Generator* generator) {
  Tensor out = empty_like(self, {}, MemoryFormat::Contiguous);
  return bernoulli_(out, p, generator);
}

Tensor& exponential_(Tensor& self, double lambd, Generator* generator) {
  detail::noteWrite(self);
  checkFloatingOutput(self, "exponential_cpu");
  EMBER_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    serialFill<T>(self, [&] {
      const double u = uniformReal<double>(g, 0.0, 1.0);
      return static_cast<T>(-1.0 / lambd * std::log(1.0 - u));
    });
  });
  return self;
}

// ---- methods ----
Tensor& Tensor::uniform_(double from, double to, Generator* generator) { return ember::uniform_(*this, from, to, generator); }
Tensor& Tensor::normal_(double mean, double std, Generator* generator) { return ember::normal_(*this, mean, std, generator); }
Tensor& Tensor::bernoulli_(double p, Generator* generator) { return ember::bernoulli_(*this, p, generator); }
Tensor& Tensor::bernoulli_(const Tensor& p, Generator* generator) { return ember::bernoulli_(*this, p, generator); }
Tensor& Tensor::random_(Generator* generator) { return ember::random_(*this, generator); }
Tensor& Tensor::random_(int64_t to, Generator* generator) { return ember::random_(*this, to, generator); }
Tensor& Tensor::random_(int64_t from, std::optional<int64_t> to, Generator* generator) {
  return ember::random_(*this, from, to, generator);
}
Tensor& Tensor::exponential_(double lambd, Generator* generator) { return ember::exponential_(*this, lambd, generator); }
Tensor Tensor::bernoulli(Generator* generator) const { return ember::bernoulli(*this, generator); }

}  // namespace ember
