# base64: b64 / standard / urlsafe encode and decode, altchars, validate,
# encodebytes / decodebytes.
import base64


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


data = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', b'\xfb\xff\xfe', b'<<???>>']
for d in data:
    t(base64.b64encode, d)
    t(base64.standard_b64encode, d)
    t(base64.urlsafe_b64encode, d)
    t(base64.b64encode, d, altchars=b'-_')
    t(base64.b64encode, d, b'*!')
    for enc, dec in [(base64.b64encode, base64.b64decode),
                     (base64.urlsafe_b64encode, base64.urlsafe_b64decode),
                     (base64.standard_b64encode, base64.standard_b64decode)]:
        assert dec(enc(d)) == d, (enc, d)
t(base64.b64decode, 'Zm9vYmFy')
t(base64.b64decode, bytearray(b'Zm9vYmFy'))
t(base64.b64decode, 'Zm9v YmFy', validate=True)
t(base64.b64decode, 'Zm9v YmFy')
t(base64.b64decode, 'Zm9vYmE')
t(base64.b64decode, 'Zm9vYmE=', validate=True)
t(base64.b64decode, '=Zm9v', validate=True)
t(base64.b64decode, 'Zm9vYmé')
t(base64.b64decode, 12)
t(base64.b64decode, b'-_-_', altchars=b'-_')
t(base64.b64decode, b'-_-_', b'-_', True)
t(base64.b64decode, b'+/+/', altchars=b'/+')
t(base64.b64decode, 'PDw/Pz8+Pg==', altchars='-_')
t(base64.b64decode, b'abc', altchars=b'-')
t(base64.urlsafe_b64decode, 'PDw_Pz8-Pg==')
t(base64.urlsafe_b64decode, b'PDw/Pz8+Pg==')
t(base64.standard_b64decode, 'PDw/Pz8+Pg==')
t(base64.b64encode, 'abc')
t(base64.encodebytes, b'')
t(base64.encodebytes, b'x' * 57)
t(base64.encodebytes, b'x' * 130)
t(base64.encodebytes, bytearray(b'abc'))
t(base64.encodebytes, 'foo')
t(base64.decodebytes, b'Zm9v\nYmFy\n')
t(base64.decodebytes, base64.encodebytes(bytes(range(200))))
t(base64.decodebytes, 'Zm9v')
print(base64.decodebytes(base64.encodebytes(bytes(range(256)) * 3)) == bytes(range(256)) * 3)
