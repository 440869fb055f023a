def numbers():
    yield 1
    yield 2 / 0

for n in numbers():
    print(n)
