#!/usr/bin/python3.11
"""tests/text/gen_cases.py -- generate the expected-value tables of the
text library's unit tests from CPython 3.11 itself.

Writes (into DIR, or next to this script; `make check` runs it into the
build tree, so the tables are not committed):
  cases.txt    one call per line: NAME<TAB>ARG...<TAB>EXPECTED, every field
               escaped (printable ASCII but '\\' as is, other bytes \\xNN;
               str fields are UTF-8 with lone surrogates as 3-byte forms).
               EXPECTED encodings: str/bytes as themselves, bool "1"/"0",
               int in decimal, lists "N:len:item,len:item,...", errors
               "!Type:message" (Unicode errors add ":start:end").
  cptable.txt  per code point data over all of U+0000..U+10FFFF: runs of
               equal property tuples, case mappings, numeric values,
               decompositions and hashes of the names per 256-code-point
               block (see test_tables.c for the format).

Usage: python3.11 tests/text/gen_cases.py [DIR]   (deterministic output)
"""
import os
import random
import sys
import unicodedata

assert unicodedata.unidata_version == "14.0.0", "run with python3.11"

# Output directory: the first argument, else next to this script.
HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def to_bytes(v):
    if isinstance(v, str):
        return v.encode("utf-8", "surrogatepass")
    if isinstance(v, (bytes, bytearray)):
        return bytes(v)
    if isinstance(v, bool):
        return b"1" if v else b"0"
    if isinstance(v, int):
        return str(v).encode()
    if isinstance(v, (list, tuple)):
        parts = [to_bytes(x) for x in v]
        return b"%d:" % len(parts) + b",".join(b"%d:%s" % (len(p), p) for p in parts)
    raise TypeError(type(v))


def esc(v):
    out = []
    for b in to_bytes(v):
        if 0x20 <= b < 0x7F and b != 0x5C:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


def result(fn):
    try:
        return to_bytes(fn())
    except (UnicodeEncodeError, UnicodeDecodeError) as e:
        return ("!%s:%s:%d:%d" % (type(e).__name__, e, e.start, e.end)).encode(
            "utf-8", "surrogatepass")
    except (ValueError, KeyError, LookupError, TypeError, OverflowError) as e:
        msg = e.args[0] if e.args else ""
        return ("!%s:%s" % (type(e).__name__, msg)).encode("utf-8", "surrogatepass")


lines = []


def case(name, *args, fn):
    lines.append("\t".join([name] + [esc(a) for a in args] + [esc(result(fn))]))


# ---- sample strings ----
SAMPLES = [
    "", "a", "A", "abc", "Hello, World!", "hello world", "HELLO", "  spaced  out  ",
    "\t tab\tand\nnewline\r\n", "they're bill's friends from the UK",
    "ß", "straße", "ﬁ", "ﬃ", "İstanbul", "ǅ", "ǆ", "Ǆ", "ŉ", "ΐ", "ΰ", "և",
    "ΣΑΣ", "ὈΔΥΣΣΕΎΣ", "σ", "Σ", "aΣ", "aΣb", "aΣ.", "a.Σ", "Σa", "a\u0345Σ", "aΣ\u0301",
    "Ꭰ", "ꭰ", "ᏸ", "ᲀ", "ẞ", "ﬆ", "ῼ", "ᾳ", "Ǳ", "ǲ", "ǳ",
    "éèê", "Éé", "café", "naïve", "e\u0301", "\u1100\u1161\u11a8", "가", "한국어",
    "日本語", "Ⅻ", "½", "²", "٣", "𝟘𝟙", "١٢٣", "߀", "𐒠", "𝔘𝔫𝔦", "😀", "👍🏽",
    "\x00", "\x7f", "\x80", "\x9f", "\xa0", "\xad", "\u2028", "\u2029", "\x1c\x1d\x1e\x85",
    "\u200b", "\u3000", "\ufeff", "\uffff", "\U0010ffff", "\ue000",
    "\ud800", "\udfff", "a\udc80b", "\ud83d\ude00", "\udcff\udc80",
    "'", '"', "'\"", "it's", 'say "hi"', "back\\slash", "\x1b[0m",
    "123", "-42", "+7", "3.14", "0x1F", "_id", "id_1", "1st", "ℕ", "℘", "℮",
    "x\u00b7y", "\u0e33", "ﬀ", "Å", "ª", "ǈ", "ŉab",
    "line1\nline2\rline3\r\nline4\x0bline5\x0cline6\x1cend\x1d\x1e\x85\u2028\u2029",
    "trailing\n", "\n\n", "\r", "a\r\n", "abcabcabc", "aaaa", "a,b,,c,", ",", "::a::b::",
    "ǅungla", "ﬃnal", "ÀÁÂÃÄÅ", "àáâãäå", "ΑΒΓ", "αβγ", "МОСКВА", "москва", "Ⓐⓐ",
]

ALPHABET = list("aAbBzZ09 _-.,:;'\"\\\t\n\r\x0b\x0c\x1c\x1e\x85\xa0") + [
    "é", "ß", "İ", "ı", "Σ", "σ", "ς", "ǅ", "ﬁ", "ῼ", "\u0301", "\u0345", "ⅷ", "½", "٣",
    "\u2028", "\u3000", "\u200b", "\ufeff", "😀", "𝟘", "\ud800", "\udc80", "\udfff",
    "ꭰ", "Ꭰ", "ᲀ", "가", "\u1100", "\u1161", "日", "\x00", "\x7f", "\x9f", "\u00ad",
]

rng = random.Random(20261202)
RANDOM = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 8))) for _ in range(100)]
STRINGS = SAMPLES + RANDOM
SEPS = [" ", ",", "a", "ab", "Σ", "\n", "::", "é", "😀", "aa"]

# ---- case mapping, predicates, repr ----
for s in STRINGS:
    for m in ["upper", "lower", "casefold", "title", "capitalize", "swapcase"]:
        case(m, s, fn=lambda: getattr(s, m)())
    for p in ["isalpha", "isalnum", "isdecimal", "isdigit", "isnumeric", "isspace",
              "islower", "isupper", "istitle", "isidentifier", "isprintable", "isascii"]:
        case(p, s, fn=lambda: getattr(s, p)())
    case("repr", s, fn=lambda: repr(s))
    case("ascii", s, fn=lambda: ascii(s))
    case("split_ws", s, "-1", fn=lambda: s.split())
    for ms in [0, 1, 2]:
        case("split_ws", s, str(ms), fn=lambda: s.split(maxsplit=ms))
        case("rsplit_ws", s, str(ms), fn=lambda: s.rsplit(maxsplit=ms))
    case("rsplit_ws", s, "-1", fn=lambda: s.rsplit())
    case("splitlines", s, "0", fn=lambda: s.splitlines())
    case("splitlines", s, "1", fn=lambda: s.splitlines(True))
    for side in ["strip", "lstrip", "rstrip"]:
        case(side + "_ws", s, fn=lambda: getattr(s, side)())
        case(side, s, "a ΣéŸ😀\n", fn=lambda: getattr(s, side)("a ΣéŸ😀\n"))
    for ts in [8, 3, 0]:
        case("expandtabs", s, str(ts), fn=lambda: s.expandtabs(ts))
    for w in [5, 12, 13]:
        case("zfill", s, str(w), fn=lambda: s.zfill(w))
        for f in ["*", "😀"]:
            for m in ["ljust", "rjust", "center"]:
                case(m, s, str(w), f, fn=lambda: getattr(s, m)(w, f))
    case("len", s, fn=lambda: len(s))

for s in STRINGS[:130]:
    for sep in SEPS:
        for ms in [-1, 1]:
            case("split", s, sep, str(ms), fn=lambda: s.split(sep, ms))
            case("rsplit", s, sep, str(ms), fn=lambda: s.rsplit(sep, ms))
        case("find", s, sep, fn=lambda: s.find(sep))
        case("rfind", s, sep, fn=lambda: s.rfind(sep))
        case("count", s, sep, fn=lambda: s.count(sep))
        case("partition", s, sep, fn=lambda: s.partition(sep))
        case("rpartition", s, sep, fn=lambda: s.rpartition(sep))
        case("startswith", s, sep, fn=lambda: s.startswith(sep))
        case("endswith", s, sep, fn=lambda: s.endswith(sep))
        for new in ["", "é"]:
            for cnt in [-1, 1]:
                case("replace", s, sep, new, str(cnt), fn=lambda: s.replace(sep, new, cnt))
    for new in ["-", ""]:
        for cnt in [-1, 2]:
            case("replace", s, "", new, str(cnt), fn=lambda: s.replace("", new, cnt))
    case("find", s, "", fn=lambda: s.find(""))
    case("rfind", s, "", fn=lambda: s.rfind(""))
    case("count", s, "", fn=lambda: s.count(""))

# ---- bytes ----
BYTES = [s.encode("utf-8", "surrogatepass") for s in STRINGS[:120]] + [
    bytes(rng.randrange(256) for _ in range(rng.randint(0, 10))) for _ in range(60)] + [
    b"", b"\x00\xff", b"abc\x80", b"hello\tworld\x0b\x0c\x1c\r\n", b"A b C", b"Title Case",
    b"'\"", b"'", b'"', b"\\", b"\x7f\x80", b"12ab", b"  \t\n  "]
for b in BYTES:
    for m in ["upper", "lower", "title", "capitalize", "swapcase"]:
        case("b_" + m, b, fn=lambda: getattr(b, m)())
    for p in ["isalpha", "isalnum", "isdigit", "isspace", "islower", "isupper", "istitle",
              "isascii"]:
        case("b_" + p, b, fn=lambda: getattr(b, p)())
    case("b_repr", b, fn=lambda: repr(b))
    for ms in [-1, 0, 1]:
        case("b_split_ws", b, str(ms), fn=lambda: b.split(maxsplit=ms))
        case("b_rsplit_ws", b, str(ms), fn=lambda: b.rsplit(maxsplit=ms))
    case("b_splitlines", b, "0", fn=lambda: b.splitlines())
    case("b_splitlines", b, "1", fn=lambda: b.splitlines(True))
    for side in ["strip", "lstrip", "rstrip"]:
        case("b_" + side + "_ws", b, fn=lambda: getattr(b, side)())
        case("b_" + side, b, b"a \x80\xff", fn=lambda: getattr(b, side)(b"a \x80\xff"))
    case("b_expandtabs", b, "4", fn=lambda: b.expandtabs(4))
    for m in ["ljust", "rjust", "center"]:
        case("b_" + m, b, "11", "*", fn=lambda: getattr(b, m)(11, b"*"))
    case("b_zfill", b, "7", fn=lambda: b.zfill(7))
    case("b_replace", b, b"", b"-", "-1", fn=lambda: b.replace(b"", b"-"))

# ---- codecs ----
CODECS = ["utf-8", "ascii", "latin-1", "utf-16", "utf-16-le", "utf-16-be", "utf-32",
          "utf-32-le", "utf-32-be", "utf-8-sig", "u8", "UTF8", "l1", "ISO-8859-1", "U16"]
HANDLERS = ["strict", "ignore", "replace", "backslashreplace", "xmlcharrefreplace",
            "namereplace", "surrogateescape", "surrogatepass", "bogus"]
ENC_STRINGS = SAMPLES[::2] + RANDOM[:40] + ["é", "ééé", "aéb€c", "\udc80\udcff", "a\udc80\u20acb",
    "\u20ac\udc81", "é\udc81\u1234", "\ud800\udc00", "\U0001f600x\ud800", "\x80\xff\u0100"]
for s in ENC_STRINGS:
    for c in CODECS:
        for h in (["strict"] if s.isascii() or (c not in CODECS[:10] and rng.random() < 0.6)
                  else HANDLERS):
            case("encode", s, c, h, fn=lambda: s.encode(c, h))
DEC_BYTES = BYTES[::3] + [
    b"\xff", b"\xe9", b"\xe9\x80", b"a\xe9\x80", b"\xc3", b"\xc3(", b"\xe0\x80\x80",
    b"\xed\xa0\x80", b"\xed\xb0\x80x", b"\xed\xa0\x80\xed\xb0", b"\xf0\x90\x80",
    b"\xf0\x90\x41", b"\xf4\x90\x80\x80", b"\xf5", b"\xc0\xaf", b"\xef\xbb\xbfabc",
    b"\xff\xfe", b"\xfe\xff", b"\xff\xfea\x00", b"\xfe\xff\x00a", b"a\x00\x00\xd8",
    b"\x00\xd8\x00\xdc", b"\x00\xdc", b"\x00\xd8a\x00", b"\x3d\xd8\x00\xde", b"a",
    b"\xff\xfe\x00\x00a\x00\x00\x00", b"\x00\x00\xfe\xff\x00\x00\x00a", b"\x00\x00\x11\x00",
    b"\x00\xd8\x00\x00", b"abc\x00", b"\x80abc\xff\xfe\xfd", b"ab\x80\x81cd",
]
for b in DEC_BYTES:
    for c in CODECS:
        for h in (["strict"] if (b.isascii() and "16" not in c and "32" not in c) or
                  (c not in CODECS[:10] and rng.random() < 0.6) else HANDLERS):
            case("decode", b, c, h, fn=lambda: b.decode(c, h))
for n in ["utf8", "UTF-8", "u8", "utf", "utf_8", " utf-8 ", "Utf8", "cp65001", "utf.8", "utf-8-",
          "latin1", "latin-1", "iso-8859-1", "iso8859-1", "ISO_8859-1", "l1", "L1", "latin",
          "8859", "cp819", "iso8859.1", "ascii", "us-ascii", "US_ASCII", "646", "utf-16",
          "utf16", "UTF-16LE", "utf-16le", "utf_16_be", "u16", "utf-32", "u32", "utf_32le",
          "UTF-32-BE", "xyz", "", "utf-8-sig", "UTF8-SIG", "utf_8_sig", "-utf-8", "utf--8", "ütf8",
          "utf8\u00e9"]:
    case("lookup_codec", n, fn=lambda: __import__("codecs").lookup(n).name)

# ---- unicodedata ----
for s in STRINGS + ["\u1e9b\u0323", "\u0041\u030a", "\u212b", "\uac00\u11a8", "\u1100\u1161",
                    "ﬁ", "①", "\u0344", "\u0f73", "\u00c5\u0327", "x\u0327\u0301\u0300"]:
    for f in ["NFC", "NFD", "NFKC", "NFKD"]:
        case("normalize", f, s, fn=lambda: unicodedata.normalize(f, s))
        case("is_normalized", f, s, fn=lambda: unicodedata.is_normalized(f, s))
case("normalize", "nfc", "a", fn=lambda: unicodedata.normalize("nfc", "a"))
case("normalize", "NFX", "a", fn=lambda: unicodedata.normalize("NFX", "a"))
lookup_names = ["LATIN SMALL LETTER A", "latin small letter a", "Latin Small Letter E With Acute",
                "SNOWMAN", "HANGUL SYLLABLE GA", "hangul syllable gag",
                "CJK UNIFIED IDEOGRAPH-4E00", "CJK UNIFIED IDEOGRAPH-2A6DF",
                "CJK COMPATIBILITY IDEOGRAPH-F900", "LATIN CAPITAL LETTER GHA",
                "BYTE ORDER MARK", "NULL", "LINE FEED", "NO SUCH THING", "", "X" * 300,
                "LATIN SMALL LETTER A WITH MACRON AND GRAVE", "KEYCAP NUMBER SIGN",
                "TANGUT IDEOGRAPH-17000", "KHITAN SMALL SCRIPT CHARACTER-18B00",
                "NUSHU CHARACTER-1B170", "GRINNING FACE", "SPACE", "space", "LATIN SMALL LETTER A "]
for n in lookup_names:
    case("lookup", n, fn=lambda: unicodedata.lookup(n))


def perl_names():
    """Every name (primary, alias, named sequence) in Perl's copy of the
    Unicode 14.0 name list, when it is installed."""
    path = "/usr/share/perl/5.36.0/unicore/Name.pl"
    if not os.path.exists(path):
        return []
    with open(path, encoding="ascii") as f:
        body = f.read().split("<<'END';\n", 1)[1].split("\nEND\n", 1)[0]
    return [e.strip().split("\n")[1] for e in body.split("\n\n") if e.count("\n") >= 1]


# Every alias and named sequence, in upper and lower case.
for n in perl_names():
    try:
        got = unicodedata.lookup(n)
    except KeyError:
        continue
    if len(got) == 1 and unicodedata.name(got, None) == n:
        continue
    case("lookup", n, fn=lambda: unicodedata.lookup(n))
    case("lookup", n.lower(), fn=lambda: unicodedata.lookup(n.lower()))
for cp in [0x41, 0xE9, 0x3A3, 0xAC00, 0xD7A3, 0x4E00, 0x9FFF, 0x20000, 0x2A6DF, 0xF900,
           0x17000, 0x18B00, 0x1B170, 0x1F600, 0x0, 0x10FFFF, 0xD800, 0xE000, 0x378]:
    case("name", chr(cp), fn=lambda: unicodedata.name(chr(cp)))
for cp in [0x35, 0xB2, 0xBD, 0x663, 0x2167, 0x4E00, 0x41, 0x1D7D8, 0x2460, 0xF96B, 0x5146]:
    ch = chr(cp)
    case("decimal", ch, fn=lambda: unicodedata.decimal(ch))
    case("digit", ch, fn=lambda: unicodedata.digit(ch))
    case("numeric", ch, fn=lambda: "%.17g" % unicodedata.numeric(ch))

with open(os.path.join(HERE, "cases.txt"), "w", encoding="ascii", newline="\n") as f:
    f.write("# generated by tests/text/gen_cases.py from CPython 3.11; do not edit\n")
    for line in lines:
        f.write(line + "\n")


# ---- per code point table ----
def props(c):
    ch = chr(c)
    flags = "".join("1" if x else "0" for x in [
        ch.isspace(), ch.splitlines() == [""], ch.isalpha(), ch.isdecimal(), ch.isdigit(),
        ch.isnumeric(), ch.isalnum(), ch.isupper(), ch.islower(), ch.istitle(),
        ch.isprintable(), ch.isidentifier(), ("a" + ch).isidentifier(),
        unicodedata.mirrored(ch)])
    return "%s %s %s %d %s" % (flags, unicodedata.category(ch),
                               unicodedata.bidirectional(ch) or "-",
                               unicodedata.combining(ch), unicodedata.east_asian_width(ch))


def fnv(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def hexs(s):
    return ".".join("%X" % ord(x) for x in s)


with open(os.path.join(HERE, "cptable.txt"), "w", encoding="ascii", newline="\n") as f:
    f.write("# generated by tests/text/gen_cases.py from CPython 3.11; do not edit\n")
    f.write("# R lo hi flags category bidi combining eaw   (runs of equal properties)\n")
    f.write("# C cp upper lower title casefold            (case mappings != identity)\n")
    f.write("# N cp decimal digit numeric                 (-1 / - when absent)\n")
    f.write("# D cp decomposition\n")
    f.write("# H block fnv1a64-of-'cp:name\\n'-lines       (per 256 code points)\n")
    run = None
    for c in range(0x110000):
        p = props(c)
        if run and run[2] == p:
            run[1] = c
            continue
        if run:
            f.write("R %X %X %s\n" % tuple(run))
        run = [c, c, p]
    f.write("R %X %X %s\n" % tuple(run))
    for c in range(0x110000):
        ch = chr(c)
        m = [ch.upper(), ch.lower(), ch.title(), ch.casefold()]
        if any(x != ch for x in m):
            f.write("C %X %s\n" % (c, " ".join(hexs(x) for x in m)))
    for c in range(0x110000):
        ch = chr(c)
        num = unicodedata.numeric(ch, None)
        if num is not None:
            f.write("N %X %d %d %s\n" % (c, unicodedata.decimal(ch, -1),
                                         unicodedata.digit(ch, -1), "%.17g" % num))
        d = unicodedata.decomposition(ch)
        if d:
            f.write("D %X %s\n" % (c, d))
    for block in range(0x110000 // 256):
        data = b""
        for c in range(block * 256, block * 256 + 256):
            n = unicodedata.name(chr(c), None)
            if n:
                data += b"%X:%s\n" % (c, n.encode())
        if data:
            f.write("H %X %016X\n" % (block, fnv(data)))
