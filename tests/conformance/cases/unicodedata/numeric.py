# unicodedata: decimal, digit, numeric with defaults and ValueErrors.
import unicodedata as u


def t(f, *a):
    try:
        print(repr(f(*a)))
    except Exception as e:
        print(type(e).__name__, e)


for c in ['0', '7', 'a', '\u00bd', '\u0663', '\u00b2', '\u216b', '\u2460', '\u3007', '\u4e00',
          '\u4e07', '\u0e50', '\U0001d7d8', '\u00bc', '\u2155', '\u0f33', '\U00010107', '\u5146',
          '\U0001f10a', '\u2189']:
    print('%05x' % ord(c), u.decimal(c, None), u.digit(c, None), u.numeric(c, None))
    t(u.decimal, c)
    t(u.digit, c)
    t(u.numeric, c)
t(u.decimal, 'x', 'dflt')
t(u.numeric, 'x', [1])
t(u.decimal, '1', None, 3)
t(u.digit, 'ab')
t(u.numeric, 1)
t(u.numeric)
print(sum(u.decimal(chr(cp), 0) for cp in range(0x660, 0x66a)))
print(sorted({u.numeric(chr(cp), 0) for cp in range(0x2150, 0x2190)}))
