def gen():
    yield 1
    raise ValueError("inside generator")
for x in gen():
    print(x)
