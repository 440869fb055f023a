# Unchanged results of immutable types are the object itself where CPython
# 3.11 returns it (str/bytes/tuple/frozenset methods, constructors, slices,
# concatenation with an empty operand, one-piece format and join, empty
# singletons) (issue #21).
s = "hello world"; b = b"hello world"; t = (1, 2, 3); fs = frozenset({1, 2}); ba = bytearray(b"ab")
checks = {
 'str.strip': lambda: s.strip() is s, 'str.lstrip': lambda: s.lstrip() is s, 'str.rstrip': lambda: s.rstrip() is s,
 'str.strip(x)': lambda: s.strip('z') is s, 'str.replace nomatch': lambda: s.replace('zz', 'y') is s,
 'str.replace count0': lambda: s.replace('l', 'y', 0) is s, 'str()': lambda: str(s) is s, 'str[:]': lambda: s[:] is s,
 'str[::1]': lambda: s[::1] is s, 'str[0:]': lambda: s[0:] is s, 'str[0:100]': lambda: s[0:100] is s,
 'str.ljust small': lambda: s.ljust(3) is s, 'str.rjust small': lambda: s.rjust(3) is s, 'str.center small': lambda: s.center(3) is s,
 'str.zfill small': lambda: s.zfill(3) is s, 'str.expandtabs': lambda: s.expandtabs() is s, 'str * 1': lambda: s * 1 is s,
 'str + empty': lambda: s + '' is s, 'empty + str': lambda: '' + s is s, 'f-string': lambda: f'{s}' is s, 'format': lambda: format(s) is s,
 'str.format': lambda: '{}'.format(s) is s, 'join one': lambda: ''.join([s]) is s, 'str.lower already': lambda: 'abc'.lower() is 'abc',
 'str.title': lambda: 'Abc'.title() is 'Abc', 'str.casefold': lambda: 'abc'.casefold() is 'abc', 'str.swapcase': lambda: ''.swapcase() is '',
 'str.removeprefix no': lambda: s.removeprefix('zz') is s, 'str.removesuffix no': lambda: s.removesuffix('zz') is s,
 'str.partition': lambda: s.partition('zz')[0] is s, 'str.rpartition': lambda: s.rpartition('zz')[2] is s,
 'str.split none': lambda: 'abc'.split()[0] is 'abc', 'str.translate': lambda: s.translate({}) is s,
 'bytes.strip': lambda: b.strip() is b, 'bytes.replace nomatch': lambda: b.replace(b'zz', b'y') is b, 'bytes()': lambda: bytes(b) is b,
 'bytes[:]': lambda: b[:] is b, 'bytes * 1': lambda: b * 1 is b, 'bytes + empty': lambda: b + b'' is b, 'bytes.ljust small': lambda: b.ljust(3) is b,
 'bytes.zfill small': lambda: b.zfill(3) is b, 'bytes.removeprefix': lambda: b.removeprefix(b'zz') is b, 'bytes.lower': lambda: b'abc'.lower() is b'abc',
 'bytes.expandtabs': lambda: b.expandtabs() is b, 'bytes.translate': lambda: b.translate(None) is b,
 'bytes.partition': lambda: b.partition(b'zz')[0] is b, 'bytes.join one': lambda: b''.join([b]) is b,
 'tuple()': lambda: tuple(t) is t, 'tuple[:]': lambda: t[:] is t, 'tuple * 1': lambda: t * 1 is t, 'tuple + ()': lambda: t + () is t, '() + tuple': lambda: () + t is t,
 'frozenset()': lambda: frozenset(fs) is fs, 'frozenset.copy': lambda: fs.copy() is fs, 'frozenset | empty': lambda: (fs | frozenset()) is fs,
 'frozenset.union()': lambda: fs.union() is fs, 'bytearray copy': lambda: bytearray(ba) is ba,
 'int(x) big': lambda: (lambda x: int(x) is x)(10**30), 'float(x)': lambda: (lambda x: float(x) is x)(1.5), 'complex(x)': lambda: (lambda x: complex(x) is x)(1j),
 '+x big': lambda: (lambda x: +x is x)(10**30), 'abs big': lambda: (lambda x: abs(x) is x)(10**30), 'round big': lambda: (lambda x: round(x) is x)(10**30),
 'x * 1 big': lambda: (lambda x: x * 1 is x)(10**30), 'x + 0 big': lambda: (lambda x: x + 0 is x)(10**30), 'str of str subclass': lambda: (lambda x: str(x) is x)(type('S', (str,), {})('a')),
 'tuple of subclass': lambda: (lambda x: tuple(x) is x)(type('T', (tuple,), {})((1,))), 'bool': lambda: bool(1) is True,
 'str.upper of upper': lambda: 'ABC'.upper() is 'ABC', 'str.capitalize': lambda: 'Abc'.capitalize() is 'Abc',
 'min one': lambda: min([s]) is s, 'sorted copy': lambda: sorted(t) is t, 'list[:] new': lambda: (lambda l: l[:] is l)([1]),
 'str.strip empty': lambda: ''.strip() is '', 'str[0]': lambda: 'a'[0] is 'a', 'str.join empty': lambda: ''.join([]) is '',
 'bytes[0:0]': lambda: b[0:0] is b'', 'str[5:5]': lambda: s[5:5] is '', 'tuple[0:0]': lambda: t[0:0] is (),
}
for k, f in checks.items():
    print(k, f())
