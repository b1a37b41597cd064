"""aten::IntImplicit / aten::FloatImplicit: the tensor-to-number conversions TorchScript inserts
(archives of torchvision's detection models call them). Values, and PyTorch's errors for
non-0-dim tensors and non-integral dtypes."""
import torch


def cases(c):
    for dtype in [torch.int64, torch.int32, torch.int8, torch.uint8]:
        c.add("aten::IntImplicit", [torch.tensor(-3 if dtype != torch.uint8 else 200, dtype=dtype)],
              name=f"IntImplicit_{str(dtype)[6:]}")
    c.add("aten::IntImplicit", [torch.tensor(3.5)], name="IntImplicit_err_float")
    c.add("aten::IntImplicit", [torch.tensor(True)], name="IntImplicit_err_bool")
    c.add("aten::IntImplicit", [torch.tensor([3])], name="IntImplicit_err_1d")
    for dtype in [torch.float32, torch.float64, torch.int64, torch.bool]:
        c.add("aten::FloatImplicit", [torch.tensor(2.5).to(dtype)], name=f"FloatImplicit_{str(dtype)[6:]}")
    c.add("aten::FloatImplicit", [torch.tensor([2.5, 1.0])], name="FloatImplicit_err_1d")
    c.add("aten::FloatImplicit", [torch.zeros(1, 1)], name="FloatImplicit_err_2d")
