d = {}
for k in ["z", "a", "m", 3, 1.5, (1, 2), None, True]:
    d[k] = str(k)
print(d)
del d["a"]
d["a"] = "again"
print(list(d))
d2 = dict(sorted(d.items(), key=lambda kv: str(kv[0])))
print(d2)
print({1: 'a', 1.0: 'b', True: 'c'})
big = {i: i * i for i in range(1000)}
print(len(big), big[999], sum(big) , list(big)[-3:])
for k in list(big):
    if k % 2:
        del big[k]
print(len(big), list(big)[:5])
