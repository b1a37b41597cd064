class Detections(NamedTuple):
    boxes: torch.Tensor
    scores: torch.Tensor
    labels: List[int]


def filter_dets(d: Detections, thresh: float) -> Detections:
    keep = d.scores > thresh
    labels: List[int] = []
    flags: List[bool] = keep.tolist()
    for i, k in enumerate(flags):
        if k:
            labels.append(d.labels[i])
    return Detections(d.boxes[keep], d.scores[keep], labels)


def fn(boxes: torch.Tensor, scores: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, List[int], int]:
    d = Detections(boxes, scores, [3, 1, 4, 1])
    out = filter_dets(d, 0.5)
    return out.boxes, out.scores, out.labels, len(out.labels)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4, 4], "data": [0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 0.0, 1.0, 2.0, 3.0]}}, {"tensor": {"dtype": "float32", "sizes": [4], "data": [0.9, 0.2, 0.7, 0.5]}}]
# EXPECT: "run"
