# binascii: b2a_base64 (newline=) and a2b_base64 (strict_mode=), with
# every binascii.Error message of the decoder.
import binascii


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


t(binascii.b2a_base64, b'hello world')
t(binascii.b2a_base64, b'hello world!', newline=False)
t(binascii.b2a_base64, b'')
t(binascii.b2a_base64, b'', newline=False)
t(binascii.b2a_base64, bytearray(b'\x00\xff\xfe'))
t(binascii.b2a_base64, bytes(range(60)))
t(binascii.b2a_base64, b'a', b'b')
t(binascii.b2a_base64, b'a', foo=1)
t(binascii.b2a_base64)
t(binascii.b2a_base64, 'text')
samples = [b'aGVsbG8=', b'aGVsbG8', b'aGVsbA', b'aGVsb', b'aGVs bG8=\n', b'=aGVs', b'aGVsbG8==',
           b'aGVsbG8=x', b'aG=Vs', b'a', b'aGVsb!G8=', b'', b'ab==cd==', b'====', b'ab=', b'abc=d',
           b'Zg==', b'Zg=', b'Zg', b'Zm9v\nYmFy', 'Zm9v', b'Zg===', b'Zm9v====', b'A===']
for s in samples:
    t(binascii.a2b_base64, s)
    t(binascii.a2b_base64, s, strict_mode=True)
t(binascii.a2b_base64, 'caf\u00e9')
t(binascii.a2b_base64, 5)
t(binascii.a2b_base64, b'', bogus=True)
print(binascii.a2b_base64(binascii.b2a_base64(bytes(range(256)))) == bytes(range(256)))
try:
    binascii.a2b_base64(b'abcde')
except ValueError as e:
    print('ValueError caught:', type(e).__name__, isinstance(e, binascii.Error))
