# Float arithmetic: an n-body style kernel.
def step(xs, vs, dt):
    n = len(xs)
    for i in range(n):
        xi = xs[i]
        ax = 0.0
        for j in range(n):
            if i != j:
                d = xs[j] - xi
                ax += d / (abs(d) ** 3 + 0.01)
        vs[i] += ax * dt
    for i in range(n):
        xs[i] += vs[i] * dt

xs = [float(i) * 0.37 for i in range(40)]
vs = [0.0] * 40
for _ in range(1200):
    step(xs, vs, 0.001)
print(round(sum(xs), 6), round(sum(vs), 6))
