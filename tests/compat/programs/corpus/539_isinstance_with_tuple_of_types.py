def describe(v: Union[int, float, str]) -> str:
    if isinstance(v, (int, float)):
        return "number " + str(v * 2)
    return "text " + v


def fn(a: int, b: float, c: str) -> List[str]:
    return [describe(a), describe(b), describe(c)]


# AREA: "typing"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3, 1.25, "z"]
# EXPECT: "run"
