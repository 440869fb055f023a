# integer arguments: __index__ objects, int subclasses, out-of-range values
import datetime as d
class I:
    def __index__(self): return 5
class J(int): pass
for f in [lambda: d.date(2020, I(), J(3)), lambda: d.date(2**31, 1, 1), lambda: d.date(-2**31-1, 1, 1), lambda: d.date(2**70, 1, 1), lambda: d.date(-2**70, 1, 1), lambda: d.time(I()), lambda: d.date(2020, None, 1), lambda: d.date(2020, 1, 1).replace(day=I())]:
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
