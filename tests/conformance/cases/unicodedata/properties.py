# unicodedata: category, bidirectional, combining, mirrored,
# east_asian_width, decomposition over a spread of characters.
import unicodedata as u

chars = ['A', 'a', '1', '\u00bd', '\u0663', '\u00e9', '\u0301', '\u4e2d', '\U0001F600', '\x00',
         ' ', '\u200b', '(', '\ufeff', '\u216b', '\u00b2', '\ud800', '\U000e0001', '\uac00',
         '\U00020000', '\u00a0', '\ufb01', '\u212b', '\u2028', '\u0378', '\U0010ffff', '\uff21',
         '\uff61', '\u05d0', '\u0627', '\u20ac', '\u00bc', '\u0e50', '\u3007', '\u1e9b',
         '\U0001d7d8', '\u2460', '\ue000', '\u0f73', '\u0344', '\U0001f1e6', '\u30a2']
for c in chars:
    print('%06x' % ord(c), u.category(c), repr(u.bidirectional(c)), u.combining(c),
          u.mirrored(c), u.east_asian_width(c), repr(u.decomposition(c)))
counts = {}
for cp in range(0, 0x3000, 7):
    cat = u.category(chr(cp))
    counts[cat] = counts.get(cat, 0) + 1
print(sorted(counts.items()))
widths = {}
for cp in range(0x2e80, 0x10000, 13):
    w = u.east_asian_width(chr(cp))
    widths[w] = widths.get(w, 0) + 1
print(sorted(widths.items()))
print(sum(u.combining(chr(cp)) for cp in range(0x300, 0x370)))
print(sum(u.mirrored(chr(cp)) for cp in range(0x2000, 0x2400)))
print(u.unidata_version)
