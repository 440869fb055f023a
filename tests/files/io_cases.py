# tests/files/io_cases.py -- file I/O whose output must be the same under
# CPython 3.11 (run in a scratch copy of the workspace) and through
# box-broker (tests/files/io_vs_cpython.sh): open() modes, text decoding and
# newlines, binary seek/tell, os and pathlib file functions.  Only names
# under the working directory; sorted where CPython's order is the
# directory's.
import os
from pathlib import Path


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


# -- text writing and reading, newline modes
with open('t1.txt', 'w') as f:
    print(f.write('alpha\nbeta\r\ngamma\rdelta'), f.writable(), f.readable(), f.closed)
print(f.closed)
for nl in (None, '', '\n', '\r', '\r\n'):
    with open('t1.txt', newline=nl) as f:
        print(repr(nl), f.readlines(), f.newlines if nl is None else '-')
with open('t1.txt', 'rb') as f:
    print(f.read())
with open('t2.txt', 'w', newline='\r\n') as f:
    f.write('one\ntwo\n')
print(Path('t2.txt').read_bytes(), Path('t2.txt').read_text())

# -- read sizes, readline limits, iteration, readlines hint
Path('lines.txt').write_text(''.join(f'line {i}\n' for i in range(50)))
with open('lines.txt') as f:
    print(repr(f.read(3)), repr(f.readline()), repr(f.readline(4)), repr(f.readline(0)))
    print(len(f.readlines(20)), sum(1 for _ in f), repr(f.read()), repr(f.readline()))
with open('lines.txt') as f:
    for i, line in enumerate(f):
        if i == 48:
            print(repr(line))

# -- encodings and errors
Path('latin.txt').write_text('café naïve', encoding='latin-1')
print(Path('latin.txt').read_bytes(), Path('latin.txt').read_text(encoding='latin-1'))
with open('latin.txt', encoding='ascii', errors='replace') as f:
    print(repr(f.read()), f.encoding, f.errors)
with open('latin.txt', encoding='utf-8', errors='surrogateescape') as f:
    print(repr(f.read()))
show('strict', lambda: open('latin.txt', encoding='ascii').read())
show('encode', lambda: open('enc.txt', 'w', encoding='ascii').write('é'))
Path('utf8.txt').write_text('€' * 3 + 'x' * 70000 + '€')
with open('utf8.txt', encoding='utf-8') as f:
    s = f.read()
    print(len(s), s[:4], s[-2:])
with open('utf8.txt', 'rb') as f:
    print(len(f.read()))

# -- binary: seek, tell, append, r+, w+, x
with open('b.bin', 'wb') as f:
    print(f.write(b'0123456789'), f.tell())
with open('b.bin', 'rb') as f:
    print(f.read(3), f.tell(), f.seek(5), f.read(2), f.seek(-2, 2), f.read(), f.seek(1, 0), f.read1(2))
    print(f.seek(0), f.readline(), f.tell(), f.read(100), f.read(5))
with open('b.bin', 'ab') as f:
    f.write(b'AB')
with open('b.bin', 'r+b') as f:
    f.seek(2)
    f.write(b'xy')
    f.seek(0)
    print(f.read())
with open('b.bin', 'w+b') as f:
    f.write(b'fresh')
    f.seek(0)
    print(f.read(), f.mode)
show('x exists', lambda: open('b.bin', 'x'))
with open('new.bin', 'xb') as f:
    f.write(b'n')
print(Path('new.bin').read_bytes())
with open('t3.txt', 'a') as f:
    f.write('first\n')
with open('t3.txt', 'a+') as f:
    f.write('second\n')
    f.seek(0)
    print(repr(f.read()))

# -- wrong-mode and closed-file errors
f = open('t3.txt')
show('write on r', lambda: f.write('x'))
f.close()
show('read closed', lambda: f.read())
show('iter closed', lambda: next(iter(f)))
g = open('t4.bin', 'wb')
show('read on w', lambda: g.read())
show('str to binary', lambda: g.write('s'))
g.close()
show('text to binary', lambda: open('t4.bin', 'w').write(b'b'))
for m in ('rw', 'q', 'rbt', 'b', '+', 'rr'):
    show('mode ' + m, lambda: open('t3.txt', m))
show('encoding bin', lambda: open('t3.txt', 'rb', encoding='utf-8'))
show('newline', lambda: open('t3.txt', newline='x'))
show('lookup', lambda: open('t3.txt', encoding='nope'))
show('missing', lambda: open('missing.txt'))
show('dir', lambda: open('sub_missing/x.txt', 'w'))

# -- os and pathlib on directories
os.makedirs('tree/a/b', exist_ok=True)
os.makedirs('tree/a/b', exist_ok=True)
show('makedirs again', lambda: os.makedirs('tree/a/b'))
os.mkdir('tree/c')
Path('tree/a/f1.txt').write_text('1')
Path('tree/a/b/f2.py').write_text('22')
Path('tree/c/f3.py').touch()
print(sorted((top, sorted(dirs), sorted(files)) for top, dirs, files in os.walk('tree')))
print([top for top, _, _ in os.walk('tree', topdown=False)][-1])
print(sorted(os.listdir('tree')), sorted(e.name for e in os.scandir('tree/a')))
print(sorted((e.name, e.is_dir(), e.is_file()) for e in os.scandir('tree/a')))
print(sorted(str(p) for p in Path('tree').iterdir()))
print(sorted(str(p) for p in Path('tree').glob('*/*.py')), sorted(str(p) for p in Path('tree').rglob('*.py')))
print(sorted(str(p) for p in Path('tree').glob('**/*.txt')), sorted(str(p) for p in Path('tree').glob('**')))
print(os.path.exists('tree/a'), os.path.isdir('tree/a'), os.path.isfile('tree/a/f1.txt'), os.path.getsize('tree/a/b/f2.py'))
print(os.path.exists('tree/zz'), os.path.isfile('tree'), os.path.islink('tree'))
st = os.stat('tree/a/b/f2.py')
print(st.st_size, oct(st.st_mode)[:4], st[6])
show('rmdir nonempty', lambda: os.rmdir('tree/a'))
show('unlink dir', lambda: os.remove('tree/a'))
show('mkdir exists', lambda: Path('tree').mkdir())
Path('tree').mkdir(exist_ok=True)
show('mkdir exist_ok file', lambda: Path('tree/a/f1.txt').mkdir(exist_ok=True))
os.rename('tree/a/f1.txt', 'tree/c/moved.txt')
os.replace('tree/c/moved.txt', 'tree/c/f3.py')
print(sorted(os.listdir('tree/c')), Path('tree/c/f3.py').read_text())
print(Path('tree/c/f3.py').rename('tree/c/back.py'), Path('tree/c/back.py').replace('tree/renamed.py'))
for p in ('tree/renamed.py', 'tree/a/b/f2.py'):
    os.unlink(p)
for d in ('tree/a/b', 'tree/a', 'tree/c', 'tree'):
    os.rmdir(d)
print(os.path.exists('tree'))
show('touch x', lambda: Path('t3.txt').touch(exist_ok=False))
print(Path('lines.txt').stat().st_size, Path('t3.txt').exists(), Path('nope').is_dir())
