# pathlib: concrete methods that need no file: cwd, resolve/absolute and
# mkdir(parents=True) refusals are the box's; here only what CPython and the
# box agree on without touching a file
from pathlib import Path, PosixPath

p = Path('a', 'b.txt')
print(repr(p), isinstance(p, PosixPath), p.name, p.suffix)
print(Path('a').joinpath('b') == PosixPath('a/b'))
try:
    Path('~nobody_here_xyz/x').expanduser()
except RuntimeError as e:
    print('RuntimeError', e)
print(Path('plain').expanduser())
try:
    list(Path('.').glob(''))
except ValueError as e:
    print('ValueError', e)
try:
    list(Path('.').glob('/abs'))
except NotImplementedError as e:
    print('NotImplementedError', e)
for bad in [1, None]:
    try:
        Path('x').write_text(bad)
    except TypeError as e:
        print('TypeError', e)
