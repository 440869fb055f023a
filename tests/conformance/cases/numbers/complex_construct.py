# complex(): numbers, strings (CPython 3.11 syntax and messages), __complex__, keywords.
zs = [1+2j, 1j, -1j, 0j, -0.0-1j, complex(-0.0, 0.0), complex(1e20, 1), complex(float('inf'), float('nan')),
      complex(float('-inf'), -float('inf')), complex(0.1, -0.2), 2.5j, complex(1, -0.0), complex(-1.5, 0)]
for z in zs:
    print(repr(z), str(z), z.real, z.imag, z.conjugate(), bool(z))
for s in ['1+2j', ' (1-2j) ', 'j', '-j', '+J', '1', '2.5e3-4.5e-3j', 'inf+nanj', '-infinityj', '1_000+2_0j', '(1+2j)', '\t3j\n', '1e500j', '١٢+٣j', '\u20031+1j']:
    print(repr(s), complex(s))
for s in ['', '1+', '1+2', '(1+2j', '1+2j)', 'j1', '1__0', '_1', '1_', '1e', '1 + 2j', 'abc', '1+2jj', '()', '1+-2j', '1j+2', 'nanj+1', '\x00']:
    try:
        print(complex(s))
    except Exception as e:
        print(repr(s), type(e).__name__, e)
print(complex(), complex(1), complex(1.5, 2), complex(1j, 1j), complex(1+2j, 3+4j), complex(real=3, imag=4), complex(imag=2))
print(complex(True), complex(2**53), complex(1j))
for args in [('1', 2), (1, '2'), ([],), (1, []), (None,), (b'1',)]:
    try:
        print(complex(*args))
    except Exception as e:
        print(type(e).__name__, e)
try:
    complex(1, 2, 3)
except Exception as e:
    print(type(e).__name__, e)
try:
    complex(x=1)
except Exception as e:
    print(type(e).__name__, e)
class C:
    def __complex__(self): return 3+4j
class F:
    def __float__(self): return 2.5
class I:
    def __index__(self): return 7
class Bad:
    def __complex__(self): return 5
print(complex(C()), complex(F()), complex(I()), complex(F(), I()))
try:
    complex(1, C())
except TypeError as e:
    print(e)
try:
    complex(Bad())
except Exception as e:
    print(type(e).__name__, e)
print(complex(2**1023 * 1.0, 0))
try:
    complex(10**400)
except Exception as e:
    print(type(e).__name__, e)
