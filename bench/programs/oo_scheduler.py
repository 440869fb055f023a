# An OO task scheduler: small objects, a class hierarchy with overridden
# methods, super() calls, method calls and attribute reads/writes.


class Task:
    def __init__(self, name, cost, priority):
        self.name = name
        self.cost = cost
        self.priority = priority
        self.done = 0

    def step(self, budget):
        used = min(budget, self.cost - self.done)
        self.done += used
        return used

    def finished(self):
        return self.done >= self.cost

    def weight(self):
        return self.priority


class IoTask(Task):
    def __init__(self, name, cost, priority, latency):
        super().__init__(name, cost, priority)
        self.latency = latency

    def step(self, budget):
        return super().step(max(1, budget - self.latency))


class UrgentTask(Task):
    def weight(self):
        return self.priority * 3


class Worker:
    def __init__(self, wid, speed):
        self.wid = wid
        self.speed = speed
        self.completed = 0
        self.busy = 0

    def run(self, task):
        used = task.step(self.speed)
        self.busy += used
        if task.finished():
            self.completed += 1
            return True
        return False


class Scheduler:
    def __init__(self, workers):
        self.workers = workers
        self.queue = []
        self.ticks = 0

    def submit(self, task):
        self.queue.append(task)

    def pick(self):
        best = 0
        best_w = -1
        for i in range(min(8, len(self.queue))):
            w = self.queue[i].weight()
            if w > best_w:
                best, best_w = i, w
        return self.queue.pop(best)

    def tick(self):
        self.ticks += 1
        for worker in self.workers:
            if not self.queue:
                return
            task = self.pick()
            if not worker.run(task):
                self.queue.append(task)


sched = Scheduler([Worker(i, 3 + i % 4) for i in range(6)])
for i in range(30000):
    kind = i % 3
    if kind == 0:
        sched.submit(Task("t%d" % i, 5 + i % 11, i % 5))
    elif kind == 1:
        sched.submit(IoTask("io%d" % i, 4 + i % 7, i % 4, i % 3))
    else:
        sched.submit(UrgentTask("u%d" % i, 3 + i % 5, i % 3))
while sched.queue:
    sched.tick()
print(sched.ticks, [w.completed for w in sched.workers], sum(w.busy for w in sched.workers))
