# itertools are lazy: they pull only what they need from their sources
import itertools as it
log = []
def src(n):
    for i in range(n):
        log.append(i)
        yield i
c = it.chain(src(3), src(2))
print(log, next(c), log)
m = it.islice(src(100), 2, 6, 2)
print(log, list(m), log[-1])
log.clear(); print(list(it.takewhile(lambda x: x < 3, src(10))), log)
log.clear(); d = it.dropwhile(lambda x: x < 3, src(10)); print(log, next(d), log)
log.clear(); print(next(it.compress(src(10), [0, 0, 1])), log)
log.clear(); print(list(it.zip_longest(src(2), 'abc')), log)
log.clear(); p = it.pairwise(src(4)); print(log, next(p), log)
log.clear(); a = it.accumulate(src(5)); print(next(a), next(a), log)
print(list(it.islice(it.count(10, -3), 4)), list(it.islice(it.cycle([1, 2]), 5)), list(it.islice(it.repeat(7), 3)))
print(list(it.islice(it.count(0.5, 0.25), 3)))
print(list(it.starmap(lambda a, b: a - b, zip([5, 6], [1, 2]))), list(it.filterfalse(lambda x: x % 2, range(7))))
# exhaustion
e = it.chain([1])
print(list(e), list(e), next(e, 'done'))
cy = it.cycle([]); print(next(cy, 'empty'))
s = it.islice(iter([1, 2, 3, 4]), 2); print(list(s), list(s))
r = it.repeat('x', 2); print(r.__length_hint__(), list(r), r.__length_hint__(), repr(r))
try:
    it.repeat('x').__length_hint__()
except TypeError as e:
    print(type(e).__name__, e)
# errors raised from inside iteration propagate
def boom():
    yield 1
    raise ValueError('boom')
try:
    list(it.chain(boom()))
except ValueError as e:
    print('ValueError', e)
try:
    list(it.accumulate([1, 'a']))
except TypeError as e:
    print(type(e).__name__, e)
try:
    next(it.starmap(len, [1]))
except TypeError as e:
    print(type(e).__name__, e)
# islice keeps the source where it stopped
src2 = iter(range(10)); print(list(it.islice(src2, 3)), next(src2))
src3 = iter(range(10)); print(list(it.islice(src3, 1, 7, 3)), next(src3))
print(list(it.islice(range(10), None, None, 4)), list(it.islice(range(3), 5, None)))
