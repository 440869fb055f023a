# tuple and bytes subclasses carry instance attributes; namedtuple-style
# classes with __slots__ = () do not.
from collections import namedtuple


class P(tuple):
    pass


p = P((1, 2))
p.x = 3
print(p.x, p, vars(p), type(p).__name__, len(p), p[1], p + (3,), p == (1, 2), hash(p) == hash((1, 2)))
del p.x
print(vars(p), p[:1], type(p[:1]).__name__, tuple(p), type(tuple(p)).__name__)


class Pt(tuple):
    def __new__(cls, x, y):
        self = super().__new__(cls, (x, y))
        self.label = f"pt{x}{y}"
        return self

    @property
    def x(self):
        return self[0]

    def __repr__(self):
        return f"Pt({self[0]}, {self[1]}, {self.label!r})"


q = Pt(3, 4)
print(q, q.x, q.label, sorted([Pt(2, 1), q, Pt(1, 9)]))
q.other = [q]
del q
N = namedtuple("N", "a b")
n = N(1, 2)
for target in (n, N._make([3, 4])):
    try:
        target.c = 3
    except AttributeError as e:
        print("AttributeError", e)


class M(N):
    def total(self):
        return self.a + self.b


m = M(5, 6)
m.note = "hi"
print(m, m.total(), m.note, m._replace(a=0), vars(m))


class S(N):
    __slots__ = ()


s = S(1, 1)
try:
    s.z = 1
except AttributeError as e:
    print("AttributeError", e)


class Si(str):
    __slots__ = ()


try:
    Si("x").y = 1
except AttributeError as e:
    print("AttributeError", e)
big = P(range(1000))
big.tag = "big"
print(big.tag, sum(big), len(big))
e = P()
e.k = 1
print(e, e.k)


class B(bytes):
    pass


b = B(b"ab")
b.x = 3
print(type(b).__name__, b, b.x, b + b"c", b.upper(), b[0], b[:1], len(b), b == b"ab", hash(b) == hash(b"ab"), b.decode())
print(bytes(b), type(bytes(b)).__name__, str(b), repr(b), b.hex(), list(b), B(), vars(B(b"")))
print(type(b.upper()).__name__, type(b * 2).__name__, type(b.removeprefix(b"z")).__name__, isinstance(b, bytes))


class B2(bytes):
    def __new__(cls, s):
        o = super().__new__(cls, s.encode())
        o.src = s
        return o


print(B2("héllo").src, B2("x") * 3, b"-".join([B2("a"), B2("b")]), B2("q") in {b"q"})
for n in range(0, 20, 3):
    v = B2("z" * n)
    v.extra = n
    print(len(v), v.extra, v.src == "z" * n)
