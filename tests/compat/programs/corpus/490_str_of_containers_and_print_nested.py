def fn(xs: List[int], d: Dict[str, float], t: Tuple[int, str]) -> List[str]:
    print(xs, d, t, [[1, 2], [3]], None, True, 1.5, "s")
    print([1.0, 2.5], {"a": [1, 2]}, (1, (2.0, "x")))
    return [str(xs), str(d), str(t), str([True, False]), str([[1.0], [2.0, 3.0]]), str(None), str([["a"]])]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], {"dict": [["a", 1.0], ["b", 0.25]]}, {"tuple": [7, "q"]}]
# EXPECT: "run"
