# str.replace: counts (none, zero, negative, limited), new shorter, equal
# and longer than old, overlapping candidates, non-ASCII text turning
# ASCII and back, results much shorter than the input, and which results
# are the str itself (CPython: nothing found, count 0, old is new).
cases = [
    ("hello world", "o", "0"), ("hello world", "o", ""), ("hello world", "o", "OOO"),
    ("aaaa", "aa", "b"), ("aaaaa", "aa", "bcd"), ("abcabcabc", "abc", ""),
    ("", "a", "b"), ("abc", "abcd", "x"), ("abc", "c", "c"), ("xyz", "q", "r"),
    ("héllo wörld", "ö", "o"), ("héllo", "é", "e"), ("hello", "l", "λλ"),
    ("日本語日本語", "本", "-"), ("a😀b😀c", "😀", ""), ("a😀b😀c", "😀", "😀😀"),
    ("mississippi", "ss", "SS"), ("mississippi", "i", "ii"), ("mississippi", "issi", "X"),
]
for s, old, new in cases:
    for count in (-5, -1, 0, 1, 2, 3, 100):
        r = s.replace(old, new, count)
        print(repr(s), repr(old), repr(new), count, repr(r), len(r), r.isascii())
    r = s.replace(old, new)
    print(repr(r), len(r), r == s.replace(old, new, -1))

big = "item " * 3000
r = big.replace("item", "i")
print(len(r), r[:20], r[-10:], r.count("i"), len(r.split()))
r = big.replace("item ", "")
print(repr(r), len(r))
r = big.replace("item", "ïtem-ïtem")
print(len(r), r[:30], r[-12:], r[10000], r.count("ï"))
nb = "ŵord " * 2000
r = nb.replace("ŵ", "w")
print(len(r), r.isascii(), r[5:15], r[-6:])
r = nb.replace("ŵord ", "x", 1500)
print(len(r), r[:3], r[1500:1512], r[-5:])

s = "abc"
print(s.replace("x", "y") is s, s.replace("b", "b", 0) is s, s.replace("b", "x", 0) is s)
b = "b"
print(s.replace(b, b) is s, s.replace("b", "".join(["b", ""])) is s, s.replace("b", "d") is s)
e = ""
print(e.replace("", "") == e, e.replace("a", "b") is e)

class S(str):
    pass

t = S("abcb")
for r in (t.replace("x", "y"), t.replace("b", "B"), t.replace("b", "b", 0)):
    print(type(r).__name__, r, r is t)

for bad in ((1, "a"), ("a", 1), ("a", "b", "c")):
    try:
        "abc".replace(*bad)
    except TypeError as e:
        print("TypeError", e)
