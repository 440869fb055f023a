# Agent-style: shortest paths and connectivity over a small road graph.
from collections import deque, defaultdict
import math

edges = [("A", "B", 4), ("A", "C", 2), ("B", "C", 5), ("B", "D", 10), ("C", "E", 3),
         ("E", "D", 4), ("D", "F", 11), ("G", "H", 1)]
graph = defaultdict(dict)
for a, b, w in edges:
    graph[a][b] = w
    graph[b][a] = w


def bfs(start):
    seen = {start: 0}
    q = deque([start])
    while q:
        node = q.popleft()
        for nxt in sorted(graph[node]):
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                q.append(nxt)
    return seen


def dijkstra(start):
    dist = {n: math.inf for n in graph}
    prev = {}
    dist[start] = 0
    todo = set(graph)
    while todo:
        node = min(todo, key=lambda n: (dist[n], n))
        todo.remove(node)
        if dist[node] == math.inf:
            break
        for nxt, w in graph[node].items():
            alt = dist[node] + w
            if alt < dist[nxt]:
                dist[nxt] = alt
                prev[nxt] = node
    return dist, prev


def path_to(prev, target):
    out = [target]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    return out[::-1]


print(bfs("A"))
dist, prev = dijkstra("A")
for node in sorted(dist):
    d = dist[node]
    route = " -> ".join(path_to(prev, node)) if d != math.inf else "unreachable"
    print(f"{node}: {d!s:>4} {route}")
components = []
left = set(graph)
while left:
    comp = set(bfs(min(left)))
    components.append(sorted(comp))
    left -= comp
print(components)
degree = sorted(((len(v), k) for k, v in graph.items()), reverse=True)
print(degree[:3], sum(w for *_, w in edges) / len(edges))
print(f"{math.inf}", math.isinf(dist["G"]), float("inf") == dist["H"], -math.inf < 0)
