# attack: memory bomb in GMP, math.factorial(10**9)
# status: 1
# stderr: MemoryError
# serves-after
# max-seconds: 30
import math
try:
    math.factorial(10**9)
except MemoryError:
    print('caught')
