# bytes/bytearray methods of CPython 3.11 (translate, maketrans, padding, case,
# predicates, partition, rsplit, splitlines, affixes) and their errors.
import sys
samples = [b'', b'hello World', b'  a\tb\nc  ', b'Hello\r\nthere\rX\n', b'ABC def', b'\xff\x00abc', b'Title Case Words', b'123', b'a1_b2']
for s in samples:
    for t in (bytes, bytearray):
        x = t(s)
        print(repr(x))
        print(' case', x.title(), x.capitalize(), x.swapcase(), x.upper(), x.lower())
        print(' is', x.isalnum(), x.isalpha(), x.isascii(), x.islower(), x.isspace(), x.istitle(), x.isupper(), x.isdigit())
        print(' pad', x.ljust(14), x.rjust(14, b'*'), x.center(15, b'-'), x.center(2), x.zfill(14), x.ljust(-3))
        print(' tabs', x.expandtabs(), x.expandtabs(4), x.expandtabs(tabsize=0))
        print(' part', x.partition(b'l'), x.rpartition(b'l'), x.partition(b'zz'), x.rpartition(bytearray(b'zz')))
        print(' split', x.rsplit(), x.rsplit(None, 1), x.rsplit(b'l'), x.rsplit(b'l', 1), x.rsplit(sep=b' ', maxsplit=0))
        print(' lines', x.splitlines(), x.splitlines(True), x.splitlines(keepends=True))
        print(' affix', x.removeprefix(b'he'), x.removesuffix(b'  '), x.removeprefix(b''), x.removesuffix(b'xyz'))
        print(' rindex', x.rindex(b'') if True else None, x.rfind(b'l'))
        print(' tr', x.translate(None), x.translate(None, b'lo '), x.translate(bytes.maketrans(b'abcl', b'ABCL')), x.translate(bytes.maketrans(b'', b''), delete=b'e'))
z = zfill = b'-42'.zfill(6), b'+7'.zfill(4), b'abc'.zfill(2), bytearray(b'-').zfill(3)
print(z)
print(bytes.maketrans(b'ab', b'xy')[95:100], bytearray.maketrans(bytearray(b'a'), b'b')[97], type(bytearray.maketrans(b'', b'')))
print(b'abc'.rindex(b'b'), b'abcb'.rindex(98), b'abcb'.rindex(b'b', 0, 3))
b = b'xyz'
print(b.removeprefix(b'') is b, b.removesuffix(b'q') is b, bytes(b) is b, b.__bytes__() is b, bytes(bytearray(b'q')))
ba = bytearray(b'hello')
ba.insert(0, 65); ba.insert(-1, 66); ba.insert(100, 67); ba.insert(-100, 68)
print(ba)
ba.remove(108); print(ba)
ba.reverse(); print(ba)
print(ba * 2, 2 * ba, ba * 0, ba * -1, bytearray() * 5, b'' * sys.maxsize, bytearray() * sys.maxsize, b'ab' * 1)
ba2 = ba
ba *= 2
print(ba, ba is ba2)
print(bool(range(0)), bool(range(5)), bool(range(10**30)), bool(range(10**30, 10**30)), bool(range(5, 0, 1)))
tests = ["b'a'.center(5, 'x')", "b'a'.center(5, b'xy')", "b'a'.center()", "b'a'.center('x')", "b'a'.zfill('x')", "b'a'.translate(b'x')", "b'a'.translate('x')",
         "bytes.maketrans(b'a', b'bc')", "bytes.maketrans('a', 'b')", "b'a'.partition(b'')", "b'a'.partition('a')", "b'a'.rsplit(b'')", "b'a'.removeprefix('a')",
         "b'a'.rindex(b'z')", "b'a'.expandtabs('x')", "bytearray(b'a').remove(5)", "bytearray(b'a').remove(300)", "bytearray(b'a').insert(0, 300)",
         "bytearray(b'a').insert('x', 1)", "b'a'.splitlines(2)", "b'a'.translate(None, 'x')", "b'a'.ljust(2, 300)", "b'a'.isalpha(1)",
         "b'a'.rpartition(None)", "bytearray().remove(1)", "b'a'.rsplit('a')", "bytearray(b'a').insert(1)"]
for t in tests:
    try:
        print(t, '->', repr(eval(t)))
    except Exception as e:
        print(t, '->', type(e).__name__, e)
