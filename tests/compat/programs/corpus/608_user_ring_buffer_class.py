class RingBuffer(object):
    def __init__(self, size: int, dim: int):
        self.data = torch.zeros(size, dim)
        self.size = size
        self.pos = 0
        self.full = False

    def push(self, x: torch.Tensor):
        self.data[self.pos] = x
        self.pos = (self.pos + 1) % self.size
        if self.pos == 0:
            self.full = True

    def values(self) -> torch.Tensor:
        if self.full:
            return torch.cat([self.data[self.pos:], self.data[:self.pos]])
        return self.data[:self.pos]


def fn():
    rb = RingBuffer(4, 2)
    out: List[torch.Tensor] = []
    for i in range(6):
        rb.push(torch.tensor([float(i), float(i * i)]))
        out.append(rb.values().sum(0))
    return rb.values(), torch.stack(out), rb.full, rb.pos


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
