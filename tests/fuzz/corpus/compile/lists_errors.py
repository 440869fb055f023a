for f in [lambda: [][0], lambda: [1].pop(5), lambda: [].pop(), lambda: [1].remove(2), lambda: [1, 2].index(3), lambda: [1] + (2,)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
