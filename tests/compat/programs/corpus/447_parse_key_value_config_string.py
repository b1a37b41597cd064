def fn(cfg: str) -> Tuple[Dict[str, int], List[str]]:
    out: Dict[str, int] = {}
    bad: List[str] = []
    for item in cfg.split(";"):
        item = item.strip()
        if item == "":
            continue
        if "=" not in item:
            bad.append(item)
            continue
        k, v = item.split("=", 1)
        k = k.strip()
        v = v.strip()
        if v.lstrip("-").isdigit():
            out[k] = int(v)
        else:
            bad.append(k)
    return out, bad


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["lr=3; batch = 64;;depth=-2;name=abc;flag"]
# EXPECT: "run"
