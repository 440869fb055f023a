def outer():
    x = 0
    def a():
        nonlocal x
        x += 1
        def b():
            nonlocal x
            x += 10
        b()
        return x
    return a
f = outer()
print(f(), f())
counter = 0
def inc():
    global counter
    counter += 1
for _ in range(5):
    inc()
print(counter)
def make():
    items = []
    def add(x):
        items.append(x)
        return len(items)
    return add, items
add, items = make()
add(1); add(2)
print(items)
