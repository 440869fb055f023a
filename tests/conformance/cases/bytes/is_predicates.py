# Every is* method of bytes and bytearray over all 256 byte values.
names = ["isalnum", "isalpha", "isascii", "isdigit", "islower", "isspace", "istitle", "isupper"]
for name in names:
    for typ in (bytes, bytearray):
        ones = [i for i in range(256) if getattr(typ([i]), name)()]
        print(typ.__name__, name, ones)
        s = [i for i in range(128) if getattr(chr(i), name)()]
        print("str", name, s == ones)
samples = [b"", b" \t\n\r\x0b\x0c", b"Ab Cd", b"ab1", b"AB", b"Hello World", b"hello World", b"A1b", b"\x80", b"1 2", b"a\xffb", b"Ab\x80Cd"]
for smp in samples:
    for typ in (bytes, bytearray):
        print(typ.__name__, smp, [getattr(typ(smp), n)() for n in names])
print(bytearray(b" \t\n\r\v\f").isspace(), bytes(b" \t\n\r\v\f").isspace(), " \t\n\r\v\f".isspace())
print(bytearray(b"\x1c").isspace(), "\x1c".isspace())
