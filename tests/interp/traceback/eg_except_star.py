# except*: a clause raises, the unhandled rest is re-raised with it.
def work():
    raise ExceptionGroup("batch", [ValueError("a"), KeyError("b"), TypeError("c")])


try:
    work()
except* KeyError as eg:
    pass
except* ValueError as eg:
    raise RuntimeError("handler failed")
