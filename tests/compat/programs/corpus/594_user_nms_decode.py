def box_iou(a: Tensor, b: Tensor) -> Tensor:
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[:, :2])
    rb = torch.min(a[:, None, 2:], b[:, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[:, :, 0] * wh[:, :, 1]
    return inter / (area_a[:, None] + area_b - inter)

def fn():
    anchors = torch.tensor([[0.0, 0.0, 10.0, 10.0], [5.0, 5.0, 15.0, 15.0], [1.0, 1.0, 11.0, 11.0], [20.0, 20.0, 30.0, 30.0]])
    deltas = torch.sin(torch.arange(16, dtype=torch.float32)).reshape(4, 4) * 0.2
    w = anchors[:, 2] - anchors[:, 0]
    h = anchors[:, 3] - anchors[:, 1]
    cx = anchors[:, 0] + 0.5 * w
    cy = anchors[:, 1] + 0.5 * h
    pcx = deltas[:, 0] * w + cx
    pcy = deltas[:, 1] * h + cy
    pw = torch.exp(deltas[:, 2].clamp(max=4.135)) * w
    ph = torch.exp(deltas[:, 3]) * h
    boxes = torch.stack((pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph), dim=1)
    scores = torch.tensor([0.9, 0.8, 0.85, 0.3])
    order = scores.argsort(descending=True)
    keep: List[int] = []
    suppressed = torch.zeros(4, dtype=torch.bool)
    ious = box_iou(boxes, boxes)
    idxs: List[int] = order.tolist()
    for idx in idxs:
        if bool(suppressed[idx]):
            continue
        keep.append(idx)
        suppressed = suppressed | (ious[idx] > 0.5)
    return boxes, ious, keep, torch.ops.torchvision.nms(boxes, scores, 0.5) if False else torch.tensor(keep)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
