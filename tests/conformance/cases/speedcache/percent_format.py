# printf-style % formatting: %d/%i/%u/%s with and without flags, width and
# precision, of small and big ints, bools, floats, strs and their subclasses.
import sys
vals = [0, 1, -1, 7, -42, 2**31, -2**31, 2**62, -2**63 + 1, 2**63 - 1, 2**64, -2**70, True, False, 3.9, -0.5]
for v in vals:
    print("%d|%i|%u|%s|%5d|%-5d|%05d|%+d|% d" % (v, v, v, v, v, v, v, v, v))
print("%s-%s" % ("abc", "é日😀"), "%s" % "", "%(a)s:%(b)d" % {"a": "x", "b": 5})
class S(str): pass
class I(int): pass
print("%s %d %s" % (S("sub"), I(9), I(10)))
print("%s" % (None,), "%s" % [1, 2], "%.2s|%5s|%-5s|" % ("abcdef", "ab", "ab"))
print("item%d" % 123456, "%d%%" % 50, "%%%s%%" % "x")
try:
    "%d" % "x"
except TypeError as e:
    print("TypeError", e)
try:
    "%d %d" % (1,)
except TypeError as e:
    print("TypeError", e)
try:
    "%d" % (1, 2)
except TypeError as e:
    print("TypeError", e)
