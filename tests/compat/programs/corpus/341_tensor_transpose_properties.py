def fn(x: torch.Tensor, y: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, List[int]]:
    return x.T, x.mT, x.H, x.mH, y.mT, y.T, y.mT.shape


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}, {"tensor": {"dtype": "float32", "sizes": [2, 3, 4], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]}}]
# EXPECT: "run"
