# int/float repr and arithmetic edge cases
print(0.1 + 0.2, 1 / 3, 2 / 3, 1e16, 1e-7, 123456789.123456789, 1.0, -0.0, 5e-324, 1.7976931348623157e308)
print(repr(1e22), repr(1e21), repr(1.5e-5), repr(0.0001), repr(100.0), float("1e500"), -float("inf"), float("nan"))
print(7 // 2, -7 // 2, 7 // -2, 7 % 3, -7 % 3, 7 % -3, divmod(-7, 2), divmod(7.5, 2), -7.5 // 2, -7.5 % 2)
print(2 ** 10, 2 ** -1, (-2) ** 3, (-8) ** (1 / 3) if False else 0, 0 ** 0, pow(2, 100), pow(3, 4, 5), pow(2, -1, 7))
print(10 ** 20, -(10 ** 20), 10 ** 20 // 3, 10 ** 20 % 7, (10 ** 20) * (10 ** 20), 2 ** 64 - 1, -(2 ** 63))
print(int("42"), int(" -17 "), int("0x1f", 16), int("1f", 16), int("0b101", 0), int("1_000"), int(3.99), int(-3.99), int(True))
for bad in ["", "1.5", "abc", "1__0", "0x"]:
    try:
        int(bad)
    except ValueError as e:
        print("ValueError", e)
print(float("3.5"), float(" -1e3 "), float("inf"), float("-Infinity"), float("nan") != float("nan"), float(7))
try:
    float("x1")
except ValueError as e:
    print("ValueError", e)
print(round(2.5), round(3.5), round(-2.5), round(2.675, 2), round(1234, -2), round(1250, -2), round(0.5), round(1.5), round(7, 1))
print(abs(-3), abs(-3.5), abs(True), -True, ~5, ~-1, 5 & 3, 5 | 3, 5 ^ 3, 1 << 70, -1 >> 3, 255 >> 4)
try:
    1 / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    1 // 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    1 % 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    2 ** 10000.0
except OverflowError as e:
    print("OverflowError", e)
try:
    1 << -1
except ValueError as e:
    print("ValueError", e)
print((3.0).is_integer(), (2.5).as_integer_ratio(), (0.1).hex(), float.fromhex("0x1.8p1"), (10).bit_length(), (255).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"))
print(hash(1) == hash(1.0), hash(-1), hash(0.5), 1 == 1.0, 1 is True, True + True, 3 * False)
print(1 < 2.5 < 3, 2 ** 53 + 1 == float(2 ** 53 + 1), 10 ** 30 == 1e30, 0.1 * 3 == 0.3, max(1, 2.0), min(-0.0, 0.0))
print(bin(-5), oct(64), hex(-255), int("-0b11", 0), (-17).bit_length(), (5).conjugate(), (7).numerator, (7).denominator)
print(sum([0.1] * 10), sum(range(101)), sum([1, 2], 10), 1e308 * 10, -1e308 * 10)
print(int(1e20), int(-1e19), float(10 ** 20), 10 ** 18 / 7, 2 ** 0.5, 4 ** 0.5)
print(isinstance(True, int), type(7 // 2.0), type(2 ** -1), type(6 / 3), 6 / 3, True / 2)
