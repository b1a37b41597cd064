// Tensor-library benchmarks (issue: foundation). Mirrors bench/torch_tensor_ops.py case by case.
#include <cstring>

#include "bench_util.h"
#include "ember/tensor.h"

using namespace ember;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

constexpr int64_t k16M = 16 * 1024 * 1024;

// Stream-style copy: the bandwidth ceiling a memory-bound op is judged against. Both buffers
// are touched first so page faults are not measured.
void streamCopy(int threads) {
  set_num_threads(threads);
  Tensor src = empty({k16M}), dst = empty({k16M});
  std::memset(src.data_ptr(), 1, src.nbytes());
  std::memset(dst.data_ptr(), 0, dst.nbytes());
  const char* s = static_cast<const char*>(src.data_ptr());
  char* d = static_cast<char*>(dst.data_ptr());
  int64_t bytes = static_cast<int64_t>(src.nbytes());
  double secs = medianSeconds([&] {
    parallelFor(0, bytes, 1 << 20, [&](int64_t b, int64_t e) { std::memcpy(d + b, s + b, e - b); });
  }, 5);
  report("tensor", "stream_copy_16M_f32", secs, threads);
}

void add16M(int threads) {
  set_num_threads(threads);
  Tensor a = ones({k16M}), b = ones({k16M});
  Tensor out = add(a, b);  // warm the allocator cache with the result's size class
  out = Tensor();
  double secs = medianSeconds([&] { Tensor r = add(a, b); }, 5);
  report("tensor", "add_16M_f32", secs, threads);
}

void addOneElement() {
  set_num_threads(1);
  Tensor a = ones({1}), b = ones({1});
  double secs = medianSeconds([&] { Tensor r = add(a, b); }, 100000);
  report("tensor", "add_1_f32", secs, 1);
}

void tanh16M(int threads) {
  set_num_threads(threads);
  Tensor a = rand({k16M});
  Tensor out = ember::tanh(a);
  out = Tensor();
  double secs = medianSeconds([&] { Tensor r = ember::tanh(a); }, 3);
  report("tensor", "tanh_16M_f32", secs, threads);
}

void sum16M(int threads) {
  set_num_threads(threads);
  Tensor a = rand({k16M});
  double secs = medianSeconds([&] { Tensor r = sum(a); }, 5);
  report("tensor", "sum_16M_f32", secs, threads);
}

// Reductions over one dim of a 4096x4096 matrix, one thread: inner dim (contiguous runs),
// outer dim (whole rows accumulated), and the fused softmax rows.
void reductions4096() {
  set_num_threads(1);
  Tensor x = rand({4096, 4096});
  auto run = [&](const char* name, auto fn) { report("tensor", name, medianSeconds(fn, 3), 1); };
  run("sum_dim0_4096x4096_f32", [&] { Tensor r = sum(x, {0}); });
  run("amax_dim0_4096x4096_f32", [&] { Tensor r = amax(x, {0}); });
  run("amax_dim1_4096x4096_f32", [&] { Tensor r = amax(x, {1}); });
  run("mean_dim1_4096x4096_f32", [&] { Tensor r = mean(x, {1}); });
  run("softmax_dim1_4096x4096_f32", [&] { Tensor r = softmax(x, -1); });
  run("log_softmax_dim1_4096x4096_f32", [&] { Tensor r = log_softmax(x, -1); });
}

}  // namespace

int main() {
  int maxThreads = get_num_threads();
  for (int threads : {1, maxThreads}) {
    streamCopy(threads);
    add16M(threads);
    tanh16M(threads);
    sum16M(threads);
    if (maxThreads == 1) break;
  }
  addOneElement();
  reductions4096();
  return 0;
}
