# Argument-count messages and keyword refusals of the builtins, as CPython
# 3.11 words them (issue #22).
# Argument-count and keyword refusals of the builtins (issue #22)
FUNCS = {'abs': abs, 'all': all, 'any': any, 'ascii': ascii, 'bin': bin, 'callable': callable, 'chr': chr, 'delattr': delattr, 'divmod': divmod, 'format': format, 'getattr': getattr, 'hasattr': hasattr, 'hash': hash, 'hex': hex, 'id': id, 'isinstance': isinstance, 'issubclass': issubclass, 'len': len, 'max': max, 'min': min, 'oct': oct, 'ord': ord, 'pow': pow, 'repr': repr, 'round': round, 'setattr': setattr, 'sorted': sorted, 'sum': sum}
names = sorted(FUNCS)
for name in names:
    f = FUNCS[name]
    for args in ((), (1, 2, 3, 4, 5)):
        try:
            f(*args)
            print(name, len(args), 'ok')
        except TypeError as e:
            print(name, len(args), 'TypeError:', e)
        except Exception as e:
            print(name, len(args), type(e).__name__)
    try:
        f(1, x=1)
    except TypeError as e:
        print(name, 'kw TypeError:', e)
    except Exception as e:
        print(name, 'kw', type(e).__name__)
for t in (type, int, str, float, list, tuple, dict, set, frozenset, bool, bytes, bytearray, object, range, slice, complex, property, staticmethod, classmethod, super, zip, map, filter, reversed):
    for args, kw in (((), {}), ((1, 2, 3, 4), {}), ((1,), {'x': 1})):
        try:
            t(*args, **kw)
            print(t.__name__, len(args), kw, 'ok')
        except TypeError as e:
            print(t.__name__, len(args), kw, 'TypeError:', e)
        except Exception as e:
            print(t.__name__, len(args), kw, type(e).__name__)
