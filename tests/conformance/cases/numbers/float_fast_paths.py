# The VM's inline float arithmetic (BINARY_OP / INPLACE_OP on a float and a
# float or small int, COMPARE_OP on two floats) and the one-argument forms
# of abs and math functions: results to the bit, signed zeros, NaN and
# infinities, and every case they leave to the full path (errors, big ints,
# bools, subclasses, objects).
import math

inf = float("inf")
nan = float("nan")


def bits(x):
    if isinstance(x, float):
        return "%r/%s" % (x, x.hex() if x == x else ("nan" if math.copysign(1, x) > 0 else "-nan"))
    return repr(x)


def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "->", type(r).__name__, bits(r))


class F(float):
    pass


class I(int):
    pass


values = [0.0, -0.0, 1.0, -1.0, 0.1, -2.5, 3.0, 1e308, -1e308, 5e-324, inf, -inf, nan,
          0, 1, -1, 3, 2 ** 53 + 1, -(2 ** 63), 2 ** 63 - 1, 2 ** 70, True, False, F(1.5), I(2)]


def add(a, b): return a + b
def sub(a, b): return a - b
def mul(a, b): return a * b
def div(a, b): return a / b
def pw(a, b): return a ** b


def iadd(a, b):
    a += b
    return a


def isub(a, b):
    a -= b
    return a


def imul(a, b):
    a *= b
    return a


def idiv(a, b):
    a /= b
    return a


def ipw(a, b):
    a **= b
    return a


ops = [("+", add), ("-", sub), ("*", mul), ("/", div), ("**", pw),
       ("+=", iadd), ("-=", isub), ("*=", imul), ("/=", idiv), ("**=", ipw)]
for sym, fn in ops:
    for a in values:
        for b in values:
            if not (isinstance(a, float) or isinstance(b, float)):
                continue
            show("%r %s %r" % (a, sym, b), lambda: fn(a, b))

# powers around the edges the fast path leaves alone
for a in [2.0, 0.5, -2.0, -0.5, 0.0, -0.0, 1.0, -1.0, 10.0, 1e-300, 1e300, inf, -inf, nan, 2, -8]:
    for b in [0, 1, 2, 3, -1, -2, 0.5, -0.5, 1e10, -1e10, 400, -400, 1075, -1075, 2.0 ** 60,
              inf, -inf, nan, 1 / 3, 2 ** 64]:
        if isinstance(a, float) or isinstance(b, float):
            show("%r ** %r" % (a, b), lambda: a ** b)

# int operand first, float second
for a in [0, 1, -1, 7, -(2 ** 62), 2 ** 63 - 1, 10 ** 400]:
    for b in [0.0, -0.0, 2.0, -0.5, inf, nan]:
        for sym, fn in ops[:5]:
            show("%r %s %r" % (a, sym, b), lambda: fn(a, b))


def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def gt(a, b): return a > b
def ge(a, b): return a >= b


cmps = [("<", lt), ("<=", le), ("==", eq), ("!=", ne), (">", gt), (">=", ge)]
cvals = [0.0, -0.0, 1.0, -1.5, inf, -inf, nan, 2 ** 53 + 1.0, 1, 2 ** 53 + 1, F(1.0)]
for sym, fn in cmps:
    row = []
    for a in cvals:
        for b in cvals:
            row.append("1" if fn(a, b) else "0")
    print(sym, "".join(row))


# comparisons fused with a jump
def count_between(xs, lo, hi):
    n = 0
    for x in xs:
        if lo < x:
            if x <= hi:
                n += 1
        if not (x == x):
            n += 100
    return n


print(count_between([0.5, 1.5, 2.5, nan, -inf, inf, 2.0], 1.0, 2.0))

# abs
for v in [0.0, -0.0, -1.5, 2.5, -inf, nan, -nan if False else -float("nan"), 0, -7, 7,
          -(2 ** 63), 2 ** 63, -(2 ** 100), True, False, F(-2.0), I(-3), 3 + 4j]:
    show("abs(%r)" % (v,), lambda: abs(v))
show("abs('x')", lambda: abs("x"))
show("abs()", lambda: abs())
show("abs(1, 2)", lambda: abs(1, 2))
show("abs(x=1)", lambda: abs(x=1))


class A:
    def __abs__(self):
        return "A.__abs__"


show("abs(A())", lambda: abs(A()))
f_abs = abs
show("f_abs(-2.0)", lambda: f_abs(-2.0))

# math's one-argument functions, around their domains
names = ["sqrt", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "cos", "cosh",
         "erf", "erfc", "exp", "exp2", "expm1", "fabs", "log1p", "sin", "sinh", "tan", "tanh"]
margs = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 10.0, 710.0, -710.0, 1e308, 5e-324,
         inf, -inf, nan, 0, 1, -1, 4, 2 ** 60, 10 ** 400, True, F(4.0), I(9)]
for name in names:
    fn = getattr(math, name)
    for a in margs:
        show("math.%s(%r)" % (name, a), lambda: fn(a))
    show("math.%s('1')" % name, lambda: fn("1"))
    show("math.%s()" % name, lambda: fn())
    show("math.%s(1, 2)" % name, lambda: fn(1, 2))
    show("math.%s(x=1)" % name, lambda: fn(x=1))


class HasFloat:
    def __float__(self):
        return 16.0


class HasIndex:
    def __index__(self):
        return 25


show("math.sqrt(HasFloat())", lambda: math.sqrt(HasFloat()))
show("math.sqrt(HasIndex())", lambda: math.sqrt(HasIndex()))
sq = math.sqrt
print([sq(x) for x in range(5)])
print(sum(math.sqrt(x * 0.5) for x in range(100)))


# a float loop like bench/programs/floats.py: the totals to the bit
def kernel(n):
    xs = [i * 0.37 for i in range(n)]
    acc = 0.0
    for i in range(n):
        for j in range(n):
            if i != j:
                d = xs[j] - xs[i]
                acc += d / (abs(d) ** 3 + 0.01)
                acc -= j * 1e-3
                acc *= 1.0000001
    return acc


print(bits(kernel(30)))
