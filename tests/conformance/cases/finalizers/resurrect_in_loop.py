# __del__ called straight from the deallocator (a plain function) that
# resurrects its object: the object lives on, its __del__ never runs a
# second time, and a class attribute counted in __del__ stays right.
class Phoenix:
    saved = []
    deaths = 0

    def __init__(self, n):
        self.n = n

    def __del__(self):
        Phoenix.deaths += 1
        if self.n % 3 == 0:
            Phoenix.saved.append(self)


for i in range(10):
    Phoenix(i)
print(Phoenix.deaths, [p.n for p in Phoenix.saved])
back = Phoenix.saved
Phoenix.saved = []
del back
print(Phoenix.deaths, Phoenix.saved)


class Relay:
    keep = None

    def __del__(self):
        Relay.keep = self
        self.seen = getattr(self, 'seen', 0) + 1


Relay()
r = Relay.keep
Relay.keep = None
print(r.seen, Relay.keep)
del r
print(Relay.keep)
