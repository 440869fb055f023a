# Cached method and attribute lookups must see a class changed mid-loop:
# a method replaced, a base class attribute changed, __init__ replaced.
class Base:
    kind = "base"

    def f(self):
        return 1


class Sub(Base):
    pass


def g(self):
    return 2


o = Sub()
out = []
for i in range(6):
    out.append((o.f(), o.kind))
    if i == 1:
        Sub.f = g
    if i == 2:
        Base.kind = "changed"
    if i == 3:
        del Sub.f
    if i == 4:
        Base.f = lambda self: 3
print(out)




# __init__ replaced between class calls
class Point:
    def __init__(self, x):
        self.x = x


pts = []
for i in range(4):
    pts.append(vars(Point(i)))
    if i == 1:
        def new_init(self, x):
            self.y = x * 10
        Point.__init__ = new_init
print(pts)


class Returns:
    def __init__(self):
        return None


def bad_init(self):
    return 1


for i in range(2):
    try:
        print(type(Returns()).__name__)
    except TypeError as e:
        print("TypeError", e)
    Returns.__init__ = bad_init
