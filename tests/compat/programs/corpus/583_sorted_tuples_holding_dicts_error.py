def fn(rows: List[Tuple[str, str, int]]) -> Tuple[Dict[str, Dict[str, int]], List[str]]:
    table: Dict[str, Dict[str, int]] = {}
    for user, item, n in rows:
        if user not in table:
            table[user] = torch.jit.annotate(Dict[str, int], {})
        inner = table[user]
        inner[item] = inner.get(item, 0) + n
    report: List[str] = []
    for user, items in sorted(table.items()):
        parts = [k + ":" + str(v) for k, v in sorted(items.items())]
        report.append(user + " -> " + ", ".join(parts))
    return table, report


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[{"tuple": ["bob", "pen", 2]}, {"tuple": ["amy", "ink", 1]}, {"tuple": ["bob", "ink", 3]}, {"tuple": ["bob", "pen", 1]}]]
# EXPECT: "runtime_error"
# MATCH: "Contained elements in (str, Dict(str, int)) are not sortable"
