def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    y = x.unsqueeze(0)
    return x.t(), y.permute(2, 0, 1), x.transpose(0, 1).contiguous()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1, 2, 3, 4, 5, 6]}}]
# EXPECT: "run"
