# Agent-style: graph algorithms (BFS, Dijkstra with sorted queue, topo sort, cycles).
from collections import defaultdict, deque

EDGES = """
A B 4
A C 2
B C 5
B D 10
C E 3
E D 4
D F 11
E F 20
G H 1
"""
graph = defaultdict(dict)
for line in EDGES.strip().splitlines():
    u, v, w = line.split()
    graph[u][v] = int(w)
    graph[v][u] = int(w)
nodes = sorted(graph)
print(nodes, {n: sorted(graph[n]) for n in nodes})

def bfs(start):
    seen, order, q = {start}, [], deque([start])
    while q:
        n = q.popleft()
        order.append(n)
        for m in sorted(graph[n]):
            if m not in seen:
                seen.add(m)
                q.append(m)
    return order

def dijkstra(src):
    dist = {src: 0}
    prev = {}
    frontier = [(0, src)]
    done = set()
    while frontier:
        frontier.sort(reverse=True)
        d, u = frontier.pop()
        if u in done:
            continue
        done.add(u)
        for v, w in graph[u].items():
            nd = d + w
            if nd < dist.get(v, float("inf")):
                dist[v] = nd
                prev[v] = u
                frontier.append((nd, v))
    return dist, prev

def path_to(prev, target):
    path = [target]
    while path[-1] in prev:
        path.append(prev[path[-1]])
    return path[::-1]

print(bfs("A"), bfs("G"))
dist, prev = dijkstra("A")
for n in sorted(dist, key=lambda n: (dist[n], n)):
    print(f"{n}: {dist[n]:>3} via {' -> '.join(path_to(prev, n))}")
unreachable = [n for n in nodes if n not in dist]
print("unreachable:", unreachable)

def components():
    seen, comps = set(), []
    for n in nodes:
        if n not in seen:
            comp = bfs(n)
            seen.update(comp)
            comps.append(sorted(comp))
    return comps
print(components())

DEPS = {"app": ["lib", "utils"], "lib": ["core"], "utils": ["core", "log"], "core": [], "log": [], "tests": ["app"]}
def topo(deps):
    indeg = {k: 0 for k in deps}
    for k, vs in deps.items():
        for v in vs:
            indeg[k] += 1
    rev = defaultdict(list)
    for k, vs in deps.items():
        for v in vs:
            rev[v].append(k)
    ready = sorted(k for k, d in indeg.items() if d == 0)
    order = []
    while ready:
        n = ready.pop(0)
        order.append(n)
        for m in sorted(rev[n]):
            indeg[m] -= 1
            if indeg[m] == 0:
                ready.append(m)
        ready.sort()
    if len(order) != len(deps):
        raise ValueError(f"cycle among {sorted(set(deps) - set(order))}")
    return order
print(topo(DEPS))
try:
    topo({**DEPS, "core": ["tests"]})
except ValueError as e:
    print("ValueError:", e)

def find_cycle(deps):
    color = dict.fromkeys(deps, 0)
    stack = []
    def visit(n):
        color[n] = 1
        stack.append(n)
        for m in deps[n]:
            if color[m] == 1:
                return stack[stack.index(m):] + [m]
            if color[m] == 0 and (c := visit(m)):
                return c
        color[n] = 2
        stack.pop()
        return None
    for n in sorted(deps):
        if color[n] == 0 and (c := visit(n)):
            return c
    return None
print(find_cycle(DEPS), find_cycle({**DEPS, "core": ["tests"]}))
grid = ["S.#.....", ".##.###.", "....#...", "#.#...#E"]
def maze(grid):
    R, C = len(grid), len(grid[0])
    start = next((r, c) for r in range(R) for c in range(C) if grid[r][c] == "S")
    q, seen = deque([(start, 0)]), {start}
    while q:
        (r, c), d = q.popleft()
        if grid[r][c] == "E":
            return d
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < R and 0 <= nc < C and grid[nr][nc] != "#" and (nr, nc) not in seen:
                seen.add((nr, nc))
                q.append(((nr, nc), d + 1))
    return -1
print("maze steps:", maze(grid), maze(["S#E"]))
adj = [[int(n in graph[m]) for n in nodes] for m in nodes]
print("\n".join(" ".join(map(str, row)) for row in adj))
print(sum(map(sum, adj)) // 2, "edges;", max(nodes, key=lambda n: (len(graph[n]), n)), "has most neighbours")
