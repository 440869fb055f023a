# base64: Base32 (casefold, map01), Extended Hex Base32 and Base16.
import base64


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


data = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(256)), b'\x00\x00']
for d in data:
    t(base64.b32encode, d)
    t(base64.b32hexencode, d)
    t(base64.b16encode, d)
    assert base64.b32decode(base64.b32encode(d)) == d
    assert base64.b32hexdecode(base64.b32hexencode(d)) == d
    assert base64.b16decode(base64.b16encode(d)) == d
t(base64.b32decode, 'MZXW6===')
t(base64.b32decode, b'MZXW6YTBOI======')
t(base64.b32decode, 'mzxw6===')
t(base64.b32decode, 'mzxw6===', casefold=True)
t(base64.b32decode, 'MZXW6==')
t(base64.b32decode, 'MZXW6=======')
t(base64.b32decode, 'MZX=====')
t(base64.b32decode, 'MZ======')
t(base64.b32decode, 'MZXW6Y==')
t(base64.b32decode, 'M1XW6===')
t(base64.b32decode, 'M1XW6===', map01=b'L')
t(base64.b32decode, 'M0XW6===', map01='I')
t(base64.b32decode, 'M0XW6===', map01=b'LL')
t(base64.b32decode, '========')
t(base64.b32decode, '')
t(base64.b32decode, 'MZ=W6===')
t(base64.b32decode, 'MZXW6\u00e9==')
t(base64.b32decode, 3)
t(base64.b32hexdecode, 'CPNMU===')
t(base64.b32hexdecode, 'cpnmu===', casefold=True)
t(base64.b32hexdecode, 'CPNMW===')
t(base64.b32hexdecode, 'CPNMUOJ1E8======')
t(base64.b32encode, 'abc')
t(base64.b16decode, '666F6F')
t(base64.b16decode, b'666f6f')
t(base64.b16decode, '666f6f', casefold=True)
t(base64.b16decode, '666F6')
t(base64.b16decode, '66 6F')
t(base64.b16decode, '')
t(base64.b16encode, bytearray(b'\xde\xad\xbe\xef'))
