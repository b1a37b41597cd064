def fn(x: torch.Tensor) -> List[float]:
    out: List[float] = []
    for row in x:
        out.append(row.sum().item())
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1, 2, 3, 4, 5, 6]}}]
# EXPECT: "run"
