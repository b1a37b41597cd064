def first_even(xs: List[int]) -> Optional[int]:
    for x in xs:
        if x % 2 == 0:
            return x
    return None


def fn(xs: List[int], default: Optional[int]) -> int:
    e = first_even(xs)
    if e is None:
        assert default is not None, "need a default"
        return default * 100
    return e + (0 if default is None else default)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 3, 5], 7]
# EXPECT: "run"
