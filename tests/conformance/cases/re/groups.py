# re: groups, named groups, defaults, lastindex/lastgroup, spans of groups.
import re

m = re.match(r"(?P<first>\w+) (?P<last>\w+)(?P<tail> .*)?", "Jane Doe")
print(m.groups(), m.groups("-"), m.groupdict(), m.groupdict(0))
print(m.group("first"), m["last"], m.group("tail"), m.group("first", 2))
print(m.span("tail"), m.start("tail"), m.end("last"), m.lastindex, m.lastgroup)
print(m.re.groupindex, m.re.groups)

for args in [(3,), (4,), (-1,), ("nope",), (1.0,), (None,), ("first", 9)]:
    try:
        print(m.group(*args))
    except IndexError as e:
        print("IndexError", e)
for meth in ("start", "end", "span"):
    try:
        print(getattr(m, meth)(7))
    except IndexError as e:
        print("IndexError", e)
try:
    m["x"]
except IndexError as e:
    print("IndexError", e)

# lastindex / lastgroup
for pat, s in [(r"(a)(b)", "ab"), (r"(a)(b)?", "a"), (r"((a)b)", "ab"), (r"(a)|(b)", "b"),
               (r"(?P<x>a)(?P<y>b)", "ab"), (r"(?P<x>a(?P<y>b))", "ab"), (r"a", "a"),
               (r"(a)(?:b)", "ab"), (r"((a)(b))", "ab"), (r"(a(b)?)+", "aba")]:
    m = re.match(pat, s)
    print(pat, m.lastindex, m.lastgroup, m.groups(), m.regs)

# nested and alternative groups
m = re.match(r"((\w)(\w))-((\d)|(x))", "ab-x")
print(m.groups(), m.groups(""), [m.span(i) for i in range(7)])

# backreferences
print(re.match(r"(a+)b\1", "aabaa"), re.match(r"(?P<q>['\"]).*?(?P=q)", "'hi' there"))
print(re.search(r"(\w)\1", "abccd"), re.findall(r"(\w)\1", "aabbcd"))

# non-capturing, lookahead/lookbehind
print(re.findall(r"(?:ab)+", "ababxab"), re.findall(r"\w+(?=!)", "hi! yo ok!"))
print(re.findall(r"(?<=\$)\d+", "$10 and $20"), re.findall(r"(?<!-)\b\d+", "-1 2 -3 4"))
print(re.search(r"(?!abc)\w{3}", "abcabd"))

# conditional groups
p = re.compile(r"(<)?(\w+)(?(1)>|$)")
print([p.match(s) and p.match(s).group() for s in ["<a>", "a", "<a", "a>"]])

# groups() on a pattern without groups, many groups
print(re.match("x", "x").groups(), re.match("x", "x").groupdict())
big = re.match("(a)" * 20, "a" * 20)
print(len(big.groups()), big.lastindex, big.group(20), big.span(20))

# expand
m = re.match(r"(?P<a>\w+)=(?P<b>\w+)", "key=val")
print(m.expand(r"\2:\1"), m.expand(r"\g<b>/\g<a>/\g<0>"), m.expand(r"[\g<2>]\n"))
try:
    m.expand(r"\3")
except re.error as e:
    print("error", e)
