def fn(a: torch.Tensor, b: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    iou = inter / (area_a[:, None] + area_b[None, :] - inter)
    return iou, iou.max(dim=1).indices


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 4], "data": [0.0, 0.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0]}}, {"tensor": {"dtype": "float32", "sizes": [3, 4], "data": [0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 5.0, 5.0, 6.0, 6.0]}}]
# EXPECT: "run"
