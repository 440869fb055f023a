# Slicing a range gives CPython's normalised start/stop/step.
rs = [range(4), range(0), range(1, 10, 3), range(10, 0, -2), range(-5, 5), range(5, -5, -3), range(0, 1)]
sls = [None, 0, 1, -1, -2, 3, 100, -10]
steps = [None, 2, -1, -2, 3]
for r in rs:
    for a in sls:
        for b in sls:
            for c in steps:
                s = r[a:b:c]
                assert list(s) == list(r)[a:b:c]
                print(r, a, b, c, s, s.stop)
