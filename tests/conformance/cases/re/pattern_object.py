# re: Pattern attributes, repr, equality, hash, copy, the compile cache.
import re

p = re.compile(r"(?P<key>\w+)\s*=\s*(?P<value>.*)", re.M)
print(p.pattern, p.flags, p.groups, p.groupindex, sorted(p.groupindex.items()))
print(repr(p), str(p), type(p), type(p).__name__, isinstance(p, re.Pattern))
gi = p.groupindex
print(repr(gi), gi["key"], len(gi), list(gi), "key" in gi, gi.get("x", 0), type(gi).__name__)
print(list(gi.items()), list(gi.keys()), list(gi.values()), gi == {"key": 1, "value": 2}, gi.copy())
try:
    gi["x"] = 5
except TypeError as e:
    print("TypeError", e)
print(p.groupindex)
print(re.compile("abc").groupindex, re.compile("(a)(b)").groups, re.compile("").pattern)

# repr truncates long patterns and names the flags
print(repr(re.compile("x" * 250)))
print(repr(re.compile("a'b")), repr(re.compile('a"b\'c')), repr(re.compile("\n\t")), repr(re.compile("é")))
print(repr(re.compile("x", re.I | re.S | re.X | re.M)), repr(re.compile("x", re.DEBUG & 0)))

# equality and hashing
a, b = re.compile("ab+"), re.compile("ab+")
print(a == b, a != b, a == re.compile("ab+", re.I), a == re.compile(b"ab+"), a == "ab+")
print(hash(a) == hash(b), len({a, b, re.compile("x")}), {a: 1}[b])
print(a.__copy__() is a, a.__deepcopy__({}) is a, re.compile(a) is a)

# the cache returns the same object for the same pattern and flags
print(re.compile("q+") is re.compile("q+"), re.compile("q+", re.I) is re.compile("q+", re.I))
print(re.compile("q+") is re.compile("q+", re.I), re.compile(b"q+") == re.compile("q+"))
re.purge()
print(re.compile("q+").pattern, re.purge())
for i in range(600):
    re.compile("n%d" % i)
print(re.match("n5", "n5"), re.compile("n599").pattern)

# methods with keywords
print(p.match(string="k = v"), p.search("  k=v", pos=2), p.fullmatch("k=v", endpos=3))
print(p.sub(repl=r"\g<value>", string="a=1"), p.subn(r"\2", "a=1\nb=2", count=1))
print(p.split(string="a=1", maxsplit=1), p.findall("a=1\nb=2"), [x.span() for x in p.finditer("a=1\nb=2")])

# Match objects: repr, copy, attributes
m = p.match("name = box")
print(repr(m), m.__copy__() is m, m.__deepcopy__(None) is m, m.re is p, type(m).__name__)
print(re.Pattern, re.Match, isinstance(m, re.Match), re.Match[str], re.Pattern[bytes])
print(repr(re.match(".*", "x" * 80)))
print(repr(re.match(".*", "it's")), repr(re.match(".*", "\n")), repr(re.match("", "")))
for name in ("pattern", "flags", "groups"):
    try:
        setattr(p, name, 1)
    except AttributeError as e:
        print("AttributeError", name)
