class Box(object):
    def __init__(self, w: float):
        self.w = w

    def area(self) -> float:
        return self.w * self.w


def find(boxes: List[Box], minw: float) -> Optional[Box]:
    for b in boxes:
        if b.w >= minw:
            return b
    return None


def fn(ws: List[float]) -> Tuple[float, bool]:
    boxes = [Box(w) for w in ws]
    b = find(boxes, 2.0)
    assert b is not None
    missing = find(boxes, 100.0) is None
    return b.area(), missing


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1.0, 2.5, 3.0]]
# EXPECT: "run"
