# pathlib: the parts of pure paths (no file is touched)
from pathlib import PurePath, PurePosixPath, Path

for s in ['/usr/lib/python3.11/os.py', 'a/b/c.tar.gz', '/', '.', '', 'a//b/./c/',
          '//net/share', '///x', '..', 'a/../b', '.bashrc', 'name.', 'a/b.c.d/e']:
    p = PurePosixPath(s)
    print(repr(s), '->', str(p), repr(p))
    print('  parts', p.parts, 'drive', repr(p.drive), 'root', repr(p.root), 'anchor', repr(p.anchor))
    print('  name', repr(p.name), 'suffix', repr(p.suffix), 'suffixes', p.suffixes, 'stem', repr(p.stem))
    print('  parent', p.parent, 'parents', [str(x) for x in p.parents])
    print('  absolute?', p.is_absolute(), 'posix', p.as_posix(), 'fspath', p.__fspath__())

p = PurePath('x', 'y', '/z', 'w')
print(type(p).__name__, p)
print(PurePath(PurePath('a'), 'b', PurePosixPath('c')))
print(PurePath() == PurePath('.'), str(PurePath()))
parents = PurePosixPath('/a/b/c/d').parents
print(len(parents), parents[0], parents[-1], parents[1:3], [str(x) for x in parents[::2]])
try:
    parents[10]
except IndexError as e:
    print('IndexError', e)
print(bytes(PurePosixPath('/a/b')))
print(PurePosixPath('/a b/c%d').as_uri())
try:
    PurePosixPath('a').as_uri()
except ValueError as e:
    print('ValueError', e)
print(type(Path('a')).__name__, repr(Path('a') / 'b'))
