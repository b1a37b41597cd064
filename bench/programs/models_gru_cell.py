def inputs() -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    return (torch.rand([1, 128]), torch.rand([1, 128]), torch.rand([384, 128]), torch.rand([384, 128]),
            torch.rand([384]), torch.rand([384]))


def forward(x: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor, b_hh: Tensor) -> Tensor:
    return torch.gru_cell(x, hx, w_ih, w_hh, b_ih, b_hh)
