tests = [
    lambda: None + 1,
    lambda: [1, 2] * 'a',
    lambda: len(5),
    lambda: int(None),
    lambda: 'abc'.upper(1),
    lambda: {}.get(),
    lambda: (1, 2)[5],
    lambda: [].x,
    lambda: object().foo,
    lambda: 1 < 'a',
    lambda: sum(['a']),
    lambda: iter(5),
    lambda: next(iter([])),
    lambda: [1, 2, 3][1:2:0],
    lambda: float('1.2.3'),
    lambda: chr(-1),
    lambda: ord('ab'),
    lambda: divmod(1, 0),
    lambda: 10 ** -1 // 0,
    lambda: {1, 2}[0],
    lambda: None(),
    lambda: print(sep=1),
]
for t in tests:
    try:
        t()
        print("no error")
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
