# Agent-style: encode/decode payloads with base64 and binascii, checksums.
import base64
import binascii
import json

payload = {"user": "ana", "scopes": ["read", "write"], "exp": 1700000000}
raw = json.dumps(payload, separators=(",", ":")).encode()
b64 = base64.b64encode(raw)
print(raw)
print(b64)
print(base64.b64decode(b64) == raw, json.loads(base64.b64decode(b64)))

def b64url_nopad(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")

def b64url_decode(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))

header = b64url_nopad(b'{"alg":"none","typ":"JWT"}')
body = b64url_nopad(raw)
token = f"{header}.{body}."
print(token)
h, b, sig = token.split(".")
print(json.loads(b64url_decode(h)), b64url_decode(b) == raw, repr(sig))

blob = bytes(range(250, 256)) + b"\x00\x01?>"
print(base64.b64encode(blob), base64.urlsafe_b64encode(blob), base64.standard_b64encode(b"hi"))
print(base64.b32encode(b"hello"), base64.b32decode(b"NBSWY3DP"), base64.b16encode(b"\xde\xad"), base64.b16decode("BEEF"))
print(base64.a85encode(b"hello world") if hasattr(base64, "a85encode") else "-")
print(base64.b85encode(b"hello") if hasattr(base64, "b85encode") else "-")
for s in ["aGVsbG8", "aGVsbG8=", "aGVs bG8=", "!!!!"]:
    try:
        print(repr(s), base64.b64decode(s))
    except binascii.Error as e:
        print(repr(s), "binascii.Error:", e)
try:
    base64.b64decode("aGVsbG8=!", validate=True)
except binascii.Error as e:
    print("validate:", e)

print(binascii.hexlify(b"\x00\xffab"), binascii.hexlify(b"\x01\x02\x03", "-"), binascii.unhexlify("48656c6c6f"))
print(b"\x00\xffab".hex(), b"\x00\xffab".hex(":", 2), bytes.fromhex("de ad be ef"), bytearray.fromhex("00ff"))
print(binascii.crc32(b"hello world"), hex(binascii.crc32(b"")), binascii.crc32(b"world", binascii.crc32(b"hello ")))
print(binascii.b2a_base64(b"abc"), binascii.b2a_base64(b"abc", newline=False), binascii.a2b_base64(b"YWJj\n"))
print(binascii.crc_hqx(b"hello", 0), binascii.b2a_hex(b"xyz"), binascii.a2b_hex(b"78797a"))
try:
    binascii.unhexlify("abc")
except binascii.Error as e:
    print("unhexlify:", e)
try:
    bytes.fromhex("zz")
except ValueError as e:
    print("fromhex:", e)

def checksum_records(records):
    out = []
    for rec in records:
        data = json.dumps(rec, sort_keys=True).encode()
        out.append((rec["id"], f"{binascii.crc32(data):08x}", base64.b64encode(data[:12]).decode()))
    return out
for row in checksum_records([{"id": 1, "v": "a"}, {"id": 2, "v": "é"}, {"v": None, "id": 3}]):
    print(row)
xor_key = b"k3y"
secret = "attack at dawn".encode()
enc = bytes(c ^ xor_key[i % len(xor_key)] for i, c in enumerate(secret))
print(enc.hex(), base64.b64encode(enc).decode(), bytes(c ^ xor_key[i % 3] for i, c in enumerate(enc)).decode())
print(int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\x01\x00", "little"), (1024).to_bytes(4, "big"), (-2).to_bytes(2, "little", signed=True))
