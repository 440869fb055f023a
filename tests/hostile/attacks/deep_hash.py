# attack: deeply nested data, hash of a 1e6-deep list and tuple, 1e5-deep frozenset (CPython 3.11 crashes on the tuple)
# status: 0
# stdout: TypeError unhashable type: 'list'
# stdout: RecursionError maximum recursion depth exceeded while hashing a tuple
# stdout: frozenset hashed
# stdout: done
l = []
t = ()
f = frozenset()
for i in range(10**6):
    l = [l]
    t = (t,)
for i in range(10**5):
    f = frozenset([f])
for x in (l, t):
    try:
        hash(x)
        print('no error')
    except (TypeError, RecursionError) as e:
        print(type(e).__name__, e)
hash(f)
print('frozenset hashed')
print('done')
