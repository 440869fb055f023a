# A plain exception raised while a group is handled, and one caused by a
# group: the group is printed at depth 0 above it.
try:
    raise ExceptionGroup("first", [ValueError(1), ExceptionGroup("sub", [TypeError(2)])])
except ExceptionGroup as eg:
    try:
        raise KeyError("during") from eg.exceptions[1]
    except KeyError:
        raise RuntimeError("last")
