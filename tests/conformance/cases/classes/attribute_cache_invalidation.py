# Class attributes looked up again after every kind of change: a class
# attribute counted in a loop, a method replaced mid-loop, a base class's
# attribute changed or deleted under a subclass, a shadowing attribute added
# to a middle class, descriptors added later, __class__ assignment.
class Base:
    kind = "base"
    count = 0
    def who(self):
        return "Base.who"

class Mid(Base):
    pass

class Leaf(Mid):
    def __init__(self):
        Leaf.count += 1

for i in range(5):
    Leaf()
print(Leaf.count, Base.count, Mid.count)

out = []
for i in range(6):
    x = Leaf()
    out.append((x.who(), x.kind))
    if i == 1:
        Base.who = lambda self: "patched"
    if i == 2:
        Mid.kind = "mid"
    if i == 3:
        del Mid.kind
    if i == 4:
        Base.kind = "base2"
print(out)

class Other:
    def who(self):
        return "Other.who"
    kind = "other"
x = Leaf()
print(x.who(), x.kind)
x.__class__ = Other
print(x.who(), x.kind)

class Prop:
    def __get__(self, obj, owner):
        return "descriptor"
    def __set__(self, obj, value):
        print("set through descriptor", value)

y = Leaf()
y.attr = "instance"
print(y.attr)
Base.attr = Prop()
print(y.attr)
y.attr = 5
del Base.attr
print(y.attr)

class Counter:
    n = 0
    def __init__(self):
        type(self).n += 1
class Sub(Counter):
    pass
for i in range(3):
    Counter()
    Sub()
print(Counter.n, Sub.n)
