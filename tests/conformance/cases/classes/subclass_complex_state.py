# complex subclasses: instances are the subclass, carry attributes, and
# arithmetic, complex() and + give plain complex values (as CPython).
class Impedance(complex):
    def __new__(cls, r, x, unit="ohm"):
        self = super().__new__(cls, r, x)
        self.unit = unit
        return self

    def __repr__(self):
        return f"Impedance({self.real:g}, {self.imag:g}, {self.unit!r})"


z = Impedance(3, 4)
print(z, type(z).__name__, z.unit, abs(z), vars(z))
w = z + Impedance(1, -1, "kohm")
print(w, type(w).__name__)
print(z * 2, 2 * z, z / 1j, -z, type(-z).__name__, +z, type(+z).__name__)
print(z == 3 + 4j, z != 3, hash(z) == hash(3 + 4j), z.conjugate(), type(z.conjugate()).__name__)
print(complex(z), type(complex(z)).__name__, type(z.__complex__()).__name__)
print(f"{z:.1f}", format(z, ""), str(z), [z], {z: 1}[3 + 4j])
z.unit = "mohm"
del z.unit
print(hasattr(z, "unit"), isinstance(z, complex), issubclass(Impedance, complex))


class C(complex):
    pass


c = C("1-2j")
c.tag = "t"
print(c, repr(c), c.tag, C(), C(2.5), C(1, 1), C(real=1, imag=2), C(1j, 1j))
print(c.real, c.imag, type(c.real).__name__)
print(sorted([C(1, 1), C(1, 2)], key=abs))
for bad in ("x", [1]):
    try:
        C(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    c < c
except TypeError as e:
    print("TypeError", e)
