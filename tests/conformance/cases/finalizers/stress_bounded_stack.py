# __del__ under stress: a million objects resurrected by their finalizer,
# a finalizer that recurses without bound (RecursionError, reported and
# ignored), finalizers each making the next object (100000 deep), and a
# finalizer dropping the last reference to a million-long chain of objects
# that have __del__ themselves.  None of it may exhaust the C stack.
saved = []
class Phoenix:
    def __del__(self):
        saved.append(self)
for i in range(1000000):
    Phoenix()
print('resurrected', len(saved))
saved.clear()
print('cleared', len(saved))

class Runaway:
    def __del__(self):
        def down(n):
            return down(n + 1)
        down(0)
r = Runaway()
del r
print('after runaway')

class Relay:
    made = 0
    def __init__(self, depth):
        self.depth = depth
        Relay.made += 1
    def __del__(self):
        if self.depth < 100000:
            Relay(self.depth + 1)
Relay(0)
print('relay', Relay.made)

class Link:
    dropped = 0
    def __init__(self, nxt):
        self.nxt = nxt
    def __del__(self):
        Link.dropped += 1
class Owner:
    def __init__(self):
        head = None
        for i in range(1000000):
            head = Link(head)
        self.chain = head
    def __del__(self):
        self.chain = None
        print('owner dropped its chain:', Link.dropped)
o = Owner()
del o
print('links', Link.dropped)

def nest(depth):
    # a finalizer that runs while frames are deep already
    if depth:
        return nest(depth - 1)
    p = Phoenix()
    del p
    return len(saved)
print('nested', nest(900))
