# re: bytes patterns and bytes-like subjects.
import re

p = re.compile(rb"(\w+)=(\d+)")
m = p.search(b"xx key=42 yy")
print(m, m.groups(), m.group(1), m.span(), m.string, m.re)
print(p.findall(b"a=1 b=2"), p.sub(rb"\2=\1", b"a=1 b=2"), p.subn(b"X", b"a=1"), p.split(b"a=1;b=2"))
print(re.findall(rb"\d", b"1\xd92"), re.findall(rb"\w+", b"caf\xe9 ok"), re.findall(rb"\s", b"\x85\xa0 \t"))
print(re.findall(rb"[\x80-\xff]+", b"a\xff\xfeb"), re.findall(b".", b"\x00\n"), re.findall(b"(?s).", b"\n"))
print(re.match(b"ABC", b"abc", re.I), re.match(b"\xe9", b"\xc9", re.I), re.match(rb"(?i)k", b"K"))
print(re.escape(b"a.b*c\xff"), re.sub(b"a", lambda m: b"<" + m.group() + b">", b"banana"))
print(re.findall(b"a", bytearray(b"banana")), type(re.match(b"a", bytearray(b"ab")).group()))
print(re.match(b"a", bytearray(b"ab")).string, re.sub(b"a", b"o", bytearray(b"ab")))
print(re.sub(b"a", bytearray(b"o"), b"ab"), re.split(b",", bytearray(b"1,2")))
print(repr(re.compile(b"x+", re.M)), re.compile(b"x").flags, re.compile(b"(?P<n>x)").groupindex)
print(re.match(rb"(?P<n>.)(?P=n)", b"zz"), re.fullmatch(rb"\x00+", b"\x00\x00"))

for bad in [lambda: re.match(b"a", "a"), lambda: re.match("a", b"a"), lambda: p.match(bytearray(b"x=1").decode()),
            lambda: re.compile(b"a", re.U), lambda: re.compile(rb"\u0041"), lambda: re.compile(rb"\N{DIGIT ONE}"),
            lambda: re.sub(b"a", "b", b"a"), lambda: re.compile(b"(?u)x"), lambda: re.match(b"a", 5)]:
    try:
        print(bad())
    except (TypeError, ValueError, re.error) as e:
        print(type(e).__name__, e)

# repr of bytes matches
print(repr(re.search(rb"\xff+", b"a\xff\xffb")), repr(re.search(b"'", b"'")))
print(re.match(b"", b""), re.findall(b"", b"ab"), re.sub(b"", b"-", b"ab"))
