# Raising and catching exceptions, try/finally.
class AppError(Exception):
    pass

def risky(i):
    if i % 3 == 0:
        raise AppError("bad %d" % i)
    return i

caught = 0
total = 0
for i in range(450000):
    try:
        total += risky(i)
    except AppError as e:
        caught += 1
    finally:
        total += 1
d = {}
misses = 0
for i in range(300000):
    try:
        d[i]
    except KeyError:
        misses += 1
print(caught, total, misses)
