# binascii: crc32, crc_hqx, uu lines, the exception classes.
import binascii


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)


t(binascii.crc32, b'')
t(binascii.crc32, b'hello')
t(binascii.crc32, b'hello', 12345)
t(binascii.crc32, b'world', binascii.crc32(b'hello '))
print(binascii.crc32(b'hello world') == binascii.crc32(b'world', binascii.crc32(b'hello ')))
t(binascii.crc32, b'x', -1)
t(binascii.crc32, b'x', 2 ** 40 + 5)
t(binascii.crc32, bytearray(b'The quick brown fox jumps over the lazy dog'))
t(binascii.crc32, bytes(range(256)) * 4)
t(binascii.crc_hqx, b'', 0)
t(binascii.crc_hqx, b'hello', 0)
t(binascii.crc_hqx, b'hello', 0xffff)
t(binascii.crc_hqx, b'123456789', 0x1ffff)
t(binascii.crc_hqx, b'hello')
t(binascii.crc32)
t(binascii.crc32, b'a', 1, 2)
t(binascii.crc32, b'a', crc=3)
t(binascii.crc32, 'str')
t(binascii.crc32, b'a', 1.5)
t(binascii.crc_hqx, b'', 'x')
t(binascii.b2a_uu, b'hello world')
t(binascii.b2a_uu, b'')
t(binascii.b2a_uu, b'', backtick=True)
t(binascii.b2a_uu, b'\x00\x00\x00', backtick=True)
t(binascii.b2a_uu, b'x' * 46)
t(binascii.a2b_uu, binascii.b2a_uu(b'hello world'))
t(binascii.a2b_uu, b'+:&5L;&\\@=V]R;&0 \n')
t(binascii.a2b_uu, b'')
t(binascii.a2b_uu, b'\n')
t(binascii.a2b_uu, b'#86)C\n')
t(binascii.a2b_uu, b'#86)C  xx\n')
t(binascii.a2b_uu, b'#8\x016)C\n')
print(issubclass(binascii.Error, ValueError), binascii.Error.__name__, binascii.Error.__module__)
print([c.__name__ for c in binascii.Incomplete.__mro__])
try:
    binascii.unhexlify('a')
except binascii.Error as e:
    print('caught', type(e).__name__, e, e.args)
