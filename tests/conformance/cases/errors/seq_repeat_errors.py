# "can't multiply sequence by non-int" names the operand that is not the
# sequence, the left sequence first; += and *= forms too.
cases = [
    "[1] * 'a'", "'a' * [1]", "2.0 * [1]", "[1] * 2.0", "(1,) * 2.0", "2.0 * (1,)",
    "b'a' * 2.0", "2.0 * b'a'", "'a' * 2.0", "2.0 * 'a'", "'a' * 'b'", "[1] * [2]",
    "(1,) * (2,)", "b'a' * b'b'", "bytearray(b'a') * 2.0", "2.0 * bytearray(b'a')",
    "b'a' * bytearray(b'a')", "bytearray(b'a') * b'a'", "b'a' * 'a'", "'a' * b'a'",
    "[1] * None", "None * [1]", "[1] * 1j", "1j * [1]", "range(3) * 2", "{1} * 2",
    "x = [1]; x *= 2.0", "x = [1]; x *= 'a'", "x = (1,); x *= 2.0", "x = 'a'; x *= 2.0",
    "x = b'a'; x *= 2.0", "x = bytearray(b'a'); x *= 2.0", "x = 2.0; x *= [1]",
    "x = 2.0; x *= 'a'", "x = 'a'; x *= [1]", "x = [1]; x *= (1,)", "x = 2.0; x *= b'a'",
    "x = None; x *= bytearray()", "x = None; x *= [1]", "x = {}; x *= 2",
    "[1] + 'a'", "'a' + [1]", "(1,) + [1]", "b'a' + 'a'", "'a' + b'a'",
    "x = [1]; x += 1", "x = (1,); x += [1]", "x = 'a'; x += 1",
    "[1] * (2**100)", "'a' * (2**100)", "(1,) * (2**100)",
    "class L(list): pass\nL([1]) * 2.0", "class S(str): pass\n2.0 * S('a')",
    "class T(tuple): pass\nx = T(); x *= 1.5",
]
for src in cases:
    try:
        exec(src, {})
        print(repr(src), "-> ok")
    except Exception as e:
        print(repr(src), "->", type(e).__name__, e)


class Three:
    def __index__(self):
        return 3


print([0] * Three(), "ab" * Three(), Three() * (1,), b"x" * Three(), bytearray(b"y") * Three())
