try:
    try:
        raise ValueError("first")
    except ValueError:
        raise TypeError("second")
except TypeError as e:
    print(repr(e), repr(e.__context__), e.__cause__, e.__suppress_context__)
try:
    try:
        raise ValueError("first")
    except ValueError:
        raise TypeError("second") from None
except TypeError as e:
    print(repr(e.__context__), e.__cause__, e.__suppress_context__)
