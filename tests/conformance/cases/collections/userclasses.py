# UserDict, UserList, UserString
from collections import UserDict, UserList, UserString
d = UserDict({'a': 1}, b=2)
d['c'] = 3; del d['a']
print(d, d.data, len(d), 'b' in d, d.get('z', 0), dict(d), sorted(d.keys()), d.copy(), type(d.copy()).__name__)
class Missing(UserDict):
    def __missing__(self, k):
        return k * 2
print(Missing()['ab'], d | {'x': 0}, isinstance(d, UserDict))
l = UserList([3, 1, 2])
l.append(5); l.sort(); print(l, l[0], l[1:3], type(l[1:3]).__name__, l + [9], [0] + l, l * 2, len(l), 2 in l)
l.extend(UserList([7])); l.insert(0, -1); print(l, l.pop(), l.index(2), l.count(1), l == [-1, 1, 2, 3, 5], l < [0])
l.reverse(); l.remove(1); print(l, l.copy(), type(l.copy()).__name__)
s = UserString('Hello')
print(s, repr(s), s.upper(), type(s.upper()).__name__, s + '!', 'x' + s, s * 2, s[1:3], len(s), 'ell' in s)
print(s.split('l'), s.startswith('He'), s.find('l'), s == 'Hello', s < 'World', s.replace('l', 'L'), '-'.join(['a', 'b']))
