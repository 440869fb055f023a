# Agent-style: Game of Life on a small torus and a backtracking sudoku solver.
from itertools import product

def parse(board):
    return {(r, c) for r, line in enumerate(board.strip().splitlines()) for c, ch in enumerate(line) if ch == "#"}

def step(cells, rows, cols):
    counts = {}
    for r, c in cells:
        for dr, dc in product((-1, 0, 1), repeat=2):
            if dr or dc:
                key = ((r + dr) % rows, (c + dc) % cols)
                counts[key] = counts.get(key, 0) + 1
    return {p for p, n in counts.items() if n == 3 or (n == 2 and p in cells)}

def render(cells, rows, cols):
    return "\n".join("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows))

glider = parse("""
.#......
..#.....
###.....
........
........
........
""")
cells = glider
for gen in range(5):
    if gen in (0, 4):
        print(f"gen {gen}: {len(cells)} alive")
        print(render(cells, 6, 8))
    cells = step(cells, 6, 8)
print(sorted(cells), min(cells), max(cells))
blinker = {(1, 0), (1, 1), (1, 2)}
print(step(blinker, 5, 5) == {(0, 1), (1, 1), (2, 1)}, step(step(blinker, 5, 5), 5, 5) == blinker)

PUZZLE = """
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""
grid = [[int(ch) if ch != "." else 0 for ch in line] for line in PUZZLE.strip().splitlines()]
calls = 0

def candidates(g, r, c):
    used = set(g[r]) | {g[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {g[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [n for n in range(1, 10) if n not in used]

def solve(g):
    global calls
    calls += 1
    empties = [(r, c) for r in range(9) for c in range(9) if g[r][c] == 0]
    if not empties:
        return True
    r, c = min(empties, key=lambda rc: len(candidates(g, *rc)))
    for n in candidates(g, r, c):
        g[r][c] = n
        if solve(g):
            return True
        g[r][c] = 0
    return False

def valid(g):
    rows = all(sorted(row) == list(range(1, 10)) for row in g)
    cols = all(sorted(col) == list(range(1, 10)) for col in zip(*g))
    boxes = all(sorted(g[r + i][c + j] for i in range(3) for j in range(3)) == list(range(1, 10))
                for r in range(0, 9, 3) for c in range(0, 9, 3))
    return rows and cols and boxes

print(solve(grid), valid(grid), calls)
for r, row in enumerate(grid):
    line = " ".join("".join(map(str, row[i:i + 3])) for i in range(0, 9, 3))
    print(line)
    if r % 3 == 2 and r < 8:
        print("-" * 11)
bad = [row[:] for row in grid]
bad[0][0] = bad[0][1]
print(valid(bad), sum(map(sum, grid)), [grid[i][i] for i in range(9)])
