# BaseExceptionGroup / ExceptionGroup construction: checks, messages, the
# class chosen, attributes, str() and repr().
def attempt(cls, *args, **kw):
    try:
        r = cls(*args, **kw)
    except Exception as e:
        print(cls.__name__, "->", type(e).__name__ + ":", e)
    else:
        print(cls.__name__, "->", type(r).__name__, repr(r), "|", str(r))


for cls in (BaseExceptionGroup, ExceptionGroup):
    attempt(cls)
    attempt(cls, "m")
    attempt(cls, 1, [ValueError()])
    attempt(cls, b"m", [ValueError()])
    attempt(cls, "m", [])
    attempt(cls, "m", ())
    attempt(cls, "m", 5)
    attempt(cls, "m", {ValueError()})
    attempt(cls, "m", {1: ValueError()})
    attempt(cls, "m", (e for e in [ValueError()]))
    attempt(cls, "m", [ValueError(), 1])
    attempt(cls, "m", [ValueError], )
    attempt(cls, "m", "ab")
    attempt(cls, "m", [ValueError()], 3)
    attempt(cls, "m", [ValueError()], x=1)
    attempt(cls, "m", [ValueError(1), TypeError(2)])
    attempt(cls, "m", (KeyboardInterrupt(),))
    attempt(cls, "m", [ValueError(), SystemExit(3)])
    attempt(cls, "", [ExceptionGroup("inner", [OSError(2, "x")])])

eg = ExceptionGroup("msg", [ValueError(1), TypeError(2)])
print(eg.message, eg.exceptions, type(eg.exceptions).__name__)
print(eg.args, len(eg.args))
print(str(ExceptionGroup("one", [ValueError()])))
print(isinstance(eg, Exception), isinstance(eg, BaseExceptionGroup), issubclass(ExceptionGroup, Exception))
print(ExceptionGroup.__mro__)
print(ExceptionGroup.__bases__, BaseExceptionGroup.__bases__)
bg = BaseExceptionGroup("b", [KeyboardInterrupt()])
print(isinstance(bg, Exception), type(bg).__name__)
for attr in ("message", "exceptions"):
    try:
        setattr(eg, attr, 1)
    except AttributeError as e:
        print(attr, "AttributeError:", e)
lst = [ValueError("x")]
eg2 = ExceptionGroup("l", lst)
lst.append(KeyError())
print(len(eg2.exceptions), eg2.args[1] is lst, repr(eg2))
print(ExceptionGroup[int], ExceptionGroup.__name__, ExceptionGroup.__module__)
eg.add_note("a note")
print(eg.__notes__)
try:
    raise eg
except Exception as caught:
    print("caught as Exception:", caught is eg)
try:
    raise bg
except Exception:
    print("not here")
except BaseExceptionGroup as caught:
    print("caught as BaseExceptionGroup:", repr(caught))
