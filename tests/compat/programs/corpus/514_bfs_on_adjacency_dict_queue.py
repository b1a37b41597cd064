def fn(edges: List[Tuple[int, int]], start: int) -> Tuple[List[int], Dict[int, int]]:
    adj: Dict[int, List[int]] = {}
    for a, b in edges:
        if a not in adj:
            adj[a] = torch.jit.annotate(List[int], [])
        if b not in adj:
            adj[b] = torch.jit.annotate(List[int], [])
        adj[a].append(b)
        adj[b].append(a)
    order: List[int] = []
    dist: Dict[int, int] = {start: 0}
    queue = [start]
    while len(queue) > 0:
        u = queue.pop(0)
        order.append(u)
        for v in sorted(adj[u]):
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return order, dist


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[{"tuple": [1, 2]}, {"tuple": [1, 3]}, {"tuple": [2, 4]}, {"tuple": [3, 4]}, {"tuple": [4, 5]}], 1]
# EXPECT: "run"
