# Exceptions raised by __del__ are printed as CPython's unraisable hook
# prints them, and the script goes on.
class Bad:
    def __del__(self):
        1 / 0


b = Bad()
del b
print('after Bad')


class Chained:
    def __del__(self):
        try:
            {}['missing']
        except KeyError as e:
            raise ValueError('while finalizing') from e


def make():
    c = Chained()
    return 1


make()
print('after Chained')


class Deep:
    def __del__(self):
        def down(n):
            return down(n + 1)
        down(0)


Deep()
print('after Deep')


class AtExit:
    def __del__(self):
        raise RuntimeError('at exit')


keep = AtExit()
print('end')
