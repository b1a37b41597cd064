// Peephole rewrites the graph executor applies when optimising (PyTorch 1.13's PeepholeOptimize,
// the parts that need no alias analysis), then dead code elimination when anything changed:
//  - `aten::eq(%x, %x)` is True and `aten::ne(%x, %x)` is False when %x is an int, float, bool
//    or number, or a list of them, or a dict of them. As in PyTorch this also holds for a float
//    NaN compared with itself, which programs can observe (`x == x` is True once optimised).
//  - int arithmetic: `x + 0`, `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x // 1` are x (both operands
//    and the result ints); chains of constant offsets combine: `(x + 3) - 5` is `x - 2`, and
//    `(x + 3) - 3` is x. PyTorch also rewrites `aten::div(x, 1)` to the int x, giving a float
//    result an int value; ember does not.
//  - tensors: `x.t().t()` is x; `x.expand(sizes)` is x when x's type has exactly those sizes;
//    `x.type_as(y)` is x when both dtypes and devices are known and equal; `x.size()`,
//    `x.dim()`, `x.dtype`, `x.device`, `x.is_cuda` are constants when x's type knows them.
//  - `aten::Int`/`Float`/`*Implicit` of `prim::NumToTensor(n)` of the same type is n;
//    `aten::Int`/`aten::ceil` of an int is the int; `aten::_grad_sum_to_size(x, None)` is x.
//  - optionals: `x is None` / `x is not None` are constants when one side must be None and the
//    other cannot be; unwrapping an optional that cannot be None, and `prim::unchecked_cast` to
//    a supertype, are the value itself; a prim::If output that is True in the then-branch and
//    False in the else-branch is the condition; an Optional If output whose branches both give
//    non-optional values gets their joined type.
//  - lists built by prim::ListConstruct and only read (len, __getitem__, ...): `len(l)` is a
//    constant and `l[i]` with a constant in-range i is the element. PyTorch proves "only read"
//    with alias analysis; ember accepts only lists whose every use is a reading op.
// Not done yet: PyTorch's alias-sensitive tensor rewrites (`x + 0`, `x * 1`, `x - 0` on tensors
// whose type shows the result has x's shape and dtype, when neither is written later) need
// AliasDb; they belong with the alias-aware passes.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether the graph changed.
bool peepholeOptimize(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
