# Instance attributes cached by where they sat in an instance dict: the
# dict replaced, changed through vars(), attributes deleted and re-added in
# another order, instances of one class with different attribute orders,
# more attributes than a small dict holds, names not interned.
class A:
    def m(self):
        return "method"


a = A()
a.x = 1
a.y = 2
out = []
for i in range(8):
    out.append((a.x, getattr(a, "y", None), a.m()))
    a.x = a.x + 1
    if i == 1:
        a.__dict__ = {"y": 20, "x": 10}
    if i == 2:
        vars(a)["x"] = 100
    if i == 3:
        a.__dict__ = {"x": -1, "m": lambda: "shadowing method"}
    if i == 4:
        del a.m
        del a.x
        a.z = 0
        a.x = 5
    if i == 5:
        a.__dict__.clear()
        a.x = 7
print(out, vars(a))

try:
    a.__dict__ = [1]
except TypeError as e:
    print("TypeError", e)
try:
    del a.__dict__
except TypeError as e:
    print("TypeError", e)


class MyDict(dict):
    pass


b = A()
b.__dict__ = MyDict(x=3)
print(b.x, type(b.__dict__).__name__)
b.x = 4
print(b.x, b.__dict__)


class R:
    def __init__(self, order):
        for name in order:
            setattr(self, name, name.upper())


objs = [R("abc"), R("cba"), R("bca"), R("abcdefghijklmnopqrstu"), R("")]
seen = []
for o in objs * 2:
    seen.append((getattr(o, "a", None), getattr(o, "c", None)))
    try:
        seen.append(o.b)
    except AttributeError as e:
        seen.append("AE " + str(e))
print(seen)

big = R("abcdefghijklmnopqrstuvwxyz")
total = []
for i in range(3):
    total.append(big.a + big.m + big.z)
    big.m = big.m + str(i)
print(total)

name = "".join(["dyn", "amic"])
c = A()
setattr(c, name, 1)
for i in range(3):
    print(c.dynamic)
    setattr(c, name, c.dynamic + 1)
    c.dynamic = c.dynamic * 10
print(vars(c))
