# Every callable builtin (exceptions aside) called with no argument, too many,
# and an unknown keyword: CPython 3.11's count checks and keyword refusals,
# in its order and words (issue #22).
names = ['abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable', 'chr', 'classmethod', 'compile', 'complex', 'copyright', 'credits', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec', 'exit', 'filter', 'float', 'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input', 'int', 'isinstance', 'issubclass', 'iter', 'len', 'license', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next', 'object', 'oct', 'open', 'ord', 'pow', 'print', 'property', 'quit', 'range', 'repr', 'reversed', 'round', 'set', 'setattr', 'slice', 'sorted', 'staticmethod', 'str', 'sum', 'super', 'tuple', 'type', 'vars', 'zip']
skip = {'input', 'memoryview', 'breakpoint', 'help', 'exit', 'quit', 'copyright', 'credits', 'license', 'open', 'print'}
for n in names:
    if n in skip: continue
    try: eval(n)
    except NameError: continue
    f = eval(n)
    for args, kw in [((), {}), ((1,)*6, {}), ((1,), {'zzz': 1}), ((), {'zzz': 1})]:
        try:
            r = f(*args, **kw)
            out = 'ok ' + type(r).__name__
        except Exception as e:
            out = type(e).__name__ + ': ' + str(e)
        print(n, len(args), list(kw), out)
