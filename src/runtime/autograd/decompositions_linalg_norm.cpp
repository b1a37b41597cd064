// Decompositions of the matrix norms (linalg.matrix_norm / linalg.norm with every order,
// nuclear_norm, linalg.cond) and renorm: built from vector norms, absolute sums with amax/amin,
// and singular values (whose formula is in derivatives_linalg.cpp), so that their gradients,
// first and higher order, come from those ops' formulas.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _dn_keep(r: Tensor, d0: int, d1: int, keepdim: bool) -> Tensor:
    if keepdim:
        r = r.unsqueeze(min(d0, d1)).unsqueeze(max(d0, d1))
    return r

def _dn_matrix_norm(A: Tensor, ord: float, dim: List[int], keepdim: bool) -> Tensor:
    d0 = _dim_of(dim[0], A.dim())
    d1 = _dim_of(dim[1], A.dim())
    if ord == 2.0 or ord == -2.0:
        s = torch.linalg.svdvals(A.movedim([d0, d1], [-2, -1]))
        r = s.amax(-1) if ord > 0.0 else s.amin(-1)
        return _dn_keep(r, d0, d1, keepdim)
    if ord == 1.0 or ord == -1.0:
        c = A.abs().sum(d0, True)
        r = c.amax(d1, True) if ord > 0.0 else c.amin(d1, True)
    elif ord == float("inf") or ord == -float("inf"):
        c = A.abs().sum(d1, True)
        r = c.amax(d0, True) if ord > 0.0 else c.amin(d0, True)
    else:
        raise RuntimeError("linalg.matrix_norm: Order " + str(ord) + " not supported.")
    if not keepdim:
        r = r.squeeze(max(d0, d1)).squeeze(min(d0, d1))
    return r

def _dn_matrix_norm_str(A: Tensor, ord: str, dim: List[int], keepdim: bool) -> Tensor:
    d0 = _dim_of(dim[0], A.dim())
    d1 = _dim_of(dim[1], A.dim())
    if ord == "fro":
        return torch.linalg.vector_norm(A, 2.0, [d0, d1], keepdim)
    if ord == "nuc":
        s = torch.linalg.svdvals(A.movedim([d0, d1], [-2, -1]))
        return _dn_keep(s.sum(-1), d0, d1, keepdim)
    raise RuntimeError("linalg.matrix_norm: Order " + ord + " not supported.")

def _dn_cast(A: Tensor, dtype: Optional[int]) -> Tensor:
    if dtype is None:
        return A
    return A.to(dtype)

def c_linalg_matrix_norm(self: Tensor, ord: float, dim: List[int], keepdim: bool, dtype: Optional[int]):
    return _dn_matrix_norm(_dn_cast(self, dtype), ord, dim, keepdim)

def c_linalg_matrix_norm_str_ord(self: Tensor, ord: str, dim: List[int], keepdim: bool, dtype: Optional[int]):
    return _dn_matrix_norm_str(_dn_cast(self, dtype), ord, dim, keepdim)

def c_linalg_norm(self: Tensor, ord: Optional[float], dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    A = _dn_cast(self, dtype)
    if ord is None:
        return torch.linalg.vector_norm(A, 2.0, dim, keepdim)
    if dim is None:
        if A.dim() == 2:
            return _dn_matrix_norm(A, ord, [0, 1], keepdim)
        return torch.linalg.vector_norm(A, ord, dim, keepdim)
    if len(dim) == 2:
        return _dn_matrix_norm(A, ord, dim, keepdim)
    return torch.linalg.vector_norm(A, ord, dim, keepdim)

def c_linalg_norm_ord_str(self: Tensor, ord: str, dim: Optional[List[int]], keepdim: bool, dtype: Optional[int]):
    d = [0, 1]
    if dim is not None:
        d = dim
    return _dn_matrix_norm_str(_dn_cast(self, dtype), ord, d, keepdim)

def c_nuclear_norm(self: Tensor, keepdim: bool):
    return _dn_matrix_norm_str(self, "nuc", [-2, -1], keepdim)

def c_nuclear_norm_dim(self: Tensor, dim: List[int], keepdim: bool):
    return _dn_matrix_norm_str(self, "nuc", dim, keepdim)

def c_linalg_cond(self: Tensor, p: Optional[float]):
    if p is None or p == 2.0 or p == -2.0:
        s = torch.linalg.svdvals(self)
        if p is not None and p < 0.0:
            return s.amin(-1) / s.amax(-1)
        return s.amax(-1) / s.amin(-1)
    return _dn_matrix_norm(self, p, [-2, -1], False) * _dn_matrix_norm(torch.linalg.inv(self), p, [-2, -1], False)

def c_linalg_cond_p_str(self: Tensor, p: str):
    return _dn_matrix_norm_str(self, p, [-2, -1], False) * _dn_matrix_norm_str(torch.linalg.inv(self), p, [-2, -1], False)

def c_renorm(self: Tensor, p: float, dim: int, maxnorm: float):
    d = _dim_of(dim, self.dim())
    dims: List[int] = []
    for i in range(self.dim()):
        if i != d:
            dims.append(i)
    norm = torch.linalg.vector_norm(self, p, dims, True)
    factor = torch.where(norm > maxnorm, maxnorm / (norm + 1e-7), torch.ones_like(norm))
    return self * factor
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::linalg_matrix_norm", "c_linalg_matrix_norm"},
    {"aten::linalg_matrix_norm.str_ord", "c_linalg_matrix_norm_str_ord"},
    {"aten::linalg_norm", "c_linalg_norm"},
    {"aten::linalg_norm.ord_str", "c_linalg_norm_ord_str"},
    {"aten::nuclear_norm", "c_nuclear_norm"},
    {"aten::nuclear_norm.dim", "c_nuclear_norm_dim"},
    {"aten::linalg_cond", "c_linalg_cond"},
    {"aten::linalg_cond.p_str", "c_linalg_cond_p_str"},
    {"aten::renorm", "c_renorm"},
};

}  // namespace

const DecompositionShard kLinalgNormDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
