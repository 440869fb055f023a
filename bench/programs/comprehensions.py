# List, dict and set comprehensions.
squares = [x * x for x in range(600000)]
evens = [x for x in squares if x % 2 == 0]
table = {x: x % 97 for x in range(100000)}
uniq = {v for v in table.values()}
pairs = [(a, b) for a in range(500) for b in range(500) if (a + b) % 7 == 0]
print(len(evens), sum(table.values()), len(uniq), len(pairs))
