# The single-byte codecs CPython 3.11 ships for files from other systems
# (issue #18): every byte of every codec decoded, every decodable character
# encoded back, aliases, codecs' names in errors, and the errors= handlers.
MODULES = (['cp%d' % n for n in range(1250, 1259)] + ['cp437', 'cp850'] +
           ['iso8859_%d' % n for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)] +
           ['mac_roman', 'koi8_r'])
every = bytes(range(256))
for m in MODULES:
    s = every.decode(m, 'backslashreplace')
    print(m, ascii(s[128:]))
    text = every.decode(m, 'ignore')
    back = text.encode(m)
    print(' round trip', back.decode(m) == text, len(text))
    for errors in ('strict', 'replace', 'surrogateescape'):
        try:
            r = every.decode(m, errors)
            print(' decode', errors, len(r), ascii(r[-4:]))
        except UnicodeDecodeError as e:
            print(' decode', errors, e.encoding, e.start, e.end, e.reason, str(e))
    sample = 'a\u20ac\u00e9\u0416\u03a9\u05d0\u0e01\u1234\udc81b'
    for errors in ('strict', 'replace', 'ignore', 'backslashreplace', 'xmlcharrefreplace', 'namereplace', 'surrogateescape', 'surrogatepass'):
        try:
            print(' encode', errors, sample.encode(m, errors))
        except UnicodeEncodeError as e:
            print(' encode', errors, e.encoding, e.start, e.end, e.reason, str(e))
for name in ('windows-1252', 'WINDOWS_1250', 'cp-1252', 'latin2', 'ISO-8859-15', 'iso_8859_5', 'l10', 'macintosh', 'MacRoman', 'cskoi8r', 'ibm437', '850', 'thai', 'greek', 'hebrew', 'cyrillic', 'arabic', 'latin9', 'latin-2', 'iso8859_12'):
    try:
        print(name, 'abc\xe9'.encode(name, 'replace'), b'\xe9\xff'.decode(name, 'replace'))
    except LookupError as e:
        print(name, 'LookupError', e)
try:
    b'\x81'.decode('cp1252', 'bogus')
except LookupError as e:
    print(e)
print('Caf\xe9 na\xefve'.encode('cp1252').decode('cp1252'), b'\x93quoted\x94'.decode('cp1252'))
