# Slicing a range normalises it as CPython (issue #21).
for r in (range(10), range(3, 50, 7), range(20, -5, -3), range(0), range(5, 5)):
    for s in (slice(None), slice(1, None, 2), slice(None, None, -1), slice(-3, None), slice(2, -2, 3), slice(100, None), slice(None, -100), slice(-1, -100, -4), slice(3, 1)):
        x = r[s]; print(r, s, x, list(x) == list(r)[s])
