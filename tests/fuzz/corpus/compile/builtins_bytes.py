b = b"hello"
print(b, len(b), b[0], b[1:3], b + b" world", b * 2, b.upper(), b.decode())
print(bytes(3), bytes([1, 2, 255]), b"a,b".split(b","), b"x".join([b"1", b"2"]), b.hex())
print("héllo".encode(), "héllo".encode('latin-1'), b'\xc3\xa9'.decode('utf-8'))
ba = bytearray(b"abc")
ba.append(100); ba[0] = 65
print(ba, bytes(ba), len(ba), list(ba))
try:
    "é".encode("ascii")
except UnicodeEncodeError as e:
    print(e)
try:
    b"\xff".decode("utf-8")
except UnicodeDecodeError as e:
    print(e)
