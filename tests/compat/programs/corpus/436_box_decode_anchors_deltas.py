def decode(anchors: torch.Tensor, deltas: torch.Tensor, clip: float) -> torch.Tensor:
    widths = anchors[:, 2] - anchors[:, 0]
    heights = anchors[:, 3] - anchors[:, 1]
    cx = anchors[:, 0] + 0.5 * widths
    cy = anchors[:, 1] + 0.5 * heights
    dx, dy, dw, dh = deltas.unbind(1)
    dw = dw.clamp(max=clip)
    dh = dh.clamp(max=clip)
    pcx = dx * widths + cx
    pcy = dy * heights + cy
    pw = torch.exp(dw) * widths
    ph = torch.exp(dh) * heights
    return torch.stack([pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph], dim=1)


def fn(anchors: torch.Tensor, deltas: torch.Tensor) -> torch.Tensor:
    return decode(anchors, deltas, math.log(1000.0 / 16))


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 4], "data": [0.0, 0.0, 10.0, 10.0, 5.0, 5.0, 15.0, 25.0]}}, {"tensor": {"dtype": "float32", "sizes": [2, 4], "data": [0.1, -0.2, 0.0, 0.5, 0.0, 0.0, 10.0, -1.0]}}]
# EXPECT: "run"
