def iou(a: List[float], b: List[float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    return inter / (area_a + area_b - inter)


def fn(boxes: torch.Tensor, scores: torch.Tensor, thresh: float) -> List[int]:
    order: List[int] = torch.argsort(scores, descending=True).tolist()
    bl: List[List[float]] = boxes.tolist()
    keep: List[int] = []
    suppressed = [False] * len(order)
    for oi, i in enumerate(order):
        if suppressed[oi]:
            continue
        keep.append(i)
        for oj in range(oi + 1, len(order)):
            if not suppressed[oj] and iou(bl[i], bl[order[oj]]) > thresh:
                suppressed[oj] = True
    return keep


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [5, 4], "data": [0.0, 0.0, 10.0, 10.0, 1.0, 1.0, 11.0, 11.0, 20.0, 20.0, 30.0, 30.0, 0.0, 0.0, 9.0, 10.0, 21.0, 19.0, 30.0, 31.0]}}, {"tensor": {"dtype": "float32", "sizes": [5], "data": [0.9, 0.8, 0.7, 0.95, 0.6]}}, 0.5]
# EXPECT: "run"
