try:
    raise ExceptionGroup("batch", [ValueError("a"), KeyError("b")])
except* KeyError as eg:
    print("key:", [repr(x) for x in eg.exceptions])
except* ValueError as eg:
    print("value:", [str(x) for x in eg.exceptions], type(eg).__name__, eg.message)
