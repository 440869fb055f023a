# f-strings in annotations under from __future__ import annotations.
from __future__ import annotations
def h(a: f"{x!r:>3}", b: f"lit{{}}{y}", c: f'{ {1: 2}[1] }', d: f"{x:{w}.{p}f}", e: f"{'q'}\n", f: f"{x=}", g: f"a" "b{c}", h: f"{a!s}{b!a}") -> int: pass
for k, v in h.__annotations__.items(): print(k, repr(v))
