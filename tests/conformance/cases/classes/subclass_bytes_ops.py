import binascii, random, base64, json
class B(bytes):
    pass
b = B(b'hello')
b.tag = 1
print(b + b'x', b'x' + b, b * 2, b[1:], b.upper(), len(b), b == b'hello', hash(b) == hash(b'hello'))
print(binascii.hexlify(b), base64.b64encode(b), b.decode(), bytes(b), bytearray(b))
random.seed(b); print(random.random())
print(isinstance(b, bytes), type(b).__name__, repr(b), b.tag, b in {b'hello'})
class T(tuple):
    pass
t = T((1,2,3)); t.x = 5
print(t, t.x, t + (4,), len(t), t[0], sorted(t, reverse=True), hash(t) == hash((1,2,3)))
print(b'%s' % b, '%s' % (b,), f'{b!r}')
