# The same str pattern over ASCII and non-ASCII subjects: box runs an
# ASCII subject through a form of the pattern without Unicode properties,
# which must agree with the Unicode form on everything ASCII holds
# (\s includes \x1c-\x1f, \w/\d/\b are their ASCII members).
import re

subjects = [
    "abc def_1 23\x1c4\x1d5\x1e6\x1f7\x0b8\x0c9",
    "caf\u00e9 na\u00efve \u0661\u0662 x\u00a0y \u2003z",
    "GET /api/v1/items/42 200 17ms",
    "",
    "a",
    "\x1f",
]
patterns = [
    r"\s+", r"\S+", r"\w+", r"\W+", r"\d+", r"\D+", r"\b\w", r"\B.",
    r"[\s\d]+", r"[^\s]+", r"[^\W\d]+", r"[\w\s]+", r"(?a)\s+", r"(?a:\w+)\s(\w+)",
    r"(\w+)=(\d+)", r"^\w+", r"\w+$", r"[\S]", r"(?u)\w+",
]
for pat in patterns:
    p = re.compile(pat)
    for s in subjects:
        print(repr(pat), repr(s), p.findall(s), [m.span() for m in p.finditer(s)],
              bool(p.match(s)), p.sub("#", s), p.split(s))

# a compiled pattern shared by ASCII and non-ASCII subjects, alternately
p = re.compile(r"(\w+)\s(\d+)")
for s in ["ab 12", "\u00e9b \u0661\u0662", "x\x1c1", "zz 9", "\u00e9\u00e9 99"] * 2:
    m = p.search(s)
    print(repr(s), m and m.groups(), p.fullmatch(s) is not None)

# IGNORECASE keeps its Unicode folding over ASCII subjects
print(re.findall("\u212a+", "kKk", re.I), re.findall(r"[\u017f]", "sS", re.I))
print(re.findall(r"\w+", "hello world", re.I), re.findall(r"\S", "a b", re.I))
