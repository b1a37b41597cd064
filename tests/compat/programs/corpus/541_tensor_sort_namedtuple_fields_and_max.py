def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, List[List[List[int]]]]:
    s = x.sort(dim=1, descending=True)
    m = torch.max(x, dim=0)
    cube: List[List[List[int]]] = x.long().view(2, 1, 3).tolist()
    return s.values, s.indices, m.values, m.indices, cube


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [3.0, 1.0, 2.0, 0.0, 5.0, 4.0]}}]
# EXPECT: "run"
