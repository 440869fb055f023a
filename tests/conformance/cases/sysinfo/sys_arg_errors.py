# sys functions' argument errors name them sys.NAME() as CPython's do.
import sys
calls = [lambda: sys.getdefaultencoding(1), lambda: sys.getfilesystemencoding(1), lambda: sys.setrecursionlimit(),
         lambda: sys.intern(), lambda: sys.intern('a', 'b'), lambda: sys.getrecursionlimit(1), lambda: sys.exc_info(1),
         lambda: sys.getsizeof(), lambda: sys.exit(1, 2), lambda: sys.setrecursionlimit(x=1), lambda: sys.intern(1)]
for c in calls:
    try:
        c()
    except TypeError as e:
        print(e)
