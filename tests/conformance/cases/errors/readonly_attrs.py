# Assigning or deleting the read-only attributes of builtin numbers,
# ranges and slices: members say "readonly attribute", getsets "is not
# writable".
cases = [
    "(1j).real = 2", "(1j).imag = 2", "del (1j).real",
    "x = 1.5; x.real = 2", "x = 1.5; x.imag = 2",
    "x = 5; x.real = 2", "x = 5; x.imag = 1", "x = 5; x.numerator = 1",
    "x = 5; x.denominator = 1", "x = 5; del x.real", "x = True; x.real = 1",
    "x = 2**70; x.real = 1",
    "r = range(3); r.start = 1", "r = range(3); r.stop = 1", "r = range(3); del r.step",
    "s = slice(1); s.start = 2", "s = slice(1, 2, 3); s.step = 0", "s = slice(1); del s.stop",
    "x = 1j; x.foo = 1", "x = 1.0; x.foo = 1", "x = 1; x.foo = 1", "x = 'a'; x.foo = 1",
    "x = [1]; x.foo = 1", "x = (1,); x.foo = 1", "x = b'a'; x.foo = 1", "x = 1.0; del x.foo",
]
for src in cases:
    try:
        exec(src, {})
        print(src, "-> ok")
    except Exception as e:
        print(src, "->", type(e).__name__, e)
print((1j).real, (2 + 3j).imag, range(1, 9, 2).step, slice(None, 4).stop)
