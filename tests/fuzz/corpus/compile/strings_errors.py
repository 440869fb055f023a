for f in [lambda: "a" + 1, lambda: "abc"[10], lambda: "abc".index("z"), lambda: int("12x"), lambda: "a" * "b", lambda: "x".foo]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
