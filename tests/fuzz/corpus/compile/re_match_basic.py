# re: match, search and fullmatch, with pos/endpos and the Match basics.
import re

p = re.compile(r"(\w+) (\w+)")
for s in ["hello world", "  hello world", "hello", "a b c", ""]:
    print(repr(s), p.match(s), p.search(s), p.fullmatch(s))

m = re.match(r"(\d+)-(\d+)", "12-345 rest")
print(m)
print(m.group(), m.group(0), m.group(1), m.group(2), m.group(1, 2), m.group(2, 0))
print(m[0], m[1], m[2])
print(m.start(), m.end(), m.span(), m.start(2), m.end(2), m.span(1))
print(m.pos, m.endpos, m.string, m.re, m.re.pattern)
print(bool(m), m.regs)

# pos and endpos
q = re.compile(r"\d")
print(q.search("a1b2c3", 2), q.search("a1b2c3", 2, 3), q.search("a1b2c3", 4, 5))
print(q.match("a1b2", 1), q.match("a1b2", 0), q.fullmatch("a1b2", 1, 2))
print(q.search("123", -5), q.search("123", 10), q.search("123", 2, 1))
m = q.search("x9", -3, 100)
print(m, m.pos, m.endpos)
print(q.search("a1b2", pos=2), q.search("a1b2", endpos=1), q.match(string="5"))

# ^ and $ with pos/endpos
print(re.compile("^a").search("ba", 1), re.compile("a$").search("ab", 0, 1))
print(re.compile(r"\Aa").match("ba", 1), re.compile(r"a\Z").search("ab", 0, 1))

# search finds the leftmost match
print(re.search("o+", "foo boooo"), re.search("x*", "abc"), re.search("$", "abc"))

# fullmatch needs the whole string
print(re.fullmatch("a|ab", "ab"), re.fullmatch("a*?", "aaa"), re.fullmatch(".*", ""))

# module functions accept flags and compiled patterns
print(re.match("ABC", "abc", re.I), re.match(p, "x y"), re.search(re.compile("b"), "abc"))
for bad in [lambda: re.match(p, "x y", re.I), lambda: re.match(123, "x"),
            lambda: re.match("a", 123), lambda: re.match("a", None),
            lambda: p.match(), lambda: p.match("a", "1")]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# a match object is always true, None when there is no match
print([bool(re.match("x?", s)) for s in ["", "x", "y"]])
print(re.match("a", "b") is None)
