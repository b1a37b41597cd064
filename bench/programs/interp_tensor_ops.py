def inputs() -> Tuple[Tensor, int]:
    return (torch.rand([1]), 1000)


def forward(x: Tensor, n: int) -> Tensor:
    for _ in range(n):
        x = x * 0.5 + 1.0
    return x
