# bytes % args and bytearray % args (printf-style formatting) as CPython 3.11.
class B:
    def __bytes__(self):
        return b'<B>'
class Idx:
    def __index__(self):
        return 65
class Flt:
    def __float__(self):
        return 2.5
cases = [
    (b'%s and %b', (b'x', bytearray(b'y'))), (b'%5s|%-5s|%.1s', (b'ab', b'cd', b'ef')), (b'%r %a', ('\u00e9', b'q')),
    (b'%d %i %u', (1, -2, 3.7)), (b'%05d|%+d|% d|%-4d|', (42, 5, 6, 7)), (b'%x %X %o %#x %#o', (255, 255, 8, 255, 8)),
    (b'%e %.2f %g %E %G %F', (1.5, 2.345, 1e-7, 12345.678, 1e20, 3.0)), (b'%c%c%c', (65, b'B', bytearray(b'C'))),
    (b'%(a)s-%(b)d', {b'a': b'A', b'b': 2}), (b'%%|%s', (B(),)), (b'%*d|%-*d|%.*f', (5, 1, 4, 2, 2, 3.14159)),
    (b'%d', (Idx(),)), (b'%c', (Idx(),)), (b'%f', (Flt(),)), (b'%s', b'single'), (b'%d', 7), (b'no args', ()),
    (b'%ld %hd %Lf', (1, 2, 3.0)), (b'%10.3s|', (b'abcdef',)), (b'%x', (2**70,)), (b'%d', (True,)), (b'%a', ([b'x'],)),
]
for fmt, args in cases:
    for t in (bytes, bytearray):
        try:
            print(repr(t(fmt) % args))
        except Exception as e:
            print(type(e).__name__, e)
bad = ["b'%s' % 'x'", "b'%c' % 300", "b'%c' % 'a'", "b'%c' % b'ab'", "b'%d %d' % (1,)", "b'%d' % (1,2)", "b'%q' % 1", "b'%' % ()",
       "b'%(a)s' % {'a': b'x'}", "b'%*d' % ('x', 1)", "5 % b'x'", "b'%x' % 1.5", "b'%f' % 'x'", "b'%s' % None", "b'%(a' % {}",
       "b'%(a)s' % (1,)", "b'%d' % 'x'", "b'x' % 5", "b'%c' % -1", "b'%.*f' % (1,)"]
for t in bad:
    try:
        print(t, '->', repr(eval(t)))
    except Exception as e:
        print(t, '->', type(e).__name__, e)
x = bytearray(b'%d')
x %= 5
print(x)
