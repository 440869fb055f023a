# bytearray extended-slice assignment and deletion (the sieve idiom).
N = 100
sieve = bytearray([1]) * (N + 1)
sieve[0] = sieve[1] = 0
for i in range(2, int(N ** 0.5) + 1):
    if sieve[i]:
        sieve[i * i::i] = bytearray(len(range(i * i, N + 1, i)))
print([i for i, v in enumerate(sieve) if v])
b = bytearray(range(10))
b[::2] = b"abcde"
print(b)
b[::-3] = [1, 2, 3, 4]
print(b)
b[1:8:3] = bytearray(b"XYZ")
print(b)
b[5:1:2] = b""
print(b)
for sl in [slice(None, None, 3), slice(None, None, -2), slice(8, 1, -2), slice(5, 1, 2), slice(-1, None, -1)]:
    c = bytearray(b"0123456789")
    del c[sl]
    print(sl, c)
for bad in [b"x", b"toolong-value"]:
    try:
        b[::2] = bad
    except ValueError as e:
        print("ValueError:", e)
mv = bytearray(b"hello world")
mv[::2] = mv[::2].upper()
print(mv, len(mv))
