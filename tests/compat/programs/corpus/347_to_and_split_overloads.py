def fn(x: torch.Tensor, z: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, List[torch.Tensor], List[torch.Tensor]]:
    return x.to(torch.float64), x.to(z), x.to('cpu', torch.int32), x.split(2, 1), x.split([1, 2], 1)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}, {"tensor": {"dtype": "int64", "sizes": [1], "data": [1]}}]
# EXPECT: "run"
