def outer(x):
    def inner(y):
        nonlocal x
        x += y
        return x
    return inner

class A:
    def m(self):
        class B:
            def n(self):
                return [lambda: self for _ in range(3)]
        return B
