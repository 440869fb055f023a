# unicodedata: name (with default) and lookup (aliases, named sequences,
# algorithmic names), with their errors.
import unicodedata as u


def t(f, *a):
    try:
        print(repr(f(*a)))
    except Exception as e:
        print(type(e).__name__, e)


for c in ['A', 'a', ' ', '\u00e9', '\u4e2d', '\uac00', '\ud7a3', '\U0001F600', '\x00', '\x7f',
          '\ud800', '\U00020000', '\U0002a6df', '\uf900', '\U00017000', '\u0378', '\U000e0100',
          '\ue000', '\U0001f1e6', '\u2603', '\u00ad']:
    t(u.name, c)
    print(u.name(c, None), u.name(c, 'dflt'))
for n in ['LATIN SMALL LETTER A', 'latin small letter a', 'GRINNING FACE', 'HANGUL SYLLABLE GA',
          'HANGUL SYLLABLE HIH', 'CJK UNIFIED IDEOGRAPH-4E2D', 'CJK UNIFIED IDEOGRAPH-FFFF', 'NOPE',
          'LATIN CAPITAL LETTER GHA', 'BYTE ORDER MARK', 'KEYCAP NUMBER SIGN', 'x' * 300, '',
          'SNOWMAN', 'snowman', 'TANGUT IDEOGRAPH-17000', 'LATIN SMALL LETTER A ']:
    t(u.lookup, n)
t(u.lookup, b'LATIN SMALL LETTER B')
t(u.lookup, 3)
t(u.name, 'ab')
t(u.name, 3)
t(u.name)
t(u.name, 'a', 'b', 'c')
try:
    u.lookup('NOT A REAL NAME')
except KeyError as e:
    print(type(e).__name__, e, e.args)
try:
    u.lookup(name='x')
except TypeError as e:
    print(type(e).__name__, e)
for cp in range(0x20, 0x3000, 97):
    c = chr(cp)
    n = u.name(c, None)
    if n is not None:
        assert u.lookup(n) == c, n
print('roundtrip ok')
