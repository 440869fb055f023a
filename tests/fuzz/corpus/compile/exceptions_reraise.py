def f():
    try:
        raise ValueError("orig")
    except ValueError:
        print("handling")
        raise
try:
    f()
except ValueError as e:
    print("outer", e)
import sys
try:
    raise TypeError("t")
except TypeError:
    print(sys.exc_info()[0].__name__)
print(sys.exc_info())
