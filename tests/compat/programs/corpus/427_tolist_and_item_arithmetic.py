def fn(x: torch.Tensor, k: int) -> Tuple[List[int], int, float, List[float]]:
    idx: List[int] = x.argsort().tolist()
    top = int(x.max().item()) + k
    mean = x.float().mean().item() * 2
    halves: List[float] = (x.float() / 2).tolist()
    return idx, top, mean, halves


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [4], "data": [5, 1, 4, 2]}}, 3]
# EXPECT: "run"
