"""item, result_type, can_cast, promote_types, broadcast_tensors, broadcast_to."""
import torch

from caselib import floats, ints


def cases(c):
    c.add("aten::item", [torch.tensor(2.5)])
    c.add("aten::item", [torch.tensor([7])])
    c.add("aten::item", [torch.tensor(True)])
    c.add("aten::item", [torch.tensor([1, 2])])  # error
    c.add("aten::result_type.Tensor", [ints(2, dtype=torch.int8), torch.tensor(1.0)])
    c.add("aten::result_type.Tensor", [ints(2, dtype=torch.int8), floats(2, dtype=torch.float64)])
    c.add("aten::result_type.Scalar", [ints(2, dtype=torch.uint8), 1000])
    c.add("aten::result_type.Scalar", [ints(2), 1.5])
    c.add("aten::result_type.Scalar_Tensor", [True, ints(2, dtype=torch.int16)])
    c.add("aten::result_type.Scalar_Scalar", [1, 2.0])
    c.add("aten::can_cast", [torch.float32, torch.int32])
    c.add("aten::can_cast", [torch.int32, torch.float16])
    c.add("aten::promote_types", [torch.uint8, torch.int8])
    c.add("aten::promote_types", [torch.bfloat16, torch.float16])
    c.add("aten::broadcast_tensors", [[floats(3, 1), floats(4), torch.tensor(1.0)]])
    c.add("aten::broadcast_to", [floats(3, 1), [2, 3, 5]])
