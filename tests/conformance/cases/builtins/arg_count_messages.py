# Argument-count and keyword-refusal messages of builtins, as CPython words them.
names = ["abs", "all", "any", "ascii", "bin", "callable", "chr", "delattr", "divmod", "format", "getattr", "hasattr",
         "hash", "hex", "id", "isinstance", "issubclass", "iter", "len", "max", "min", "next", "oct", "ord", "pow",
         "repr", "round", "setattr", "sorted", "sum", "vars", "dir", "globals", "locals", "print", "input", "open",
         "eval", "aiter", "anext", "breakpoint", "map", "filter", "reversed", "range", "slice", "type", "object", "int", "float", "str", "bytes", "list", "tuple",
         "dict", "set", "frozenset", "bool", "complex", "property", ]
skip = {"input", "print", "breakpoint", "open", "globals", "locals", "dir", "vars"}
for n in names:
    if n in skip:
        continue
    f = eval(n)
    for args in [(), (1,) * 6]:
        try:
            f(*args)
            print(n, len(args), "ok")
        except TypeError as e:
            print(n, len(args), "TypeError:", e)
        except Exception as e:
            print(n, len(args), type(e).__name__)
for n in ["abs", "len", "hasattr", "chr", "ord", "id", "isinstance", "divmod", "callable", "repr", "type", "int", "float", "bool", "tuple", "list", "range", "slice", "object", "setattr", "getattr", "delattr", "iter", "next", "hash", "ascii", "format", "round", "sum", "min", "sorted", "zip", "map", "filter", "enumerate", "reversed", "set", "frozenset", "str", "bytes", "dict", "complex"]:
    f = eval(n)
    for args in [(), (1,)]:
        if n in ("round", "sum", "min", "enumerate") and not args:
            continue
        try:
            f(*args, x=1)
            print(n, "kw ok")
        except TypeError as e:
            print(n, "kw", len(args), "TypeError:", e)
        except Exception as e:
            print(n, "kw", len(args), type(e).__name__)
try: type(1, x=1)
except TypeError as e: print(e)
try: type("A", (), {}, x=1)
except TypeError as e: print(e)
try: type()
except TypeError as e: print(e)
try: type(1, 2)
except TypeError as e: print(e)
