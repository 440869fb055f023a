# Agent-style: itertools pipelines for a sales report.
from itertools import (groupby, accumulate, product, chain, islice, combinations,
                       permutations, zip_longest, count, cycle, repeat, starmap,
                       takewhile, dropwhile, tee, compress, filterfalse, pairwise)

sales = [
    ("2024-01", "north", 120), ("2024-01", "south", 80), ("2024-02", "north", 95),
    ("2024-02", "south", 130), ("2024-02", "east", 40), ("2024-03", "north", 150),
    ("2024-03", "east", 60),
]
for month, grp in groupby(sales, key=lambda r: r[0]):
    rows = list(grp)
    print(month, len(rows), sum(r[2] for r in rows), [r[1] for r in rows])

by_region = {k: [r[2] for r in g] for k, g in groupby(sorted(sales, key=lambda r: r[1]), key=lambda r: r[1])}
print(by_region)
monthly = [sum(r[2] for r in g) for _, g in groupby(sales, key=lambda r: r[0])]
print(monthly, list(accumulate(monthly)), list(accumulate(monthly, max)), list(accumulate(monthly, lambda a, b: a * b, initial=1)))
print(list(pairwise(monthly)), [b - a for a, b in pairwise(monthly)])

sizes, colors = ["S", "M"], ["red", "blue", "green"]
skus = ["-".join(p) for p in product(sizes, colors)]
print(skus, len(list(product(range(3), repeat=3))))
print(list(chain(sizes, colors, "xy")), list(chain.from_iterable([[1, 2], [3], []])))
print(list(combinations("abcd", 2)), len(list(permutations(range(4), 2))))
print(list(zip_longest("abc", [1, 2], fillvalue="?")))
print(list(islice(count(10, 5), 4)), list(islice(cycle("ab"), 5)), list(repeat("z", 3)))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 0)])))
data = [1, 4, 6, 7, 2, 9, 1]
print(list(takewhile(lambda x: x < 7, data)), list(dropwhile(lambda x: x < 7, data)))
a, b = tee(iter(data), 2)
print(sum(a), max(b))
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])), list(filterfalse(lambda x: x % 2, data)))

def batched(it, n):
    it = iter(it)
    while chunk := list(islice(it, n)):
        yield tuple(chunk)
print(list(batched(range(10), 4)))

def window(seq, n):
    its = tee(seq, n)
    for i, it in enumerate(its):
        for _ in range(i):
            next(it, None)
    return zip(*its)
print([round(sum(w) / len(w), 2) for w in window(data, 3)])

teams = ["ann", "bob", "cy", "dee"]
fixtures = [f"{h} v {a}" for h, a in combinations(teams, 2)]
print(len(fixtures), fixtures[:3])
runs = [(k, len(list(g))) for k, g in groupby("aaabccddddde")]
print(runs, "".join(f"{k}{n}" for k, n in runs))
grid = [[r * 3 + c for c in range(3)] for r in range(3)]
print(list(zip(*grid)), list(chain.from_iterable(zip(*grid))))
counter = count()
labels = {name: next(counter) for name in ["x", "y", "x", "z"]}
print(labels, next(counter))
