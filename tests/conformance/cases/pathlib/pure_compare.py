# pathlib: comparison, hashing, sorting of pure paths
from pathlib import PurePosixPath as P, PurePath, Path

print(P('a/b') == P('a/b'), P('a/b') == P('a//b/'), P('a') == P('A'), P('a') == 'a')
print(P('a') != P('b'), P('/a') == P('a'), PurePath('x') == P('x'), Path('x') == P('x'))
print(P('a') < P('b'), P('a/b') < P('a/c'), P('a') <= P('a'), P('b') > P('a/z'), P('/z') < P('a'))
print(sorted([P('b'), P('a/c'), P('/z'), P('a'), P('a/b/c'), P('.')]))
print(hash(P('a/b')) == hash(P('a//b')), len({P('a'), P('a/'), P('./a'), P('b')}))
d = {P('k'): 1}
print(d[P('k/')], P('k') in d)
try:
    P('a') < 'b'
except TypeError as e:
    print('TypeError', e)
print(max(P('x/1'), P('x/10'), P('x/2')), min([P('b'), P('a')]))
