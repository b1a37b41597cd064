def fn(x: torch.Tensor) -> Tuple[torch.device, bool, bool]:
    return x.device, x.requires_grad, x.is_contiguous()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [1]}}]
# EXPECT: "run"
