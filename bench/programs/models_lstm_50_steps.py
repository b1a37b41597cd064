def inputs() -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    return (torch.rand([50, 1, 64]), torch.rand([256, 64]), torch.rand([256, 64]), torch.rand([256]),
            torch.rand([256]))


def forward(xs: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor, b_hh: Tensor) -> Tensor:
    hx = torch.zeros([1, 64])
    cx = torch.zeros([1, 64])
    for t in range(xs.size(0)):
        hx, cx = torch.lstm_cell(xs[t], [hx, cx], w_ih, w_hh, b_ih, b_hh)
    return hx
