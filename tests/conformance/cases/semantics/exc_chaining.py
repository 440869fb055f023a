# exceptions: chaining, args, str/repr, custom classes
class AppError(Exception):
    pass

class CodeError(AppError):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return f"[{self.code}] {self.args[0]}"

def show(e):
    print(type(e).__name__, repr(str(e)), repr(e), e.args)
    print("  cause:", repr(e.__cause__), "context:", repr(e.__context__), "suppress:", e.__suppress_context__)

try:
    try:
        {}["k"]
    except KeyError as e:
        raise ValueError("bad value") from e
except ValueError as e:
    show(e)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("during handling")
except RuntimeError as e:
    show(e)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise TypeError("no chain") from None
except TypeError as e:
    show(e)

try:
    raise CodeError(404, "not found")
except AppError as e:
    show(e)
    print(e.code, isinstance(e, Exception), issubclass(CodeError, AppError))

for exc in [Exception(), Exception("one"), Exception("a", 2), KeyError("k"), KeyError(), KeyError(1, 2),
            ValueError(None), IndexError("i"), StopIteration(5), SystemExit(3), AssertionError()]:
    print(type(exc).__name__, repr(str(exc)), repr(exc))

try:
    assert 1 == 2, "math broke"
except AssertionError as e:
    show(e)

def reraiser():
    try:
        raise ValueError("inner")
    except ValueError:
        raise

try:
    reraiser()
except ValueError as e:
    print("reraised", e)

try:
    try:
        raise ValueError("first")
    finally:
        print("finally ran")
except ValueError as e:
    print("after finally", e)

def f():
    try:
        return "try"
    finally:
        print("finally before return")
print(f())

e = ValueError("x")
e.add_note("a note")
print(e.__notes__)
print(BaseException.__subclasses__ is not None, issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(NotImplementedError.__mro__)
try:
    raise AppError
except AppError as e:
    print(repr(e), e.args)
try:
    raise 5
except TypeError as e:
    print("TypeError", e)
try:
    raise ValueError from 3
except TypeError as e:
    print("TypeError", e)
class Weird(Exception):
    def __init__(self):
        pass
w = Weird()
print(repr(w), w.args, str(w))
try:
    x = undefined_name
except NameError as e:
    print("NameError", e)
try:
    None.foo
except AttributeError as e:
    print("AttributeError", e)
try:
    "a" + 1
except TypeError as e:
    print("TypeError", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError", e)
try:
    int("z")
except (TypeError, ValueError) as e:
    print("tuple catch", type(e).__name__)
