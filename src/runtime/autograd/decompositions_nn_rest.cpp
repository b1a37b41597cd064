// Decompositions of the remaining composite NN and numeric operators PyTorch 1.13 differentiates
// through the ops it calls: torch.gradient (all seven overloads: uniform scalar spacing, one
// spacing per dimension, or coordinates, with first- or second-order edges), pad_sequence (each
// sequence concatenated with its padding, then stacked) and rrelu (rrelu_with_noise with a fresh
// noise tensor in training, run as the forward so that the slopes are drawn once; leaky_relu with
// the mean slope in evaluation).
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _gr_along(v: Tensor, d: int, n: int) -> Tensor:
    # A 1-D tensor of length n shaped to broadcast along dim d of an n-dim-compatible tensor.
    shape: List[int] = []
    for i in range(n):
        shape.append(1)
    shape[d] = v.size(0)
    return v.reshape(shape)

def _gr_uniform(f: Tensor, d: int, h: float, edge_order: int) -> Tensor:
    n = f.size(d)
    inner = (f.narrow(d, 2, n - 2) - f.narrow(d, 0, n - 2)) / (2.0 * h)
    if edge_order == 1:
        first = (f.narrow(d, 1, 1) - f.narrow(d, 0, 1)) / h
        last = (f.narrow(d, n - 1, 1) - f.narrow(d, n - 2, 1)) / h
    else:
        first = (f.narrow(d, 0, 1) * -1.5 + f.narrow(d, 1, 1) * 2.0 - f.narrow(d, 2, 1) * 0.5) / h
        last = (f.narrow(d, n - 3, 1) * 0.5 - f.narrow(d, n - 2, 1) * 2.0 + f.narrow(d, n - 1, 1) * 1.5) / h
    return torch.cat([first, inner, last], d)

def _gr_coords(f: Tensor, d: int, x: Tensor, edge_order: int) -> Tensor:
    # Second-order differences on the uneven grid x (the weights of a parabola through three
    # neighbouring points).
    n = f.size(d)
    nd = f.dim()
    dx = x.narrow(0, 1, n - 1) - x.narrow(0, 0, n - 1)
    hl = _gr_along(dx.narrow(0, 0, n - 2), d, nd)
    hr = _gr_along(dx.narrow(0, 1, n - 2), d, nd)
    inner = (f.narrow(d, 0, n - 2) * (-hr / (hl * (hl + hr))) + f.narrow(d, 1, n - 2) * ((hr - hl) / (hl * hr))
             + f.narrow(d, 2, n - 2) * (hl / (hr * (hl + hr))))
    if edge_order == 1:
        first = (f.narrow(d, 1, 1) - f.narrow(d, 0, 1)) / _gr_along(dx.narrow(0, 0, 1), d, nd)
        last = (f.narrow(d, n - 1, 1) - f.narrow(d, n - 2, 1)) / _gr_along(dx.narrow(0, n - 2, 1), d, nd)
    else:
        a = _gr_along(dx.narrow(0, 0, 1), d, nd)
        b = _gr_along(dx.narrow(0, 1, 1), d, nd)
        first = (f.narrow(d, 0, 1) * (-(2.0 * a + b) / (a * (a + b))) + f.narrow(d, 1, 1) * ((a + b) / (a * b))
                 + f.narrow(d, 2, 1) * (-a / (b * (a + b))))
        a = _gr_along(dx.narrow(0, n - 3, 1), d, nd)
        b = _gr_along(dx.narrow(0, n - 2, 1), d, nd)
        last = (f.narrow(d, n - 3, 1) * (b / (a * (a + b))) + f.narrow(d, n - 2, 1) * (-(a + b) / (a * b))
                + f.narrow(d, n - 1, 1) * ((2.0 * b + a) / (b * (a + b))))
    return torch.cat([first, inner, last], d)

def _gr_dims(ndim: int, dim: Optional[List[int]]) -> List[int]:
    out: List[int] = []
    if dim is None:
        for i in range(ndim):
            out.append(i)
    else:
        for d in dim:
            out.append(_dim_of(d, ndim))
    return out

def _gr_one(dim: Optional[int]) -> Optional[List[int]]:
    if dim is None:
        return None
    return [dim]

def _gr_scalars(self: Tensor, spacing: List[float], dims: List[int], edge_order: int) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(len(dims)):
        h = spacing[0] if len(spacing) == 1 else spacing[i]
        out.append(_gr_uniform(self, dims[i], h, edge_order))
    return out

def _gr_tensors(self: Tensor, spacing: List[Tensor], dims: List[int], edge_order: int) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(len(dims)):
        out.append(_gr_coords(self, dims[i], spacing[i], edge_order))
    return out

def c_gradient_scalarint(self: Tensor, spacing: Optional[float], dim: Optional[int], edge_order: int):
    h = 1.0 if spacing is None else spacing
    return _gr_scalars(self, [h], _gr_dims(self.dim(), _gr_one(dim)), edge_order)

def c_gradient_scalararray(self: Tensor, spacing: float, dim: List[int], edge_order: int):
    return _gr_scalars(self, [spacing], _gr_dims(self.dim(), dim), edge_order)

def c_gradient_array(self: Tensor, dim: List[int], edge_order: int):
    return _gr_scalars(self, [1.0], _gr_dims(self.dim(), dim), edge_order)

def c_gradient_scalarrayint(self: Tensor, spacing: List[float], dim: Optional[int], edge_order: int):
    return _gr_scalars(self, spacing, _gr_dims(self.dim(), _gr_one(dim)), edge_order)

def c_gradient_scalarrayarray(self: Tensor, spacing: List[float], dim: List[int], edge_order: int):
    return _gr_scalars(self, spacing, _gr_dims(self.dim(), dim), edge_order)

def c_gradient_tensorarrayint(self: Tensor, spacing: List[Tensor], dim: Optional[int], edge_order: int):
    return _gr_tensors(self, spacing, _gr_dims(self.dim(), _gr_one(dim)), edge_order)

def c_gradient_tensorarray(self: Tensor, spacing: List[Tensor], dim: List[int], edge_order: int):
    return _gr_tensors(self, spacing, _gr_dims(self.dim(), dim), edge_order)

def c_pad_sequence(sequences: List[Tensor], batch_first: bool, padding_value: float):
    longest = 0
    for s in sequences:
        longest = max(longest, s.size(0))
    padded: List[Tensor] = []
    for s in sequences:
        if s.size(0) < longest:
            shape = s.size()
            shape[0] = longest - s.size(0)
            s = torch.cat([s, torch.full(shape, padding_value, dtype=s.dtype)], 0)
        padded.append(s)
    return torch.stack(padded, 0 if batch_first else 1)

def c_rrelu(self: Tensor, lower: float, upper: float, training: bool, generator: Any):
    if training:
        noise = torch.empty_like(self)
        return torch.ops.aten.rrelu_with_noise(self, noise, lower, upper, training)
    return torch.leaky_relu(self, (lower + upper) / 2.0)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::gradient.scalarint", "c_gradient_scalarint"},
    {"aten::gradient.scalararray", "c_gradient_scalararray"},
    {"aten::gradient.array", "c_gradient_array"},
    {"aten::gradient.scalarrayint", "c_gradient_scalarrayint"},
    {"aten::gradient.scalarrayarray", "c_gradient_scalarrayarray"},
    {"aten::gradient.tensorarrayint", "c_gradient_tensorarrayint"},
    {"aten::gradient.tensorarray", "c_gradient_tensorarray"},
    {"aten::pad_sequence", "c_pad_sequence"},
    {"aten::rrelu", "c_rrelu"},
};

}  // namespace

const DecompositionShard kNnRestDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
