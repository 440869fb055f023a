# Every in-place set/list/dict operation with the object itself as argument.
def show(name, f, mk):
    x = mk()
    try:
        r = f(x)
        print(name, sorted(x) if isinstance(x, (set, frozenset)) else x, r if not isinstance(r, (set, list, dict)) else "self" if r is x else r)
    except Exception as e:
        print(name, type(e).__name__, e)
S = lambda: {1, 2, 3}
show("difference_update", lambda s: s.difference_update(s), S)
show("intersection_update", lambda s: s.intersection_update(s), S)
show("symmetric_difference_update", lambda s: s.symmetric_difference_update(s), S)
show("update", lambda s: s.update(s), S)
show("difference_update2", lambda s: s.difference_update(s, s), S)
show("intersection_update2", lambda s: s.intersection_update(s, {1}), S)
show("update2", lambda s: s.update(s, s), S)
def isub(s): s -= s; return s
def ixor(s): s ^= s; return s
def iand(s): s &= s; return s
def ior(s): s |= s; return s
for f in (isub, ixor, iand, ior):
    show(f.__name__, f, S)
show("issubset", lambda s: (s.issubset(s), s.issuperset(s), s.isdisjoint(s), s == s, s <= s, s < s), S)
show("ops", lambda s: (sorted(s - s), sorted(s ^ s), sorted(s & s), sorted(s | s)), S)
L = lambda: [1, 2, 3]
def liadd(l): l += l; return l
def limul(l): l *= 2; return l
def lslice(l): l[:] = l; return l
def lslice2(l): l[1:2] = l; return l
def lslice3(l): l[::-1] = l; return l
def lextend(l): l.extend(l); return l
def lext_rev(l): l.extend(reversed(l)); return l
def lins(l): l.insert(1, l); return len(l)
for f in (liadd, limul, lslice, lslice2, lslice3, lextend, lins):
    show(f.__name__, f, L)
show("l.count(l)", lambda l: (l.count(l), l == l, l in l), L)
D = lambda: {1: 'a', 2: 'b'}
def dupd(d): d.update(d); return d
def dior(d): d |= d; return d
def dupd2(d): d.update(d.items()); return d
for f in (dupd, dior, dupd2):
    show(f.__name__, f, D)
show("d|d", lambda d: d | d, D)
