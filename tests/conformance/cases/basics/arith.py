print(1 + 2, 7 - 10, 6 * 7, 7 / 2, 7 // 2, 7 % 3, 2 ** 10)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, divmod(-7, 2))
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, 1 != 2)
print(True + True, True * 3, not 0, not [], bool(''))
x = 5
x += 3; x -= 1; x *= 2; x //= 3; x **= 2; x %= 7
print(x)
print(1 if x else 2, 0 or 'a', 1 and 'b', None or 0)
