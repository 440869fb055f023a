# binascii: hexlify/unhexlify with sep and bytes_per_sep, argument errors.
import binascii, base64
def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)
t(binascii.hexlify, b'\x01\x02\x03\xff')
t(binascii.hexlify, b'\x01\x02\x03\xff\x10', '-')
t(binascii.hexlify, b'\x01\x02\x03\xff\x10', b':', 2)
t(binascii.hexlify, b'\x01\x02\x03\xff\x10', ':', -2)
t(binascii.b2a_hex, b'\x01\x02\x03\xff\x10', sep='|', bytes_per_sep=3)
t(binascii.hexlify, b'abc', '--')
t(binascii.hexlify, b'abc', 'é')
t(binascii.hexlify, b'abc', 3)
t(binascii.hexlify, 'abc')
t(binascii.hexlify, bytearray(b'xy'))
t(binascii.unhexlify, '0aFF')
t(binascii.unhexlify, b'0aF')
t(binascii.unhexlify, b'0aFg')
t(binascii.a2b_hex, 'é1')
t(binascii.hexlify, b'')
t(binascii.hexlify, b'\x00' * 7, ' ', 3)
t(binascii.hexlify, b'\x00' * 7, ' ', -3)
t(binascii.hexlify, b'\x00' * 7, ' ', 0)
t(binascii.hexlify, b'ab', sep=b'')
