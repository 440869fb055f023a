def chain(n):
    try:
        if n == 0:
            raise KeyError(0)
        chain(n - 1)
    except Exception as e:
        raise RuntimeError(n) from e
chain(3)
