# Agent-style: retry with exponential backoff, decorators, functools, closures.
import functools
import random

random.seed(7)
calls = []


def retry(times=3, base=0.5, exceptions=(ConnectionError,)):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            delay = base
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions as e:
                    calls.append((fn.__name__, attempt, type(e).__name__, round(delay, 3)))
                    if attempt == times:
                        raise RuntimeError(f"{fn.__name__} failed after {times} attempts") from e
                    delay *= 2
        return wrapper
    return deco


state = {"n": 0}


@retry(times=4)
def flaky(x):
    """Fails twice, then works."""
    state["n"] += 1
    if state["n"] < 3:
        raise ConnectionError(f"attempt {state['n']}")
    return x * 10


@retry(times=2, exceptions=(ValueError, KeyError))
def always_bad():
    raise KeyError("missing")


print(flaky(4), flaky.__name__, flaky.__doc__, flaky.__wrapped__.__name__)
try:
    always_bad()
except RuntimeError as e:
    print(e, "| cause:", repr(e.__cause__))
print(calls)


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info().hits > 0)
add3 = functools.partial(lambda a, b, c: a + b + c, 1, c=3)
print(add3(2), functools.reduce(lambda acc, kv: acc + kv[1], {"a": 1, "b": 2}.items(), 0))
jitter = [round(random.uniform(0, 1), 4) for _ in range(3)]
print(jitter, random.choice("abc"), random.sample(range(10), 3), random.randint(1, 6))


def counter():
    n = 0

    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc


c = counter()
print(c(), c(5), c.__closure__[0].cell_contents, c.__code__.co_freevars if hasattr(c.__code__, "co_freevars") else ("n",))
print(sorted(["b10", "a2", "a10", "b9"], key=functools.cmp_to_key(lambda x, y: (x[0] > y[0]) - (x[0] < y[0]) or int(x[1:]) - int(y[1:]))))
