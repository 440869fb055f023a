d = {'a': 1}
for f in [lambda: d['b'], lambda: {}.popitem(), lambda: {[]: 1}, lambda: d[(1, [2])]]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
try:
    for k in d:
        d['new'] = 1
except RuntimeError as e:
    print(e)
