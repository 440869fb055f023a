# except*: clauses in order, each sees what the earlier ones left; the
# `as` name is the matching subgroup; tuples; a naked exception is wrapped.
def shape(e):
    if e is None:
        return None
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, e.message, [shape(x) for x in e.exceptions])
    return repr(e)


def run(exc):
    print("raise", shape(exc))
    try:
        try:
            raise exc
        except* ValueError as eg:
            print("  ValueError clause:", shape(eg))
        except* (TypeError, KeyError) as eg:
            print("  TypeError/KeyError clause:", shape(eg))
        except* LookupError as eg:
            print("  LookupError clause:", shape(eg))
        except* Exception as eg:
            print("  Exception clause:", shape(eg))
    except BaseException as e:
        print("  escaped:", shape(e))
    else:
        print("  all handled")


run(ExceptionGroup("g", [ValueError(1), TypeError(2), IndexError(3), OSError(4)]))
run(ExceptionGroup("g", [ValueError(1), ValueError(2)]))
run(ExceptionGroup("g", [KeyError(1), ExceptionGroup("sub", [IndexError(2), ValueError(3)])]))
run(ValueError("naked"))
run(IndexError("naked"))
run(BaseExceptionGroup("b", [KeyboardInterrupt(), ValueError(1)]))
run(KeyboardInterrupt())

# the name is unbound after the clause
try:
    raise ExceptionGroup("g", [ValueError(1)])
except* ValueError as bound:
    pass
try:
    bound
except NameError as e:
    print("NameError:", e)

# the wrapped naked exception
try:
    try:
        raise ValueError("alone")
    except* ValueError as eg:
        print(type(eg).__name__, repr(eg), eg.exceptions[0].__traceback__ is not None, eg.__traceback__)
        raise
except ExceptionGroup as e:
    print("re-raised wrapper:", repr(e))

# a clause that does not match leaves the naked exception itself
orig = KeyError("k")
try:
    try:
        raise orig
    except* ValueError:
        print("no")
except KeyError as e:
    print("same object:", e is orig)

# except* inside a function, handled entirely
def handled():
    try:
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
    except* ValueError:
        print("v")
    except* TypeError:
        print("t")
    return "done"
print(handled())

# sys.exc_info() inside a clause is the matching part
import sys
try:
    raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
except* TypeError as eg:
    print(sys.exc_info()[1] is eg, shape(sys.exc_info()[1]))
except* ValueError as eg:
    print(sys.exc_info()[1] is eg, shape(sys.exc_info()[1]))
print(sys.exc_info())
