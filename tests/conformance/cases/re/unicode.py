# re: Unicode \d \w \s \b for str patterns, ASCII mode, non-ASCII spans.
import re

s = "naïve café 42 ٣٤ ５ 𝟙 x_y ß Ωmega\u00a0end\u2003tab\ttext"
print(re.findall(r"\d+", s), re.findall(r"\d+", s, re.A))
print(re.findall(r"\w+", s), re.findall(r"\w+", s, re.A))
print(re.findall(r"\s", s), re.findall(r"\s", s, re.A), re.findall(r"\S+", "a\u3000b"))
print(re.findall(r"\bc\w+", s), re.findall(r"\b\w", "éa bé", re.A), re.findall(r"\W+", "é-a", re.A))
print(re.findall(r"[\w]+", "日本語 text"), re.findall(r"[^\W\d]+", "abc123déf"), re.findall(r"[\s\d]+", "1 \u20282"))
print(re.findall("[à-ÿ]+", "voilà très"), re.findall(r"\D+", "x٣y"), re.findall(r"\D+", "x٣y", re.A))

# spans count code points, not bytes
m = re.search("café", "le café 😀 café")
print(m, m.span(), m.start(), m.end())
ms = [m.span() for m in re.finditer("é", "éaé😀é")]
print(ms, [m.start() for m in re.finditer(".", "a😀b")])
print(re.search("b", "😀😀b", 1), re.search("b", "😀😀b", 3), re.compile("😀").findall("😀a😀", 1))
print(re.match(".", "😀").group(), len(re.match(".+", "é😀x").group()), re.split("😀", "a😀b😀"))
print(re.sub("é", "E", "éte été"), re.sub(".", lambda m: str(m.start()), "a😀é"))
m = re.match(r"(\w+)\s(\w+)", "héllo wörld!")
print(m.regs, m.group(2), m.end(), repr(m))
print(re.compile("(é)(x)?").match("é").span(2), re.escape("é.ü"))
print(repr(re.match("ü+", "ü" * 60)))

# case-insensitive matching beyond ASCII
print(re.findall("straße", "STRASSE Straße STRAẞE", re.I), re.findall("ω", "Ωω", re.I))
print(re.findall("[α-ω]+", "ΑΒΓ αβγ", re.I), re.match("é", "É", re.I), re.match("é", "É", re.I | re.A))
print(re.fullmatch(r"\w+", "ǅemal"), re.findall(r"(?i)ǆ", "ǄǅǆDž"))

# \N{...} escapes and \u escapes
print(re.findall(r"\N{GREEK SMALL LETTER ALPHA}+", "ααβ"), re.findall(r"\u00e9", "é"), re.findall(r"\U0001F600", "😀"))
print(re.findall(r"[\u0400-\u04ff]+", "Привет, world"), re.findall(r"\x41", "A"), re.findall("\\0101", "A"))
