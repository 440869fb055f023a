# except* ExceptionGroup fails where the clause is.
def f():
    try:
        raise ValueError(1)
    except* (KeyError,
             ExceptionGroup):
        pass
f()
