def fn(img: torch.Tensor, p: int) -> Tuple[torch.Tensor, List[int]]:
    c, h, w = img.shape
    patches = img.unfold(1, p, p).unfold(2, p, p)
    patches = patches.permute(1, 2, 0, 3, 4).reshape(-1, c * p * p)
    return patches, [c, h // p, w // p]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 4, 4], "data": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]}}, 2]
# EXPECT: "run"
