# __del__ reached the ways the deallocator calls it: a plain function
# (called straight, no second lookup), one that raises in a loop (each
# exception printed, the loop goes on), one replaced on the class between
# deallocations, and __del__ objects that are not plain functions (a
# staticmethod, a callable instance, a builtin).
class Counted:
    alive = 0

    def __init__(self, n):
        self.n = n
        Counted.alive += 1

    def __del__(self):
        Counted.alive -= 1


for i in range(1000):
    c = Counted(i)
del c
print('alive', Counted.alive)


class Raises:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        if self.n % 2:
            raise ValueError('odd %d' % self.n)


for i in range(4):
    Raises(i)
print('after Raises')


class Swapped:
    def __del__(self):
        print('first __del__')


Swapped()
Swapped.__del__ = lambda self: print('second __del__')
Swapped()
print('after Swapped')


class Caller:
    def __call__(self, obj):
        print('callable __del__ for', type(obj).__name__)


class Odd:
    __del__ = Caller()


class Static:
    __del__ = staticmethod(lambda: print('static __del__'))


class Builtin:
    __del__ = print


Odd()
Static()
try:
    Builtin()
except Exception as e:
    print('no', e)
print('end')
