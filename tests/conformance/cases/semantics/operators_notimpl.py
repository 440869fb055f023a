# operator overloading with NotImplemented fallbacks and reflected/in-place ops
class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(self.x + o.x, self.y + o.y)
        return NotImplemented
    def __radd__(self, o):
        if o == 0:
            return self
        return NotImplemented
    def __mul__(self, k):
        if isinstance(k, (int, float)):
            return Vec(self.x * k, self.y * k)
        return NotImplemented
    __rmul__ = __mul__
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __eq__(self, o):
        if not isinstance(o, Vec):
            return NotImplemented
        return (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __bool__(self):
        return bool(self.x or self.y)
    def __iadd__(self, o):
        self.x += o.x
        self.y += o.y
        return self
    def __matmul__(self, o):
        return self.x * o.x + self.y * o.y
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __len__(self):
        return 2
    def __contains__(self, v):
        return v in (self.x, self.y)
    def __call__(self, k):
        return self * k

v, w = Vec(1, 2), Vec(3, 4)
print(v + w, v * 3, 3 * v, -v, abs(w), v == Vec(1, 2), v != w, v == 5, sum([v, w]))
print(bool(Vec(0, 0)), bool(v), v @ w, v[0], list(v), len(v), 2 in v, 7 in v, v(10))
u = v
u += w
print(u, v, u is v, {Vec(1, 1): "a"}[Vec(1, 1)])
try:
    v + 1
except TypeError as e:
    print("TypeError", e)
try:
    "s" * v
except TypeError as e:
    print("TypeError", e)
try:
    v < w
except TypeError as e:
    print("TypeError", e)

class Num:
    def __init__(self, n):
        self.n = n
    def __lt__(self, o):
        print("Num.__lt__")
        return NotImplemented
    def __gt__(self, o):
        print("Num.__gt__")
        return self.n > o.n
    def __eq__(self, o):
        print("Num.__eq__")
        return NotImplemented
    def __repr__(self):
        return f"Num({self.n})"

class Sub(Num):
    def __gt__(self, o):
        print("Sub.__gt__")
        return self.n > o.n
a, b = Num(1), Sub(2)
print(a < b)
print(Num(1) < Num(0))
print(a == Num(1), a == a)

class OnlyEq:
    def __eq__(self, o):
        return True
x = OnlyEq()
print(x == 1, 1 == x, x != 1, x in [1, 2])

class R:
    def __rsub__(self, o):
        return f"rsub({o})"
    def __rtruediv__(self, o):
        return f"rtruediv({o})"
    def __rpow__(self, o):
        return f"rpow({o})"
    def __rlshift__(self, o):
        return f"rlshift({o})"
print(5 - R(), 1 / R(), 2 ** R(), 1 << R())

class Cmp:
    def __init__(self, k):
        self.k = k
    def __lt__(self, o):
        return self.k < o.k
    def __le__(self, o):
        return self.k <= o.k
print(Cmp(1) > Cmp(0), Cmp(1) >= Cmp(2), sorted([Cmp(3), Cmp(1)], key=lambda c: c.k)[0].k)
try:
    Cmp(1) == Cmp(1), Cmp(1) > 5
except TypeError as e:
    print("TypeError", e)
class IntLike:
    def __index__(self):
        return 3
print([0, 1, 2, 3, 4][IntLike()], "abcd"[IntLike()], bin(IntLike()), range(IntLike()), [1] * IntLike())
