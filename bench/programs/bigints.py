# Big integer arithmetic: factorials, powers, digit sums.
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r

f = fact(1400)
s = sum(int(c) for c in str(f))
p = pow(3, 20000) % (10 ** 50 + 151)
a, b = 0, 1
for _ in range(200000):
    a, b = b, a + b
print(s, p, a % 1000000007, f.bit_length())
