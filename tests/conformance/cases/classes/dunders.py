class Vec:
    def __init__(self, *xs): self.xs = list(xs)
    def __len__(self): return len(self.xs)
    def __getitem__(self, i): return self.xs[i]
    def __setitem__(self, i, v): self.xs[i] = v
    def __iter__(self): return iter(self.xs)
    def __contains__(self, x): return x in self.xs
    def __bool__(self): return bool(self.xs)
    def __mul__(self, k): return Vec(*[x * k for x in self.xs])
    def __rmul__(self, k): return self * k
    def __neg__(self): return Vec(*[-x for x in self.xs])
    def __lt__(self, o): return len(self) < len(o)
    def __call__(self, a): return a + sum(self.xs)
    def __str__(self): return "Vec" + str(self.xs)
    def __iadd__(self, o):
        self.xs += o.xs
        return self
v = Vec(1, 2, 3)
print(len(v), v[1], list(v), 2 in v, bool(Vec()), str(v * 2), str(3 * v), str(-v))
v[0] = 10
print(v(1), sorted([Vec(1, 2), Vec(1)])[0], v < Vec())
v += Vec(4)
print(v)
class Ctx:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, t, e, tb):
        print("exit", t.__name__ if t else None)
        return True
with Ctx() as c:
    raise ValueError("x")
print("after")
