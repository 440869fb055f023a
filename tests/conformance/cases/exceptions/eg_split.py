# split() and subgroup() with a type, a tuple of types and a predicate:
# shapes, identity, and what the parts copy from the original.
def shape(e):
    if e is None:
        return None
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, e.message, [shape(x) for x in e.exceptions])
    return repr(e)


leaves = [ValueError(1), TypeError(2), KeyError(3), ValueError(4)]
inner = ExceptionGroup("inner", [leaves[2], leaves[3]])
eg = ExceptionGroup("outer", [leaves[0], leaves[1], inner])

for cond in (ValueError, (TypeError, KeyError), LookupError, OSError, Exception,
             ExceptionGroup, lambda e: isinstance(e, ValueError) and e.args[0] > 1,
             lambda e: False, lambda e: True):
    m, r = eg.split(cond)
    print("split", shape(m), "|", shape(r))
    print("  subgroup", shape(eg.subgroup(cond)))

m, r = eg.split(ValueError)
print(m.exceptions[0] is leaves[0], m.exceptions[1].exceptions[0] is leaves[3])
print(eg.subgroup(Exception) is eg, eg.split(Exception)[0] is eg, eg.split(OSError)[1] is eg)
print(eg.subgroup(lambda e: e is inner).exceptions[0] is inner)

seen = []
def pred(e):
    seen.append(type(e).__name__ + ":" + str(e))
    return False
eg.split(pred)
print(seen)

for bad in (1, "ValueError", [ValueError], "".join, (ValueError, 1), print):
    try:
        eg.split(bad)
    except TypeError as e:
        print("split", type(bad).__name__, "TypeError:", e)
    try:
        eg.subgroup(bad)
    except TypeError as e:
        print("subgroup", type(bad).__name__, "TypeError:", e)
try:
    eg.split()
except TypeError as e:
    print("TypeError:", e)

def boom(e):
    raise RuntimeError("in predicate")
try:
    eg.split(boom)
except RuntimeError as e:
    print("RuntimeError:", e)

# metadata copied onto the parts
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise ExceptionGroup("meta", [ValueError(1), TypeError(2)]) from KeyError("cause")
except ExceptionGroup as g:
    g.add_note("note 1")
    m, r = g.split(ValueError)
    for part in (m, r):
        print(shape(part), part.__traceback__ is g.__traceback__, part.__cause__ is g.__cause__,
              part.__context__ is g.__context__, part.__notes__, part.__notes__ is g.__notes__,
              part.__suppress_context__)
    print(g.__suppress_context__)
    g.__notes__ = "not a list"
    m, r = g.split(ValueError)
    print(hasattr(m, "__notes__") and m.__notes__)
    g.__notes__ = 7
    m, r = g.split(ValueError)
    print(hasattr(m, "__notes__"))

base = BaseExceptionGroup("base", [KeyboardInterrupt(), ValueError(1)])
m, r = base.split(Exception)
print(shape(m), shape(r))
m, r = base.split(KeyboardInterrupt)
print(shape(m), shape(r))
