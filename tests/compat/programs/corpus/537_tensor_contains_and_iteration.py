def fn(x: torch.Tensor) -> Tuple[bool, bool, List[int], int]:
    vals: List[int] = []
    for v in x:
        vals.append(int(v) * 2)
    count = 0
    for row in x.view(2, 2):
        count += int(row.argmax())
    return bool((x == 3).any()), bool((x == 9).any()), vals, count


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [4], "data": [1, 3, 5, 2]}}]
# EXPECT: "run"
