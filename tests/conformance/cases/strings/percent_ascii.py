# printf-style formatting whose result is or is not ASCII: the format,
# a %s str, a %c, %r of non-ASCII text, mappings and padding; the results'
# lengths, indexing and isascii() tell whether they were built right.
cases = [
    ("item%d", 5), ("item%d", -12), ("%s-%s", ("ab", "cd")), ("%s-%s", ("ab", "é")),
    ("é%d", 3), ("%5s|", "ü"), ("%-4s|", "ab"), ("%c%c", ("x", 0xe9)), ("%r", "naïve"),
    ("%a", "naïve"), ("%(k)s=%(v)d", {"k": "clé", "v": 7}), ("%(k)s=%(v)d", {"k": "key", "v": 7}),
    ("%s", 3.5), ("%s", None), ("%s%%", "ω"), ("%%%s", "x"), ("%.2s", "ñandú"), ("%x/%X/%o", (255, 255, 8)),
    ("%5.1f|%-6d|%06d", (2.25, 42, -42)), ("%s", b"bytes"), ("%s", ["é"]),
]
for fmt, args in cases:
    r = fmt % args
    print(repr(r), len(r), r.isascii(), r[-1:], r[:2], r == "".join(r[i] for i in range(len(r))))
words = ["w%d" % i for i in range(5)] + ["ŵ%s" % w for w in ("a", "é")]
print(words, [len(w) for w in words], [w.isascii() for w in words])
print({"%s%d" % ("k", i): i for i in range(3)})
