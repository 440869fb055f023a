class I(int): pass
class F(float): pass
print("%c|%d|%i|%x|%o|%e|%g|%5.1f" % (I(65), F(2.5), I(7), I(255), I(8), F(1.5), I(3), F(2.25)))
print("{:d} {:x} {!r} {:.2f} {} {}".format(I(5), I(255), F(1.5), F(2), I(1), F(3.0)))
print(format(F(1.5), ".1f"), format(I(5), "b"), F(1e300) * 10, int(F(3.7)), F("inf"), F(" 1.5 "))
try:
    "%d" % F(float("nan"))
except ValueError as e:
    print("ValueError", e)
try:
    format(I(5), "z")
except ValueError as e:
    print("ValueError", e)
print(I(5).__format__(""), F(2.0).__format__(""), I.__format__(I(3), "03d"))
class Ix:
    def __index__(self):
        return 97
print("%c" % Ix(), "%c" % 10**1 if False else "%c" % 66)
try:
    "%c" % 1.5
except TypeError as e:
    print("TypeError", e)
