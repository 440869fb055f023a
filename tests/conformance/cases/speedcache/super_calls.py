# super().name(...) called as a method (vm.c LOAD_METHOD: gen.c
# super_method, no bound method made) for plain functions, and the
# generic lookup for everything else: classmethods, staticmethods,
# properties, callable objects, two-argument super(), super() in a
# classmethod, a base method replaced mid-loop, a diamond.
class Base:
    def greet(self, x):
        return "base %s %s" % (type(self).__name__, x)

    @classmethod
    def make(cls):
        return "make " + cls.__name__

    @staticmethod
    def util(a, b=1):
        return a + b

    @property
    def prop(self):
        return "prop of " + type(self).__name__

    class Caller:
        def __call__(self, *a):
            return ("called", a)

    callable_attr = Caller()


class Child(Base):
    def greet(self, x):
        return "child " + super().greet(x)

    @classmethod
    def make(cls):
        return "child " + super().make()

    def others(self):
        return (super().util(1), super().util(1, 5), super().prop, super().callable_attr(3),
                super(Child, self).greet("two-arg"), super().__class__.__name__)


c = Child()
out = []
for i in range(5):
    out.append(c.greet(i))
    if i == 2:
        Base.greet = lambda self, x: "replaced %s" % x
print(out)
print(Child.make(), c.make(), c.others())


class A:
    def who(self):
        return ["A"]


class B(A):
    def who(self):
        return ["B"] + super().who()


class C(A):
    def who(self):
        return ["C"] + super().who()


class D(B, C):
    def who(self):
        return ["D"] + super().who()


print(D().who(), B().who())


class Missing(Base):
    def go(self):
        return super().nothing()


try:
    Missing().go()
except AttributeError as e:
    print("AttributeError:", e)


class Rec(Base):
    def greet(self, x):
        def inner():
            return super(Rec, self).greet(x)
        return inner()


print(Rec().greet("nested"))
