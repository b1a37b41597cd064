def fn(x: torch.Tensor) -> Tuple[int, bool, bool, bool, bool, torch.Tensor, int, bool, Optional[str]]:
    return x.ndim, x.is_cpu, x.is_cuda, x.is_leaf, x.requires_grad, x.real, x.dtype, x.is_sparse, x.name


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}]
# EXPECT: "run"
