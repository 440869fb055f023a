# Attribute stores cached on a class must see __setattr__ / __delattr__
# added later (on the class or a base), a property setter added later, slot
# stores, and the object's class changing under the store.
class Base:
    pass


class C(Base):
    def __init__(self):
        self.n = 0


c = C()
log = []
for i in range(8):
    c.n = i
    log.append(vars(c).get("n"))
    if i == 1:
        def logging_setattr(self, name, value):
            log.append("set " + name)
            object.__setattr__(self, name, value * 100)
        C.__setattr__ = logging_setattr
    if i == 3:
        del C.__setattr__
    if i == 4:
        Base.__setattr__ = lambda self, name, value: log.append("base refuses " + name)
    if i == 6:
        del Base.__setattr__
print(log)


class D:
    pass


d = D()
dl = []
for i in range(6):
    d.x = i
    try:
        del d.x
        dl.append("deleted")
    except AttributeError as e:
        dl.append("AE " + str(e))
    if i == 1:
        D.__delattr__ = lambda self, name: dl.append("delattr " + name)
    if i == 3:
        del D.__delattr__
print(dl, vars(d))


class P:
    pass


p = P()
pl = []
for i in range(6):
    try:
        p.v = i
    except AttributeError as e:
        pl.append("AE")
    pl.append(vars(p).get("v"))
    if i == 1:
        P.v = property(lambda self: "get", lambda self, val: pl.append(("setter", val)))
    if i == 3:
        P.v = property(lambda self: "read-only")
    if i == 4:
        del P.v
print(pl)


class S:
    __slots__ = ("a", "b")


class T:
    __slots__ = ("a", "b")


s = S()
sl = []
for i in range(6):
    s.a = i
    s.b = -i
    sl.append((type(s).__name__, s.a, s.b))
    s.__class__ = T if i % 2 == 0 else S
try:
    s.c = 1
except AttributeError as e:
    sl.append("AE " + str(e))
print(sl)


class Q:
    __slots__ = ("a",)


q = Q()
ql = []
for i in range(5):
    try:
        q.a = i
        ql.append(q.a)
    except AttributeError as e:
        ql.append("AE")
    if i == 1:
        Q.a = property(lambda self: "prop", lambda self, v: ql.append(("prop set", v)))
    if i == 3:
        Q.a = property(lambda self: "prop, no setter")
print(ql)
