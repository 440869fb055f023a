# random list operations, near the front and the back, checked as they go
import random
random.seed(11)
q = list(range(40))
log = []
for step in range(3000):
    op = random.randrange(12)
    if op < 3 and q:
        log.append(q.pop(random.randrange(min(4, len(q)))))
    elif op == 3 and q:
        log.append(q.pop())
    elif op == 4:
        q.insert(random.randrange(3), step)
    elif op == 5:
        q.append(step)
    elif op == 6 and len(q) > 2:
        del q[1]
    elif op == 7:
        q.extend(range(random.randrange(4)))
    elif op == 8 and q:
        q.remove(q[0])
    elif op == 9 and len(q) > 5:
        q[1:3] = ["a", "b", "c"]
        q = [x for x in q if x not in ("a", "b", "c")]
    elif op == 10:
        q.sort(reverse=step % 2 == 0)
    elif op == 11 and len(q) > 60:
        while len(q) > 10:
            q.pop(0)
    if step % 500 == 0:
        print(step, len(q), q[:5], q[-3:], sum(log) % 1000003)
print(len(q), q[:10], len(log), sum(log))
q.clear(); q.append(1); q.insert(0, 0); print(q)
