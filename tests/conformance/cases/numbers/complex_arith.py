# complex arithmetic with int/float/complex on either side, abs, hash, ==, ordering errors, **.
import math
vals = [1+2j, -3.5j, 2, 2.5, True, 0j, complex(0.0, -0.0), complex(-0.0, 0.0), complex(1e308, 1e308), complex(float('inf'), 0), complex(float('nan'), 1)]
ops = [('+', lambda a, b: a + b), ('-', lambda a, b: a - b), ('*', lambda a, b: a * b), ('/', lambda a, b: a / b)]
for a in vals:
    for b in vals:
        if not isinstance(a, complex) and not isinstance(b, complex):
            continue
        for name, f in ops:
            try:
                r = f(a, b)
                print(repr(a), name, repr(b), '=', repr(r))
            except Exception as e:
                print(repr(a), name, repr(b), type(e).__name__, e)
print(-(1+2j), +(1+2j), -0j, -complex(0.0, -0.0))
print(abs(3+4j), abs(-5j), abs(complex(float('inf'), float('nan'))), abs(complex(float('nan'), 1)), abs(0j))
try:
    abs(complex(1e308, 1e308))
except OverflowError as e:
    print(e)
print(hash(1+0j) == hash(1), hash(2.5+0j) == hash(2.5), hash(1j), hash(1+2j), hash(-1j), hash(complex(-1, 0)), hash(complex(1e300, -3.25)))
print(1+0j == 1, 1 == 1+0j, 1.0 == 1+0j, 1j == 1j, 1j != 1j, 1j == 'x', 1j != None, 2**70 + 0j == 2**70, 1j == 0, (2+0j) == True)
print(complex(2**53+1, 0) == 2**53+1)
for op in ['<', '<=', '>', '>=']:
    for a, b in [(1j, 2j), (1j, 1), (1, 1j), (1.5, 1j)]:
        try:
            eval('a %s b' % op)
        except TypeError as e:
            print(e)
for a, b in [(1j, 2), (2, 1j), (1j, 1.5)]:
    for code in ['a // b', 'a % b', 'divmod(a, b)']:
        try:
            eval(code)
        except TypeError as e:
            print(e)
try:
    1j / 0
except ZeroDivisionError as e:
    print(e)
try:
    1 / 0j
except ZeroDivisionError as e:
    print(e)
try:
    1.5 / complex(0.0, -0.0)
except ZeroDivisionError as e:
    print(e)
print((1+2j) / complex(float('nan'), 1), (1+2j) / complex(1e-320, 1e-320))
x = 1+1j
x += 2
x *= 1j
x -= 1
x /= 2
x **= 2
print(x)
print(sum([1j, 2, 3.5]), [1j, 2j] * 2, 1j in [1j], {1j: 1, 1+0j: 2, 1: 3})
print(1j * 1j, 1j ** 2, (1+1j) ** 100, (1+1j) ** 101, (1+1j) ** -3, (1.1+0.3j) ** 7, 2 ** 1j, 1j ** 1j, (1+2j) ** 0.5, (1+2j) ** (0.5+1j))
print(pow(1+1j, 2), pow(2, 1+1j), pow(-8, 1/3), (-8) ** 0.5, (-8.0) ** 0.5, (-2) ** 1.5, (-1.0) ** 0.5, 0j ** 0, 0j ** 0j, 0j ** 2)
for code in ['0j ** -1', '0j ** 1j', '0 ** (-1+0j)', 'complex(1e200, 1e200) ** 2', 'complex(float("inf"), 0) ** 2', '10j ** 400.5', '(-8.0) ** 1e400']:
    try:
        print(code, eval(code))
    except Exception as e:
        print(code, type(e).__name__, e)
print((1+2j).__complex__(), (1+2j).__getnewargs__(), complex.__complex__(3j))
print(isinstance(1j, complex), type(1j), type(1j).__name__, issubclass(complex, object), complex)
for bad in ['int(1j)', 'float(1j)', 'round(1j)', 'math.sqrt(1j)', '1j < 1j', '"a" + 1j', '1j + "a"', '1j & 1', '~1j']:
    try:
        exec(bad)
    except Exception as e:
        print(bad, type(e).__name__, e)
print(1e400j, -1e400j, 1j.imag, 3j.real, (1+1j).real.is_integer())
print(True + 1j, 1j + True, 1j * False, 5 - 1j, 5.5 / 2j)
print(sorted([3j, 1j, 2j], key=abs), max([1j, 3+0j], key=lambda z: z.real))
print((-(2**1023) * 2 + 1j) if False else 'ok')
try:
    (10**400) + 1j
except OverflowError as e:
    print(e)
