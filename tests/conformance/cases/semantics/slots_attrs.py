# __slots__ restricts instance attributes; attribute protocol builtins
class P:
    __slots__ = ("x", "y")
    def __init__(self, x):
        self.x = x
p = P(1)
p.y = 2
print(p.x, p.y, hasattr(p, "y"), P.__slots__)
for name in ["z", "__weird"]:
    try:
        setattr(p, name, 3)
    except AttributeError as e:
        print("AttributeError", e)
class Q(P):
    __slots__ = ["z"]
q = Q(5)
q.z = 6
q.y = 7
print(q.x, q.y, q.z)
try:
    q.w = 1
except AttributeError as e:
    print("AttributeError", e)
class Free(P):
    pass
f = Free(1)
f.anything = 2
print(f.anything)
class One:
    __slots__ = "only"
o = One()
o.only = 1
try:
    o.other = 2
except AttributeError as e:
    print("AttributeError", e)
class WithDict:
    __slots__ = ("a", "__dict__")
w = WithDict()
w.a = 1
w.b = 2
print(w.a, w.b)
del p.y
print(hasattr(p, "y"), getattr(p, "y", "gone"))
try:
    del p.y
except AttributeError as e:
    print("AttributeError", e)
class Prop:
    __slots__ = ("_v",)
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, val):
        self._v = val * 2
pr = Prop()
pr.v = 4
print(pr.v)
class Plain:
    pass
pl = Plain()
setattr(pl, "dyn", 1)
print(getattr(pl, "dyn"), hasattr(pl, "nope"), vars(pl), delattr(pl, "dyn"), vars(pl))
try:
    getattr(pl, "nope")
except AttributeError as e:
    print("AttributeError", e)
try:
    object().x = 1
except AttributeError as e:
    print("AttributeError", e)
try:
    (1).real = 2
except AttributeError as e:
    print("AttributeError", e)
print(sorted(k for k in dir(pl) if not k.startswith("__")), type(pl).__name__, pl.__class__ is Plain)
