# re: code point spans on non-ASCII subjects: groups before the match (look-behind),
# finditer/sub/split with pos/endpos, empty matches between multi-byte characters.
import re
s = "éaé😀xéb😀éx"
print([(m.span(), m.span(1)) for m in re.finditer(r"(?<=(é|😀))x", s)])
print([(m.span(), m.groups()) for m in re.compile(r"(\w)(😀)?").finditer(s, 2, 9)])
print(re.sub(r"(?<=(é))(.)", lambda m: "%d%d" % (m.start(1), m.end(2)), s))
print([m.span() for m in re.finditer("", "é😀")], re.split("(?<=é)", "aébé"))
m = re.search(r"(?<=(.é))b", s); print(m.span(), m.span(1), m.regs)
print(re.compile("é").search(s, 3, 10), re.compile("x").findall(s, -3, 100))

# lone surrogates in the subject: matched as ordinary non-word characters
t = "a\ud800b\udfff\u00e9"
print(ascii(re.findall(".", t)), ascii(re.findall(r"\w", t)), ascii(re.findall(r"\W", t)), ascii(re.split(r"[^ab]", t)))
m = re.search(r"(.)b(.)", t)
print(ascii(m.groups()), m.span(), m.span(2), ascii(re.sub(r"[\ud800-\udfff]" if False else r"\W", "?", t)))
print([m.span() for m in re.finditer(r"\S", t)], re.match(r"a.b", t) is not None, re.fullmatch(r".{5}", t) is not None)
