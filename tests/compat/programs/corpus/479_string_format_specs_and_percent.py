def fn(name: str, v: float, n: int) -> List[str]:
    return ["{} has {} items".format(name, n), "%s=%d" % (name, n), "{0}-{1}-{0}".format(name, n),
            str(v) + "/" + str(n), "total: " + str(v * n), name.center(9, "*"), name.ljust(6, ".") + "|", "{}".format([n, n])]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab", 0.5, 3]
# EXPECT: "run"
