def fn(d: Dict[str, int], xs: List[float], name: str) -> List[str]:
    return [f"{d['a']}+{d['b']}={d['a'] + d['b']}", f"{len(xs)} items, first {xs[0]}, last {xs[-1]}",
            f"{name.upper()}:{name[::-1]}", f"{{literal}} {name}", f"{'yes' if len(xs) > 2 else 'no'}",
            f"{[x * 2 for x in xs]}", f"{(1, 'a')}"]


# AREA: "strings"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1], ["b", 2]]}, [0.5, 1.5, 2.5], "abc"]
# EXPECT: "run"
