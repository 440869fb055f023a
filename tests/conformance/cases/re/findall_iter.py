# re: findall and finditer, including the 3.7+ empty-match rules.
import re

print(re.findall(r"\d+", "a1b22c333"), re.findall(r"(\w)=(\d)", "a=1 b=2 c=x"))
print(re.findall(r"(\w)(=)?", "ab="), re.findall(r"(a)|b", "ab"), re.findall("x", "abc"))
print(re.findall(r"", "abc"), re.findall(r"x*", "axxb"), re.findall(r"\b", "ab cd"))
print(re.findall(r"a|", "baac"), re.findall(r"(?:)", ""), re.findall(r"^", "a\nb", re.M))
print(re.findall(r"$", "a\nb\n", re.M), re.findall(r"$", "a\nb\n"), re.findall(r"\B", "abc"))
print(re.findall(r"a*?", "aa"), re.findall(r"(a*)", "aab"), re.findall(r"(?=a)", "aaa"))

p = re.compile(r"\w+")
print(p.findall("one two three", 4), p.findall("one two three", 4, 9), p.findall("xy", 5))
print(p.findall(string="a b"), p.findall("a b", endpos=1))

for m in re.finditer(r"(\w)(\d)?", "a1b c2"):
    print(m.span(), m.groups(), m.lastindex)
it = re.finditer(r"x*", "axb")
print(type(it).__name__, [m.span() for m in it], list(it))
print([m.group() for m in re.finditer(r"\s*", "a  b")])
print([m.span() for m in re.compile("o").finditer("foo boo", 2, 6)])
print([(m.pos, m.endpos) for m in re.compile("o").finditer("foo", 1)])
it = iter(re.finditer("a", "aa"))
print(next(it), next(it))
try:
    next(it)
except StopIteration:
    print("StopIteration")

# finditer keeps its own subject; the matches stay valid
ms = list(re.finditer(r"(\w+)@(\w+)", "ann@x bob@y"))
print([m.groups() for m in ms], [m.string for m in ms])

# a lot of matches
s = "ab" * 5000
print(len(re.findall("b", s)), len(list(re.finditer("a", s))), re.findall("(ab){3}", "ab" * 7))
