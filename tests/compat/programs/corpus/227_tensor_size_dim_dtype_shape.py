def fn(x: torch.Tensor) -> Tuple[List[int], int, int, List[int], int, torch.dtype, bool, int]:
    return x.size(), x.size(-1), x.dim(), x.shape, x.numel(), x.dtype, x.is_floating_point(), x.shape[1]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [2, 3, 4], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]}}]
# EXPECT: "run"
