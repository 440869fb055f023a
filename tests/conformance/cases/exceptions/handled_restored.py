# Errors raised while an exception is being handled (in an except clause's
# type, a finally block, __exit__, except*) must leave the handled
# exception as it was: sys.exc_info() afterwards, and the __context__ of
# the next exception, as in CPython.
import sys, asyncio

def show(tag):
    print(tag, sys.exc_info()[0])

def in_except_type():
    try:
        1 / 0
    except undefined_name:
        pass

def in_finally():
    try:
        1 / 0
    finally:
        undefined_fin

class BadExit:
    def __enter__(self): return self
    def __exit__(self, *a): undefined_exit

def in_exit():
    with BadExit():
        raise KeyError('x')

def in_star_type():
    try:
        raise ValueError('v')
    except* undefined_star:
        pass

def in_star_body():
    try:
        raise ValueError('v')
    except* ValueError:
        undefined_in_star

for fn in (in_except_type, in_finally, in_exit, in_star_type, in_star_body):
    try:
        fn()
    except Exception as e:
        print(fn.__name__, type(e).__name__, type(e.__context__).__name__)
    show('  after')
    try:
        raise RuntimeError('fresh')
    except RuntimeError as e:
        print('  fresh context', e.__context__)

def gen():
    try:
        yield 1
    finally:
        undefined_gen
g = gen(); next(g)
try:
    g.close()
except NameError as e:
    print('gen close', type(e.__context__).__name__)
show('after gen')

class AsyncBad:
    async def __aenter__(self): return self
    async def __aexit__(self, *a): undefined_aexit
async def main():
    try:
        async with AsyncBad():
            raise KeyError('a')
    except NameError as e:
        print('async with', type(e.__context__).__name__)
    show('in main')
asyncio.run(main())
show('end')
