try:
    try:
        raise ValueError("a")
    except ValueError as a:
        ea = a
        raise TypeError("b")
except TypeError as b:
    ea.__context__ = b
    raise ea
