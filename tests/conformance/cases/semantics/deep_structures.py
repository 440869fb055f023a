# Deep structures (issue #18): hashing nested tuples is bounded only by the
# C stack, as in CPython; repr/str/deepcopy raise RecursionError where
# CPython does, and == of a nest with itself does not recurse.
import copy, sys
for n in (1000, 5000, 20000, 50000):
    t = ()
    for i in range(n):
        t = (t, i)
    try:
        h = hash(t); print(n, 'hash ok', h == hash(t))
    except RecursionError as e:
        print(n, 'hash RecursionError')
    l = []
    for i in range(n):
        l = [l]
    for name, f in (('repr', repr), ('eq', lambda x: x == x), ('deepcopy', copy.deepcopy), ('str', str)):
        try:
            f(l); print(n, name, 'ok')
        except RecursionError:
            print(n, name, 'RecursionError')
