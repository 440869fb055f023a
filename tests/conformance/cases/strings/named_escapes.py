# \N{...} escapes take names as unicodedata.lookup() does: any case, the
# formal aliases (BEL, NBSP, BYTE ORDER MARK...), Hangul and CJK names;
# named sequences are not single characters and are refused.
import unicodedata
samples = ["\N{LATIN SMALL LETTER A}", "\N{latin small letter sharp s}", "\N{BEL}",
           "\N{ALERT}", "\N{NBSP}", "\N{BYTE ORDER MARK}", "\N{HANGUL SYLLABLE GAG}",
           "\N{CJK UNIFIED IDEOGRAPH-4E00}", "\N{EM DASH}\N{EURO SIGN}"]
for s in samples:
    print(ascii(s), [unicodedata.name(c, "?") for c in s])
print(b"\N{BEL}", r"\N{BEL}", f"\N{BEL}{1}" == "\x071")
for src in ['"\\N{LATIN CAPITAL LETTER A WITH MACRON AND GRAVE}"', '"\\N{NO SUCH NAME}"',
            '"\\N{}"', '"\\N"', '"\\N{BEL"']:
    try:
        eval(src)
    except SyntaxError as e:
        print(type(e).__name__, e.msg)
print(unicodedata.lookup("LATIN CAPITAL LETTER A WITH MACRON AND GRAVE") == "\u0100\u0300")
