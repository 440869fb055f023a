a = lambda: 0
b = lambda x: x
c = lambda x, y=1: x
d = lambda *a, **k: 0
e = lambda x, /, y, *, z: 0
f = lambda *, k=1: k
g = lambda x=1, *a, y, z=2, **k: 0
h = lambda: (yield)
i = lambda x: lambda y: x + y
j = lambda a, b=2, /, c=3: 0
