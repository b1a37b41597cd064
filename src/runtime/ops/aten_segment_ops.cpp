// aten::segment_reduce (ember/tensor/ops/segment.h) and its out= form.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/segment.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// segment_reduce(data, str reduce, *, lengths, indices, offsets, axis, unsafe, initial)
template <bool kOut>
void segmentReduceOp(Stack& s) {
  constexpr size_t n = kOut ? 9 : 8;
  IValue* a = args(s, n);
  Tensor r = segment_reduce(tensorArg(a[0]), stringArg(a[1]), optTensorArg(a[2]), optTensorArg(a[3]),
                            optTensorArg(a[4]), intArg(a[5]), boolArg(a[6]), optScalarArg(a[7]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[8]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

RegisterOperators reg({
    {"aten::segment_reduce(Tensor data, str reduce, *, Tensor? lengths=None, Tensor? indices=None, Tensor? "
     "offsets=None, int axis=0, bool unsafe=False, Scalar? initial=None) -> Tensor",
     segmentReduceOp<false>},
    {"aten::segment_reduce.out(Tensor data, str reduce, *, Tensor? lengths=None, Tensor? indices=None, Tensor? "
     "offsets=None, int axis=0, bool unsafe=False, Scalar? initial=None, Tensor(a!) out) -> Tensor(a!)",
     segmentReduceOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
