# Messages of f(*x) / f(**x) with the wrong kind of value, repeated
# keywords through **, and with-statements on objects that are not context
# managers: CPython 3.11 names the callable as module.qualname().
import asyncio


def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


def f(*a, **k):
    return a, k


class A:
    def m(self, **k):
        return k

    @staticmethod
    def s(*a):
        return a


t('** int', lambda: f(**5))
t('** list', lambda: f(**[1]))
t('** None', lambda: f(**None))
t('* int print', lambda: print(*5))
t('* int', lambda: f(*5))
t('* None after arg', lambda: f(1, *None))
t('* int max', lambda: max(*5))
t('dup kw', lambda: f(x=1, **{'x': 2}))
t('dup kw two maps', lambda: f(**{'x': 1}, **{'x': 2}))
t('non-str key', lambda: f(**{1: 2}))
t('method **', lambda: A().m(**5))
t('method *', lambda: A().m(*5))
t('method dup', lambda: A.m(A(), x=1, **{'x': 2}))
t('static *', lambda: A.s(*5))
t('lambda **', lambda: (lambda **k: k)(**5))
t('type **', lambda: dict(**5))
t('class *', lambda: A(*5))
t('ok *', lambda: f(*(1, 2), *[3], **{'a': 1}))
t('ok * gen', lambda: f(*(i for i in range(3))))
t('ok * str', lambda: f(*'ab'))


class BadIter:
    def __iter__(self):
        raise TypeError('inner problem')


t('iter raises TypeError', lambda: f(*BadIter()))


def order():
    log = []

    def gen():
        log.append('gen')
        yield 1

    def kw():
        log.append('kw')
        return {}
    f(*gen(), **kw())
    return log


t('order', order)


def w():
    with 5:
        pass


t('with int', w)


class OnlyEnter:
    def __enter__(self):
        pass


class OnlyExit:
    def __exit__(self, *a):
        pass


def w2():
    with OnlyEnter():
        pass


def w3():
    with OnlyExit():
        pass


t('with enter only', w2)
t('with exit only', w3)


async def aw():
    async with 5:
        pass


class AOnlyEnter:
    async def __aenter__(self):
        pass


async def aw2():
    async with AOnlyEnter():
        pass


async def aw3():
    async with OnlyEnter():
        pass


t('async with int', lambda: asyncio.run(aw()))
t('async with aenter only', lambda: asyncio.run(aw2()))
t('async with sync cm', lambda: asyncio.run(aw3()))
