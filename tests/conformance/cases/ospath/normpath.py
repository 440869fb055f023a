# os.path: normpath, normcase, commonprefix, commonpath, relpath (pure)
import os.path as op

for p in ['', '.', '/', '//', '///', '////a', 'a/./b', 'a/../b', '../a', 'a/b/../../..',
          '/../a', '/a/b/../../../c', './', 'a//b///c/', '//a/../b', b'a/../b/./c', b'']:
    print(repr(p), '->', repr(op.normpath(p)), repr(op.normcase(p)))
print(op.commonprefix(['/usr/lib', '/usr/local', '/usr/libexec']), repr(op.commonprefix([])))
print(op.commonprefix(['abc', 'abd', 'ab']), op.commonprefix([['a', 'b'], ['a', 'c']]))
for ps in [['/usr/lib', '/usr/local/lib'], ['/a/b/c', '/a/b/c/d'], ['a/b', 'a/c'], ['a', 'a/./b'],
           ['/a', '/'], [b'/x/y', b'/x/z']]:
    print(ps, '->', repr(op.commonpath(ps)))
for bad in [[], ['/a', 'b']]:
    try:
        op.commonpath(bad)
    except ValueError as e:
        print('ValueError', e)
for p, start in [('/a/b/c', '/a'), ('/a/b', '/a/b/c/d'), ('/a', '/a'), ('/x/y', '/a/b'),
                 ('/a/b', '/'), ('/', '/a/b')]:
    print(p, start, '->', op.relpath(p, start))
try:
    op.relpath('')
except ValueError as e:
    print('ValueError', e)
print(op.expanduser('no/tilde'), op.expandvars('no vars here'))
