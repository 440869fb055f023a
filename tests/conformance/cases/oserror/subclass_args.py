# OSError subclasses: errno/strerror/filename/filename2/args/str, CPython's __new__/__init__ split.
class E(OSError): pass
class F(FileNotFoundError): pass
class G(OSError):
    def __init__(self, *a):
        super().__init__(*a)
class H(OSError):
    def __init__(self, x):
        self.x = x
class K(OSError):
    def __new__(cls, *a):
        return super().__new__(cls, *a)
def show(e):
    print(type(e).__name__, e.errno, e.strerror, e.filename, e.filename2, e.args, str(e), repr(e))
for cls in (OSError, E, F, G, K, FileNotFoundError, PermissionError):
    for args in [(), (1,), (1, "msg"), (2, "No such file", "f.txt"), (2, "x", "a", None, "b"), (1, 2, 3, 4, 5, 6)]:
        try:
            show(cls(*args))
        except TypeError as ex:
            print(cls.__name__, args, "TypeError", ex)
h = H(5); show(h); print(h.x)
print(type(OSError(2, "x")).__name__, type(E(2, "x")).__name__, type(OSError(13, "y")).__name__)
