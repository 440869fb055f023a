# At the end, garbage cycles go first; then every finalizer of what the
# globals hold runs while all globals are still bound.
class R:
    def __init__(s, n): s.n = n
    def __del__(s): print('del', s.n, X, type(R).__name__)
b = R('b')
_a = R('_a')
X = 'xval'
z = R('z')
class N:
    def __init__(s, n): s.n = n; s.o = None
    def __del__(s): print('cyc', s.n)
p = N('p'); q = N('q'); p.o = q; q.o = p
del p, q
e = N('e')
print('end')
