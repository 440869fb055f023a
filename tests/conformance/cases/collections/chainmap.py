# ChainMap: lookups through maps, writes to the first, new_child, parents
from collections import ChainMap
base = {'a': 1, 'b': 2}; over = {'b': 20, 'c': 30}
cm = ChainMap(over, base)
print(cm, cm['a'], cm['b'], cm['c'], len(cm), sorted(cm), list(cm), cm.get('zz', 'no'))
cm['d'] = 4; print(over, 'd' in cm, dict(cm))
del cm['b']; print(over, cm['b'])
try:
    del cm['a']
except KeyError as e:
    print(type(e).__name__, e)
child = cm.new_child(); child['a'] = 100; print(child, child['a'], cm['a'])
print(child.parents, child.maps[0], ChainMap(), bool(ChainMap()), bool(cm))
print(cm.new_child({'x': 1}), cm.new_child(y=2))
print(cm.pop('c'), over)
try:
    cm.pop('zz')
except KeyError as e:
    print(type(e).__name__, e)
print(ChainMap({'a': 1}) | {'b': 2}, {'z': 9} | ChainMap({'a': 1}))
cm2 = cm.copy(); cm2['new'] = 1; print('new' in cm, 'new' in cm2)
print(ChainMap.fromkeys('ab', 0))
cm.clear(); print(cm)
