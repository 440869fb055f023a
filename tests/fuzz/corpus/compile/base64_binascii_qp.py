# binascii: b2a_qp / a2b_qp (quotetabs, istext, header, CRLF detection,
# soft line breaks) over fixed and generated inputs.
import binascii

_state = 12345


def rand(n):
    # a small LCG, so the case does not depend on another module
    global _state
    _state = (_state * 1103515245 + 12345) % 2 ** 31
    return _state % n

alphabet = b'ab =._\t\r\n\x00\xff\x7f~!' + bytes(range(0x20, 0x30))
acc = 0
samples = [b'', b'.', b'.\n', b'a.\nb', b'a \n', b'a\t', b'a ', b'x' * 80, b'x' * 75 + b'=', b'=' * 40,
           b'line one\r\nline two \r\n', b'caf\xc3\xa9 = ok_ok', b'a\rb\nc\r\n', b'x' * 74 + b'\n' + b'y' * 80]
for i in range(800):
    samples.append(bytes(alphabet[rand(len(alphabet))] for _ in range(rand(201))))
for s in samples:
    for qt in (False, True):
        for it in (False, True):
            for hd in (False, True):
                e = binascii.b2a_qp(s, qt, it, hd)
                acc = binascii.crc32(e, acc)
                dd = binascii.a2b_qp(e, header=hd)
                acc = binascii.crc32(dd, acc)
    acc = binascii.crc32(binascii.a2b_qp(s), acc)
    acc = binascii.crc32(binascii.a2b_qp(s, True), acc)
for s in samples[:14]:
    print(binascii.b2a_qp(s), binascii.b2a_qp(s, quotetabs=True, header=True), binascii.a2b_qp(s))
print(acc)
print(binascii.a2b_qp('a=3Db=\r\nc=4'), binascii.a2b_qp(b'=41=4g=='), binascii.a2b_qp(data=b'a_b', header=True))
for f, a, k in [(binascii.a2b_qp, (), {}), (binascii.b2a_qp, ('s',), {}), (binascii.a2b_qp, ('\u00e9',), {}), (binascii.b2a_qp, (b'',), {'bogus': 1}), (binascii.hexlify, (b'',), {'bogus': 1})]:
    try:
        f(*a, **k)
    except Exception as e:
        print(type(e).__name__, e)
