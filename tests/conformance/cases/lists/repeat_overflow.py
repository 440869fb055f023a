# list repetition whose size cannot exist raises MemoryError before allocating
# (uncatchable in box, so it ends the script as an uncaught exception).
import sys
print([] * sys.maxsize, [1, 2] * 0, 3 * [1], [0] * -1)
x = [1, 2]
x *= 3
print(x)
x = [0, 1] * (sys.maxsize // 2 + 1)
print('not reached')
