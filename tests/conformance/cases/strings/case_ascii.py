# upper/lower/casefold of ASCII strs (made byte for byte) and of others.
for s in ["", "a", "Z", "Hello World_123!@[`{", "abc\u00e9", "\u00df", "ABC" * 40, "\x00\x7f@[`{az AZ"]:
    print(repr(s.upper()), repr(s.lower()), repr(s.casefold()))
class S(str): pass
x = S("MiXeD")
print(repr(x.upper()), type(x.upper()).__name__, type(x.lower()).__name__)
try:
    "a".upper(1)
except TypeError as e:
    print(e)
