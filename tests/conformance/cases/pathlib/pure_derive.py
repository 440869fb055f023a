# pathlib: deriving paths: joinpath, /, with_name/suffix/stem, relative_to
from pathlib import PurePosixPath as P

p = P('/home/user/notes.txt')
print(p / 'x', p.parent / 'y' / 'z.py', 'rel' / P('a'), P('a') / P('/abs'))
print(p.joinpath('a', 'b'), p.joinpath(), P('a').joinpath('/b', 'c'))
print(p.with_name('todo.md'), p.with_suffix('.rst'), p.with_suffix(''), p.with_stem('readme'))
print(P('a.tar.gz').with_suffix('.zip'), P('a').with_suffix('.txt'), P('a.b/c').with_suffix('.d'))
for bad in ['', '/', 'a/b', '.']:
    try:
        p.with_name(bad)
    except ValueError as e:
        print('with_name', repr(bad), 'ValueError', e)
for bad in ['txt', '.', 'a/.b', './b']:
    try:
        p.with_suffix(bad)
    except ValueError as e:
        print('with_suffix', repr(bad), 'ValueError', e)
for base in [P('/'), P('')]:
    try:
        base.with_name('x')
    except ValueError as e:
        print('empty name', 'ValueError', e)
    try:
        base.with_suffix('.x')
    except ValueError as e:
        print('empty name', 'ValueError', e)

print(p.relative_to('/home'), p.relative_to('/home/user/notes.txt'), p.relative_to('/', 'home'))
print(P('a/b/c').relative_to('a'), P('a/b/c').relative_to(P('a/b')))
for other in ['/etc', 'home', '/home/us']:
    try:
        p.relative_to(other)
    except ValueError as e:
        print('ValueError', e)
print(p.is_relative_to('/home'), p.is_relative_to('/etc'), P('a/b').is_relative_to('a'), P('a').is_relative_to('/'))
try:
    p / 3
except TypeError as e:
    print('TypeError', e)
try:
    P(3)
except TypeError as e:
    print('TypeError', e)
try:
    P(b'bytes')
except TypeError as e:
    print('TypeError', e)


class Custom:
    def __fspath__(self):
        return 'from/fspath'


print(P(Custom()), P('x') / Custom())
