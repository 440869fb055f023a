# Less common cycle shapes: suspended generators with finally blocks,
# builtin subclasses, metaclass classes, module-level helper objects.
import functools
from collections import deque, OrderedDict, defaultdict

log = []

def gen_with_finally(n):
    for i in range(n):
        def g():
            me = yield 1
            try:
                yield 2
            finally:
                log.append("fin")
        it = g()
        next(it)
        it.send(it)      # the generator holds itself in a local
    return n

class D(dict):
    pass

class L(list):
    pass

def builtin_subclasses(n):
    for i in range(n):
        d = D(i=i)
        d["self"] = d
        l = L([i])
        l.append(l)
        l.append(d)
    return n

class Meta(type):
    pass

def meta_classes(n):
    for i in range(n):
        class K(metaclass=Meta):
            def method(self):
                return __class__
        K.me = K
    return n

def helpers(n):
    for i in range(n):
        q = deque([i])
        q.append(q)
        od = OrderedDict(a=1)
        od["od"] = od
        dd = defaultdict(list)
        dd["x"].append(dd)
        def f(x, p=None):
            return x
        p = functools.partial(f, 1)
        f.p = p
    return n

def exc_cycles(n):
    for i in range(n):
        try:
            try:
                raise KeyError(i)
            except KeyError as e:
                raise ValueError(i) from e
        except ValueError as e:
            e.__cause__.back = e
    return n

print(gen_with_finally(20000))
print(builtin_subclasses(50000))
print(meta_classes(2000))
print(helpers(20000))
print(exc_cycles(20000))
print(set(log), len(log) <= 20000)

# lru_cache on a method-like closure referencing itself
def make():
    @functools.lru_cache(maxsize=None)
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)
    return fib(30)
print(sum(make() for _ in range(200)))
