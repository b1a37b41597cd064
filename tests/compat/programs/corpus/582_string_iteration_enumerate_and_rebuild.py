def fn(s: str) -> Tuple[str, List[int], str, Dict[str, int]]:
    caps = ""
    vowels: List[int] = []
    counts: Dict[str, int] = {}
    for i, c in enumerate(s):
        caps += c.upper() if i % 2 == 0 else c.lower()
        if c in "aeiou":
            vowels.append(i)
        counts[c] = counts.get(c, 0) + 1
    words = s.split(" ")
    rev = " ".join([w[::-1] for w in words])
    return caps, vowels, rev, counts


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["banana split"]
# EXPECT: "run"
