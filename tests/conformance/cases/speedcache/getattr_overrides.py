# __getattr__ / __getattribute__ added to a class after its attributes
# have been read many times.
class C:
    def __init__(self):
        self.a = 1


c = C()
log = []
for i in range(8):
    try:
        log.append(c.a + (c.missing if i >= 2 else 0))
    except AttributeError as e:
        log.append("AE " + str(e))
    if i == 1:
        C.__getattr__ = lambda self, name: 100
    if i == 3:
        C.__getattribute__ = lambda self, name: 7
    if i == 5:
        del C.__getattribute__
    if i == 6:
        del C.__getattr__
print(log)


class Base:
    def m(self):
        return "m"


class Derived(Base):
    pass


d = Derived()
got = []
for i in range(4):
    got.append(d.m())
    if i == 1:
        Base.__getattribute__ = lambda self, name: (lambda: "intercepted " + name)
print(got)
