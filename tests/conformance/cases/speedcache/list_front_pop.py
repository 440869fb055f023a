# list.pop/insert/del/remove near the front (the list keeps a free head)
# mixed with appends, slices, sort, repetition and clear.
q = list(range(20))
out = []
for i in range(60):
    out.append(q.pop(i % 5))
    q.append(i)
    if i % 7 == 0:
        q.insert(i % 4, -i)
    if i % 11 == 0:
        del q[1]
    if i % 13 == 0:
        q.remove(q[2])
print(out)
print(q, len(q))
q.sort(); print(q)
q[2:5] = [7, 8]; print(q)
q *= 2; print(q)
while q:
    q.pop(0)
print(q, q.__sizeof__() >= 40)
q.extend(range(5)); q.insert(0, 9); print(q)
class L(list): pass
m = L([1, 2, 3, 4, 5]); m.pop(1); m.insert(0, 0); m.pop(0); m.append(6); print(m)
q = [object() for _ in range(9)]; q.pop(0); q.clear(); print(q)
