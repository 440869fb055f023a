# Deep structures (issue #18): hashing nested tuples is bounded only by the
# C stack, as in CPython; repr/str/deepcopy raise RecursionError where
# CPython does, and == of a nest with itself does not recurse.
# (Depths up to 5,000: a sanitizer build's frames are several times larger;
# 50,000 levels hash in a normal build, tests/hostile/attacks.sh goes to 10**6.)
import copy, sys
for n in (1000, 3000, 5000):
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
