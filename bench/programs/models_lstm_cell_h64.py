def inputs() -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    return (torch.rand([1, 64]), torch.rand([1, 64]), torch.rand([1, 64]), torch.rand([4 * 64, 64]),
            torch.rand([4 * 64, 64]), torch.rand([4 * 64]), torch.rand([4 * 64]))


def forward(x: Tensor, hx: Tensor, cx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor,
            b_hh: Tensor) -> Tuple[Tensor, Tensor]:
    gates = x.mm(w_ih.t()) + hx.mm(w_hh.t()) + b_ih + b_hh
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = ingate.sigmoid()
    forgetgate = forgetgate.sigmoid()
    cellgate = cellgate.tanh()
    outgate = outgate.sigmoid()
    cy = (forgetgate * cx) + (ingate * cellgate)
    hy = outgate * cy.tanh()
    return hy, cy
