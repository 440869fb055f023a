# exec() of a source with 300,000 short statements (the parser's token
# array must not keep its doubling's dead copies inside the arena cap).
src = "\n".join(f"x{i % 100} = {i}" for i in range(300000))
exec(src)
print(x99, x0)
src = "t = 0\n" + "t = t + 1\n" * 300000
exec(src)
print(t)
