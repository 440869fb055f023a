# str() encoding/errors argument types, bytes.hex() separators.
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


t(lambda: str(1, 2))
t(lambda: str(b"abc", "utf-8", 3))
t(lambda: str(1, "utf-8"))
t(lambda: str(b"caf\xc3\xa9", "utf-8"))
t(lambda: str(b"caf\xe9", errors="replace"))
t(lambda: str(object=7))
b = bytes(range(1, 8))
for args in [(), (":",), (":", 2), (":", -2), (b"-", 3), ("-", -3), (":", 0), (":", 100),
             ("::",), ("é",), (1,), ("", 1), ([":"],)]:
    t(lambda: b.hex(*args))
    t(lambda: bytearray(b).hex(*args))
t(lambda: b"".hex(":", 2))
t(lambda: b.hex(sep="|", bytes_per_sep=4))
t(lambda: b.hex(bytes_per_sep=2))
t(lambda: bytes.fromhex(b.hex(" ", 2)))
mac = bytes([0, 26, 43, 60, 77, 94])
print(mac.hex(":").upper(), mac.hex("-", -2))
