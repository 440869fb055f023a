# Subclasses of the groups: derive() decides the class of split parts;
# __new__ / __init__ with extra arguments; derive of the base classes.
class MyEG(ExceptionGroup):
    def derive(self, excs):
        return MyEG(self.message + "*", excs)


class Plain(ExceptionGroup):
    pass


class WithCode(ExceptionGroup):
    def __new__(cls, message, excs, code):
        self = super().__new__(cls, message, excs)
        self.code = code
        return self

    def __init__(self, message, excs, code):
        super().__init__(message, excs)

    def derive(self, excs):
        return WithCode(self.message, excs, self.code)

    def __str__(self):
        return f"[{self.code}] " + super().__str__()


class BadDerive(ExceptionGroup):
    def derive(self, excs):
        return ValueError("not a group")


eg = MyEG("mine", [ValueError(1), TypeError(2)])
m, r = eg.split(ValueError)
print(type(m).__name__, m.message, repr(m), type(r).__name__, r.message)
p = Plain("plain", [ValueError(1), TypeError(2)])
m, r = p.split(ValueError)
print(type(m).__name__, repr(m), type(r).__name__)
print(type(p.derive([KeyError()])).__name__, repr(p.derive([KeyError()])))
print(type(p.derive([KeyboardInterrupt()])).__name__)
w = WithCode("coded", [ValueError(1), TypeError(2)], 42)
print(str(w), repr(w), w.args)
m, r = w.split(TypeError)
print(type(m).__name__, m.code, str(m), str(r))
try:
    BadDerive("bad", [ValueError(1), TypeError(2)]).split(ValueError)
except TypeError as e:
    print("TypeError:", e)

try:
    raise w
except* TypeError as caught:
    print("caught", type(caught).__name__, str(caught))
except* ValueError as caught:
    print("caught", type(caught).__name__, str(caught))


class MyBase(BaseExceptionGroup):
    pass


print(type(MyBase("b", [ValueError()])).__name__)
print(type(MyBase("b", [KeyboardInterrupt()])).__name__)
try:
    Plain("p", [KeyboardInterrupt()])
except TypeError as e:
    print("TypeError:", e)
class Both(ExceptionGroup, ValueError):
    pass
print(Both.__mro__)
b = Both("both", [KeyError()])
print(isinstance(b, ValueError), repr(b), str(b))
