def fn(xs: List[int], target: int) -> Tuple[int, int, int]:
    found_i = -1
    found_j = -1
    checks = 0
    for i in range(len(xs)):
        if xs[i] > target:
            continue
        for j in range(i + 1, len(xs)):
            checks += 1
            if xs[i] + xs[j] == target:
                found_i = i
                found_j = j
                break
        if found_i >= 0:
            break
    return found_i, found_j, checks


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[8, 1, 5, 9, 3, 7], 10]
# EXPECT: "run"
