def f():
    try:
        return "try"
    finally:
        print("cleanup")
print(f())
def g():
    for i in range(5):
        try:
            if i == 2:
                break
            continue
        finally:
            print("fin", i)
    return i
print(g())
def h():
    try:
        raise ValueError
    finally:
        return "swallowed"
print(h())
def k():
    try:
        try:
            raise KeyError("inner")
        finally:
            print("inner finally")
    except KeyError as e:
        return repr(e)
print(k())
