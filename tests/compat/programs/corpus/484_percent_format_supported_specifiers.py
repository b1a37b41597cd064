def fn(name: str, x: float, n: int) -> List[str]:
    return ["%s: %f" % (name, x), "%d|%i" % (n, n), "%e" % x, "%d%%" % n, "%c%c" % (n, n + 1),
            "%s/%s/%s" % (name, x, n), "[%s]" % [n, n], "%s" % (x > 1.0,)]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["loss", 3.14159, 42]
# EXPECT: "run"
