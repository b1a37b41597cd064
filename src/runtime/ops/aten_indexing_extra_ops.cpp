// aten:: bindings of ember/tensor/ops/indexing_extra.h: scatter_reduce.two, index_reduce,
// index_copy, masked_scatter, put, diagonal_scatter, as_strided_scatter, with their in-place and out= forms.
// Every op reads its arguments as (self, ...rest) and computes out of place, in place into self,
// or into out= (Mode), so each is one function.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/indexing_extra.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

enum Mode { kFunctional, kInplace, kOut };

// Runs fn(self, a) for the chosen form, where `a` points at the arguments after self; n counts
// the schema's arguments including out=.
template <Mode M, typename Fn>
void runForm(Stack& s, size_t n, Fn fn) {
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  if constexpr (M == kInplace) {
    fn(self, a + 1, true);
    ret(s, n, std::move(self));
  } else {
    Tensor r = fn(self, a + 1, false);
    if constexpr (M == kOut) {
      Tensor out = tensorArg(a[n - 1]);
      writeOut(out, r, true);
      r = std::move(out);
    }
    ret(s, n, std::move(r));
  }
}

// scatter_reduce.two(self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self)
template <Mode M>
void scatterReduceOp(Stack& s) {
  runForm<M>(s, M == kOut ? 7 : 6, [](const Tensor& self, IValue* a, bool inplace) {
    const int64_t dim = intArg(a[0]);
    Tensor index = tensorArg(a[1]), src = tensorArg(a[2]);
    if (inplace) return scatter_reduce_(self, dim, index, src, stringArg(a[3]), boolArg(a[4]));
    return scatter_reduce(self, dim, index, src, stringArg(a[3]), boolArg(a[4]));
  });
}
// index_reduce(self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self)
template <Mode M>
void indexReduceOp(Stack& s) {
  runForm<M>(s, M == kOut ? 7 : 6, [](const Tensor& self, IValue* a, bool inplace) {
    const int64_t dim = intArg(a[0]);
    Tensor index = tensorArg(a[1]), src = tensorArg(a[2]);
    if (inplace) return index_reduce_(self, dim, index, src, stringArg(a[3]), boolArg(a[4]));
    return index_reduce(self, dim, index, src, stringArg(a[3]), boolArg(a[4]));
  });
}
// index_copy(self, int dim, Tensor index, Tensor source)
template <Mode M>
void indexCopyOp(Stack& s) {
  runForm<M>(s, M == kOut ? 5 : 4, [](const Tensor& self, IValue* a, bool inplace) {
    const int64_t dim = intArg(a[0]);
    Tensor index = tensorArg(a[1]), src = tensorArg(a[2]);
    if (inplace) return index_copy_(self, dim, index, src);
    return index_copy(self, dim, index, src);
  });
}
// masked_scatter(self, Tensor mask, Tensor source)
template <Mode M>
void maskedScatterOp(Stack& s) {
  runForm<M>(s, M == kOut ? 4 : 3, [](const Tensor& self, IValue* a, bool inplace) {
    Tensor mask = tensorArg(a[0]), src = tensorArg(a[1]);
    if (inplace) return masked_scatter_(self, mask, src);
    return masked_scatter(self, mask, src);
  });
}
// put(self, Tensor index, Tensor source, bool accumulate)
template <Mode M>
void putOp(Stack& s) {
  runForm<M>(s, M == kOut ? 5 : 4, [](const Tensor& self, IValue* a, bool inplace) {
    Tensor index = tensorArg(a[0]), src = tensorArg(a[1]);
    if (inplace) return put_(self, index, src, boolArg(a[2]));
    return put(self, index, src, boolArg(a[2]));
  });
}
// diagonal_scatter(self, Tensor src, int offset, int dim1, int dim2)
template <Mode M>
void diagonalScatterOp(Stack& s) {
  runForm<M>(s, M == kOut ? 6 : 5, [](const Tensor& self, IValue* a, bool) {
    return diagonal_scatter(self, tensorArg(a[0]), intArg(a[1]), intArg(a[2]), intArg(a[3]));
  });
}

// as_strided_scatter(self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset)
template <Mode M>
void asStridedScatterOp(Stack& s) {
  runForm<M>(s, M == kOut ? 6 : 5, [](const Tensor& self, IValue* a, bool) {
    return as_strided_scatter(self, tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), optIntArg(a[3]));
  });
}

RegisterOperators reg({
    {"aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool "
     "include_self=True) -> Tensor",
     scatterReduceOp<kFunctional>},
    {"aten::scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool "
     "include_self=True) -> Tensor(a!)",
     scatterReduceOp<kInplace>},
    {"aten::scatter_reduce.two_out(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool "
     "include_self=True, Tensor(a!) out) -> Tensor(a!)",
     scatterReduceOp<kOut>},
    {"aten::index_reduce(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True) "
     "-> Tensor",
     indexReduceOp<kFunctional>},
    {"aten::index_reduce_(Tensor(a!) self, int dim, Tensor index, Tensor source, str reduce, *, bool "
     "include_self=True) -> Tensor(a!)",
     indexReduceOp<kInplace>},
    {"aten::index_reduce.out(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool "
     "include_self=True, Tensor(a!) out) -> Tensor(a!)",
     indexReduceOp<kOut>},
    {"aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor", indexCopyOp<kFunctional>},
    {"aten::index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)",
     indexCopyOp<kInplace>},
    {"aten::index_copy.out(Tensor self, int dim, Tensor index, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
     indexCopyOp<kOut>},
    {"aten::masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor", maskedScatterOp<kFunctional>},
    {"aten::masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)", maskedScatterOp<kInplace>},
    {"aten::masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
     maskedScatterOp<kOut>},
    {"aten::put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor", putOp<kFunctional>},
    {"aten::put_(Tensor(a!) self, Tensor index, Tensor source, bool accumulate=False) -> Tensor(a!)",
     putOp<kInplace>},
    {"aten::put.out(Tensor self, Tensor index, Tensor source, bool accumulate=False, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     putOp<kOut>},
    {"aten::diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor",
     diagonalScatterOp<kFunctional>},
    {"aten::diagonal_scatter.out(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1, *, Tensor(a!) out) "
     "-> Tensor(a!)",
     diagonalScatterOp<kOut>},
    {"aten::as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? "
     "storage_offset=None) -> Tensor",
     asStridedScatterOp<kFunctional>},
    {"aten::as_strided_scatter.out(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? "
     "storage_offset=None, *, Tensor(a!) out) -> Tensor(a!)",
     asStridedScatterOp<kOut>},
});

}  // namespace
}  // namespace ember::jit::aten
