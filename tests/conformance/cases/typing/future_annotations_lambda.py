# Lambdas in annotations under from __future__ import annotations.
from __future__ import annotations
def h(a: lambda  x:x, b: lambda: 0, c: lambda x, /, y=1, *z, w, v=2, **u: (x, y), d: lambda *, k: k, e: lambda *a: a, f: lambda **k: k,
      g: lambda a, /: a, h: (lambda: 1)(), i: lambda x: lambda y: x if y else 0, j: f(lambda: 1), k: [lambda a=lambda: 1: a]) -> int: pass
for k, v in h.__annotations__.items(): print(k, repr(v))
