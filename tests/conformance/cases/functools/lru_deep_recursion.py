# Memoized recursion through lru_cache (each level re-enters the VM from C)
# goes as deep as CPython's once sys.setrecursionlimit() allows it, and
# unbounded recursion through natives is still a RecursionError.
import sys
from functools import lru_cache

sys.setrecursionlimit(6000)

@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(2500) % 1_000_000_007, fib.cache_info().currsize)

@lru_cache(maxsize=None)
def min_path(i, j):
    if i == 0 and j == 0:
        return GRID[0][0]
    best = min(min_path(i - 1, j) if i else float("inf"), min_path(i, j - 1) if j else float("inf"))
    return GRID[i][j] + best

GRID = [[(r * 7 + c * 13) % 10 for c in range(1200)] for r in range(2)]
print(min_path(1, 1199))

def depth_via_key(n):
    return 0 if n == 0 else max([n - 1], key=depth_via_key) + 1
print(depth_via_key(2000))

class Loop:
    def __repr__(self):
        return repr(Loop())
try:
    repr(Loop())
except RecursionError as e:
    print("RecursionError:", e)

@lru_cache(maxsize=None)
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)
