def linear(x: torch.Tensor, w: torch.Tensor, b: Optional[torch.Tensor]) -> torch.Tensor:
    y = x.matmul(w.t())
    if b is not None:
        y = y + b
    return y


def fn(x: torch.Tensor, w: torch.Tensor, b: Optional[torch.Tensor]) -> Tuple[torch.Tensor, torch.Tensor]:
    return linear(x, w, b), linear(x, w, None)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1.0, 2.0, 3.0, 4.0]}}, {"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 0.0, 0.5, -1.0, 2.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [0.1, 0.2, 0.3]}}]
# EXPECT: "run"
