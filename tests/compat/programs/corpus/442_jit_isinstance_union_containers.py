def describe(x: Union[List[int], Dict[str, int], str]) -> str:
    if torch.jit.isinstance(x, List[int]):
        return "list of " + str(len(x)) + " sum " + str(sum(x))
    elif torch.jit.isinstance(x, Dict[str, int]):
        return "dict keys " + ",".join(x.keys())
    else:
        return "str " + x.upper()


def fn(a: List[int], b: Dict[str, int], c: str) -> List[str]:
    return [describe(a), describe(b), describe(c)]


# AREA: "typing"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], {"dict": [["x", 1], ["y", 2]]}, "hi"]
# EXPECT: "run"
