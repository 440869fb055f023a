# math: every float function over special and ordinary values (repr-exact)
import math
vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-300, -1e-300, 5e-324, 1e300, -1e300, 710.0, -710.0, 1e16, 3.7, -3.7, 0.9999999999, 1.0000001, 100.5, -100.5, 170.5, -170.5, 1e-20, 1e-21, float('inf'), float('-inf'), float('nan'), 2**53, 2**63, -2**63, 10**20, 7, -7, True, 0.1, 0.7, 30.0, -30.0, 1e-5]
def show(f, *a):
    try: r = f(*a)
    except Exception as e: r = type(e).__name__ + ': ' + str(e)
    print(f.__name__, a, repr(r))
for name in ['acos','acosh','asin','asinh','atan','atanh','cbrt','ceil','cos','cosh','degrees','erf','erfc','exp','exp2','expm1','fabs','floor','frexp','gamma','isfinite','isinf','isnan','lgamma','log','log10','log1p','log2','modf','radians','sin','sinh','sqrt','tan','tanh','trunc','ulp']:
    for v in vals:
        show(getattr(math, name), v)
small = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e308, 1e-308, float('inf'), float('-inf'), float('nan'), 3, -3, 0.5, 10**30]
for name in ['atan2','copysign','fmod','remainder','pow','nextafter','log','hypot','isclose']:
    for a in small:
        for b in small:
            show(getattr(math, name), a, b)
for a in small:
    for b in [0, 1, -1, 5, 1023, 1024, -1074, -1075, 10**20, -10**20, True]:
        show(math.ldexp, a, b)
