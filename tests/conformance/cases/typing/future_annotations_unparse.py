# from __future__ import annotations stores ast.unparse-style text for
# parameters, returns, module variables and class bodies.
from __future__ import annotations
import typing
def f(x: list [ int ], y: dict[str,  int] = None, *a: tuple[int, ...], k: "int" = 1, **kw: int | None) -> dict[str,  int]: pass
print(f.__annotations__)
def g(a: typing.Optional[ int ], b: (int, str), c: (int,), d: [int, str], e: int|str|None, f: -1, g: not x, h: a.b.c, i: f(1, *a, k=2, **kw),
      j: x if y else z, k: a and b or c, l: a < b <= c, m: {1: 2, **d}, n: {1, 2}, o: a[1:2, ::3], p: 2 ** -1, q: (a + b) * c, r: a - (b - c),
      s: ..., t: 1.5, u: b"x", v: 'q"s', w: Callable[[int], str], y: a[()], z: a[1,]) -> None: pass
for k, v in g.__annotations__.items(): print(k, repr(v))
x: list [ int ] = []
y: Tuple [int,str]
print(__annotations__)
class C:
    a: dict [ str , int ]
    b: 'Fwd' = 1
    c: int | None
print(C.__annotations__)
def h(b: tuple[*Ts], c: [i  for i in x], e: await_, f: 1e400, g: -(1), h: (1,2)[0], i: a[b:c], j: "é", k: 10**30, l: 1j) -> int: pass
for k, v in h.__annotations__.items(): print(k, repr(v))
def k(a: {k: v for k, v in x if k if v}, b: (i for i in x), d: f(i for i in x)): pass
for k_, v in k.__annotations__.items(): print(k_, repr(v))
