def fn(lines: List[str]) -> Tuple[torch.Tensor, List[str]]:
    header = lines[0].split(",")
    rows: List[List[float]] = []
    for line in lines[1:]:
        if line.strip() == "" or line.startswith("#"):
            continue
        rows.append([float(c.strip()) for c in line.split(",")])
    return torch.tensor(rows), [h.strip().upper() for h in header]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a, b,c", "1,2.5, 3", "# comment", "", "-4, 5e-1,6"]]
# EXPECT: "run"
