# json.loads of bytes / bytearray: encoding detection, BOMs.
import json

text = '{"k": ["caf\u00e9", 1, "\U0001F600"]}'
for enc in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-16", "utf-32", "utf-8-sig"):
    b = text.encode(enc)
    print(enc, json.loads(b), json.loads(bytearray(b)) == json.loads(b))
print(json.loads(b"1"), json.loads(b"12"), json.loads(b'""'), json.loads(b" 7 "))
print(json.loads("1".encode("utf-16-le")), json.loads("1".encode("utf-16-be")))
try:
    json.loads(b'"\xff"')
except UnicodeDecodeError as e:
    print(type(e).__name__, e)
try:
    json.loads(b'\xef\xbb\xbf[1, x]')
except json.JSONDecodeError as e:
    print(e)
try:
    json.loads('\ufeff[1]')
except json.JSONDecodeError as e:
    print(e, e.pos)
print(json.detect_encoding(b'{}'), json.detect_encoding(b'\x00{\x00}'), json.detect_encoding(b'{\x00\x00\x00'))
