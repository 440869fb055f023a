def f():
    try:
        raise ValueError(1)
    except* ValueError:
        raise
f()
