def fn(a: int, b: int) -> Tuple[int, int]:
    return math.gcd(a, b), math.factorial(5)


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [12, 18]
# EXPECT: "run"
