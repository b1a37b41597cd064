def inputs() -> Tuple[Tensor]:
    return (torch.rand([4096, 4096]),)


def forward(x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    return x.sum(), x.mean(1), x.amax(0), torch.softmax(x, -1)
