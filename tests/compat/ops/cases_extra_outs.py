"""out= tensors of other dtypes than the result: which new ops cast into them and which reject them."""
import torch


def e(dtype):
    return torch.empty(0, dtype=dtype)


def cases(c):
    s = torch.tensor([0.0, 1.0, 2.0])
    v = torch.tensor([0.5, 1.5])
    m = torch.ones(2, 2)
    f64, i32, i64, f32 = torch.float64, torch.int32, torch.int64, torch.float32
    c.add("aten::searchsorted.Tensor_out", [s, v, True, False, None, None, e(i64)])
    c.add("aten::searchsorted.Tensor_out", [s, v, False, False, None, None, e(f32)])
    c.add("aten::searchsorted.Tensor_out", [s, v, True, False, None, None, e(i32)])
    c.add("aten::searchsorted.Scalar_out", [s, 1, False, False, None, None, e(i32)])
    c.add("aten::bucketize.Tensor_out", [v, s, False, False, e(f32)])
    c.add("aten::bucketize.Scalar_out", [1.5, s, False, True, e(f32)])
    c.add("aten::histc.out", [v, 3, 0, 0, e(f64)])
    c.add("aten::bincount.out", [torch.tensor([1, 2]), None, 0, e(f32)])
    c.add("aten::isin.Tensor_Tensor_out", [v, s, False, False, e(f32)])
    c.add("aten::isin.Scalar_Tensor_out", [1.0, s, False, False, e(torch.bool)])
    c.add("aten::logcumsumexp.out", [v, 0, e(f64)])
    c.add("aten::logcumsumexp.out", [v, 0, e(i64)])
    c.add("aten::quantile.scalar_out", [v, 0.5, None, False, "linear", e(f64)])
    c.add("aten::nanquantile.out", [v, torch.tensor([0.5]), None, False, "linear", e(f64)])
    c.add("aten::mode.values", [v, 0, False, e(f64), e(i64)])
    c.add("aten::kron.out", [v, v, e(f64)])
    c.add("aten::kron.out", [v, v, e(i64)])
    c.add("aten::diff.out", [v, 1, -1, None, None, e(f64)])
    c.add("aten::linalg_cross.out", [torch.ones(3), torch.ones(3), -1, e(f64)])
    c.add("aten::cross.out", [torch.ones(3), torch.ones(3), None, e(f64)])
    c.add("aten::_unique2.out", [v, True, True, True, e(f64), e(i64), e(i64)])
    c.add("aten::index_copy.out", [v, 0, torch.tensor([0]), v[:1].contiguous(), e(f64)])
    c.add("aten::scatter_reduce.two_out", [v, 0, torch.tensor([0]), v, "sum", True, e(f64)])
    c.add("aten::gcd.out", [torch.tensor([4]), torch.tensor([6]), e(i32)])
    c.add("aten::tril_indices.out", [3, 3, 0, e(i32)])
    c.add("aten::renorm.out", [m, 2, 0, 1.0, e(f64)])
    c.add("aten::diag_embed.out", [v, 0, -2, -1, e(f64)])
    c.add("aten::block_diag.out", [[v], e(f64)])
    c.add("aten::narrow_copy.out", [v, 0, 0, 1, e(f64)])
    c.add("aten::addr.out", [m, v, v, 1, 1, e(f64)])
    c.add("aten::histogram.bin_ct_out", [v, 3, None, None, False, e(f64), e(f64)])
    c.add("aten::histogram.bins_tensor_out", [v, s, None, False, e(f32), e(f32)])
