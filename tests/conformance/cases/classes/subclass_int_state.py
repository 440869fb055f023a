import json
class MyInt(int):
    def double(self):
        return self * 2
m = MyInt(5)
print(type(m).__name__, isinstance(m, int), isinstance(m, MyInt), m.double(), type(m.double()).__name__)
print(repr(m), str(m), m, f"{m}", f"{m:>4}", f"{m:x}", "%d|%5d|%s|%r|%x" % (m, m, m, m, m))
print(m + 1, type(m + 1).__name__, 1 + m, type(1 + m).__name__, m * m, -m, type(-m).__name__, +m, type(+m).__name__, abs(MyInt(-3)), ~m)
print(m == 5, 5 == m, m < 6, hash(m) == hash(5), {m: "x"}[5], {5: "y"}[m], m in {5}, bool(MyInt(0)))
print(int(m), type(int(m)).__name__, float(m), m.bit_length(), m.real, type(m.real).__name__, m.to_bytes(2, "big"))
print(json.dumps(str(m)))
m.tag = "t"
print(m.tag, m.__dict__, vars(m))
print(list(range(MyInt(3))), [10, 20, 30][MyInt(1)], "ab" * MyInt(2), [0] * MyInt(2), divmod(m, 2), pow(m, 2), pow(m, 2, 3), m ** 2, round(m), m // 2, m / 2, m % 3, m << 1, m >> 1, m & 4, m | 2, m ^ 1)
big = MyInt(10 ** 30)
print(big, big + 1, type(big).__name__, big > m, hash(big) == hash(10 ** 30), big.bit_length())
class Pos(int):
    def __new__(cls, v):
        if v < 0:
            raise ValueError("negative")
        obj = super().__new__(cls, v)
        obj.orig = v
        return obj
p = Pos(7)
print(p, p.orig, type(p).__name__)
try:
    Pos(-1)
except ValueError as e:
    print("ValueError", e)
class R(int):
    def __repr__(self):
        return "R(%d)" % int(self)
r = R(3)
print(r, repr(r), str(r), [r], f"{r}", "%s" % r, r + 1)
class Color(int):
    pass
Color.RED = Color(1)
Color.GREEN = Color(2)
print(Color.RED, Color.GREEN + 0, Color.RED == 1, sorted([Color.GREEN, Color.RED]), max(Color.RED, Color.GREEN))
class Flag(int):
    def __str__(self):
        return "flag" + int.__repr__(self)
print(Flag(4), str(Flag(4)), repr(Flag(4)), f"{Flag(4)}")
print(MyInt.from_bytes(b"\x01\x00", "big"), type(MyInt.from_bytes(b"\x01", "big")).__name__)
print(MyInt(), MyInt("12"), MyInt("ff", 16), MyInt(3.9), MyInt(True), type(MyInt(True)).__name__)
class Sub2(MyInt):
    pass
s2 = Sub2(9)
print(s2, s2.double(), isinstance(s2, MyInt), type(s2).__mro__[1].__name__)
print(int.__add__(m, 1), int.__repr__(m), m.__add__(2), m.__index__(), MyInt(5) is not MyInt(5))
try:
    object.__new__(MyInt)
except TypeError as e:
    print("TypeError", e)
a = [MyInt(3), 1, MyInt(2)]
a.sort()
print(a, sum(a), min(a), sorted(a, reverse=True))
print(m.__class__.__name__, m.__class__ is MyInt, str(True + m), isinstance(m.__dict__, dict))
m.self = m
del m
class T(int):
    __slots__ = ()
print(T(4) + 1)
