# Binary operators defined in Python on a class, which the VM runs in its
# own loop (BINARY_OP with a's __op__): NotImplemented and the reflected
# operand, subclasses first, exceptions and tracebacks, defaults, closures,
# generators, methods replaced while a loop runs, recursion.
import sys


class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, (int, float)):
            return V(self.x + o)
        return NotImplemented

    def __sub__(self, o):
        return NotImplemented

    def __mul__(self, k):
        return V(self.x * k)

    def __rmul__(self, k):
        return V(k * self.x * 1000)

    def __truediv__(self, k):
        return V(self.x / k)

    def __repr__(self):
        return "V(%r)" % (self.x,)


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__, e)


a, b = V(1), V(2.5)
attempt("V+V", lambda: a + b)
attempt("V+int", lambda: a + 3)
attempt("V+float", lambda: a + 0.5)
attempt("V+str", lambda: a + "s")
attempt("V+None", lambda: a + None)
attempt("V-V", lambda: a - b)
attempt("V-int", lambda: a - 1)
attempt("V*3", lambda: a * 3)
attempt("3*V", lambda: 3 * a)
attempt("V*'ab'", lambda: a * "ab")
attempt("V*[1]", lambda: a * [1])
attempt("V/0", lambda: a / 0)
attempt("V/2", lambda: a / 2)
attempt("V**2", lambda: a ** 2)
attempt("V@V", lambda: a @ b)


class R:
    def __radd__(self, o):
        return ("R.__radd__", o)

    def __rsub__(self, o):
        return ("R.__rsub__", o)


attempt("V+R", lambda: a + R())
attempt("V-R", lambda: a - R())


class W(V):
    def __radd__(self, o):
        return ("W.__radd__ first", o)


attempt("V+W", lambda: a + W(5))
attempt("W+V", lambda: W(5) + a)


class W2(V):
    def __add__(self, o):
        return ("W2.__add__", o)


attempt("V+W2", lambda: a + W2(5))
attempt("W2+V", lambda: W2(5) + a)


class Str(str):
    def __add__(self, o):
        return "Str(" + str.__add__(self, o) + ")"

    def __radd__(self, o):
        return "radd(" + o + ")"


attempt("Str+str", lambda: Str("a") + "b")
attempt("str+Str", lambda: "a" + Str("b"))


class F(float):
    def __add__(self, o):
        return ("F.__add__", float(self), o)


attempt("F+1.5", lambda: F(2.0) + 1.5)
attempt("1.5+F", lambda: 1.5 + F(2.0))


class Defaults:
    def __add__(self, o, scale=10):
        return o * scale


attempt("Defaults+2", lambda: Defaults() + 2)


def make_closure_class():
    n = 7

    class C:
        def __add__(self, o):
            return n + o

    return C


C = make_closure_class()
attempt("closure+1", lambda: C() + 1)


class Gen:
    def __add__(self, o):
        yield o
        yield o + 1


g = Gen() + 5
print(type(g).__name__, list(g))


class Star:
    def __add__(self, *args):
        return ("star", args)


class Kw:
    def __add__(self, o, *, k=3):
        return ("kw", o, k)


attempt("Star+1", lambda: Star() + 1)
attempt("Kw+1", lambda: Kw() + 1)


class StaticAdd:
    __add__ = staticmethod(lambda x, y: ("static", x, y))


class BuiltinAdd:
    __add__ = int.__add__


class LambdaAdd:
    __add__ = lambda self, o: ("lambda", o)


attempt("StaticAdd+1", lambda: StaticAdd() + 1)
attempt("BuiltinAdd+1", lambda: BuiltinAdd() + 1)
attempt("LambdaAdd+1", lambda: LambdaAdd() + 1)


class Raises:
    def __add__(self, o):
        return 1 / o


def add_in_try(x, y):
    try:
        return x + y
    except ZeroDivisionError as e:
        return "caught " + str(e)


print(add_in_try(Raises(), 0))
print(add_in_try(Raises(), 4))
try:
    Raises() + 0
except ZeroDivisionError:
    tb = sys.exc_info()[2]
    where = []
    while tb is not None:
        where.append(tb.tb_lineno)
        tb = tb.tb_next
    print(where)


# a method replaced on the class while a loop runs
class M:
    def __add__(self, o):
        return "first"


def second(self, o):
    return "second"


out = []
m = M()
for i in range(4):
    try:
        out.append(m + i)
    except TypeError as e:
        out.append(str(e))
    out.append(m - i if i == 3 else None)
    if i == 1:
        M.__add__ = second
    if i == 2:
        del M.__add__
        M.__sub__ = lambda self, o: "sub"
print(out)
attempt("M+1 after del", lambda: m + 1)


# __class__ changed: the other class's operator
class N1:
    def __add__(self, o):
        return "N1"


class N2:
    def __add__(self, o):
        return "N2"


n = N1()
r = [n + 0]
n.__class__ = N2
r.append(n + 0)
print(r)


# deep recursion through an operator
class Deep:
    def __init__(self, k):
        self.k = k

    def __add__(self, o):
        if self.k == 0:
            return o
        return Deep(self.k - 1) + (o + 1)


print(Deep(200) + 0)


class Inf:
    def __add__(self, o):
        return self + o


try:
    Inf() + 1
except RecursionError as e:
    print("RecursionError", e)


# returning NotImplemented from a subclass operator, then the base
class Base:
    def __add__(self, o):
        return "Base.__add__"

    def __radd__(self, o):
        return "Base.__radd__"


class Sub(Base):
    def __radd__(self, o):
        return NotImplemented


attempt("Base+Sub", lambda: Base() + Sub())
attempt("Sub+Base", lambda: Sub() + Base())
attempt("1+Sub", lambda: 1 + Sub())


# the operands stay alive while the operator runs; results are freed
class Track:
    live = 0

    def __init__(self):
        Track.live += 1

    def __del__(self):
        Track.live -= 1

    def __add__(self, o):
        return Track()


t = Track()
for _ in range(1000):
    t = t + t
print("live", Track.live)
del t
print("live", Track.live)

# the whole of a small vector program
acc = V(0.0)
for i in range(1000):
    acc = acc + V(i) * 0.5 - 0 if False else acc + V(i) * 0.5
print(acc, sum(range(1000)) * 0.5)
