class Act(Enum):
    RELU = 1
    TANH = 2
    IDENT = 3


def apply_act(x: torch.Tensor, a: Act) -> torch.Tensor:
    if a == Act.RELU:
        return torch.relu(x)
    elif a == Act.TANH:
        return torch.tanh(x)
    return x


def fn(x: torch.Tensor, code: int) -> Tuple[torch.Tensor, int, str, bool]:
    a = Act.IDENT
    if code == 1:
        a = Act.RELU
    elif code == 2:
        a = Act.TANH
    return apply_act(x, a), a.value, a.name, a != Act.IDENT


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [-1.0, 0.5, 2.0]}}, 1]
# EXPECT: "run"
