# Agent-style: Unicode text normalisation and slugification.
import unicodedata
import re

samples = ["Café", "Cafe\u0301", "naïve résumé", "Straße", "ﬁnance", "Ｆｕｌｌ　Ｗｉｄｔｈ", "Ångström", "x² + y³", "Ω≠Ω"]
for s in samples:
    nfc = unicodedata.normalize("NFC", s)
    nfd = unicodedata.normalize("NFD", s)
    nfkc = unicodedata.normalize("NFKC", s)
    print(f"{s!r:<22} len={len(s):>2} nfc={len(nfc):>2} nfd={len(nfd):>2} nfkc={nfkc!r}")

print(samples[0] == samples[1], unicodedata.normalize("NFC", samples[0]) == unicodedata.normalize("NFC", samples[1]))

def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")

def slugify(s):
    s = unicodedata.normalize("NFKC", s)
    s = strip_accents(s).casefold()
    s = re.sub(r"[^\w\s-]", "", s)
    return re.sub(r"[-\s]+", "-", s).strip("-")

for s in ["Héllo, Wörld!", "  Crème Brûlée -- recipe ", "Straße & Co.", "ﬁrst—second"]:
    print(repr(slugify(s)))

for ch in "aZ5 _\t-€é\u0301中😀":
    print(f"U+{ord(ch):04X} {unicodedata.category(ch)} {unicodedata.name(ch, '<no name>')}")
print(unicodedata.lookup("GREEK SMALL LETTER ALPHA"), unicodedata.lookup("SNOWMAN"))
print(unicodedata.numeric("½"), unicodedata.decimal("٣"), unicodedata.digit("⑤", None), unicodedata.mirrored("("))
print(unicodedata.combining("\u0301"), unicodedata.bidirectional("א"), unicodedata.east_asian_width("中"), unicodedata.east_asian_width("a"))
print(unicodedata.unidata_version, unicodedata.is_normalized("NFC", "é"))
print("Straße".upper(), "Straße".casefold(), "ǅ".lower(), "ǅ".upper(), "ǆ".title(), "ß".upper())
print("ΣΑΣ".lower(), "İ".lower(), len("İ".lower()), "ﬀ".upper())
print("٣٤".isdigit(), "٣٤".isdecimal(), int("٣٤"), "½".isnumeric(), "²".isdigit(), "²".isdecimal())
print("café".encode("utf-8"), "café".encode("ascii", "ignore"), "café".encode("ascii", "replace"), "café".encode("ascii", "xmlcharrefreplace"))
print(b"caf\xc3\xa9".decode(), b"caf\xe9".decode("latin-1"), b"caf\xe9".decode("utf-8", "replace"), b"\xff".decode("utf-8", "backslashreplace"))
try:
    b"caf\xe9".decode("utf-8")
except UnicodeDecodeError as e:
    print(type(e).__name__, e.start, e.end, e.reason, e)
try:
    "naïve".encode("ascii")
except UnicodeEncodeError as e:
    print(e)
words = ["zebra", "Äpfel", "apple", "Zoo", "éclair", "eclair"]
print(sorted(words), sorted(words, key=lambda w: strip_accents(w).casefold()))
print(ascii("naïve ☃"), "naïve ☃".isascii(), "\N{BULLET} item", len("👨‍👩‍👧"))
