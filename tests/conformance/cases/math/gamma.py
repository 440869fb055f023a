# math.gamma / lgamma / erf / erfc: CPython's own algorithms, repr-exact
import math

def show(f, x):
    try:
        r = f(x)
    except Exception as e:
        r = type(e).__name__ + ': ' + str(e)
    print(f.__name__, repr(x), repr(r))

xs = [i / 8 for i in range(-40, 200) if i % 8] + [1, 2, 3, 10, 23, 24, 30, 100, 170, 171, 171.5, 171.7, 172, 200, 200.5,
      -0.5, -1.5, -2.5, -10.5, -100.5, -170.5, -171.5, -180.25, -200.5, -250.3, 1e-20, 1e-21, -1e-21, 1e-300,
      0.0, -0.0, -1, -2, -1e10, 1e10, 1e300, 4.99999, 5.0000001, 139.99, 140.01, 5.52468004077673, 6.5, 7.1,
      float('inf'), float('-inf'), float('nan')]
for x in xs:
    show(math.gamma, x)
    show(math.lgamma, x)
for x in [-6, -3, -1.5, -0.5, -1e-10, 0.0, -0.0, 1e-10, 0.1, 0.5, 1, 2, 3, 5, 6, 10, 27, 30, float('inf'), float('-inf'), float('nan')]:
    show(math.erf, x)
    show(math.erfc, x)
