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
for v in (0, 5, -5, 42, -42, 123456, -123456, 2**40, -2**40):
    print("[%02d|%5d|%-5d|%05d|%-05d|%0-5d|%3d|%1d|%0d|%*d|%-*d|%0*d|%*d]" % (v, v, v, v, v, v, v, v, v, 6, v, 6, v, 6, v, -6, v))
print("%064d|%65d|%-70d|" % (7, 7, 7))
print("2026-12-%02d 12:%02d:%02d [%s] svc%d: %s id=%d" % (3, 4, 5, "INFO", 7, "msg", 99))
