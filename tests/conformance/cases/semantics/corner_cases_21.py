# yield from a plain iterator, in-place ops with themselves, pure
# annotations, range slices, bytes predicates, OSError subclasses and
# identity of unchanged results (issue #21).
class It:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 2: raise StopIteration(42)
        return self.n
def g():
    r = yield from It()
    print('bound', r)
print(list(g()))
s = {1, 2, 3}; s.difference_update(s); print(s)
s = {1, 2}; s -= s; print(s)
s = {1, 2}; s ^= s; print(s)
s = {1, 2}; s &= s; print(s)
s = {1, 2}; s.intersection_update(s); print(s)
s = {1, 2}; s.symmetric_difference_update(s); print(s)
s = {1, 2}; s.update(s); print(s)
l = [1, 2]; l += l; print(l)
l = [1, 2]; l[:] = l; print(l)
l = [1, 2]; l.extend(l); print(l)
d = {1: 2}; d.update(d); print(d)
x = 'global'
def f():
    x: int
    try:
        print(x)
    except NameError as e:
        print(type(e).__name__, e)
f()
print(range(4)[1::2], range(4)[1:-2:2], range(10)[::-3], range(0, 10, 3)[5:1:-1], range(4)[1::2].stop)
print([b for b in range(256) if bytearray([b]).isspace()], [b for b in range(256) if bytes([b]).isspace()])
for m in ('isalnum', 'isalpha', 'isdigit', 'islower', 'isupper', 'istitle', 'isascii'):
    print(m, sum(1 for b in range(256) if getattr(bytes([b]), m)()), sum(1 for b in range(256) if getattr(bytearray([b]), m)()))
class E(OSError): pass
e = E(1, 'msg'); print(e.errno, e.strerror, e.filename, e.args, str(e))
e = E(2, 'msg', 'f.txt'); print(e.errno, e.strerror, e.filename, e.args, str(e))
e = E(2, 'msg', 'f', None, 'g'); print(e.filename2, str(e))
b = b'abc'; print(b.strip() is b, b.replace(b'x', b'y') is b, bytes(b) is b, b[:] is b)
s = 'abc'; print(s.strip() is s, s.replace('x', 'y') is s, str(s) is s, s[:] is s, s.lstrip() is s, s.rstrip() is s)
t = (1, 2); print(tuple(t) is t, t[:] is t)
