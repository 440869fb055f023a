# os.path: join, split, splitext, basename, dirname, splitdrive, isabs
import os.path

# posixpath itself is not importable in the box (not one of the spec's
# modules); os.path is it, under its own name.
print(os.path.__name__, os.path.sep, os.sep, os.extsep, os.pathsep, os.curdir, os.pardir, os.linesep == '\n', os.name)
for parts in [('a', 'b'), ('a/', 'b'), ('/a', '/b', 'c'), ('', 'x'), ('a', ''), ('a', '', 'b'),
              ('/',), ('a//', 'b//'), (b'a', b'b'), (b'/x', b'/y')]:
    print(parts, '->', repr(os.path.join(*parts)))
try:
    os.path.join('a', b'b')
except TypeError as e:
    print('TypeError', e)
try:
    os.path.join('a', 3)
except TypeError as e:
    print('TypeError', e)
for p in ['/a/b/c', 'a/b/', 'a', '/', '//', '///a//b', '', 'a/b.txt', '.bashrc', 'a/.b.c',
          '..', 'x.', 'a.b/c', '/a..b', b'/x/y.z']:
    print(repr(p), os.path.split(p), os.path.splitext(p), repr(os.path.basename(p)),
          repr(os.path.dirname(p)), os.path.isabs(p), os.path.splitdrive(p))
