# int() and float() of bytes and bytearray, and their error messages.
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


t(lambda: int(b"12"))
t(lambda: int(bytearray(b"12")))
t(lambda: int(bytearray(b" 12 "), 16))
t(lambda: int(b"0x1f", 0))
t(lambda: float(bytearray(b"1.5")))
t(lambda: float(b" -2.5e3 "))
t(lambda: int(b"\xff"))
t(lambda: float(b"\xff"))
t(lambda: int(b"1_0"))
t(lambda: int(b"12", 8))
t(lambda: int(b"zz", 16))
t(lambda: int(bytearray(b"z")))
t(lambda: float(bytearray(b"x")))
t(lambda: int(b"\xc3\xa9"))
t(lambda: int("zz", 16))
t(lambda: float("x"))
t(lambda: int(b""))
t(lambda: sum(int(x) for x in b"1 2 3".split()))
