def fn(x: float, n: int) -> List[float]:
    return [math.sqrt(x), math.log(x), math.log10(x), math.exp(1.0), float(math.floor(x)), float(math.ceil(x)),
            math.pi, math.e, math.atan2(1.0, x), math.pow(x, 2),
            float(math.isnan(x)), float(math.isinf(math.inf)), math.fabs(-x), float(math.factorial(n)),
            math.degrees(math.pi), math.copysign(2.0, -1.0), float(math.gcd(12, n * 6)), math.log(x, 2.0)]


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [6.25, 5]
# EXPECT: "run"
