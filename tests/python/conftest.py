# Shared fixtures of the Python tests: `ember` from build/python (ctest sets PYTHONPATH), torch
# as the reference (Debian's python3-torch, always installed for the tests).
import numpy as np
import pytest
import torch


def assert_close(actual, expected, rtol=1e-5, atol=1e-6):
    """Compares an ember or torch result with PyTorch's, element by element."""
    if isinstance(actual, torch.Tensor):
        actual = actual.detach()
    a = np.asarray(actual.numpy() if hasattr(actual, "numpy") else actual)
    e = np.asarray(expected.detach().numpy() if isinstance(expected, torch.Tensor) else expected)
    assert a.shape == e.shape, (a.shape, e.shape)
    assert a.dtype == e.dtype, (a.dtype, e.dtype)
    np.testing.assert_allclose(a, e, rtol=rtol, atol=atol)


@pytest.fixture(autouse=True)
def _seed():
    torch.manual_seed(0)
