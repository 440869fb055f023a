# complex repr/str and format() specs, f-strings, and the format errors.
zs = [1+2j, 1j, -1j, 0j, complex(-0.0, -1), complex(1234567.891, -0.000123), complex(1e20, 1), complex(float('inf'), float('nan')), complex(-2.5, 0), 3.14159j, complex(-0.0, -0.0)]
specs = ['', '.2f', '>20', '<20', '^20', '*^25', '+', ' ', '-', '.3', '.3e', 'E', 'F', 'g', 'G', 'n', ',', '_', ',.2f', '#', '#.0f', '10.1f', '.0e', 'z.1f', 'z', '+.2g', '.10', '.17g', '\u00e9>16', '30,.3f']
for z in zs:
    for s in specs:
        try:
            print(repr(s), repr(format(z, s)))
        except Exception as e:
            print(repr(s), type(e).__name__, e)
z = 3-4j
print(f"{z}", f"{z:.2f}", f"{z:>20}", f"{z!r:>12}", f"{z!s}", "{:.1f}".format(z), "{0.real} {0.imag}".format(z), "%s %r" % (z, z))
for s in ['010', '=10', '%', 'd', 'x', '0<10', 's', 'c', '.2%', ',n', ',_', '.', 'b', '\u00e9']:
    try:
        print(repr(s), repr(format(z, s)))
    except Exception as e:
        print(repr(s), type(e).__name__, e)
try:
    format(z, 5)
except Exception as e:
    print(type(e).__name__, e)
print(z.__format__(''), repr(str(z)), repr(z))
