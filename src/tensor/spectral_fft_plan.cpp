// FFTW guru plans for torch.fft (see spectral_fft_plan.h). A guru plan describes the transform
// dims and the batch ("howmany") dims each by (size, input stride, output stride), so a tensor
// of any layout transforms where it lies. Plans are made with FFTW_ESTIMATE, which never touches
// the arrays and costs microseconds, and destroyed after the call: transform shapes vary too
// much to cache them. FFTW's planner is not thread-safe, hence the lock around planning and
// destruction; execution runs outside it.
#include "tensor/spectral_fft_plan.h"

#include <fftw3.h>

#include <mutex>
#include <vector>

#include "ember/error.h"

namespace ember::fft_detail {

std::mutex& plannerMutex() {
  static std::mutex m;
  return m;
}

namespace {

// The dims of one guru call: transform dims in the given order, all other dims as batch dims.
struct GuruDims {
  std::vector<fftw_iodim64> dims, batch;
};

// inFactor / outFactor: element units per stride unit (2 for a pair tensor read as complex).
// sizesOf: the tensor whose sizes are the logical transform sizes (the real side for r2c/c2r).
GuruDims guruDims(const Tensor& in, int64_t inDiv, const Tensor& out, int64_t outDiv, const Tensor& sizesOf,
                  IntArrayRef dims, int64_t rank) {
  GuruDims g;
  std::vector<bool> isDim(static_cast<size_t>(rank), false);
  for (int64_t d : dims) {
    isDim[static_cast<size_t>(d)] = true;
    g.dims.push_back({static_cast<ptrdiff_t>(sizesOf.size(d)), static_cast<ptrdiff_t>(in.stride(d) / inDiv),
                      static_cast<ptrdiff_t>(out.stride(d) / outDiv)});
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (isDim[static_cast<size_t>(d)]) continue;
    g.batch.push_back({static_cast<ptrdiff_t>(out.size(d) < in.size(d) ? out.size(d) : in.size(d)),
                       static_cast<ptrdiff_t>(in.stride(d) / inDiv), static_cast<ptrdiff_t>(out.stride(d) / outDiv)});
  }
  return g;
}

template <typename T>
struct Fftw;
template <>
struct Fftw<double> {
  using Plan = fftw_plan;
  using Complex = fftw_complex;
  static Plan c2c(const GuruDims& g, double* in, double* out, int sign) {
    return fftw_plan_guru64_dft(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                g.batch.data(), reinterpret_cast<Complex*>(in), reinterpret_cast<Complex*>(out), sign,
                                FFTW_ESTIMATE);
  }
  static Plan r2c(const GuruDims& g, double* in, double* out) {
    return fftw_plan_guru64_dft_r2c(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                    g.batch.data(), in, reinterpret_cast<Complex*>(out), FFTW_ESTIMATE);
  }
  static Plan c2r(const GuruDims& g, double* in, double* out) {
    return fftw_plan_guru64_dft_c2r(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                    g.batch.data(), reinterpret_cast<Complex*>(in), out, FFTW_ESTIMATE);
  }
  static void execute(Plan p) { fftw_execute(p); }
  static void destroy(Plan p) { fftw_destroy_plan(p); }
};
template <>
struct Fftw<float> {
  using Plan = fftwf_plan;
  using Complex = fftwf_complex;
  static Plan c2c(const GuruDims& g, float* in, float* out, int sign) {
    return fftwf_plan_guru64_dft(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                 g.batch.data(), reinterpret_cast<Complex*>(in), reinterpret_cast<Complex*>(out), sign,
                                 FFTW_ESTIMATE);
  }
  static Plan r2c(const GuruDims& g, float* in, float* out) {
    return fftwf_plan_guru64_dft_r2c(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                     g.batch.data(), in, reinterpret_cast<Complex*>(out), FFTW_ESTIMATE);
  }
  static Plan c2r(const GuruDims& g, float* in, float* out) {
    return fftwf_plan_guru64_dft_c2r(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.batch.size()),
                                     g.batch.data(), reinterpret_cast<Complex*>(in), out, FFTW_ESTIMATE);
  }
  static void execute(Plan p) { fftwf_execute(p); }
  static void destroy(Plan p) { fftwf_destroy_plan(p); }
};

// Plans under the lock, executes, destroys under the lock.
template <typename T, typename MakePlan>
void run(MakePlan make) {
  typename Fftw<T>::Plan plan;
  {
    std::lock_guard<std::mutex> lock(plannerMutex());
    plan = make();
  }
  EMBER_CHECK(plan != nullptr, "fft: FFTW could not plan this transform");
  Fftw<T>::execute(plan);
  std::lock_guard<std::mutex> lock(plannerMutex());
  Fftw<T>::destroy(plan);
}

template <typename Fn>
void byDtype(const Tensor& t, Fn fn) {
  if (t.dtype() == ScalarType::Float)
    fn.template operator()<float>();
  else if (t.dtype() == ScalarType::Double)
    fn.template operator()<double>();
  else
    EMBER_ASSERT(false, "fft kernels take float or double tensors");
}

}  // namespace

void c2c(const Tensor& pairs, IntArrayRef dims, bool forward) {
  if (pairs.numel() == 0) return;
  const int64_t rank = pairs.dim() - 1;
  GuruDims g = guruDims(pairs, 2, pairs, 2, pairs, dims, rank);
  byDtype(pairs, [&]<typename T>() {
    T* p = static_cast<T*>(pairs.data_ptr());
    run<T>([&] { return Fftw<T>::c2c(g, p, p, forward ? FFTW_FORWARD : FFTW_BACKWARD); });
  });
}

void r2c(const Tensor& real, const Tensor& pairs, IntArrayRef dims) {
  if (pairs.numel() == 0 || real.numel() == 0) return;
  GuruDims g = guruDims(real, 1, pairs, 2, real, dims, real.dim());
  byDtype(real, [&]<typename T>() {
    run<T>([&] { return Fftw<T>::r2c(g, static_cast<T*>(real.data_ptr()), static_cast<T*>(pairs.data_ptr())); });
  });
}

void c2r(const Tensor& pairs, const Tensor& real, IntArrayRef dims) {
  if (pairs.numel() == 0 || real.numel() == 0) return;
  GuruDims g = guruDims(pairs, 2, real, 1, real, dims, real.dim());
  byDtype(real, [&]<typename T>() {
    run<T>([&] { return Fftw<T>::c2r(g, static_cast<T*>(pairs.data_ptr()), static_cast<T*>(real.data_ptr())); });
  });
}

}  // namespace ember::fft_detail
