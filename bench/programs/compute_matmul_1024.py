def inputs() -> Tuple[Tensor, Tensor]:
    return (torch.rand([1024, 1024]), torch.rand([1024, 1024]))


def forward(a: Tensor, b: Tensor) -> Tensor:
    return torch.matmul(a, b)
