def fn(path: str) -> Tuple[List[str], List[str], str, str, str, List[str]]:
    head = path.split("/", 2)
    tail = path.rsplit("/", 1)
    stem = tail[-1].rsplit(".", 1)[0]
    ext = tail[-1].partition(".")[2]
    return head, tail, stem, ext, path.upper().replace("/", "\\"), "a  b c".split()


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["/data/images/cat.01.png"]
# EXPECT: "run"
