# deque argument and index errors, with CPython's messages
from collections import deque
d = deque([1, 2, 3])
tests = ["deque([1],-1)", "deque([1],'a')", "deque([1],2.0)", "deque(1)", "deque([],1,2)", "deque(x=1)",
         "deque().pop()", "deque().popleft()", "d[5]", "d[-4]", "d['a']", "d[1:2]", "d.index(7)", "d.remove(7)",
         "deque([1],1).insert(0,2)", "d.rotate('a')", "d.index(1,'a')", "d + [1]", "d * 'a'", "d < [1]",
         "d < deque([1,2,4])", "hash(d)", "repr(deque([1],maxlen=3))", "repr(deque(maxlen=0))", "deque[int]",
         "d.count()", "d.insert(1)", "d.__setitem__(9,1)", "deque([1,2]) * 2", "2 * deque([1])", "d.maxlen",
         "deque('abc', maxlen=2)", "d.extend(1)", "d.append()", "d.index(2, -10, 10)", "d.copy()",
         "type(iter(d))", "type(reversed(d))", "list(iter(d))", "deque(iterable=[1], maxlen=1)"]
for t in tests:
    try:
        r = eval(t)
        print(t, "->", repr(r))
    except Exception as e:
        print(t, "!!", type(e).__name__, e)
try:
    for x in d:
        d.append(1)
except RuntimeError as e:
    print(type(e).__name__, e)
class D(deque):
    pass
print(D([1]), repr(D([1], 2)), type(D([1]) + D([2])).__name__)
d = deque([1])
d.append(d)
print(d)
