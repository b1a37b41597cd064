// Decompositions of the operators that are another operator under a second name, added with the
// `*_copy` view forms and the utility operators: a view then a copy (`permute_copy`), a cast
// (`_cast_Float`), a private spelling (`_unsafe_view`, `_neg_view`). Each is the public operator
// it stands for, so its gradient is that operator's. PyTorch 1.13 has no derivative for `_stack`,
// `_add_relu` or `_addmm_activation`, so neither has ember.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def c_alias_copy(self: Tensor):
    return self.clone()

def c_t_copy(self: Tensor):
    return self.t().clone()

def c_permute_copy(self: Tensor, dims: List[int]):
    return self.permute(dims).clone()

def c_expand_copy(self: Tensor, size: List[int], implicit: bool):
    return self.expand(size, implicit=implicit).clone()

def c_diagonal_copy(self: Tensor, offset: int, dim1: int, dim2: int):
    return self.diagonal(offset, dim1, dim2).clone()

def c_select_copy(self: Tensor, dim: int, index: int):
    return self.select(dim, index).clone()

def c_slice_copy(self: Tensor, dim: int, start: Optional[int], end: Optional[int], step: int):
    return torch.ops.aten.slice(self, dim, start, end, step).clone()

def c_squeeze_copy(self: Tensor):
    return self.squeeze().clone()

def c_squeeze_copy_dim(self: Tensor, dim: int):
    return self.squeeze(dim).clone()

def c_transpose_copy(self: Tensor, dim0: int, dim1: int):
    return self.transpose(dim0, dim1).clone()

def c_unsqueeze_copy(self: Tensor, dim: int):
    return self.unsqueeze(dim).clone()

def c_unfold_copy(self: Tensor, dimension: int, size: int, step: int):
    return self.unfold(dimension, size, step).clone()

def c_view_copy(self: Tensor, size: List[int]):
    return self.reshape(size).clone()

def c_unsafe_view(self: Tensor, size: List[int]):
    return self.reshape(size)

def c_cast_double(self: Tensor, non_blocking: bool):
    return self.double()

def c_cast_float(self: Tensor, non_blocking: bool):
    return self.float()

def c_cast_half(self: Tensor, non_blocking: bool):
    return self.half()

def c_neg_view(self: Tensor):
    return torch.neg(self)

def c_conj(self: Tensor):
    return torch.conj_physical(self)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::alias_copy", "c_alias_copy"},
    {"aten::lift_fresh_copy", "c_alias_copy"},
    {"aten::t_copy", "c_t_copy"},
    {"aten::permute_copy", "c_permute_copy"},
    {"aten::expand_copy", "c_expand_copy"},
    {"aten::diagonal_copy", "c_diagonal_copy"},
    {"aten::select_copy.int", "c_select_copy"},
    {"aten::slice_copy.Tensor", "c_slice_copy"},
    {"aten::squeeze_copy", "c_squeeze_copy"},
    {"aten::squeeze_copy.dim", "c_squeeze_copy_dim"},
    {"aten::transpose_copy.int", "c_transpose_copy"},
    {"aten::unsqueeze_copy", "c_unsqueeze_copy"},
    {"aten::unfold_copy", "c_unfold_copy"},
    {"aten::view_copy", "c_view_copy"},
    {"aten::_unsafe_view", "c_unsafe_view"},
    {"aten::_cast_Double", "c_cast_double"},
    {"aten::_cast_Float", "c_cast_float"},
    {"aten::_cast_Half", "c_cast_half"},
    {"aten::_neg_view", "c_neg_view"},
    {"aten::_neg_view_copy", "c_neg_view"},
    {"aten::_conj", "c_conj"},
    {"aten::_conj_copy", "c_conj"},
    {"aten::_conj_physical", "c_conj"},
};

}  // namespace

const DecompositionShard kAliasDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
