# Every binary and in-place operator over every pair of int, bool, float,
# complex (zero included), and user classes whose dunders return
# NotImplemented on both sides: results and TypeError texts (issue #21).
import itertools
vals = [1, True, 1.5, 2j, 0, False]
ops = ['+','-','*','/','//','%','**','@','<<','>>','&','|','^']
for a, b in itertools.product(vals, vals):
    for op in ops:
        try:
            r = eval(f"a {op} b")
            print(repr(a), op, repr(b), '=', repr(r))
        except Exception as e:
            print(repr(a), op, repr(b), type(e).__name__, e)
        x = a
        try:
            exec(f"x {op}= b")
            print('i', repr(a), op, repr(b), '=', repr(x))
        except Exception as e:
            print('i', repr(a), op, repr(b), type(e).__name__, e)
class A:
    def __add__(self, o): return NotImplemented
    def __radd__(self, o): return NotImplemented
    def __or__(self, o): return NotImplemented
    def __ror__(self, o): return NotImplemented
    def __iadd__(self, o): return NotImplemented
for expr in ["A() + A()", "A() | 1", "1 | A()", "A() + 1"]:
    try: print(eval(expr))
    except TypeError as e: print(e)
x = A()
try:
    x += 1
except TypeError as e: print(e)
try:
    x |= 1
except TypeError as e: print(e)
