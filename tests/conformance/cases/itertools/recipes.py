# itertools recipes as agents write them
from itertools import (islice, chain, groupby, zip_longest, count, tee, accumulate, starmap,
                       repeat, cycle, product, combinations, filterfalse, pairwise, takewhile)

def take(n, iterable):
    return list(islice(iterable, n))
def chunked(iterable, n):
    it = iter(iterable)
    while chunk := tuple(islice(it, n)):
        yield chunk
def grouper(iterable, n, fillvalue=None):
    args = [iter(iterable)] * n
    return zip_longest(*args, fillvalue=fillvalue)
def flatten(list_of_lists):
    return chain.from_iterable(list_of_lists)
def unique_everseen(iterable):
    seen = set()
    for element in filterfalse(seen.__contains__, iterable):
        seen.add(element)
        yield element
def roundrobin(*iterables):
    pending = len(iterables)
    nexts = cycle(iter(it).__next__ for it in iterables)
    while pending:
        try:
            for nxt in nexts:
                yield nxt()
        except StopIteration:
            pending -= 1
            nexts = cycle(islice(nexts, pending))
def sliding_window(iterable, n):
    it = iter(iterable)
    window = list(islice(it, n - 1))
    for x in it:
        window.append(x)
        yield tuple(window)
        del window[0]
def powerset(iterable):
    s = list(iterable)
    return chain.from_iterable(combinations(s, r) for r in range(len(s) + 1))
def partition(pred, iterable):
    t1, t2 = tee(iterable)
    return list(filterfalse(pred, t1)), list(filter(pred, t2))
print(take(5, count(1)), list(chunked(range(7), 3)), list(grouper('ABCDEFG', 3, 'x')))
print(list(flatten([[1, 2], [3], []])), list(unique_everseen('AAAABBBCCDAABBB')), list(roundrobin('ABC', 'D', 'EF')))
print(list(sliding_window('abcde', 3)), list(powerset([1, 2, 3])), partition(lambda x: x % 2, range(10)))
print(list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate(range(1, 6), (lambda a, b: a * b))), list(accumulate([1, 2, 3], initial=100)))
print(list(starmap((lambda a, b: a * b), zip(range(4), repeat(3)))), sum(starmap((lambda a, b: a * b), zip([1, 2], [3, 4]))))
print([''.join(p) for p in product('ab', repeat=2)], [k for k, _ in groupby(sorted('mississippi'))])
print(list(takewhile(lambda t: t < 50, accumulate(count(1)))), [b - a for a, b in pairwise([1, 4, 9, 16])])
runs = [(k, len(list(g))) for k, g in groupby('aaabccddd')]
print(runs, ''.join(f'{k}{n}' for k, n in runs))
matrix = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*matrix)), list(chain(*matrix)), dict(zip_longest('abc', range(2))))
