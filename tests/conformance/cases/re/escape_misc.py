# re: escape, special sequences, repetition, alternation and anchors.
import re

print(re.escape("a.b*c?d+e(f)g[h]i{j}k|l^m$n\\o"), re.escape("-#&~ \t\n\r\v\f"))
print(re.escape("abc_123"), re.escape(""), re.escape("é日本!@%,:;<>=/'\"`"), re.escape(b"1.5\x00"))
for s in ["1+1=2", "[x]", "a|b", "$5.00", "(^_^)", "tab\there"]:
    assert re.fullmatch(re.escape(s), s)
print(re.findall(re.escape("$5.00"), "cost $5.00 or $5x00"))
try:
    re.escape(5)
except TypeError as e:
    print("TypeError", e)

# repetitions
for pat in ["a{2}", "a{2,}", "a{,2}", "a{1,3}?", "a*?b", "a+?", "(ab)*", "a{0}", "a{3,3}", "x{,}"]:
    print(pat, re.findall(pat, "aaaab abab x{,}"))
print(re.match("a{,2}", "aaa"), re.match("(?:a|b)*c", "ababc"), re.match("(a|ab)(c|bcd)(d*)", "abcd").groups())
print(re.findall(r"a++", "aaa"), re.findall(r"(?>a+)b", "aab"), re.findall(r"a*+a", "aaa"), re.findall(r"a?+", "aa"))

# anchors and boundaries
print(re.findall(r"\bfoo\b", "foo foobar barfoo (foo)"), re.findall(r"\Bo\B", "foo boo"))
print(re.search(r"\Afoo", "xfoo"), re.search(r"foo\Z", "foo\n"), re.search("foo$", "foo\n"))
print(re.findall("^", "ab\ncd\n", re.M), re.sub("(?m)$", ";", "a\nb\n"))

# character classes
print(re.findall(r"[a-c\d]+", "abc123dxx9"), re.findall(r"[^a-z ]+", "ab CD 12"), re.findall(r"[]a]+", "]a]b"))
print(re.findall(r"[\]\\-]+", r"a]\-b"), re.findall("[-a]+", "-a-b"), re.findall(r"[.*+?]+", "a.*+?b"))
print(re.findall(r"[\w.-]+@[\w-]+\.\w+", "mail ann.b-c@ex-ample.com, bob@x.io"))
print(re.findall(r"\t\n\r\f\v\a\x20\101\0", "\t\n\r\f\v\a A\0"))

# alternation picks the first branch that matches
print(re.match("a|ab", "ab").group(), re.match("ab|a", "ab").group(), re.findall("cat|dog|bird", "dog cat bird"))

# common practical patterns
log = '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326'
m = re.match(r'(\S+) \S+ \S+ \[([^\]]+)\] "(\w+) (\S+) [^"]*" (\d{3}) (\d+)', log)
print(m.groups())
print(re.findall(r"(\w+)\s*:\s*([^,]+)", "name: box, kind: sandbox, lang: C"))
print(re.sub(r"\s+", " ", "  many   spaces\n\there  ").strip(), re.split(r"\s*[,;]\s*", "a , b;c ;d"))
print(re.sub(r"(?<=\d)(?=(\d{3})+$)", ",", "1234567"), re.findall(r"#[0-9a-fA-F]{6}\b", "#ff00ff #abc #123456"))
print(re.match(r"^[\w.+-]+@[\w-]+(\.[\w-]+)+$", "a.b+c@d-e.f.gh") is not None)
