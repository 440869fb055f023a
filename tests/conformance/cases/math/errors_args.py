# math: argument counts, conversions and error messages
import math

def t(s):
    try:
        r = eval(s)
        print(s, '->', repr(r))
    except Exception as e:
        print(s, '->', type(e).__name__, e)

for s in ['math.sqrt()', 'math.sqrt(1,2)', 'math.sqrt(x=1)', 'math.pow(1)', 'math.pow(1,2,3)', 'math.atan2(1)',
          'math.log()', 'math.log(1,2,3)', 'math.isclose(1)', 'math.isclose(1,2,3)', 'math.isclose(1,2,rel_tol=-1)',
          'math.isclose(1,2,abs_tol=-1)', 'math.isclose(1,2,foo=1)', 'math.isclose(1, a=1)', 'math.hypot("a")', 'math.dist(1)', 'math.dist(1,2)',
          'math.dist((1,),(1,2))', 'math.fsum(1)', 'math.fsum([1,"a"])', 'math.prod()', 'math.prod([1,2],3)',
          'math.prod([1], foo=2)', 'math.gcd(1.0)', 'math.lcm("a")', 'math.gcd(x=1)', 'math.isqrt(-1)', 'math.isqrt(2.0)', 'math.isqrt("a")',
          'math.factorial(-1)', 'math.factorial(5.0)', 'math.factorial(10**20)', 'math.comb(5)', 'math.comb(-1,2)',
          'math.comb(5,-2)', 'math.comb(5.0,2)', 'math.perm()', 'math.perm(1,2,3)', 'math.perm(-5)', 'math.perm(5,-1)', 'math.perm(5, 2.0)',
          'math.floor("a")', 'math.ceil("a")', 'math.trunc("a")', 'math.trunc(None)', 'math.floor(float("inf"))',
          'math.floor(float("nan"))', 'math.ceil(float("-inf"))', 'math.trunc(float("inf"))', 'math.ldexp(1, 2.0)', 'math.ldexp(1)',
          'math.ldexp("a", 1)', 'math.frexp("a")', 'math.modf(None)', 'math.fmod(1, 0)', 'math.remainder(1, 0)',
          'math.pow(0, -1)', 'math.pow(-1, 0.5)', 'math.pow(10, 400)', 'math.sqrt(-1)', 'math.log(0)', 'math.log(-1)',
          'math.log(10, 1)', 'math.log(10, 0)', 'math.log(0, 10)', 'math.log(-(2**2000))', 'math.log("a")', 'math.log2(0)',
          'math.log10(-5)', 'math.log2("x")', 'math.exp(1000)', 'math.cosh(1000)', 'math.acos(2)', 'math.atanh(1)', 'math.exp2(1025)',
          'math.expm1(1000)', 'math.log1p(-1)', 'math.gamma(0)', 'math.gamma(-1)', 'math.gamma(172)', 'math.lgamma(0)',
          'math.lgamma(-2)', 'math.lgamma(1e308)', 'math.nextafter(1)', 'math.isinf("a")', 'math.isfinite(10**400)',
          'math.sqrt(10**400)', 'math.exp(2**1100)', 'math.fsum([2**1100])', 'math.fsum([1e308, 1e308])',
          'math.fsum([1e308, 1e308, -1e308])', 'math.fsum([float("inf"), -float("inf")])', 'math.ulp("x")',
          'math.nextafter(1, "x")', 'math.copysign(None, 1)', 'math.degrees()', 'math.radians("x")']:
    t(s)

class A:
    def __float__(self): return 2.5
    def __floor__(self): return "fl"
    def __ceil__(self): return "ce"
    def __trunc__(self): return "tr"
class I:
    def __index__(self): return 7
class F(float): pass
class N(int): pass
class B:
    def __float__(self): return 1
class Bad:
    def __index__(self): return "x"
for s in ['math.sqrt(A())', 'math.floor(A())', 'math.ceil(A())', 'math.trunc(A())', 'math.sqrt(I())', 'math.gcd(I(), 21)',
          'math.factorial(I())', 'math.log(I())', 'math.floor(I())', 'math.isqrt(I())', 'math.comb(I(), 2)', 'math.floor(F(2.5))',
          'math.trunc(F(-2.5))', 'math.ceil(F(2.1))', 'math.sqrt(B())', 'math.log(F(8), 2)', 'math.log(N(8), N(2))',
          'math.ldexp(1.0, N(3))', 'math.ldexp(1.0, I())', 'math.gcd(Bad())', 'math.floor(N(5))', 'type(math.floor(N(5)))',
          'math.sqrt(True)', 'math.factorial(True)', 'math.comb(True, False)', 'math.log(True)']:
    t(s)
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan, math.isnan(math.nan))
print(type(math.pi), math.tau == 2 * math.pi)
print(sorted(n for n in dir(math) if not n.startswith('_')))
