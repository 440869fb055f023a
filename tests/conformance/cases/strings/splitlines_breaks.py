# str.splitlines over every line break Python knows, ASCII and not, with
# text between them that is skipped without decoding.
breaks = ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
not_breaks = ["\t", "\x1f", "\x84", "\u2027", "\u202a", "\u00c2", "\u00e2", "\u20ac", "\U0001f600"]
for b in breaks + not_breaks:
    s = "ab" + b + "c\u00e9" + b + b + "d"
    print(repr(b), s.splitlines(), s.splitlines(True), s.splitlines(keepends=True) == s.splitlines(True))
text = "".join("line %d %s\u00e9%s" % (i, "x" * (i % 7), breaks[i % len(breaks)]) for i in range(60))
print(len(text.splitlines()), text.splitlines()[:5], text.splitlines(True)[-3:])
print("".splitlines(), "\n".splitlines(), "x".splitlines(), "\r\r\n\n".splitlines(True))
print(b"a\rb\nc\r\nd\x0be".splitlines(), b"a\rb\nc\r\n".splitlines(True))
