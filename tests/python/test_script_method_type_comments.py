# A method's `# type: (...) -> ...` comment lists its parameters without self, as PyTorch reads it
# (torchvision's GeneralizedRCNN.forward is written this way).
from typing import List, Optional

import pytest
import torch

import ember


class TypeCommentForward(torch.nn.Module):
    def forward(self, xs, scale=None):
        # type: (List[torch.Tensor], Optional[float]) -> torch.Tensor
        out = torch.stack(xs)
        if scale is not None:
            out = out * scale
        return out


def test_method_type_comment_skips_self():
    m = TypeCommentForward().eval()
    xs = [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]
    expected = torch.jit.script(m)(xs, 2.0)
    got = ember.jit.script(m)(xs, 2.0)
    assert torch.equal(got, expected)
    assert torch.equal(ember.jit.script(m)(xs), torch.jit.script(m)(xs))


def test_method_type_comment_wrong_count_is_an_error():
    class Bad(torch.nn.Module):
        def forward(self, x):
            # type: (torch.Tensor, int) -> torch.Tensor
            return x

    with pytest.raises(Exception, match="Number of type annotations"):
        ember.jit.script(Bad())
