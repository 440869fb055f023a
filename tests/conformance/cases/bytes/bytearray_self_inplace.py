# A bytearray grown by itself: CPython 3.11 refuses b += b (it holds a
# buffer of b while resizing it) but extend(b) and slice assignment copy.
def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)

def iadd():
    b = bytearray(b'ab'); b += b; return b
def dunder():
    b = bytearray(b'ab'); return b.__iadd__(b)
def extend():
    b = bytearray(b'ab'); b.extend(b); return b
def whole_slice():
    b = bytearray(b'ab'); b[:] = b; return b
def grow_slice():
    b = bytearray(b'ab'); b[1:1] = b; return b
def other_equal():
    b = bytearray(b'ab'); b += bytearray(b'ab'); return b
def imul():
    b = bytearray(b'ab'); b *= 2; return b
for f in (iadd, dunder, extend, whole_slice, grow_slice, other_equal, imul):
    show(f.__name__, f)
