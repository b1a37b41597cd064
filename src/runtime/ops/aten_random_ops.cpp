// aten:: random operators (rand, randn, randint, randperm, *_like, normal, uniform_, bernoulli,
// random_, exponential_, multinomial, manual_seed), with PyTorch 1.13's schemas. They draw from the default
// generator, which reproduces PyTorch's CPU streams; explicit Generator arguments must be None.
#include "ember/runtime/register_operators.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/counting.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// rand/randn(int[] size, *, [Generator? generator,] dtype, layout, device, pin_memory)
using RandFn = Tensor (*)(IntArrayRef, TensorOptions, Generator*);
template <RandFn F, bool kGenerator>
void randOp(Stack& s) {
  constexpr size_t n = kGenerator ? 6 : 5;
  IValue* a = args(s, n);
  DimVector sizes = intListArg(a[0]);
  Generator* gen = kGenerator ? generatorArg(a[1]) : nullptr;
  Tensor r = F(sizes, factoryOptions(a + (kGenerator ? 2 : 1)), gen);
  ret(s, n, std::move(r));
}
template <RandFn F, bool kGenerator>
void randOut(Stack& s) {
  constexpr size_t n = kGenerator ? 3 : 2;
  IValue* a = args(s, n);
  DimVector sizes = intListArg(a[0]);
  Generator* gen = kGenerator ? generatorArg(a[1]) : nullptr;
  Tensor out = tensorArg(a[n - 1]);
  writeOut(out, F(sizes, TensorOptions(out.dtype()), gen));
  ret(s, n, std::move(out));
}

// randint([low,] high, int[] size, *, [generator,] dtype=4, layout, device, pin_memory)
template <bool kLow, bool kGenerator>
void randintOp(Stack& s) {
  constexpr size_t base = kLow ? 3 : 2;
  constexpr size_t n = base + (kGenerator ? 1 : 0) + 4;
  IValue* a = args(s, n);
  int64_t low = kLow ? intArg(a[0]) : 0;
  int64_t high = intArg(a[base - 2]);
  DimVector sizes = intListArg(a[base - 1]);
  Generator* gen = kGenerator ? generatorArg(a[base]) : nullptr;
  TensorOptions options = factoryOptions(a + base + (kGenerator ? 1 : 0));
  Tensor r = randint(low, high, sizes, options, gen);
  ret(s, n, std::move(r));
}
template <bool kLow, bool kGenerator>
void randintOut(Stack& s) {
  constexpr size_t base = kLow ? 3 : 2;
  constexpr size_t n = base + (kGenerator ? 1 : 0) + 1;
  IValue* a = args(s, n);
  int64_t low = kLow ? intArg(a[0]) : 0;
  int64_t high = intArg(a[base - 2]);
  DimVector sizes = intListArg(a[base - 1]);
  Generator* gen = kGenerator ? generatorArg(a[base]) : nullptr;
  Tensor out = tensorArg(a[n - 1]);
  writeOut(out, randint(low, high, sizes, TensorOptions(out.dtype()), gen));
  ret(s, n, std::move(out));
}

// randperm(int n, *, [generator,] dtype=4, layout, device, pin_memory)
template <bool kGenerator>
void randpermOp(Stack& s) {
  constexpr size_t n = kGenerator ? 6 : 5;
  IValue* a = args(s, n);
  Generator* gen = kGenerator ? generatorArg(a[1]) : nullptr;
  Tensor r = randperm(intArg(a[0]), factoryOptions(a + (kGenerator ? 2 : 1)), gen);
  ret(s, n, std::move(r));
}
template <bool kGenerator>
void randpermOut(Stack& s) {
  constexpr size_t n = kGenerator ? 3 : 2;
  IValue* a = args(s, n);
  Generator* gen = kGenerator ? generatorArg(a[1]) : nullptr;
  Tensor out = tensorArg(a[n - 1]);
  writeOut(out, randperm(intArg(a[0]), TensorOptions(out.dtype()), gen));
  ret(s, n, std::move(out));
}

// rand_like/randn_like(self, *, dtype, layout, device, pin_memory, memory_format)
using LikeFn = Tensor (*)(const Tensor&, TensorOptions, std::optional<MemoryFormat>);
template <LikeFn F>
void likeOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = F(tensorArg(a[0]), factoryOptions(a + 1), optMemoryFormatArg(a[5]));
  ret(s, 6, std::move(r));
}
template <LikeFn F>
void likeOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(tensorArg(a[0]), TensorOptions(out.dtype()), optMemoryFormatArg(a[1])));
  ret(s, 3, std::move(out));
}
// randint_like(self, [low,] high, *, dtype, layout, device, pin_memory, memory_format)
template <bool kLow>
void randintLike(Stack& s) {
  constexpr size_t base = kLow ? 3 : 2;
  constexpr size_t n = base + 5;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  TensorOptions options = factoryOptions(a + base);
  std::optional<MemoryFormat> format = optMemoryFormatArg(a[base + 4]);
  Tensor r = kLow ? randint_like(self, intArg(a[1]), intArg(a[2]), options, format)
                  : randint_like(self, intArg(a[1]), options, format);
  ret(s, n, std::move(r));
}
template <bool kLow>
void randintLikeOut(Stack& s) {
  constexpr size_t base = kLow ? 3 : 2;
  constexpr size_t n = base + 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  std::optional<MemoryFormat> format = optMemoryFormatArg(a[base]);
  Tensor out = tensorArg(a[base + 1]);
  TensorOptions options(out.dtype());
  Tensor r = kLow ? randint_like(self, intArg(a[1]), intArg(a[2]), options, format)
                  : randint_like(self, intArg(a[1]), options, format);
  writeOut(out, r);
  ret(s, n, std::move(out));
}

// ---- normal ----
// The out forms have one more argument (out) at the end.
template <bool kOut>
void normalTensorFloat(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor mean = tensorArg(a[0]);
  Tensor r = normal(mean, doubleArg(a[1]), generatorArg(a[2]));
  if constexpr (kOut) {
    // PyTorch 1.13 does not resize out here: it samples into out, then adds mean in place.
    Tensor out = tensorArg(a[3]);
    EMBER_CHECK(out.sizes() == mean.sizes(), "The size of tensor a (", mean.dim() ? mean.size(-1) : 1,
                ") must match the size of tensor b (", out.dim() ? out.size(-1) : 1, ") at non-singleton dimension ",
                std::max<int64_t>(mean.dim() - 1, 0));
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
template <bool kOut>
void normalFloatTensor(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = normal(doubleArg(a[0]), tensorArg(a[1]), generatorArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
template <bool kOut>
void normalTensorTensor(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = normal(tensorArg(a[0]), tensorArg(a[1]), generatorArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// normal.float_float(float mean, float std, int[] size, *, generator, dtype, layout, device, pin_memory)
void normalFloatFloat(Stack& s) {
  IValue* a = args(s, 8);
  DimVector sizes = intListArg(a[2]);
  Tensor r = normal(doubleArg(a[0]), doubleArg(a[1]), sizes, generatorArg(a[3]), factoryOptions(a + 4));
  ret(s, 8, std::move(r));
}
void normalFloatFloatOut(Stack& s) {
  IValue* a = args(s, 5);
  DimVector sizes = intListArg(a[2]);
  Tensor out = tensorArg(a[4]);
  writeOut(out, normal(doubleArg(a[0]), doubleArg(a[1]), sizes, generatorArg(a[3]), TensorOptions(out.dtype())));
  ret(s, 5, std::move(out));
}

// ---- in-place fills and their functional/out forms: (self, params..., *, generator[, out]) ----
// kForm: 0 functional (a fresh tensor like self), 1 in place, 2 out=.
template <int kForm>
Tensor fillTarget(IValue* a, size_t outIndex) {
  Tensor self = tensorArg(a[0]);
  if constexpr (kForm == 1) return self;
  if constexpr (kForm == 0) return empty_like(self);
  Tensor out = tensorArg(a[outIndex]);
  resizeOut(out, self.sizes());
  return out;
}
template <int kForm>
void uniformOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 5 : 4;
  IValue* a = args(s, n);
  Tensor t = fillTarget<kForm>(a, 4);
  uniform_(t, doubleArg(a[1]), doubleArg(a[2]), generatorArg(a[3]));
  ret(s, n, std::move(t));
}
template <int kForm>
void normalFill(Stack& s) {
  constexpr size_t n = kForm == 2 ? 5 : 4;
  IValue* a = args(s, n);
  Tensor t = fillTarget<kForm>(a, 4);
  normal_(t, doubleArg(a[1]), doubleArg(a[2]), generatorArg(a[3]));
  ret(s, n, std::move(t));
}
template <int kForm>
void exponentialOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  Tensor t = fillTarget<kForm>(a, 3);
  exponential_(t, doubleArg(a[1]), generatorArg(a[2]));
  ret(s, n, std::move(t));
}
// ---- multinomial ----
// Without replacement (or for one sample): the indices of the num_samples largest p / q with
// q ~ Exp(1), the exponential form of the Gumbel-max trick PyTorch uses. With replacement: for
// each draw u ~ U[0, 1), the first category whose normalised cumulative probability exceeds u.
Tensor multinomial(const Tensor& self, int64_t n, bool replacement, Generator* gen) {
  EMBER_CHECK(self.dim() == 1 || self.dim() == 2, "prob_dist must be 1 or 2 dim");
  EMBER_CHECK(isFloatingType(self.scalar_type()), "multinomial only supports floating-point dtypes for input, got: ",
              scalarTypeName(self.scalar_type()));
  EMBER_CHECK(n > 0, "cannot sample n_sample <= 0 samples");
  const int64_t categories = self.size(-1);
  EMBER_CHECK(replacement || n <= categories, "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  Tensor p = self.dim() == 1 ? self.unsqueeze(0) : self;
  EMBER_CHECK(all(logical_and(isfinite(p), ge(p, Scalar(0)))).item().toBool(),
              "probability tensor contains either `inf`, `nan` or element < 0");
  EMBER_CHECK(p.size(0) == 0 || all(gt(sum(p, {-1}), Scalar(0))).item().toBool(),
              "invalid multinomial distribution (sum of probabilities <= 0)");
  Tensor result;
  if (!replacement || n == 1) {
    Tensor q = empty_like(p);
    exponential_(q, 1.0, gen);
    Tensor ratio = div(p, q);
    result = n == 1 ? argmax(ratio, -1, true) : std::get<1>(topk(ratio, n));
  } else {
    Tensor cdf = cumsum(p, -1, ScalarType::Double);
    cdf = div(cdf, cdf.narrow(-1, categories - 1, 1));
    Tensor u = rand({p.size(0), n}, TensorOptions(ScalarType::Double), gen);
    result = clamp_max(searchsorted(cdf, u, false, true), Scalar(categories - 1));
  }
  return self.dim() == 1 ? result.squeeze(0) : result;
}
template <bool kOut>
void multinomialOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor r = multinomial(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]), generatorArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = out;
  }
  ret(s, n, std::move(r));
}

// random(self, *, generator), random.to(self, int to, ...), random.from(self, int from, int? to, ...)
template <int kForm, int kBounds>
void randomOp(Stack& s) {
  constexpr size_t params = kBounds;
  constexpr size_t n = 2 + params + (kForm == 2 ? 1 : 0);
  IValue* a = args(s, n);
  Tensor t = fillTarget<kForm>(a, n - 1);
  Generator* gen = generatorArg(a[1 + params]);
  if constexpr (kBounds == 0) {
    random_(t, gen);
  } else if constexpr (kBounds == 1) {
    random_(t, intArg(a[1]), gen);
  } else {
    random_(t, intArg(a[1]), optIntArg(a[2]), gen);
  }
  ret(s, n, std::move(t));
}
// bernoulli(self, *, generator): 1 with probability self[i].
template <bool kOut>
void bernoulliSelf(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = bernoulli(tensorArg(a[0]), generatorArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// bernoulli.p / bernoulli_.float / bernoulli.float_out: (self, float p, *, generator)
template <int kForm>
void bernoulliFloat(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  Tensor t = fillTarget<kForm>(a, 3);
  bernoulli_(t, doubleArg(a[1]), generatorArg(a[2]));
  ret(s, n, std::move(t));
}
// bernoulli.Tensor / bernoulli_.Tensor / bernoulli.Tensor_out: (self, Tensor p, *, generator)
template <int kForm>
void bernoulliTensor(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  Tensor p = tensorArg(a[1]);
  Tensor t = fillTarget<kForm>(a, 3);
  bernoulli_(t, p, generatorArg(a[2]));
  ret(s, n, std::move(t));
}

void manualSeed(Stack& s) {
  int64_t seed = intArg(*args(s, 1));
  manual_seed(static_cast<uint64_t>(seed));
  drop(s, 1);
}

#define EMBER_FACTORY_KWARGS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"
#define EMBER_LONG_FACTORY_KWARGS "ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None"

RegisterOperators reg({
    {"aten::rand(int[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", randOp<rand, false>},
    {"aten::rand.generator(int[] size, *, Generator? generator, " EMBER_FACTORY_KWARGS ") -> Tensor",
     randOp<rand, true>},
    {"aten::rand.out(int[] size, *, Tensor(a!) out) -> Tensor(a!)", randOut<rand, false>},
    {"aten::rand.generator_out(int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)",
     randOut<rand, true>},
    {"aten::randn(int[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", randOp<randn, false>},
    {"aten::randn.generator(int[] size, *, Generator? generator, " EMBER_FACTORY_KWARGS ") -> Tensor",
     randOp<randn, true>},
    {"aten::randn.out(int[] size, *, Tensor(a!) out) -> Tensor(a!)", randOut<randn, false>},
    {"aten::randn.generator_out(int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)",
     randOut<randn, true>},
    {"aten::randint(int high, int[] size, *, " EMBER_LONG_FACTORY_KWARGS ") -> Tensor", randintOp<false, false>},
    {"aten::randint.generator(int high, int[] size, *, Generator? generator, " EMBER_LONG_FACTORY_KWARGS ") -> Tensor",
     randintOp<false, true>},
    {"aten::randint.low(int low, int high, int[] size, *, " EMBER_LONG_FACTORY_KWARGS ") -> Tensor",
     randintOp<true, false>},
    {"aten::randint.low_generator(int low, int high, int[] size, *, Generator? generator, " EMBER_LONG_FACTORY_KWARGS
     ") -> Tensor",
     randintOp<true, true>},
    {"aten::randint.out(int high, int[] size, *, Tensor(a!) out) -> Tensor(a!)", randintOut<false, false>},
    {"aten::randint.generator_out(int high, int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)",
     randintOut<false, true>},
    {"aten::randint.low_out(int low, int high, int[] size, *, Tensor(a!) out) -> Tensor(a!)", randintOut<true, false>},
    {"aten::randint.low_generator_out(int low, int high, int[] size, *, Generator? generator, Tensor(a!) out) -> "
     "Tensor(a!)",
     randintOut<true, true>},
    {"aten::randperm(int n, *, " EMBER_LONG_FACTORY_KWARGS ") -> Tensor", randpermOp<false>},
    {"aten::randperm.generator(int n, *, Generator? generator, " EMBER_LONG_FACTORY_KWARGS ") -> Tensor",
     randpermOp<true>},
    {"aten::randperm.out(int n, *, Tensor(a!) out) -> Tensor(a!)", randpermOut<false>},
    {"aten::randperm.generator_out(int n, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)", randpermOut<true>},
    {"aten::rand_like(Tensor self, *, " EMBER_FACTORY_KWARGS ", MemoryFormat? memory_format=None) -> Tensor",
     likeOp<rand_like>},
    {"aten::rand_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     likeOut<rand_like>},
    {"aten::randn_like(Tensor self, *, " EMBER_FACTORY_KWARGS ", MemoryFormat? memory_format=None) -> Tensor",
     likeOp<randn_like>},
    {"aten::randn_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     likeOut<randn_like>},
    {"aten::randint_like(Tensor self, int high, *, " EMBER_FACTORY_KWARGS
     ", MemoryFormat? memory_format=None) -> Tensor",
     randintLike<false>},
    {"aten::randint_like.low_dtype(Tensor self, int low, int high, *, " EMBER_FACTORY_KWARGS
     ", MemoryFormat? memory_format=None) -> Tensor",
     randintLike<true>},
    {"aten::randint_like.out(Tensor self, int high, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     randintLikeOut<false>},
    {"aten::randint_like.low_dtype_out(Tensor self, int low, int high, *, MemoryFormat? memory_format=None, "
     "Tensor(a!) out) -> Tensor(a!)",
     randintLikeOut<true>},

    {"aten::normal.Tensor_float(Tensor mean, float std=1., *, Generator? generator=None) -> Tensor",
     normalTensorFloat<false>},
    {"aten::normal.Tensor_float_out(Tensor mean, float std=1., *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     normalTensorFloat<true>},
    {"aten::normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor",
     normalFloatTensor<false>},
    {"aten::normal.float_Tensor_out(float mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     normalFloatTensor<true>},
    {"aten::normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> Tensor",
     normalTensorTensor<false>},
    {"aten::normal.Tensor_Tensor_out(Tensor mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     normalTensorTensor<true>},
    {"aten::normal.float_float(float mean, float std, int[] size, *, Generator? generator=None, " EMBER_FACTORY_KWARGS
     ") -> Tensor",
     normalFloatFloat},
    {"aten::normal.float_float_out(float mean, float std, int[] size, *, Generator? generator=None, Tensor(a!) out) "
     "-> Tensor(a!)",
     normalFloatFloatOut},
    {"aten::normal_(Tensor(a!) self, float mean=0., float std=1., *, Generator? generator=None) -> Tensor(a!)",
     normalFill<1>},
    {"aten::normal.out(Tensor self, float mean=0., float std=1., *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     normalFill<2>},
    {"aten::uniform(Tensor self, float from=0., float to=1., *, Generator? generator=None) -> Tensor", uniformOp<0>},
    {"aten::uniform_(Tensor(a!) self, float from=0., float to=1., *, Generator? generator=None) -> Tensor(a!)",
     uniformOp<1>},
    {"aten::uniform.out(Tensor self, float from=0., float to=1., *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     uniformOp<2>},
    {"aten::exponential(Tensor self, float lambd=1., *, Generator? generator=None) -> Tensor", exponentialOp<0>},
    {"aten::multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None) -> Tensor",
     multinomialOp<false>},
    {"aten::multinomial.out(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None, "
     "Tensor(a!) out) -> Tensor(a!)",
     multinomialOp<true>},
    {"aten::exponential_(Tensor(a!) self, float lambd=1., *, Generator? generator=None) -> Tensor(a!)",
     exponentialOp<1>},
    {"aten::exponential.out(Tensor self, float lambd=1., *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     exponentialOp<2>},
    {"aten::random(Tensor self, *, Generator? generator=None) -> Tensor", randomOp<0, 0>},
    {"aten::random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)", randomOp<1, 0>},
    {"aten::random.out(Tensor self, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)", randomOp<2, 0>},
    {"aten::random.to(Tensor self, int to, *, Generator? generator=None) -> Tensor", randomOp<0, 1>},
    {"aten::random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)", randomOp<1, 1>},
    {"aten::random.to_out(Tensor self, int to, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)",
     randomOp<2, 1>},
    {"aten::random.from(Tensor self, int from, int? to, *, Generator? generator=None) -> Tensor", randomOp<0, 2>},
    {"aten::random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> Tensor(a!)",
     randomOp<1, 2>},
    {"aten::random.from_out(Tensor self, int from, int? to, *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     randomOp<2, 2>},
    {"aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor", bernoulliSelf<false>},
    {"aten::bernoulli.out(Tensor self, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)",
     bernoulliSelf<true>},
    {"aten::bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor", bernoulliFloat<0>},
    {"aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)",
     bernoulliFloat<1>},
    {"aten::bernoulli.float_out(Tensor self, float p=0.5, *, Generator? generator=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     bernoulliFloat<2>},
    {"aten::bernoulli.Tensor(Tensor self, Tensor p, *, Generator? generator=None) -> Tensor", bernoulliTensor<0>},
    {"aten::bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)",
     bernoulliTensor<1>},
    {"aten::bernoulli.Tensor_out(Tensor self, Tensor p, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)",
     bernoulliTensor<2>},
    {"aten::manual_seed(int seed) -> ()", manualSeed, AliasAnalysisKind::CONSERVATIVE},
});

#undef EMBER_FACTORY_KWARGS
#undef EMBER_LONG_FACTORY_KWARGS

}  // namespace
}  // namespace ember::jit::aten
