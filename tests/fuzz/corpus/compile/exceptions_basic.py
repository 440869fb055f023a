def f(x):
    try:
        if x == 0:
            raise ValueError("zero")
        if x == 1:
            raise KeyError("k")
        return "ok"
    except ValueError as e:
        return f"value: {e}"
    except (KeyError, TypeError) as e:
        return f"key: {e!r}"
    finally:
        print("finally", x)
print(f(0)); print(f(1)); print(f(2))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("wrapped")
except RuntimeError as e:
    print(e, type(e.__context__).__name__)
try:
    raise ValueError("a") from KeyError("b")
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__)
try:
    pass
except Exception:
    print("no")
else:
    print("else")
print(repr(ValueError()), str(KeyError('x')), ValueError(1, 2).args, str(ValueError(1, 2)))
