# re: flags I M S X A U and combinations, inline flags, RegexFlag repr.
import re

print(re.I, re.M, re.S, re.X, re.A, re.U, re.L, re.NOFLAG, re.DEBUG, re.T)
print(repr(re.IGNORECASE), repr(re.I | re.M), re.I | re.M | re.S, re.A | re.I, re.I | re.A)
print(re.I.value, re.I.name, (re.I | re.M).name, int(re.I | re.S), re.I | 1024)
print(re.I == 2, re.I | re.I == re.I, 2 | re.M, re.X & re.X, (re.I | re.M) & re.M, re.I ^ re.I)
print(f"{re.M}", "%d" % re.M, format(re.S, "d"), hash(re.I) == hash(2), bool(re.NOFLAG))
print(re.RegexFlag(8), re.RegexFlag(10), re.IGNORECASE is re.I)

for flags in [0, re.I, re.M, re.S, re.X, re.A, re.U, re.I | re.M, re.I | re.S | re.X,
              re.M | re.A, re.I | re.U, 2 | 8]:
    p = re.compile("a.b", flags)
    print(repr(p), p.flags)
print(repr(re.compile(b"x", re.I | re.M)), re.compile(b"x").flags, re.compile(b"x", re.L).flags)
print(repr(re.compile("x", re.L | re.M)) if False else "", re.compile("(?i)x").flags)

# IGNORECASE
print(re.findall("ab", "AB ab Ab aB", re.I), re.match("[a-z]+", "HeLLo", re.I))
print(re.match("ß", "SS", re.I), re.match("K", "\u212a", re.I), re.match("k", "\u212a", re.I | re.A))
print(re.findall(r"[é]", "ÉéE", re.I), re.match("Σ", "ς", re.I), re.match("i", "I", re.I))

# MULTILINE and DOTALL
t = "one\ntwo\nthree"
print(re.findall("^\\w+", t), re.findall("^\\w+", t, re.M), re.findall("\\w+$", t, re.M))
print(re.findall("o.t", "o\nt out"), re.findall("o.t", "o\nt out", re.S), re.search(".+", "\nab"))
print(re.findall(r"\A\w", t, re.M), re.findall(r"\w\Z", t, re.M), re.search("$", "a\n").span())

# inline flags and scoped flags
print(re.findall("(?i)ab", "AB ab"), re.findall("(?m)^x", "x\nx"), re.findall("(?s)a.b", "a\nb"))
print(re.findall("(?i:a)b", "Ab AB ab"), re.findall("a(?-i:b)", "aB ab AB", re.I))
print(re.match("(?x) a b # comment", "ab"), re.match("(?a)\\w+", "héllo"), re.match("(?u)\\w+", "héllo"))
print(re.compile("(?ims)x").flags, re.compile("(?x)x").flags, re.compile("(?a)x").flags)
for bad in ["a(?i)b", "(?z)x", "(?i", "(?-q:x)", "(?a:(?u:x))", "(?aL)x", "(?-a:x)"]:
    try:
        print(re.compile(bad))
    except re.error as e:
        print("error", e)

# incompatible flags
for args in [("x", re.A | re.U), ("x", re.L), (b"x", re.U), (b"x", re.A | re.L)]:
    try:
        re.compile(*args)
    except ValueError as e:
        print("ValueError", e)

# members through the class, flags as dict keys and in comparisons
print(re.RegexFlag.IGNORECASE, re.RegexFlag.ASCII | re.RegexFlag.DOTALL, re.RegexFlag.NOFLAG)
print({re.I: "i", re.M: "m"}[re.I], re.M in (8,), re.I < re.M, re.S > 1, re.X - 1, 1 + re.X)
print(re.compile("x", flags=re.RegexFlag.MULTILINE).flags, re.findall("A", "aA", flags=re.I | 0))
