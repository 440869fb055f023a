# Dictionary insertion, lookup, iteration and update with str and int keys.
d = {}
for i in range(200000):
    d["k" + str(i)] = i
total = 0
for i in range(0, 200000, 3):
    total += d["k" + str(i)]
counts = {}
for i in range(300000):
    k = i % 1000
    counts[k] = counts.get(k, 0) + 1
items = sorted(d.items(), key=lambda kv: kv[1])[:3]
print(total, len(counts), items)
