# subclassing dict, list, str, int, Exception
class DefaultDict(dict):
    def __missing__(self, key):
        self[key] = v = len(key)
        return v
d = DefaultDict(a=1)
print(d["a"], d["xyz"], d, d.get("q"), "q" in d, type(d).__name__, isinstance(d, dict))

class LoudDict(dict):
    def __setitem__(self, k, v):
        print("set", k)
        super().__setitem__(k, v.upper() if isinstance(v, str) else v)
ld = LoudDict()
ld["a"] = "x"
ld.update(b="y")
print(ld, repr(ld), len(ld), dict(ld), ld.copy(), type(ld.copy()).__name__)

class Stack(list):
    def push(self, v):
        self.append(v)
    def peek(self):
        return self[-1]
s = Stack([1, 2])
s.push(3)
print(s, s.peek(), len(s), s + [4], type(s + [4]).__name__, s[1:], type(s[1:]).__name__, s == [1, 2, 3])
s.extend("ab")
print(s, sorted(Stack([3, 1, 2])), list(reversed(s)), Stack() == [], bool(Stack()))

class Upper(str):
    def __new__(cls, v):
        return super().__new__(cls, v.upper())
    def shout(self):
        return self + "!"
u = Upper("hi")
print(u, repr(u), u.shout(), type(u.shout()).__name__, u.lower(), type(u.lower()).__name__, u == "HI", len(u), f"{u:>5}")
print(isinstance(u, str), {u: 1}["HI"], u * 2, "H" in u, u.startswith("H"))

class Flag(int):
    pass
print(Flag(3) + Flag(4), type(Flag(3) + Flag(4)).__name__, Flag("12"), Flag(), bool(Flag(0)))

class ValidationError(ValueError):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")
        self.field = field
try:
    raise ValidationError("age", "negative")
except ValueError as e:
    print(type(e).__name__, e, e.args, e.field, repr(e))

class NoInit(KeyError):
    pass
try:
    raise NoInit("missing")
except LookupError as e:
    print(type(e).__name__, e, repr(e))

class WithStr(Exception):
    def __str__(self):
        return "custom str"
print(str(WithStr("x")), repr(WithStr("x")), WithStr("x").args)

class OrderedSet(dict):
    def add(self, v):
        self[v] = None
    def __iter__(self):
        return iter(list(self.keys()))
os_ = OrderedSet()
for v in [3, 1, 3, 2]:
    os_.add(v)
print(list(os_), len(os_))

class T(tuple):
    def sum(self):
        return sum(self)
t = T((1, 2, 3))
print(t, t.sum(), t[0], type(t[1:]).__name__, t + (4,), isinstance(t, tuple))
