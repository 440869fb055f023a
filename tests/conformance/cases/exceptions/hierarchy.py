print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(issubclass(ModuleNotFoundError, ImportError), issubclass(FileNotFoundError, OSError))
print(issubclass(RecursionError, RuntimeError), issubclass(KeyboardInterrupt, Exception))
print(StopIteration.__mro__)
class E(Exception): pass
try:
    raise E
except Exception as e:
    print(type(e).__name__, repr(e), e.args)
e = OSError(2, "No such file", "x.txt")
print(e.errno, e.strerror, str(e))
print(repr(StopIteration(5).value), SystemExit(3).code)
