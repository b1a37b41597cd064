"""Writes the example archive and its input (run with /usr/bin/python3, which has PyTorch 1.13):
small_model.pt, a scripted classifier with a data-dependent branch, and small_input.pt, the
tuple of arguments `ember run examples/small_model.pt --inputs examples/small_input.pt` passes."""
import os

import torch
import torch.nn as nn


class SmallClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(4, 8)
        self.out = nn.Linear(8, 3)
        self.temperature = 2.0

    def forward(self, x: torch.Tensor, calibrate: bool = True) -> torch.Tensor:
        logits = self.out(torch.relu(self.hidden(x)))
        if calibrate:
            logits = logits / self.temperature
        return torch.softmax(logits, dim=-1)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    torch.manual_seed(0)
    model = torch.jit.script(SmallClassifier().eval())
    torch.jit.save(model, os.path.join(here, "small_model.pt"))
    x = torch.randn(2, 4)
    torch.save((x, True), os.path.join(here, "small_input.pt"))
    print(model(x, True))


if __name__ == "__main__":
    main()
