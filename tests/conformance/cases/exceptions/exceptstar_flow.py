# except* with else and finally, in loops, functions and generators.
def shape(e):
    if e is None:
        return None
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, e.message, [shape(x) for x in e.exceptions])
    return repr(e)


def f(exc):
    log = []
    try:
        try:
            log.append("body")
            if exc is not None:
                raise exc
        except* ValueError:
            log.append("value")
        except* TypeError:
            log.append("type")
        else:
            log.append("else")
        finally:
            log.append("finally")
    except BaseException as e:
        log.append("escaped " + str(shape(e)))
    return log


print(f(None))
print(f(ValueError()))
print(f(ExceptionGroup("g", [ValueError(), TypeError()])))
print(f(ExceptionGroup("g", [ValueError(), KeyError()])))
print(f(KeyError("k")))


def finally_return():
    try:
        raise ExceptionGroup("g", [KeyError()])
    except* ValueError:
        pass
    finally:
        return "finally wins"
print(finally_return())

results = []
for i in range(4):
    try:
        if i % 2:
            raise ExceptionGroup("odd", [ValueError(i)])
    except* ValueError as eg:
        results.append(("handled", i, eg.exceptions[0].args[0]))
    else:
        results.append(("clean", i))
print(results)


# loops inside a clause may break and continue
try:
    raise ExceptionGroup("g", [ValueError(1)])
except* ValueError:
    for j in range(10):
        if j == 1:
            continue
        if j == 3:
            break
        print("loop in clause", j)
    while True:
        break


def gen():
    try:
        yield 1
        raise ExceptionGroup("in gen", [ValueError(1), TypeError(2)])
    except* ValueError:
        yield "handled in gen"
    except* TypeError:
        yield "type in gen"
    yield "after"
print(list(gen()))


def inner_function():
    try:
        raise ExceptionGroup("g", [ValueError(1)])
    except* ValueError:
        def helper():
            return "return in nested function"
        print(helper())
        lam = lambda: "lambda"
        print(lam())
inner_function()


class K:
    try:
        raise ExceptionGroup("g", [ValueError(1)])
    except* ValueError as e:
        caught = repr(e)
print(K.caught)

# exception while evaluating the clause's type
try:
    try:
        raise ExceptionGroup("g", [ValueError(1)])
    except* undefined_name:
        pass
except NameError as e:
    print("NameError:", e, "| context:", shape(e.__context__))
