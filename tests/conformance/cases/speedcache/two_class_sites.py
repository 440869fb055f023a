# One load or store site seeing instances of two or three classes in turn
# (a base's __init__ and methods run for subclasses): the entry answers for
# the class it knew before too, so each class's own key order, an instance
# whose attributes became a real dict, a deleted attribute, and a class
# changed between calls must all still give CPython's answers.
class Base:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def total(self):
        return self.a + self.b


class Other(Base):
    def __init__(self, a, b):
        self.b = b * 10          # the keys in the other order
        super().__init__(a, b)


class Third(Base):
    pass


objs = []
for i in range(9):
    cls = (Base, Other, Third)[i % 3] if i < 6 else (Base, Other)[i % 2]
    o = cls(i, i + 1)
    objs.append(o)
    if i == 4:
        vars(o)["c"] = 1         # a real dict from now on
    if i == 5:
        del o.b
        o.b = -1                 # another order in this instance
print([(type(o).__name__, o.a, o.b, o.total()) for o in objs])

# reads alternating between two classes while one of them changes
class P:
    def __init__(self):
        self.x = 1
        self.y = 2


class Q:
    def __init__(self):
        self.y = 20
        self.x = 10


def read(o):
    return o.x, o.y


ps, qs = P(), Q()
res = []
for i in range(8):
    res.append(read(ps) + read(qs))
    if i == 3:
        Q.x = property(lambda self: "prop")
    if i == 5:
        del Q.x
        qs.x = 11
print(res)

# stores alternating between two classes, one of which gains __setattr__
class S1:
    pass


class S2:
    pass


def put(o, v):
    o.val = v
    return o


s1, s2 = S1(), S2()
log = []
for i in range(6):
    log.append((put(s1, i).val, put(s2, -i).val))
    if i == 2:
        S2.__setattr__ = lambda self, name, v: object.__setattr__(self, name, v * 100)
print(log)
