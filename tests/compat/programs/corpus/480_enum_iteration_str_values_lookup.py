class Split(Enum):
    TRAIN = "train"
    VALID = "valid"
    TEST = "test"


def parse_split(s: str) -> Split:
    for sp in Split:
        if sp.value == s.lower():
            return sp
    raise ValueError("unknown split " + s)


def fn(names: List[str]) -> Tuple[List[str], List[str], int]:
    out: List[str] = []
    for n in names:
        out.append(parse_split(n).name)
    all_names = [sp.name for sp in Split]
    n_train = 0
    for n in names:
        if parse_split(n) == Split.TRAIN:
            n_train += 1
    return out, all_names, n_train


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["Train", "test", "TRAIN", "valid"]]
# EXPECT: "run"
