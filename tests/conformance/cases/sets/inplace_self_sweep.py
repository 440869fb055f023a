# In-place set, list, dict, deque, bytearray and Counter operations with
# the object itself as the argument (issue #21).
import collections
def show(label, f):
    try: print(label, f())
    except Exception as e: print(label, type(e).__name__, e)
def S(): return {1,2,3}
for name in ['difference_update','intersection_update','symmetric_difference_update','update']:
    def f(name=name):
        s = S(); getattr(s, name)(s); return sorted(s)
    show(name, f)
for op in ['-=','&=','^=','|=']:
    def f(op=op):
        s = S(); exec(f"s {op} s"); return sorted(s)
    show(op, f)
    def g(op=op):
        s = S(); ns={'s':s}; exec(f"s {op} s", ns); return sorted(ns['s']), ns['s'] is s
    show('ns'+op, g)
def f():
    l=[1,2]; l += l; return l
show('l+=l', f)
def f():
    l=[1,2]; l[:] = l; return l
show('l[:]=l', f)
def f():
    l=[1,2]; l.extend(l); return l
show('extend', f)
def f():
    l=[1,2,3]; l[1:2] = l; return l
show('l[1:2]=l', f)
def f():
    l=[1,2,3]; l[::2] = l[::2]; return l
show('ext', f)
def f():
    l=[1,2]; l *= 2; l.__imul__(1); return l
show('imul', f)
def f():
    d={1:2,3:4}; d.update(d); return d
show('d.update', f)
def f():
    d={1:2}; d |= d; return d
show('d|=', f)
def f():
    dq=collections.deque([1,2]); dq.extend(dq); dq += dq; return dq
show('deque', f)
def f():
    dq=collections.deque([1,2]); dq.extendleft(dq); return dq
show('dequeleft', f)
def f():
    b=bytearray(b'ab'); b += b; b.extend(b); b[:]=b; return b
show('ba', f)
def f():
    c=collections.Counter('aab'); c.update(c); c += c; c -= collections.Counter(); c |= c; c &= c; return c
show('counter', f)
def f():
    c=collections.Counter('aab'); c.subtract(c); return c
show('csub', f)
def f():
    s=S(); s.difference_update(s, s); return s
show('multi', f)
def f():
    fs=frozenset({1}); t = fs; fs |= fs; return fs is t
show('fs', f)
def f():
    o=collections.OrderedDict(a=1); o.update(o); return o
show('od', f)
def f():
    s=S(); return s.issubset(s), s.isdisjoint(s), s == s, s <= s, s < s
show('cmp', f)
