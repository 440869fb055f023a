# except*: exceptions raised in clauses are collected with the unhandled
# rest; bare raise re-raises the matching part in the original's shape.
def shape(e):
    if e is None:
        return None
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, e.message, [shape(x) for x in e.exceptions])
    return repr(e)


def run(label, body):
    try:
        body()
    except BaseException as e:
        print(label, "->", shape(e))
        return e
    print(label, "-> nothing")


def group():
    return ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("nested", [KeyError(3), ValueError(4)])])


def raise_new():
    try:
        raise group()
    except* ValueError:
        raise RuntimeError("from handler")
e = run("raise new", raise_new)
print("  context:", shape(e.exceptions[0].__context__))


def reraise():
    try:
        raise group()
    except* ValueError:
        raise
run("bare raise", reraise)


def reraise_and_new():
    try:
        raise group()
    except* ValueError:
        raise
    except* TypeError:
        raise OSError("os")
    except* KeyError as k:
        raise k
run("re-raise and new", reraise_and_new)


def raise_matched_as_new():
    try:
        raise group()
    except* KeyError as k:
        raise k.exceptions[0]
run("leaf raised", raise_matched_as_new)


def raise_from():
    try:
        raise group()
    except* ValueError as v:
        raise RuntimeError("r") from v
e = run("raise from", raise_from)


def all_handled():
    try:
        raise group()
    except* Exception:
        pass
run("all handled", all_handled)


def none_handled():
    g = group()
    try:
        raise g
    except* OSError:
        pass
e = run("none handled", none_handled)


def naked_raise_new():
    try:
        raise ValueError("naked")
    except* ValueError:
        raise TypeError("new")
e = run("naked, new", naked_raise_new)
print("  context:", shape(e.__context__))


def nested_star():
    try:
        try:
            raise group()
        except* ValueError:
            raise KeyError("inner new")
    except* KeyError as k:
        print("  outer clause got", shape(k))
        raise
run("nested except*", nested_star)


def base_group():
    try:
        raise BaseExceptionGroup("b", [KeyboardInterrupt(), ValueError(1)])
    except* ValueError:
        raise TypeError("t")
run("base group", base_group)


def single_new():
    try:
        raise ExceptionGroup("two", [ValueError(1), TypeError(2)])
    except* ValueError:
        pass
    except* TypeError:
        raise KeyError("only new one")
e = run("single new, nothing left", single_new)
print("  context:", shape(e.exceptions[0].__context__))


def nested_in_clause():
    try:
        raise ExceptionGroup("outer", [ValueError(1), TypeError(2)])
    except* ValueError:
        try:
            raise ExceptionGroup("inner", [KeyError(1), OSError(2)])
        except* KeyError:
            print("  inner handled")
e = run("except* in a clause", nested_in_clause)
print("  context:", shape(e.exceptions[0].__context__))


async def clause_awaits():
    import asyncio
    try:
        raise ExceptionGroup("a", [ValueError(1), TypeError(2)])
    except* ValueError:
        await asyncio.sleep(0)
        print("  awaited in clause")
    except* TypeError:
        await asyncio.sleep(0)
        raise KeyError("k")


def run_async():
    import asyncio
    asyncio.run(clause_awaits())
run("await in clauses", run_async)
