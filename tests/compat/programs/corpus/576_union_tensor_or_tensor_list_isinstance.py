def as_batch(x: Union[torch.Tensor, List[torch.Tensor]]) -> torch.Tensor:
    if isinstance(x, torch.Tensor):
        return x.unsqueeze(0)
    return torch.stack(x)


def fn(a: torch.Tensor, b: torch.Tensor) -> Tuple[List[int], List[int]]:
    return list(as_batch(a).shape), list(as_batch([a, b]).shape)


# AREA: "typing"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [3.0, 4.0]}}]
# EXPECT: "run"
