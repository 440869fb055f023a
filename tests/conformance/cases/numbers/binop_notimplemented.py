# Binary and in-place operators for every builtin numeric pair: no operand
# implementing one is a TypeError, never NotImplemented (issue #21).
ops = ['|', '&', '^', '<<', '>>', '%', '//', '**', '@', '+', '-', '*', '/']
vals = [True, 1, 2.5, 1j]
for op in ops:
    for a in vals:
        for b in vals:
            try:
                r = eval('a %s b' % op)
                print(repr(a), op, repr(b), '=', repr(r))
            except Exception as e:
                print(repr(a), op, repr(b), type(e).__name__, e)
class N:
    def __or__(self, o): return NotImplemented
    def __ror__(self, o): return NotImplemented
for a, b in ((N(), N()), (N(), 1), (1, N())):
    try:
        print(a | b)
    except TypeError as e:
        print('TypeError', e)
x = 1
for op in ['|=', '&=', '^=', '<<=', '>>=', '%=', '//=', '**=', '@=']:
    try:
        x = 1
        exec('x %s 1.0' % op)
        print(op, x)
    except Exception as e:
        print(op, type(e).__name__, e)
