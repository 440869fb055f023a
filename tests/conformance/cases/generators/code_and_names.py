# gi_code / cr_code / ag_code, cr_origin, writable __name__ and
# __qualname__, gi_frame once finished, and the attributes each kind has.
import asyncio


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


def g():
    yield 1


x = g()
t('gi_code', lambda: x.gi_code.co_name)
t('gi_code is', lambda: x.gi_code is g.__code__)
t('gi_running', lambda: x.gi_running)
t('gi_yieldfrom', lambda: x.gi_yieldfrom)
t('names', lambda: (x.__name__, x.__qualname__))
x.__name__ = 'hello'
x.__qualname__ = 'Q.hello'
t('renamed', lambda: (x.__name__, x.__qualname__))
t('repr', lambda: repr(x).split(' at ')[0])


def set_int():
    x.__name__ = 5


def del_name():
    del x.__qualname__


t('set int', set_int)
t('del', del_name)
print(list(x))
t('finished frame', lambda: x.gi_frame)
t('finished code', lambda: x.gi_code.co_name)


async def co():
    return 7


c = co()
t('cr_code', lambda: c.cr_code.co_name)
t('cr_code is', lambda: c.cr_code is co.__code__)
t('cr_origin', lambda: c.cr_origin)
t('cr_running', lambda: c.cr_running)
t('cr_await', lambda: c.cr_await)
c.__name__ = 'zz'
t('cr name', lambda: (c.__name__, c.__qualname__))
t('cr repr', lambda: repr(c).split(' at ')[0])
c.close()
t('closed frame', lambda: c.cr_frame)


async def ag():
    yield 1


a = ag()
t('ag_code', lambda: a.ag_code.co_name)
t('ag_running', lambda: a.ag_running)
t('ag_await', lambda: a.ag_await)
a.__qualname__ = 'q'
t('ag name', lambda: (a.__name__, a.__qualname__))


def public(o):
    return sorted(k for k in dir(o) if not k.startswith('__'))


t('gen attrs', lambda: public(x))
t('coro attrs', lambda: public(c))
t('agen attrs', lambda: public(a))
t('agen send', lambda: hasattr(a, 'send'))


async def main():
    inner = co()
    r = await inner
    return r, inner.cr_code.co_name


print(asyncio.run(main()))
