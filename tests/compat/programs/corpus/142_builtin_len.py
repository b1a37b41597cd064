def fn(xs: List[int], s: str, d: Dict[str, int], t: torch.Tensor) -> List[int]:
    return [len(xs), len(s), len(d), len(t)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], "abcd", {"dict": [["a", 1]]}, {"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1, 2, 3, 4, 5, 6]}}]
# EXPECT: "run"
