# attack: memory bomb in GMP, math.comb(10**12, 10**10) and math.perm
# status: 1
# stdout: 166666666666166666666667000000000000 59280
# stderr: MemoryError
# serves-after
# max-seconds: 30
import math
print(math.comb(10**12, 3), math.perm(40, 3))
try:
    math.comb(10**12, 10**10)
except MemoryError:
    print('caught')
