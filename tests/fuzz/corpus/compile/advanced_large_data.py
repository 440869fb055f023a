n = 100000
squares = [i * i for i in range(n)]
print(len(squares), squares[-1], sum(squares) % 1000007)
d = {i: str(i) for i in range(n)}
print(len(d), d[n - 1], sum(len(v) for v in d.values()))
s = set(range(0, n, 3)) & set(range(0, n, 5))
print(len(s), min(s), max(s))
text = "abc" * 10000
print(len(text), text.count("ca"), text[-5:], len(text.split("b")))
joined = ",".join(str(i) for i in range(1000))
print(len(joined), joined[:20])
