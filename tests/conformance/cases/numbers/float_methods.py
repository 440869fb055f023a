print((2.5).hex(), float.fromhex('0x1.8p1'), (0.75).as_integer_ratio(), (3.0).is_integer())
import sys
print(1.7976931348623157e308, 5e-324, 1e309, -1e309, 1e-320)
print(round(0.125, 2), round(0.375, 2), round(1e20), round(2.5, 0), round(-1.5))
print(int(1e20), float(2 ** 64), 1 / 3 * 3 == 1.0, 0.1 * 3, 100 * 1.1)
print(7.0 // 2, -7.0 // 2, 7.5 % -2, 2.0 ** 10, (-8.0) ** (1 / 3) if False else 0)
