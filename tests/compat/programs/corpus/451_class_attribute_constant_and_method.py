class Normalizer(object):
    def __init__(self, mean: List[float], std: List[float]):
        self.mean = torch.tensor(mean)
        self.std = torch.tensor(std)
        self.eps = 1e-6

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x - self.mean) / (self.std + self.eps)

    def inverse(self, y: torch.Tensor) -> torch.Tensor:
        return y * (self.std + self.eps) + self.mean


def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    n = Normalizer([1.0, 2.0], [2.0, 4.0])
    y = n.forward(x)
    return y, n.inverse(y)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [3.0, 6.0, 1.0, 2.0]}}]
# EXPECT: "run"
