# re: replacement functions that re-enter re, raise, or use the same pattern.
import re

word = re.compile(r"\w+")

def shout(m):
    # the same pattern used again inside the callback
    inner = word.sub(lambda n: n.group().upper(), m.group())
    return "<" + inner + ":" + str(len(word.findall(m.string))) + ">"

print(word.sub(shout, "ab cd ef"))
print(word.subn(lambda m: word.sub("x", m.group()) + str(m.start()), "hello big world"))

def nested(m):
    return re.sub(r"(\d)", lambda k: str(int(k.group(1)) + 1), m.group(0))

print(re.sub(r"\[[^\]]*\]", nested, "a[1 2] b[39] c"))

class Boom(Exception):
    pass

def bad(m):
    if m.group() == "c":
        raise Boom("at " + str(m.start()))
    return "-"

try:
    print(re.sub("[a-z]", bad, "abcde"))
except Boom as e:
    print("Boom", e)
print(re.sub("[a-z]", "-", "abcde"))

# the match passed in has the full string and whole-string pos/endpos
seen = []
re.sub("b", lambda m: seen.append((m.string, m.pos, m.endpos, m.span(), m.re.pattern)) or "", "abcb")
print(seen)

# callbacks may keep the match objects
kept = []
re.sub(r"(\w)(\d)", lambda m: kept.append(m) or m.group(2) + m.group(1), "a1 b2")
print([(m.group(), m.groups(), m.span()) for m in kept])

# finditer + sub on the same pattern interleaved
pat = re.compile("o")
out = []
for m in pat.finditer("foo"):
    out.append(pat.sub("0", m.string[:m.end()]))
print(out)

# a callable object as the replacement
class Counter:
    def __init__(self):
        self.n = 0

    def __call__(self, m):
        self.n += 1
        return "#%d" % self.n

c = Counter()
print(re.sub(r"\d+", c, "x1 y22 z333"), c.n)
print(re.sub(r"(?P<d>\d)", lambda m: m.expand(r"[\g<d>]"), "a1b2"))
