# math: exact integer functions over small and big ints
import math

def t(s):
    try:
        print(s, '->', repr(eval(s)))
    except Exception as e:
        print(s, '->', type(e).__name__, e)

for n in [0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 2**52 - 1, 2**52, 2**64 + 1, 10**40, 10**41 + 7, 2**1000]:
    r = math.isqrt(n)
    print('isqrt', n, r, r * r <= n < (r + 1) ** 2)
for n in [0, 1, 5, 10, 20, 21, 25, 50, 100]:
    print('factorial', n, math.factorial(n))
print(len(str(math.factorial(1000))), math.factorial(1000) % (10**9 + 7))
for n, k in [(0, 0), (5, 0), (5, 5), (5, 6), (10, 3), (52, 5), (100, 50), (1000, 500), (2**64, 3), (10**30, 2), (60, 30)]:
    print('comb', n, k, math.comb(n, k), 'perm', math.perm(n, k))
for n in [0, 1, 5, 12, 21]:
    print('perm1', n, math.perm(n), math.perm(n, None))
for args in [(), (0,), (-5,), (12, 18), (12, -18), (0, 0), (0, 7), (12, 18, 27), (2**100, 2**80 * 3), (10**30, 10**20 + 10**10),
             (7, 11, 13), (True, 4)]:
    print('gcd', args, math.gcd(*args), 'lcm', math.lcm(*args))
print(math.lcm(*range(1, 30)), math.gcd(*[2**70 * p for p in (3, 5, 7)]))
print(math.lcm(2**70, 3), math.lcm(-(2**70), 0))
for x in [2**2000, 10**400, 3**1000, 2**1023, 2**1024, 10**308]:
    print('log', math.log(x), math.log2(x), math.log10(x), math.log(x, 10), math.log(x, 2))
print(math.log(10**400, 10**200), math.log(2**3000, 2.0))
t('math.factorial(-1)')
t('math.isqrt(-(2**100))')
t('math.comb(-(2**100), 1)')
t('math.comb(2**100, -1)')
t('math.perm(2**100, -(2**100))')
t('math.comb(2**70, 2**70 - 1)')
t('math.perm(3, 2**100)')
t('math.log(-(10**400))')
t('math.log(10**400, 1)')
