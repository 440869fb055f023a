# object.__reduce__ / __reduce_ex__ for each protocol: the rebuilder (by
# name), its arguments and the state; a class's own __reduce__ wins; the
# results rebuild the object.
def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)
def show(r):
    if not isinstance(r, tuple): return r
    return (getattr(r[0], '__name__', r[0]),) + tuple(list(x) if type(x).__name__.endswith('iterator') else x for x in r[1:])
class C: pass
c = C(); c.a = 1
e = C()
class L(list): pass
class D(dict): pass
class S:
    __slots__ = ('x',)
class I(int): pass
class R:
    def __reduce__(self): return (R, ())
class G:
    def __getnewargs__(self): return (1, 2)
    def __new__(cls, *a): return object.__new__(cls)
for p in (0, 1, 2, 4):
    t(f'c{p}', lambda: show(c.__reduce_ex__(p)))
    t(f'e{p}', lambda: show(e.__reduce_ex__(p)))
    t(f'L{p}', lambda: show(L([1]).__reduce_ex__(p)))
    t(f'D{p}', lambda: show(D(a=1).__reduce_ex__(p)))
    t(f'S{p}', lambda: show(S().__reduce_ex__(p)))
    t(f'I{p}', lambda: show(I(5).__reduce_ex__(p)))
    t(f'R{p}', lambda: show(R().__reduce_ex__(p)))
    t(f'G{p}', lambda: show(G().__reduce_ex__(p)))
    t(f'obj{p}', lambda: show(object().__reduce_ex__(p)))
t('reduce', lambda: show(c.__reduce__()))
t('reduce obj', lambda: show(object().__reduce__()))
t('proto str', lambda: c.__reduce_ex__('x'))
t('gen', lambda: (x for x in []).__reduce_ex__(2))
t('gen1', lambda: (x for x in []).__reduce_ex__(1))
f, args, state = c.__reduce_ex__(1)
o = f(*args); o.__dict__.update(state); print(type(o).__name__, o.a)
f, args, state, li, di = c.__reduce_ex__(2)
o = f(*args); o.__dict__.update(state); print(type(o).__name__, o.a)
f, args = I(5).__reduce_ex__(1)
print(f(*args), type(f(*args)).__name__)
