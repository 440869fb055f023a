# unicodedata: normalize and is_normalized in the four forms, errors.
import unicodedata as u


def t(f, *a):
    try:
        print(repr(f(*a)))
    except Exception as e:
        print(type(e).__name__, e)


samples = ['caf\u00e9', 'cafe\u0301', '\ufb01\u2460', '\u212b', '\uac00', '\u1100\u1161\u11a8',
           'abc', '', '\u1e9b\u0323', '\u00c5\u0327', 'x\u0327\u0301\u0300', '\u2126', '\u00bd',
           '\uff21\uff22', '\u3300', '\U0001d400', 'e\u0301\u0301', '\u0958', '\ud800']
for form in ['NFC', 'NFD', 'NFKC', 'NFKD']:
    for s in samples:
        r = u.normalize(form, s)
        print(form, [hex(ord(c)) for c in s], '->', [hex(ord(c)) for c in r], u.is_normalized(form, s))
for form in ['nfc', 'X', 'NFC ']:
    t(u.normalize, form, 'a\u0301')
    t(u.normalize, form, '')
    t(u.is_normalized, form, 'a')
    t(u.is_normalized, form, '')
t(u.normalize, 1, 'a')
t(u.normalize, 'NFC', 1)
t(u.normalize, 'NFC')
t(u.is_normalized, 'NFD', b'a')
s = 'caf\u00e9'
print(u.normalize('NFC', s) == s, u.normalize('NFD', s) == s, len(u.normalize('NFD', s)))
print(u.normalize('NFKC', '\ufb01ne \u2460') == 'fine 1')
