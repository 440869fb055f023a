# s += t in a loop (appended in place when nothing else holds s): other
# names bound to the old string must not see the change, in functions,
# at module level, in globals and closures.
def build(n):
    s = ""
    snapshots = []
    for i in range(n):
        s += str(i % 10)
        if i % 3 == 0:
            snapshots.append(s)
    alias = s
    s += "!"
    s += s
    return s, alias, snapshots

s, alias, snaps = build(10)
print(s, alias, snaps)
out = ""
keep = {}
for word in ["alpha", "beta", "gamma", "é", "☃"]:
    out += word
    keep[word] = out
    out += "|"
print(out, keep, len(out))
total = "x"
def grow():
    global total
    for _ in range(3):
        total += "y"
    return total
first = total
print(grow(), first)
def outer():
    acc = "<"
    def inner():
        nonlocal acc
        acc += "-"
        return acc
    inner()
    return inner() + ">"
print(outer())
class Builder:
    text = ""
    for part in ["a", "b", "c"]:
        text += part
print(Builder.text)
big = ""
for i in range(200000):
    big += "ab"
print(len(big), big[:6], big[-4:], big.count("ba"))
parts = []
line = "start"
for i in range(5):
    line += f" {i}"
    parts.append(line)
print(parts)
try:
    n = "a"
    n += 1
except TypeError as e:
    print("TypeError:", e, repr(n))
def plus(n):
    s = ""
    seen = []
    for i in range(n):
        s = s + chr(97 + i % 26)
        if i % 7 == 0:
            seen.append(s)
    other = s
    s = s + "!"
    t = s + "?"
    s = s + s
    return s, other, t, seen
print(plus(30))
acc = "<"
for ch in "xyz":
    acc = acc + ch
    acc = ch + acc
print(acc)
long = ""
def grow_local():
    s = ""
    for i in range(100000):
        s = s + "ab"
    return s
print(len(grow_local()))
