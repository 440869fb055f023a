# product, permutations, combinations, combinations_with_replacement
import itertools as it
print(list(it.product('AB', 'xy')), list(it.product([0, 1], repeat=3)))
print(list(it.product('ab', repeat=0)), list(it.product('ab', [])), list(it.product()))
print(list(it.product('ab', 'c', repeat=2)))
print(list(it.permutations('ABC')), list(it.permutations('ABCD', 2))[:5])
print(list(it.permutations([], 0)), list(it.permutations('ab', 3)), list(it.permutations('abc', 0)), list(it.permutations('')))
print(list(it.combinations('ABCD', 2)), list(it.combinations(range(5), 4)))
print(list(it.combinations('abc', 0)), list(it.combinations('abc', 4)), list(it.combinations('', 0)))
print(list(it.combinations_with_replacement('ABC', 2)), list(it.combinations_with_replacement('', 2)), list(it.combinations_with_replacement('a', 0)))
print(len(list(it.permutations(range(7)))), len(list(it.combinations(range(20), 3))), len(list(it.combinations_with_replacement(range(6), 4))))
print(sum(1 for _ in it.product(range(10), repeat=4)))
for f, args in [(it.permutations, ([1], -1)), (it.permutations, ([1], 'a')), (it.combinations, ([1], -2)),
                (it.combinations_with_replacement, ('ab', -1)), (it.product, ([1],))]:
    try:
        print(list(f(*args)))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    it.product('a', repeat=-1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    it.combinations('abc')
except TypeError as e:
    print(type(e).__name__, e)
p = it.permutations(range(3), 2)
print(next(p), next(p), list(p))
c = it.combinations(iter([3, 1, 2]), 2)
print(list(c), list(c))
class Ch(it.chain):
    pass
print(list(Ch([1], [2])), type(Ch.from_iterable([[1]])).__name__, list(Ch.from_iterable(['ab', 'c'])))
